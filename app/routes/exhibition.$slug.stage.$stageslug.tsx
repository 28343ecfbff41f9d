import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { orNotFound, paramsOf } from '~/server/route-kit.server';
import { exhibitionTitle } from '~/components/visitor/exhibition-data';
import { StageView } from '~/components/visitor/stage-view';
import { defineGuards } from '~/lib/guards';
import { runGuards } from '~/server/guards.server';
import { exhibitionStageVisit } from '~/server/services/events/exhibition-visit';

export { visitorHandle as handle, visitorClientLoader as clientLoader } from '~/components/visitor/route-handles';
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: exhibitionTitle(matches, data?.stage.title) }];

/** The fair's access type applies (spec 001 point 6); only the fair's own stage is shown here. */
export const guards = defineGuards({ public: true, permission: { kind: 'exhibition', param: 'slug' } });

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const { slug, stageslug } = paramsOf(params, 'slug', 'stageslug');
  const { programme, ...stage } = await orNotFound(
    exhibitionStageVisit(context.service, slug, stageslug, context.language),
  );
  return { stage, programme, language: context.language, path: `/exhibition/${params.slug}/stage/${stage.slug}` };
}

/** /exhibition/{slug}/stage/{stageslug}: the fair's stage with its stream and programme (spec 000 point 4). */
export default function ExhibitionStagePage() {
  const { stage, programme, language, path } = useLoaderData<typeof loader>();
  return <StageView stage={stage} programme={programme} language={language} stagePath={path} />;
}
