import type { LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { CreateByNameListPage } from '~/components/conventions/create-by-name';
import { resultFor } from '~/components/ui/route-form';
import { createByNameAction } from '~/server/pages/create-by-name.server';
import { defineGuards } from '~/lib/guards';
import { withNamespaces } from '~/lib/i18n-namespaces';
import { runGuards } from '~/server/guards.server';
import { listStages } from '~/server/services/events/stages';

export const handle = { i18n: ['common', 'errors', 'validation', 'events'], title: 'events:pages.stageList.title' };
export const clientLoader = withNamespaces(handle.i18n);

export const guards = defineGuards({ organization: true, feature: 'event' });

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const stages = await listStages(context.service);
  return { stages: stages.map((s) => ({ id: s.id, slug: s.slug, name: s.title })) };
}

export const action = createByNameAction(guards, ['createStage']);

/** /stage: the organisation's stages, each created by name. */
export default function Stages() {
  const { stages } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return <CreateByNameListPage intent="createStage" items={stages} lastResult={resultFor(actionData, 'createStage')} />;
}
