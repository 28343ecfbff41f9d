import type { MetaFunction } from '@remix-run/node';
import { useLoaderData, useOutlet, useRouteError } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { StandPage } from '~/components/visitor/stand-page';
import { standMarkAction, standPageLoader } from '~/server/pages/stand-visit.server';
import { defineGuards } from '~/lib/guards';
import { withNamespaces } from '~/lib/i18n-namespaces';

export const handle = { i18n: ['common', 'errors', 'validation', 'visitor', 'events'] };
export const clientLoader = withNamespaces(handle.i18n);
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.stand.title ?? '' }];

export const guards = defineGuards({ public: true, permission: { kind: 'conventionStand', param: 'standslug' } });

/** A stand of the hall: listed ones for everybody its own access rules let in, others only for the host and the exhibitor. */
export const loader = standPageLoader(guards);

/** The visitor marks the stand for their hub, or takes the mark off (issue 27). */
export const action = standMarkAction(guards);

export default function ConventionStand() {
  const data = useLoaderData<typeof loader>();
  // the reference point the visitor opened, if any
  const outlet = useOutlet();
  return (
    <StandPage data={data}>{outlet}</StandPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary error={useRouteError()} />;
}
