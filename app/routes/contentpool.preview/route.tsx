import { redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData, useRouteError } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { ContentGroupView } from '~/components/content/group-view';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { defineGuards } from '~/lib/guards';
import { withNamespaces } from '~/lib/i18n-namespaces';
import { runGuards, targetPath, withNext } from '~/server/guards.server';
import { contentViewOf } from '~/server/pages/content-view.server';
import { invariantResponse } from '~/server/route-kit.server';
import { isCurrentMember } from '~/server/services/access/membership';
import { groupPreview } from '~/server/services/content/preview';

export const handle = { i18n: ['common', 'errors', 'validation', 'visitor', 'contentview'] };
export const clientLoader = withNamespaces(handle.i18n);
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.view.name ?? '' }];

/**
 * Spec 000 point 2: a public route that needs the content feature. Public: nobody is sent to the login or the
 * onboarding for the route itself; the feature is the previewed group's organisation's (groupPreview), not the
 * viewer's, who may have none.
 */
export const guards = defineGuards({ public: true });

const WIDTHS = ['phone', 'desktop'] as const;
type Width = (typeof WIDTHS)[number];

/**
 * /contentpool/preview?slug=…|?id=…: a preview of a content group at phone or desktop width (?width=phone). The
 * editors of the owning organisation see it whatever its access type; anybody else as a visitor would (a LOGGED_IN or
 * TOKEN group sends them to the login or the key page first, coming back here). No such group, or its organisation
 * lacks the content feature: 404.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const url = new URL(request.url);
  const preview = await groupPreview(context.service, { id: url.searchParams.get('id'), slug: url.searchParams.get('slug') });
  invariantResponse(preview, 'Not Found', { status: 404 });
  if ('refused' in preview) {
    if (preview.refused === 'feature') throw redirect('/missing-feature/content');
    throw redirect(withNext(preview.refused === 'login' ? '/login' : '/token', targetPath(request)));
  }
  const group = preview.shown;
  const width: Width = url.searchParams.get('width') === 'phone' ? 'phone' : 'desktop';
  // the way back to the content pool only for its editors
  const editor = isCurrentMember(context.viewer, group.organization_id);
  return { view: await contentViewOf(context.service, group, context.language), width, editor };
}

export default function ContentPreview() {
  const { t } = useTranslation('contentview');
  const { view, width, editor } = useLoaderData<typeof loader>();
  const href = (w: Width) => `?slug=${encodeURIComponent(view.slug)}&width=${w}`;
  return (
    <div className="min-h-screen bg-brand-grey text-gray-900">
      <header className="flex flex-wrap items-center gap-3 border-b bg-white px-4 py-3">
        <p className="min-w-0 flex-1 truncate text-sm">
          <span className="font-semibold text-brand-dark">{t('preview.heading')}</span> {view.name}
        </p>
        <nav aria-label={t('preview.width')} className="flex gap-1">
          {WIDTHS.map((w) => (
            <Link
              key={w}
              to={href(w)}
              replace
              aria-current={w === width ? 'true' : undefined}
              className={`rounded-md border px-3 py-1 text-sm ${w === width ? 'border-brand-dark bg-brand-dark text-white' : 'bg-white text-brand-dark'}`}
            >
              {t(`preview.${w}`)}
            </Link>
          ))}
        </nav>
        {editor ? (
          <Link to="/contentpool" className="text-sm text-brand-dark underline underline-offset-2">
            {t('preview.back')}
          </Link>
        ) : null}
      </header>
      <main id="main" tabIndex={-1} className="p-4 outline-none">
        {width === 'phone' ? (
          // the visitor page itself in a phone-wide frame: the layout reacts to the frame's width, as on a phone
          <iframe
            src={`/old/content/${encodeURIComponent(view.slug)}`}
            title={t('preview.frame', { name: view.name })}
            className="mx-auto block h-[740px] w-[390px] max-w-full rounded-2xl border-4 border-gray-800 bg-white"
            data-preview-width="phone"
          />
        ) : (
          <div className="mx-auto max-w-3xl overflow-x-hidden rounded-md bg-white p-4 shadow sm:p-8" data-preview-width="desktop">
            <ContentGroupView view={view} />
          </div>
        )}
      </main>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary error={useRouteError()} />;
}
