import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Outlet, useLoaderData, useRouteError, useSearchParams } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { HallTour, parseTourIndex } from '~/components/visitor/hall-tour';
import { defineGuards } from '~/lib/guards';
import { withNamespaces } from '~/lib/i18n-namespaces';
import { runGuards } from '~/server/guards.server';
import { hallVisit } from '~/server/services/events/visit';

export const handle = { i18n: ['common', 'errors', 'validation', 'visitor'] };
export const clientLoader = withNamespaces(handle.i18n);
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.hall.title ?? '' }];

/** The convention's and the hall's access types both apply (spec 001 point 6). */
export const guards = defineGuards({ public: true, permission: { kind: 'conventionHall', param: 'hallslug' } });

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const hall = await hallVisit(context.service, params.conventionslug ?? '', params.hallslug ?? '', context.language);
  return { conventionSlug: params.conventionslug ?? '', hall };
}

/**
 * A hall of the convention: its pages (the stand list, a stand, imprint, data policy) with the hall tour beside
 * them on wide screens and below them on phones.
 */
export default function HallLayout() {
  const { conventionSlug, hall } = useLoaderData<typeof loader>();
  const [search] = useSearchParams();
  const index = parseTourIndex(search.get('tour'), hall.stands.length);
  return (
    <div className="mx-auto grid max-w-7xl grid-cols-1 gap-6 xl:grid-cols-[minmax(0,1fr)_18rem]">
      <div className="min-w-0">
        <Outlet />
      </div>
      <HallTour conventionSlug={conventionSlug} hallSlug={hall.slug} hallTitle={hall.title} stands={hall.stands} index={index} />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary error={useRouteError()} />;
}
