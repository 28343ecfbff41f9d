import { useLoaderData } from '@remix-run/react';
import { ReferencePointRoute } from '~/components/stands/reference-point-route';
import { standReferencePointLoader } from '~/server/pages/stand-visit.server';
import { defineGuards } from '~/lib/guards';

export { referencePointHandle as handle, referencePointClientLoader as clientLoader, referencePointMeta as meta } from '~/components/stands/reference-point-route';

export const guards = defineGuards({ public: true, permission: { kind: 'previewStand', param: 'standslug' } });

/** A reference point of the previewed stand (spec 000 point 2: preview with /rp/{rpslug}). */
export const loader = standReferencePointLoader(guards);

export default function PreviewReferencePoint() {
  const { closeHref, pageBase } = useLoaderData<typeof loader>();
  return <ReferencePointRoute pageBase={pageBase} closeHref={closeHref} />;
}
