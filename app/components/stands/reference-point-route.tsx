import type { MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import type { ComponentProps } from 'react';
import { withNamespaces } from '~/lib/i18n-namespaces';
import { ReferencePointPanel } from './reference-point';

/**
 * What the reference-point routes of a stand share (/convention/.../stand/{s}/rp/{rp} and its preview under
 * /prev/{p}/...): namespaces, title and the panel beside the stand; each route keeps its own guards and loader.
 */
export const referencePointHandle = { i18n: ['common', 'errors', 'validation', 'visitor', 'events', 'contentview'] };
export const referencePointClientLoader = withNamespaces(referencePointHandle.i18n);

type PanelProps = ComponentProps<typeof ReferencePointPanel>;
type PointData = { point: PanelProps['point']; language: PanelProps['language'] };

export const referencePointMeta: MetaFunction = ({ data }) => [{ title: (data as PointData | undefined)?.point.name ?? '' }];

/** The reference point's panel; `closeHref` leads back to the stand, content pages open under `pageBase`. */
export function ReferencePointRoute({ closeHref, pageBase }: { closeHref: string; pageBase?: string }) {
  const { point, language } = useLoaderData() as PointData;
  return <ReferencePointPanel point={point} language={language} closeHref={closeHref} pageBase={pageBase} />;
}
