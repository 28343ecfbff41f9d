import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData, useParams } from '@remix-run/react';
import { ReferencePointPanel } from '~/components/stands/reference-point';
import { loadStandReferencePoint } from '~/server/pages/stand-visit.server';
import { defineGuards } from '~/lib/guards';
import { withNamespaces } from '~/lib/i18n-namespaces';
import { runGuards } from '~/server/guards.server';

export const handle = { i18n: ['common', 'errors', 'validation', 'visitor', 'events', 'contentview'] };
export const clientLoader = withNamespaces(handle.i18n);
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.point.name ?? '' }];

export const guards = defineGuards({ public: true, permission: { kind: 'conventionStand', param: 'standslug' } });

/** A reference point of the stand, beside the stand (spec 000 point 2: stand sub-route /rp/{rpslug}). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  return loadStandReferencePoint(context, params);
}

export default function StandReferencePoint() {
  const { point, language } = useLoaderData<typeof loader>();
  const params = useParams();
  return (
    <ReferencePointPanel
      point={point}
      language={language}
      closeHref={`/convention/${params.conventionslug}/hall/${params.hallslug}/stand/${params.standslug}`}
    />
  );
}
