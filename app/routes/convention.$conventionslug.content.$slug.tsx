import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { PageView } from '~/components/content-pages/page-view';
import { conventionPageTitle } from '~/components/visitor/convention-route';
import { defineGuards } from '~/lib/guards';
import { runGuards } from '~/server/guards.server';
import { invariantResponse, paramsOf } from '~/server/route-kit.server';
import { conventionContentPage } from '~/server/services/content-pages/visit';

export { visitorPagesHandle as handle, visitorPagesClientLoader as clientLoader } from '~/components/visitor/route-handles';
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: conventionPageTitle(matches, data?.name) }];

/** The convention's access type applies first (spec 001 point 6): a protected convention asks for login or token. */
export const guards = defineGuards({ public: true, permission: { kind: 'convention', param: 'conventionslug' } });

/**
 * /convention/{c}/content/{slug}: a published content page the convention links (its page or help page, a foyer
 * point, an on-demand item or a stand's reference point), inside the convention's
 * layout, in the visitor's language (else the page's other one). Any other slug is the convention's not-found page.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const { conventionslug, slug } = paramsOf(params, 'conventionslug', 'slug');
  const page = await conventionContentPage(context.service, { conventionSlug: conventionslug, slug, lang: context.language });
  invariantResponse(page, 'Not Found', { status: 404 });
  return page;
}

export default function ConventionContentPage() {
  const page = useLoaderData<typeof loader>();
  return (
    <article className="mx-auto max-w-6xl overflow-hidden rounded-lg bg-white shadow-sm" lang={page.pageLanguage.toLowerCase()}>
      <h1 className="sr-only">{page.name}</h1>
      <PageView layout={page.layout} files={page.files} />
    </article>
  );
}
