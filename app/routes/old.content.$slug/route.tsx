import { redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData, useRouteError } from '@remix-run/react';
import { ContentGroupView } from '~/components/content/group-view';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { LanguageSwitch } from '~/components/layout/language-switch';
import { SkipLink } from '~/components/visitor/thumbnail-card';
import { defineGuards } from '~/lib/guards';
import { withNamespaces } from '~/lib/i18n-namespaces';
import { runGuards, targetPath, withNext } from '~/server/guards.server';
import { contentViewOf } from '~/server/pages/content-view.server';
import { invariantResponse, paramsOf } from '~/server/route-kit.server';
import { findGroup, groupAccess } from '~/server/services/content/visit';

export const handle = { i18n: ['common', 'errors', 'validation', 'visitor', 'contentview'] };
export const clientLoader = withNamespaces(handle.i18n);
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.view.name ?? '' }];

/** Public (spec 000 point 2); the group's access type decides in the loader. */
export const guards = defineGuards({ public: true });

/**
 * /old/content/{slug}: a content group as visitors see it. PUBLIC: anyone; LOGGED_IN (and TOKEN) without a
 * session: to the login, coming back here; TOKEN, logged in without an access permission: to the key page,
 * coming back here (spec 001 point 3); no such group: 404.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const { slug } = paramsOf(params, 'slug');
  const group = await findGroup(context.service, { slug });
  invariantResponse(group, 'Not Found', { status: 404 });
  const access = await groupAccess(context.service, group);
  if (access !== 'open') throw redirect(withNext(access === 'login' ? '/login' : '/token', targetPath(request)));
  return { view: await contentViewOf(context.service, group, context.language), language: context.language };
}

export default function ContentPage() {
  const { view, language } = useLoaderData<typeof loader>();
  return (
    <div className="min-h-screen bg-white text-gray-900">
      <SkipLink />
      <header className="border-b">
        <div className="mx-auto flex max-w-3xl items-center justify-end px-4 py-2">
          <LanguageSwitch current={language} plain />
        </div>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto max-w-3xl px-4 py-6 outline-none sm:py-10">
        <ContentGroupView view={view} />
      </main>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary error={useRouteError()} />;
}
