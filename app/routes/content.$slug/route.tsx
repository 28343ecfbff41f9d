import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { isRouteErrorResponse, useLoaderData, useRouteError } from '@remix-run/react';
import { BookmarkToggle } from '~/components/visitor/bookmark-toggle';
import { useTranslation } from 'react-i18next';
import { PageView } from '~/components/content-pages/page-view';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { LanguageSwitch } from '~/components/layout/language-switch';
import { NotFoundPage } from '~/components/not-found';
import { BrandedFooter, BrandedHeader, BrandThemed } from '~/components/personalization/branded-page';
import { SkipLink } from '~/components/visitor/thumbnail-card';
import { defineGuards } from '~/lib/guards';
import { withNamespaces } from '~/lib/i18n-namespaces';
import { runGuards } from '~/server/guards.server';
import { invariantResponse, paramsOf } from '~/server/route-kit.server';
import { bookmarkAction } from '~/server/pages/bookmarks.server';
import { likePage } from '~/server/services/content-pages/likes';
import { contentPageView } from '~/server/services/content-pages/visit';

export const handle = { i18n: ['common', 'errors', 'validation', 'visitor', 'pages'] };
export const clientLoader = withNamespaces(handle.i18n);
export const meta: MetaFunction<typeof loader> = ({ data: view }) => [
  { title: view?.name ?? '' },
  ...(view?.favicon ? [{ tagName: 'link', rel: 'icon', href: view.favicon }] : []),
];

/** Public (spec 000 point 2); the page's state and the link's token decide in the loader. */
export const guards = defineGuards({ public: true });

/**
 * /content/{slug}: a content page as visitors read it (issue 16), server-rendered and readable without JavaScript,
 * in the request's language (else the page's other one). Published pages open with their link's token (the QR
 * code); an old token (the page was unpublished since) is a 404 that says so; editors see every state.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const token = new URL(request.url).searchParams.get('token');
  const { slug } = paramsOf(params, 'slug');
  const view = await contentPageView(context.service, { slug, token, lang: context.language });
  if (view.status === 'stale-token') throw Response.json({ reason: 'linkInvalid', message: view.message }, { status: 404 });
  invariantResponse(view.status === 'ok', 'Not Found', { status: 404 });
  const query = token ? `?token=${encodeURIComponent(token)}` : '';
  const base = `/content/${encodeURIComponent(slug)}`;
  // the bookmark toggle's label comes with the data: the page's JavaScript has a budget of its own
  const likeLabel = context.service.t('visitor:bookmarks.likePage');
  return { ...view.page, language: context.language, likeLabel, pageHref: `${base}${query}`, imprintHref: `${base}/imprint${query}`, dataPolicyHref: `${base}/datapolicy${query}` };
}

/** A logged-in visitor bookmarks the page for their hub, or takes it off (issue 27); the link's token decides as in the loader. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const url = new URL(request.url);
  const { slug } = paramsOf(params, 'slug');
  const token = url.searchParams.get('token');
  return bookmarkAction(context, await request.formData(), {
    fallback: `/content/${encodeURIComponent(slug)}${token ? `?token=${encodeURIComponent(token)}` : ''}`,
    work: (pressed) => likePage(context.service, { slug, token }, pressed),
    toasts: { on: 'visitor:bookmarks.pageLiked', off: 'visitor:bookmarks.pageUnliked' },
  });
}

export default function ContentPageRoute() {
  const page = useLoaderData<typeof loader>();
  return (
    <BrandThemed theme={page.theme} className="min-h-screen bg-white text-gray-900" lang={page.pageLanguage.toLowerCase()}>
      <SkipLink />
      <BrandedHeader logo={page.logo}>
        <LanguageSwitch current={page.language} plain />
      </BrandedHeader>
      <main id="main" tabIndex={-1} className="mx-auto max-w-6xl outline-none">
        <h1 className="sr-only">{page.name}</h1>
        {page.liked !== null ? (
          <BookmarkToggle action={page.pageHref} back={page.pageHref} pressed={page.liked} label={page.likeLabel} className="flex justify-end px-4 pt-4" />
        ) : null}
        <PageView layout={page.layout} files={page.files} />
      </main>
      <BrandedFooter imprintHref={page.imprintHref} dataPolicyHref={page.dataPolicyHref} />
    </BrandThemed>
  );
}

function StaleLink({ message }: { message: string }) {
  const { t } = useTranslation();
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-4 p-8 text-center">
      <p className="text-6xl font-bold text-brand-pink" aria-hidden="true">
        404
      </p>
      <h1 className="text-3xl font-semibold">{t('common:notFound.title')}</h1>
      <p className="text-lg" data-stale-link>
        {message}
      </p>
    </main>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  return (
    <GeneralErrorBoundary
      error={error}
      statusHandlers={{
        404: () => {
          const body = isRouteErrorResponse(error) ? (error.data as { reason?: string; message?: string } | null) : null;
          return body?.reason === 'linkInvalid' && body.message ? <StaleLink message={body.message} /> : <NotFoundPage />;
        },
      }}
    />
  );
}
