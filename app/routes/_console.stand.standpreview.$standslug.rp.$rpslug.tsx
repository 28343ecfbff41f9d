import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { ReferencePointPanel } from '~/components/stands/reference-point';
import { orNotFound, paramsOf } from '~/server/route-kit.server';
import { findReferencePoint } from '~/server/pages/stand.server';
import { defineGuards } from '~/lib/guards';
import { crumbsFrom } from '~/lib/breadcrumbs';
import { withNamespaces } from '~/lib/i18n-namespaces';
import { runGuards } from '~/server/guards.server';
import { standBySlug } from '~/server/services/events/stands';
import { invariantResponse } from '~/lib/route-kit';

export const handle = {
  i18n: ['common', 'errors', 'validation', 'events', 'visitor', 'contentview'],
  breadcrumb: crumbsFrom<typeof loader>((d) => [
    { label: d.standName, to: `/stand/${d.standSlug}` },
    { key: 'events:breadcrumb.preview', to: `/stand/standpreview/${d.standSlug}` },
    { label: d.point.name },
  ]),
};
export const clientLoader = withNamespaces(handle.i18n);
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.point.name ?? '' }];

export const guards = defineGuards({ organization: true, feature: 'event' });

/**
 * One reference point of the previewed stand in the stand frame: its name, its text in the current language and
 * its content page reference. A slug is unique per node; the views of the current language come first.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const ctx = context.service;
  const { standslug } = paramsOf(params, 'standslug');
  const stand = await orNotFound(standBySlug(ctx, standslug));
  const { rpslug } = paramsOf(params, 'rpslug');
  const point = await findReferencePoint(ctx, stand.id, context.language, rpslug);
  invariantResponse(point, 'Not Found', { status: 404 });
  return { standSlug: stand.slug, standName: stand.name, language: context.language, point };
}

export default function ReferencePointPreview() {
  const { point, standSlug, language } = useLoaderData<typeof loader>();
  return <ReferencePointPanel point={point} language={language} closeHref={`/stand/standpreview/${standSlug}`} />;
}
