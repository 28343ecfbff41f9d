import { crumbsFrom } from '~/lib/breadcrumbs';
import { withNamespaces } from '~/lib/i18n-namespaces';
import type { StandPreviewData } from '~/server/pages/stand.server';

/** The handle of the console's two stand previews (plain and in the stand frame): namespaces and breadcrumb. */
export const standPreviewHandle = {
  i18n: ['common', 'errors', 'validation', 'events'],
  breadcrumb: crumbsFrom<() => Promise<StandPreviewData>>((d) => [{ label: d.stand.name, to: `/stand/${d.stand.slug}` }, { key: 'events:breadcrumb.preview' }]),
};
export const standPreviewClientLoader = withNamespaces(standPreviewHandle.i18n);
