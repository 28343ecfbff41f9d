import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { CreateByName } from '~/components/conventions/create-by-name';
import { ListPageHeader, ObjectLink, ObjectList } from '~/components/events/list-sections';
import { PageSection, resultFor } from '~/components/ui/route-form';
import { createByNameAction } from '~/server/pages/create-by-name.server';
import { defineGuards } from '~/lib/guards';
import { withNamespaces } from '~/lib/i18n-namespaces';
import { runGuards } from '~/server/guards.server';
import { readForm } from '~/server/posted-form.server';
import { listStages } from '~/server/services/events/stages';

export const handle = { i18n: ['common', 'errors', 'validation', 'events'], title: 'events:pages.stageList.title' };
export const clientLoader = withNamespaces(handle.i18n);

export const guards = defineGuards({ organization: true, feature: 'event' });

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const stages = await listStages(context.service);
  return { stages: stages.map((s) => ({ id: s.id, slug: s.slug, title: s.title })) };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const formData = await readForm(request);
  if (formData.get('intent') !== 'createStage') throw new Response('Bad Request', { status: 400 });
  return createByNameAction(context, formData, 'createStage');
}

export default function Stages() {
  const { t } = useTranslation('events');
  const { stages } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-4xl space-y-8">
      <ListPageHeader title={t('pages.stageList.title')} intro={t('pages.stageList.intro')} />
      <section aria-label={t('pages.events.createStage')} className="rounded-lg bg-white p-6 shadow-sm">
        <CreateByName intent="createStage" label={t('pages.events.stageName')} submit={t('pages.events.createStage')} lastResult={resultFor(actionData, 'createStage')} />
      </section>
      <PageSection id="stage-list" title={t('pages.stageList.yours')}>
        <ObjectList items={stages} empty={t('pages.stageList.empty')}>
          {(s) => <ObjectLink to={`/events/stage/${s.slug}`}>{s.title}</ObjectLink>}
        </ObjectList>
      </PageSection>
    </div>
  );
}
