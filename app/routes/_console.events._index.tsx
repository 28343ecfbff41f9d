import type { SubmissionResult } from '@conform-to/react';
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { CreateByName } from '~/components/conventions/create-by-name';
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

type ActionData = { form: string; result: SubmissionResult<string[]> };

export default function Events() {
  const { t } = useTranslation('events');
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const language = useRootData()?.language ?? 'EN';
  const resultFor = (form: string) => (actionData?.form === form ? actionData.result : undefined);
  const linkClass = 'font-medium text-brand-dark underline-offset-2 hover:underline';

  return (
    <div className="mx-auto max-w-5xl space-y-8">
      <div>
        <h1 className="text-2xl font-semibold">{t('pages.events.title')}</h1>
        <p className="mt-1 text-gray-700">{t('pages.events.intro')}</p>
      </div>

      <section aria-labelledby="conventions-title" className="rounded-lg bg-white p-6 shadow-sm">
        <h2 id="conventions-title" className="text-lg font-semibold">
          {t('pages.events.conventions')}
        </h2>
        <div className="mt-4">
          <CreateByName intent="createConvention" label={t('pages.events.conventionName')} submit={t('pages.events.createConvention')} lastResult={resultFor('createConvention')} />
        </div>
        {data.conventions.length === 0 ? (
          <p className="mt-4 text-gray-700">{t('pages.events.noConventions')}</p>
        ) : (
          <ul className="mt-4 divide-y" aria-label={t('pages.events.conventions')}>
            {data.conventions.map((c) => (
              <li key={c.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div>
                  <Link to={`/events/convention/${c.slug}`} className={linkClass}>
                    {c.title}
                  </Link>
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
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="exhibitions-title" className="rounded-lg bg-white p-6 shadow-sm">
        <h2 id="exhibitions-title" className="text-lg font-semibold">
          {t('pages.events.exhibitions')}
        </h2>
        <div className="mt-4">
          <CreateByName intent="createExhibition" label={t('pages.events.exhibitionName')} submit={t('pages.events.createExhibition')} lastResult={resultFor('createExhibition')} />
        </div>
        {data.exhibitions.length === 0 ? (
          <p className="mt-4 text-gray-700">{t('pages.events.noExhibitions')}</p>
        ) : (
          <ul className="mt-4 divide-y" aria-label={t('pages.events.exhibitions')}>
            {data.exhibitions.map((e) => (
              <li key={e.id} className="py-3">
                <Link to={`/events/exhibition/${e.slug}`} className={linkClass}>
                  {e.name}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="stages-title" className="rounded-lg bg-white p-6 shadow-sm">
        <h2 id="stages-title" className="text-lg font-semibold">
          {t('pages.events.stages')}
        </h2>
        <div className="mt-4">
          <CreateByName intent="createStage" label={t('pages.events.stageName')} submit={t('pages.events.createStage')} lastResult={resultFor('createStage')} />
        </div>
        {data.stages.length === 0 ? (
          <p className="mt-4 text-gray-700">{t('pages.events.noStages')}</p>
        ) : (
          <ul className="mt-4 divide-y" aria-label={t('pages.events.stages')}>
            {data.stages.map((s) => (
              <li key={s.id} className="py-3">
                <Link to={`/events/stage/${s.slug}`} className={linkClass}>
                  {s.title}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
