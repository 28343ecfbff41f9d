import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData, useRouteError } from '@remix-run/react';
import { orNotFound, paramsOf } from '~/server/route-kit.server';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { CONVENTION_ROUTE } from '~/components/visitor/convention-route';
import { StageView } from '~/components/visitor/stage-view';
import { defineGuards } from '~/lib/guards';
import { runGuards } from '~/server/guards.server';
import { stageVisit } from '~/server/services/events/programme';

export { visitorHandle as handle, visitorClientLoader as clientLoader } from '~/components/visitor/route-handles';
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const convention = (matches.find((m) => m.id === CONVENTION_ROUTE)?.data as { convention?: { title: string } } | undefined)?.convention;
  return [{ title: [data?.stage.title, convention?.title].filter(Boolean).join(' · ') }];
};

/** The convention's access type applies (spec 001 point 6); the stage must be part of the convention. */
export const guards = defineGuards({ public: true, permission: { kind: 'convention', param: 'conventionslug' } });

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const { conventionslug, stageslug } = paramsOf(params, 'conventionslug', 'stageslug');
  const { programme, ...stage } = await orNotFound(
    stageVisit(context.service, { conventionSlug: conventionslug, stageSlug: stageslug }, context.language),
  );
  return { stage, programme, language: context.language, path: `/convention/${params.conventionslug}/stage/${stage.slug}` };
}

/** /convention/{c}/stage/{s}: the stage's stream and its programme (spec 000 point 4). */
export default function ConventionStagePage() {
  const { stage, programme, language, path } = useLoaderData<typeof loader>();
  return <StageView stage={stage} programme={programme} language={language} stagePath={path} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary error={useRouteError()} />;
}
