import { getFormProps, type SubmissionResult } from '@conform-to/react';
import { Form } from '@remix-run/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { LANGUAGES } from '~/lib/language';
import { ACCEPT_BY_PURPOSE } from '~/lib/file-limits';
import { FileField, TextArea, TextField } from '../ui/field';
import { EVENT_TIME_ZONE } from './datetime';
import { ScheduleForm } from './forms';
import { FormErrors, SubmitButton, useRouteForm } from '../ui/route-form';

export type ScheduleValues = Partial<Record<keyof z.input<typeof ScheduleForm>, string>>;

/**
 * A talk of the programme: start and end (datetime-local in Europe/Berlin), speaker, speaker organisation by
 * slug, an optional image and title/description per language. Posts as multipart, so the image goes along
 * without JavaScript.
 */
export function ScheduleEntryForm({
  formId,
  entryId,
  values,
  lastResult,
}: {
  formId: string;
  entryId?: string;
  values?: ScheduleValues;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation(['events', 'common']);
  const fileId = useId();
  const [form, fields] = useRouteForm(ScheduleForm, {
    id: formId,
    lastResult,
    defaultValue: values,
  });
  const fileErrors = (form.allErrors.file ?? []).join(' ');
  const zoneHint = t('pages.timeZoneHint', { zone: EVENT_TIME_ZONE });
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="grid gap-4 sm:grid-cols-2">
      <input type="hidden" name="intent" value={entryId ? 'scheduleUpdate' : 'scheduleCreate'} />
      {entryId ? <input type="hidden" name="id" value={entryId} /> : null}
      <FormErrors errors={form.errors} className="sm:col-span-2" />
      <TextField field={fields.timestamp} type="datetime-local" label={t('pages.schedule.start')} description={zoneHint} />
      <TextField field={fields.timestampEnd} type="datetime-local" label={t('pages.schedule.end')} description={zoneHint} />
      <TextField field={fields.speaker} label={t('pages.schedule.speaker')} />
      <TextField field={fields.speakerOrganization} label={t('pages.schedule.speakerOrganization')} description={t('pages.schedule.speakerOrganizationHint')} />
      <TextArea field={fields.speakerDescription} label={t('pages.schedule.speakerDescription')} rows={2} className="sm:col-span-2" />
      {LANGUAGES.map((language) => {
        const name = t(`common:languages.${language}`);
        return (
          <div key={language} lang={language.toLowerCase()} className="flex flex-col gap-3">
            <TextField field={fields[`title${language}`]} label={t('pages.schedule.titleLang', { language: name })} />
            <TextArea field={fields[`description${language}`]} label={t('pages.schedule.descriptionLang', { language: name })} rows={2} />
          </div>
        );
      })}
      <FileField id={fileId} label={t('pages.schedule.thumbnail')} accept={ACCEPT_BY_PURPOSE.IMAGE} error={fileErrors} className="sm:col-span-2" />
      <div className="sm:col-span-2">
        <SubmitButton>{t(entryId ? 'pages.schedule.save' : 'pages.schedule.addSubmit')}</SubmitButton>
      </div>
    </Form>
  );
}
