import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { CreateByName } from '~/components/conventions/create-by-name';
import { ListPageHeader, ObjectLink, ObjectList, ROW_WITH_ACTIONS } from '~/components/events/list-sections';
import { PageSection, resultFor } from '~/components/ui/route-form';
import { EVENT_TIME_ZONE } from '~/components/conventions/datetime';
import { createByNameAction, isCreateIntent } from '~/server/pages/create-by-name.server';
import { StatusBadge } from '~/components/conventions/status-badge';
import { formatDateTime } from '~/lib/format';
import { defineGuards } from '~/lib/guards';
import { withNamespaces } from '~/lib/i18n-namespaces';
import { useRootData } from '~/root';
import { runGuards } from '~/server/guards.server';
import { readForm } from '~/server/posted-form.server';
import { listConventions, statusOf } from '~/server/services/events/conventions';
import { listExhibitions } from '~/server/services/events/exhibitions';
import { listStages } from '~/server/services/events/stages';

export const handle = { i18n: ['common', 'errors', 'validation', 'events'], title: 'events:pages.events.title' };
export const clientLoader = withNamespaces(handle.i18n);

export const guards = defineGuards({ organization: true, feature: 'event' });

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const ctx = context.service;
  const [conventions, exhibitions, stages] = await Promise.all([listConventions(ctx), listExhibitions(ctx), listStages(ctx)]);
  return {
    conventions: conventions.map((c) => ({
      id: c.id,
      slug: c.slug,
      title: c.title,
      status: statusOf(c),
      startDate: c.start_date ? c.start_date.toISOString() : null,
      endDate: c.end_date ? c.end_date.toISOString() : null,
    })),
    exhibitions: exhibitions.map((e) => ({ id: e.id, slug: e.slug, name: e.name })),
    stages: stages.map((s) => ({ id: s.id, slug: s.slug, title: s.title })),
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const formData = await readForm(request);
  const intent = formData.get('intent');
  if (!isCreateIntent(intent)) throw new Response('Bad Request', { status: 400 });
  return createByNameAction(context, formData, intent);
}

export default function Events() {
  const { t } = useTranslation('events');
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const language = useRootData()?.language ?? 'EN';
  const create = (intent: 'createConvention' | 'createExhibition' | 'createStage', label: string, submit: string) => (
    <div className="mt-4">
      <CreateByName intent={intent} label={label} submit={submit} lastResult={resultFor(actionData, intent)} />
    </div>
  );

  return (
    <div className="mx-auto max-w-5xl space-y-8">
      <ListPageHeader title={t('pages.events.title')} intro={t('pages.events.intro')} />

      <PageSection id="conventions" title={t('pages.events.conventions')}>
        {create('createConvention', t('pages.events.conventionName'), t('pages.events.createConvention'))}
        <ObjectList items={data.conventions} empty={t('pages.events.noConventions')} label={t('pages.events.conventions')} row={ROW_WITH_ACTIONS}>
          {(c) => (
            <>
              <div>
                <ObjectLink to={`/events/convention/${c.slug}`}>{c.title}</ObjectLink>
                <p className="text-sm text-gray-600">
                  {c.startDate && c.endDate
                    ? t('pages.events.dates', {
                        start: formatDateTime(c.startDate, language, EVENT_TIME_ZONE),
                        end: formatDateTime(c.endDate, language, EVENT_TIME_ZONE),
                      })
                    : t('pages.events.noDates')}
                </p>
              </div>
              <StatusBadge status={c.status} />
            </>
          )}
        </ObjectList>
      </PageSection>

      <PageSection id="exhibitions" title={t('pages.events.exhibitions')}>
        {create('createExhibition', t('pages.events.exhibitionName'), t('pages.events.createExhibition'))}
        <ObjectList items={data.exhibitions} empty={t('pages.events.noExhibitions')} label={t('pages.events.exhibitions')}>
          {(e) => <ObjectLink to={`/events/exhibition/${e.slug}`}>{e.name}</ObjectLink>}
        </ObjectList>
      </PageSection>

      <PageSection id="stages" title={t('pages.events.stages')}>
        {create('createStage', t('pages.events.stageName'), t('pages.events.createStage'))}
        <ObjectList items={data.stages} empty={t('pages.events.noStages')} label={t('pages.events.stages')}>
          {(s) => <ObjectLink to={`/events/stage/${s.slug}`}>{s.title}</ObjectLink>}
        </ObjectList>
      </PageSection>
    </div>
  );
}
