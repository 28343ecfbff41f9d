import type { LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { CreateByName, CreateByNameListSection } from '~/components/conventions/create-by-name';
import { ListPageHeader, ObjectLink, ObjectList, ROW_WITH_ACTIONS } from '~/components/events/list-sections';
import { PageSection, resultFor } from '~/components/ui/route-form';
import { EVENT_TIME_ZONE } from '~/components/conventions/datetime';
import { createByNameAction } from '~/server/pages/create-by-name.server';
import { CREATE_INTENTS } from '~/lib/schemas/event-forms';
import { StatusBadge } from '~/components/conventions/status-badge';
import { formatDateTime } from '~/lib/format';
import { defineGuards } from '~/lib/guards';
import { withNamespaces } from '~/lib/i18n-namespaces';
import { useRootData } from '~/components/root-data';
import { runGuards } from '~/server/guards.server';
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

export const action = createByNameAction(guards, CREATE_INTENTS);

export default function Events() {
  const { t } = useTranslation('events');
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const language = useRootData()?.language ?? 'EN';

  return (
    <div className="mx-auto max-w-5xl space-y-8">
      <ListPageHeader title={t('pages.events.title')} intro={t('pages.events.intro')} />

      <PageSection id="conventions" title={t('pages.events.conventions')}>
        <div className="mt-4">
          <CreateByName intent="createConvention" label={t('pages.events.conventionName')} submit={t('pages.events.createConvention')} lastResult={resultFor(actionData, 'createConvention')} />
        </div>
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

      <CreateByNameListSection intent="createExhibition" items={data.exhibitions} lastResult={resultFor(actionData, 'createExhibition')} />

      <CreateByNameListSection intent="createStage" items={data.stages.map((s) => ({ ...s, name: s.title }))} lastResult={resultFor(actionData, 'createStage')} />
    </div>
  );
}
