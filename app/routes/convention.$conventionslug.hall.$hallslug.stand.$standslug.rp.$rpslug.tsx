import type { LoaderFunctionArgs } from '@remix-run/node';
import { useParams } from '@remix-run/react';
import { ReferencePointRoute } from '~/components/stands/reference-point-route';
import { loadStandReferencePoint } from '~/server/pages/stand-visit.server';
import { defineGuards } from '~/lib/guards';
import { runGuards } from '~/server/guards.server';

export {
  referencePointHandle as handle,
  referencePointClientLoader as clientLoader,
  referencePointMeta as meta,
} from '~/components/stands/reference-point-route';

export const guards = defineGuards({ public: true, permission: { kind: 'conventionStand', param: 'standslug' } });

/** A reference point of the stand, beside the stand (spec 000 point 2: stand sub-route /rp/{rpslug}). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  return loadStandReferencePoint(context, params);
}

export default function StandReferencePoint() {
  const params = useParams();
  return <ReferencePointRoute pageBase={`/convention/${params.conventionslug}`} closeHref={`/convention/${params.conventionslug}/hall/${params.hallslug}/stand/${params.standslug}`} />;
}
