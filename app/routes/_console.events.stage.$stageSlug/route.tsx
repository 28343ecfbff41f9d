import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { EVENT_TIME_ZONE } from '~/components/conventions/datetime';
import { StageSettingsForm } from '~/components/conventions/forms';
import { ScheduleEntryForm } from '~/components/conventions/schedule-form';
import { stageAction, stageDashboard } from './server';
import { BuilderHeader, ConfirmAnswer, PictureSection, SettingsSection } from '~/components/events/builder-sections';
import { DeleteObject } from '~/components/events/list-sections';
import { TranslationsSection } from '~/components/events/translations-section';
import { TextField } from '~/components/ui/field';
import { PageSection, resultFor, useRouteForm } from '~/components/ui/route-form';
import { formatDateTime, formatTime } from '~/lib/format';
import { defineGuards } from '~/lib/guards';
import { crumbsFrom } from '~/lib/breadcrumbs';
import { withNamespaces } from '~/lib/i18n-namespaces';
import { runGuards } from '~/server/guards.server';
import { useRootData } from '~/components/root-data';
import { paramsOf } from '~/server/route-kit.server';

export const handle = {
  i18n: ['common', 'errors', 'validation', 'events', 'files'],
  breadcrumb: crumbsFrom<typeof loader>((d) => [{ label: d.stage.title }]),
};
export const clientLoader = withNamespaces(handle.i18n);
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.stage.title ?? '' }];

export const guards = defineGuards({ organization: true, feature: 'event' });

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const { stageSlug } = paramsOf(params, 'stageSlug');
  return stageDashboard(context, stageSlug);
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const { stageSlug } = paramsOf(params, 'stageSlug');
  return stageAction(request, context, stageSlug);
}

export default function StageDashboard() {
  const { t } = useTranslation('events');
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const language = useRootData()?.language ?? 'EN';
  const { stage } = data;
  const [settings, s] = useRouteForm(StageSettingsForm, {
    id: 'stage-settings',
    answer: actionData,
    form: 'settings',
    defaultValue: { title: stage.title, stream: stage.stream },
  });
  const entryName = (e: (typeof data.schedule)[number]) => (language === 'DE' ? e.titleDE || e.titleEN : e.titleEN || e.titleDE) || t('schedule.noTitle');

  return (
    <div className="mx-auto max-w-5xl space-y-8">
      <BuilderHeader back="/events" backLabel={t('pages.stageDashboard.back')} title={t('pages.stageDashboard.title', { title: stage.title })}>
        {data.publicPages.length ? (
          <p className="mt-1 text-sm text-gray-600">
            {t('pages.stageDashboard.publicPage')}{' '}
            {data.publicPages.map((page, i) => (
              <span key={page.href}>
                {i > 0 ? ' · ' : null}
                <a href={page.href} className="text-brand-dark underline underline-offset-2">
                  {data.publicPages.length > 1 ? t('pages.stageDashboard.publicPageIn', { convention: page.title }) : page.href}
                </a>
              </span>
            ))}
          </p>
        ) : (
          <p className="mt-1 text-sm text-gray-600">{t('pages.stageDashboard.noPublicPage')}</p>
        )}
      </BuilderHeader>

      <ConfirmAnswer answer={actionData} texts={{}} fallback={{ title: 'pages.schedule.deleteTitle', message: 'pages.schedule.deleteText' }} />

      <SettingsSection id="stage-settings" title={t('pages.stageDashboard.settings')} form={settings} submit={t('pages.stageDashboard.save')} className="grid gap-4">
        <TextField field={s.title} label={t('naming.internalName')} description={t('naming.internalNameHint')} />
        <TextField field={s.stream} type="url" label={t('pages.stageDashboard.stream')} description={t('pages.videoHint')} />
      </SettingsSection>

      <TranslationsSection translations={data.translations} answer={actionData} />

      <PictureSection id="stage-thumbnail" keys="pages.thumbnail" values={{ title: stage.title }} imageUrl={stage.thumbnailUrl} answer={actionData} />

      <PageSection id="schedule" title={t('pages.schedule.heading')}>
        {data.schedule.length === 0 ? (
          <p className="mt-2 text-gray-700">{t('pages.schedule.none')}</p>
        ) : (
          <ul className="mt-3 divide-y" aria-label={t('pages.schedule.heading')}>
            {data.schedule.map((entry) => {
              const name = entryName(entry);
              return (
                <li key={entry.id} className="py-3">
                  <details open={actionData?.form === `schedule-${entry.id}`}>
                    <summary className="cursor-pointer">
                      <span className="font-medium">{name}</span>{' '}
                      <span className="text-sm text-gray-600">
                        {t('pages.schedule.when', {
                          start: formatDateTime(entry.start, language, EVENT_TIME_ZONE),
                          end: formatTime(entry.end, language, EVENT_TIME_ZONE),
                        })}
                        {entry.speaker ? ` · ${entry.speaker}` : ''}
                      </span>
                    </summary>
                    <div className="mt-3 space-y-3">
                      <ScheduleEntryForm formId={`schedule-${entry.id}`} entryId={entry.id} values={entry} lastResult={resultFor(actionData, `schedule-${entry.id}`)} />
                      <DeleteObject item={{ id: entry.id, name }} keys="pages.schedule" intent="scheduleDelete" label={t('pages.delete')} />
                    </div>
                  </details>
                </li>
              );
            })}
          </ul>
        )}
        <h3 className="mt-6 font-semibold">{t('pages.schedule.add')}</h3>
        <div className="mt-3">
          <ScheduleEntryForm formId="scheduleCreate" lastResult={resultFor(actionData, 'scheduleCreate')} />
        </div>
      </PageSection>
    </div>
  );
}
