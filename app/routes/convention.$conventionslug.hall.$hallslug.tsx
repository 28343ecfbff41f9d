import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, Outlet, useLoaderData, useParams, useRouteError, useSearchParams } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { HallTour, parseTourIndex } from '~/components/visitor/hall-tour';
import { defineGuards } from '~/lib/guards';
import { runGuards } from '~/server/guards.server';
import { hallVisit } from '~/server/services/events/visit';
import { paramsOf } from '~/server/route-kit.server';

export { visitorHandle as handle, visitorClientLoader as clientLoader } from '~/components/visitor/route-handles';
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.hall.title ?? '' }];

/** The convention's and the hall's access types both apply (spec 001 point 6). */
export const guards = defineGuards({ public: true, permission: { kind: 'conventionHall', param: 'hallslug' } });

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const { conventionslug, hallslug } = paramsOf(params, 'conventionslug', 'hallslug');
  const hall = await hallVisit(context.service, conventionslug, hallslug, context.language);
  return { conventionSlug: conventionslug, hall };
}

/**
 * A hall of the convention: its pages (the stand list, a stand, imprint, data policy) with the hall tour beside
 * them on wide screens and below them on phones, and the imprint and data policy links of the hall or the stand
 * shown last (on phones after the tour, which a visitor on a tour needs first).
 */
export default function HallLayout() {
  const { t } = useTranslation('visitor');
  const { conventionSlug, hall } = useLoaderData<typeof loader>();
  const { standslug } = useParams();
  const [search] = useSearchParams();
  const position = parseTourIndex(search.get('tour'), hall.stands.length);
  const hallPath = `/convention/${conventionSlug}/hall/${hall.slug}`;
  const legalBase = standslug ? `${hallPath}/stand/${standslug}` : hallPath;
  return (
    <div className="mx-auto grid max-w-7xl grid-cols-1 gap-6 xl:grid-cols-[minmax(0,1fr)_18rem]">
      <div className="min-w-0">
        <Outlet />
      </div>
      <HallTour conventionSlug={conventionSlug} hallSlug={hall.slug} hallTitle={hall.title} stands={hall.stands} position={position} />
      <p className="flex gap-4 text-sm text-gray-700 xl:col-start-1" data-legal-links>
        <Link to={`${legalBase}/imprint`} className="underline underline-offset-2">
          {t('shell.imprint')}
        </Link>
        <Link to={`${legalBase}/datapolicy`} className="underline underline-offset-2">
          {t('shell.dataPolicy')}
        </Link>
      </p>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary error={useRouteError()} />;
}
