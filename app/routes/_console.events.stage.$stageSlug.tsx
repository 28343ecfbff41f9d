import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { EVENT_TIME_ZONE } from '~/components/conventions/datetime';
import { StageSettingsForm } from '~/components/conventions/forms';
import { ScheduleEntryForm } from '~/components/conventions/schedule-form';
import { stageAction, stageDashboard } from '~/server/pages/stage-dashboard.server';
import { ConfirmDelete, ConfirmStep } from '~/components/events/confirm-delete';
import { ImageForm } from '~/components/events/image-form';
import { TranslationsSection } from '~/components/events/translations-section';
import { Button } from '~/components/ui/button';
import { TextField, useZodErrorMap } from '~/components/ui/field';
import { formatDateTime, formatTime } from '~/lib/format';
import { defineGuards } from '~/lib/guards';
import { withNamespaces } from '~/lib/i18n-namespaces';
import { runGuards } from '~/server/guards.server';
import { useRootData } from '~/root';

export const handle = { i18n: ['common', 'errors', 'validation', 'events', 'files'] };
export const clientLoader = withNamespaces(handle.i18n);
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.stage.title ?? '' }];

export const guards = defineGuards({ organization: true, feature: 'event' });

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  return stageDashboard(context, params.stageSlug ?? '');
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  return stageAction(request, context, params.stageSlug ?? '');
}

type ActionData = { form?: string; result?: SubmissionResult<string[]>; error?: string; confirm?: { intent: string; id: string; name: string } };

export default function StageDashboard() {
  const { t } = useTranslation('events');
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const errorMap = useZodErrorMap();
  const navigation = useNavigation();
  const language = useRootData()?.language ?? 'EN';
  const { stage } = data;
  const resultFor = (form: string) => (actionData?.form === form ? actionData.result : undefined);
  const [settings, s] = useForm<z.input<typeof StageSettingsForm>>({
    id: 'stage-settings',
    lastResult: resultFor('settings'),
    constraint: getZodConstraint(StageSettingsForm),
    defaultValue: { title: stage.title, stream: stage.stream },
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: StageSettingsForm, errorMap }),
  });
  const entryName = (e: (typeof data.schedule)[number]) => (language === 'DE' ? e.titleDE || e.titleEN : e.titleEN || e.titleDE) || t('schedule.noTitle');

  return (
    <div className="mx-auto max-w-5xl space-y-8">
      <div>
        <Link to="/events" className="text-sm underline-offset-2 hover:underline">
          {t('pages.stageDashboard.back')}
        </Link>
        <h1 className="mt-2 text-2xl font-semibold">{t('pages.stageDashboard.title', { title: stage.title })}</h1>
        <p className="mt-1 text-sm text-gray-600">{t('pages.stageDashboard.publicPage', { slug: stage.slug })}</p>
      </div>

      {actionData?.confirm ? (
        <ConfirmStep confirm={actionData.confirm} title={t('pages.schedule.deleteTitle')} message={t('pages.schedule.deleteText', { name: actionData.confirm.name })} />
      ) : null}

      <section aria-labelledby="stage-settings-title" className="rounded-lg bg-white p-6 shadow-sm">
        <h2 id="stage-settings-title" className="text-lg font-semibold">
          {t('pages.stageDashboard.settings')}
        </h2>
        <Form method="post" {...getFormProps(settings)} className="mt-4 grid gap-4">
          <input type="hidden" name="intent" value="settings" />
          {settings.errors?.length ? (
            <p role="alert" className="text-sm text-brand-red">
              {settings.errors.join(' ')}
            </p>
          ) : null}
          <TextField field={s.title} label={t('pages.stageDashboard.name')} />
          <TextField field={s.stream} type="url" label={t('pages.stageDashboard.stream')} description={t('pages.videoHint')} />
          <div>
            <Button type="submit" isDisabled={navigation.state === 'submitting'}>
              {t('pages.stageDashboard.save')}
            </Button>
          </div>
        </Form>
      </section>

      <TranslationsSection translations={data.translations} lastForm={actionData?.form} lastResult={actionData?.result} />

      <ImageForm
        id="stage-thumbnail"
        intent="thumbnail"
        title={t('pages.thumbnail.heading')}
        hint={t('pages.thumbnail.hint')}
        fileLabel={t('pages.thumbnail.file')}
        submitLabel={t('pages.thumbnail.submit')}
        imageUrl={stage.thumbnailUrl}
        imageAlt={t('pages.thumbnail.alt', { title: stage.title })}
        noImage={t('pages.thumbnail.none')}
        error={actionData?.form === 'thumbnail' ? actionData.error : undefined}
      />

      <section aria-labelledby="schedule-title" className="rounded-lg bg-white p-6 shadow-sm">
        <h2 id="schedule-title" className="text-lg font-semibold">
          {t('pages.schedule.heading')}
        </h2>
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
                      <ScheduleEntryForm formId={`schedule-${entry.id}`} entryId={entry.id} values={entry} lastResult={resultFor(`schedule-${entry.id}`)} />
                      <ConfirmDelete
                        intent="scheduleDelete"
                        id={entry.id}
                        name={name}
                        label={t('pages.delete')}
                        ariaLabel={t('pages.schedule.deleteNamed', { name })}
                        title={t('pages.schedule.deleteTitle')}
                        message={t('pages.schedule.deleteText', { name })}
                      />
                    </div>
                  </details>
                </li>
              );
            })}
          </ul>
        )}
        <h3 className="mt-6 font-semibold">{t('pages.schedule.add')}</h3>
        <div className="mt-3">
          <ScheduleEntryForm formId="scheduleCreate" lastResult={resultFor('scheduleCreate')} />
        </div>
      </section>
    </div>
  );
}
