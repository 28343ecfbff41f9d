import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData, useParams } from '@remix-run/react';
import { ReferencePointPanel } from '~/components/stands/reference-point';
import { exhibitionTitle } from '~/components/visitor/exhibition-data';
import { ExhibitionStand } from '~/components/visitor/exhibition-stand';
import { loadExhibitionReferencePoint } from '~/server/pages/exhibition-visit.server';
import { defineGuards } from '~/lib/guards';
import { withNamespaces } from '~/lib/i18n-namespaces';
import { runGuards } from '~/server/guards.server';

export const handle = { i18n: ['common', 'errors', 'validation', 'visitor', 'events', 'contentview'] };
export const clientLoader = withNamespaces(handle.i18n);
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: exhibitionTitle(matches, data?.point.name) }];

export const guards = defineGuards({ public: true, permission: { kind: 'exhibition', param: 'slug' } });

/** A reference point of the fair's stand (spec 000 point 2: /exhibition/{slug}/rp/{rpslug}); 404 for any other. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  return loadExhibitionReferencePoint(context, params);
}

/** The stand with the opened reference point beside it: its name, its text in the language, its content page. */
export default function ExhibitionReferencePoint() {
  const { stand, point, language } = useLoaderData<typeof loader>();
  const params = useParams();
  const base = `/exhibition/${params.slug}`;
  return (
    <ExhibitionStand slug={params.slug ?? ''} stand={stand} titleAs="h1">
      <ReferencePointPanel point={point} language={language} closeHref={base} />
    </ExhibitionStand>
  );
}
