import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Outlet, useLoaderData, useRouteError } from '@remix-run/react';
import { orNotFound, paramsOf } from '~/server/route-kit.server';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { ExhibitionShell } from '~/components/visitor/exhibition-shell';
import { defineGuards } from '~/lib/guards';
import { runGuards } from '~/server/guards.server';
import { exhibitionVisit } from '~/server/services/events/exhibition-visit';

import { visitorHandle } from '~/components/visitor/route-handles';
export { visitorClientLoader as clientLoader } from '~/components/visitor/route-handles';

/** Its pages show the chat widget (issue 28; a deeper route may say `chat: false`). */
export const handle = { ...visitorHandle, chat: true };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.exhibition.name ?? '' }];

/** Visitors may be logged out; the in-house fair's access type decides (spec 001 point 6). */
export const guards = defineGuards({ public: true, permission: { kind: 'exhibition', param: 'slug' } });

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const { slug } = paramsOf(params, 'slug');
  const exhibition = await orNotFound(exhibitionVisit(context.service, slug, context.language));
  const viewer = context.viewer;
  return {
    exhibition,
    language: context.language,
    // nothing personal: the page is shared by the visitors of one audience (visitor-cache.server.ts, issue 26)
    viewer: viewer ? { loggedIn: true as const } : null,
  };
}

export type ExhibitionLayoutData = Awaited<ReturnType<typeof loader>>;

/** /exhibition/{slug}/...: the in-house fair's own layout around its stand, stage and legal pages. */
export default function ExhibitionLayout() {
  const { exhibition, viewer, language } = useLoaderData<typeof loader>();
  return (
    <ExhibitionShell exhibition={exhibition} viewer={viewer} language={language}>
      <Outlet />
    </ExhibitionShell>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary error={useRouteError()} />;
}
