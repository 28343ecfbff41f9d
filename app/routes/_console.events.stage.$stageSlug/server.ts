import { pictureAction } from '~/server/pages/picture.server';
import { translationAction } from '~/server/pages/translations.server';
import { answer, confirmedListAction, intentOf, intentsOf, orNotFound, readPostedForm, submitForm } from '~/server/route-kit.server';
import { LANGUAGES } from '~/lib/language';
import { parseForm } from '~/server/forms-zod.server';
import type { RequestContext } from '~/server/request-context.server';
import { organizationSummaryOf, scheduleOf, textsOf } from '~/server/services/events/relations';
import { createScheduleEntry, deleteScheduleEntry, updateScheduleEntry } from '~/server/services/events/schedules';
import { conventionsOfStage } from '~/server/services/events/stage-conventions';
import { createStageTranslation, fetchStage, updateStage, updateStageTranslation } from '~/server/services/events/stages';
import { fileUrl } from '~/server/services/files/files.server';
import { redirectWithToast } from '~/server/toast.server';
import { fromLocalInput, toLocalInput } from '~/components/conventions/datetime';
import { ScheduleForm, StageSettingsForm } from '~/components/conventions/forms';

export async function stageDashboard(context: RequestContext, slug: string) {
  const ctx = context.service;
  const stage = await orNotFound(fetchStage(ctx, slug));
  const [translations, entries, conventions] = await Promise.all([
    textsOf(ctx, 'stage', stage.id),
    scheduleOf(ctx, stage.id),
    conventionsOfStage(ctx, stage.id),
  ]);
  const [entryTranslations, speakerOrgs] = await Promise.all([
    Promise.all(entries.map((e) => textsOf(ctx, 'scheduleEntry', e.id))),
    Promise.all(entries.map((e) => (e.speaker_organization_id ? organizationSummaryOf(ctx, e.speaker_organization_id) : null))),
  ]);
  return {
    stage: {
      id: stage.id,
      slug: stage.slug,
      title: stage.title,
      stream: stage.stream,
      thumbnailUrl: stage.thumbnail_id ? fileUrl({ id: stage.thumbnail_id }) : null,
    },
    translations: translations.map((tr) => ({ language: tr.language, title: tr.title, description: tr.description })),
    // the stage as visitors see it, in each convention it is the stage of
    publicPages: conventions.map((c) => ({ title: c.title, href: `/convention/${c.slug}/stage/${stage.slug}` })),
    schedule: entries.map((e, i) => {
      const trs = entryTranslations[i]!;
      const text = Object.fromEntries(
        LANGUAGES.flatMap((l) => {
          const tr = trs.find((x) => x.language === l);
          return [
            [`title${l}`, tr?.title ?? ''],
            [`description${l}`, tr?.description ?? ''],
          ];
        }),
      ) as Record<'titleDE' | 'titleEN' | 'descriptionDE' | 'descriptionEN', string>;
      return {
        id: e.id,
        start: e.starts_at.toISOString(),
        end: e.ends_at.toISOString(),
        timestamp: toLocalInput(e.starts_at),
        timestampEnd: toLocalInput(e.ends_at),
        speaker: e.speaker,
        speakerDescription: e.speaker_description,
        speakerOrganization: speakerOrgs[i]?.slug ?? '',
        thumbnailUrl: e.thumbnail_id ? fileUrl({ id: e.thumbnail_id }) : null,
        ...text,
      };
    }),
  };
}

const Intents = intentsOf(['settings', 'translation', 'thumbnail', 'scheduleCreate', 'scheduleUpdate', 'scheduleDelete']);

export async function stageAction(request: Request, context: RequestContext, slug: string) {
  const ctx = context.service;
  const stage = await orNotFound(fetchStage(ctx, slug));
  const here = `/events/stage/${stage.slug}`;
  const posted = await readPostedForm(request, context, ['thumbnail', 'scheduleCreate', 'scheduleUpdate']);
  const { formData, uploaded, failure } = posted;
  const { intent } = intentOf(formData, Intents);

  switch (intent) {
    case 'settings': {
      const done = await submitForm(context, formData, intent, StageSettingsForm, ({ title, stream = '' }) => updateStage(ctx, stage.id, { title, stream }));
      if (!done.ok) return done.answer;
      return redirectWithToast(here, { type: 'success', key: 'events:pages.toast.stageSaved' });
    }
    case 'translation':
      return translationAction(context, formData, here, {
        existing: await textsOf(ctx, 'stage', stage.id),
        create: (input) => createStageTranslation(ctx, stage.id, input),
        update: (id, input) => updateStageTranslation(ctx, id, input),
      });
    case 'thumbnail':
      return pictureAction(context, posted, intent, (fileId) => updateStage(ctx, stage.id, { thumbnailId: fileId }), { here, key: 'events:pages.toast.thumbnailSaved' });
    case 'scheduleCreate':
    case 'scheduleUpdate': {
      const form = intent === 'scheduleCreate' ? intent : `schedule-${String(formData.get('id') ?? '')}`;
      const submission = parseForm(context, formData, ScheduleForm);
      if (submission.status === 'success' && failure) return answer({ form, result: submission.reply({ fieldErrors: { file: [failure.message] } }) });
      const done = await submitForm(
        context,
        formData,
        form,
        ScheduleForm,
        (v) => {
          const input = {
            timestamp: fromLocalInput(v.timestamp)!,
            timestampEnd: fromLocalInput(v.timestampEnd)!,
            speaker: v.speaker ?? '',
            speakerDescription: v.speakerDescription ?? '',
            speakerOrganization: v.speakerOrganization ?? null,
            ...(uploaded ? { thumbnailId: uploaded.id } : {}),
            translations: LANGUAGES.map((language) => ({ language, title: v[`title${language}`] ?? '', description: v[`description${language}`] ?? '' })),
          };
          return intent === 'scheduleCreate' ? createScheduleEntry(ctx, { stageId: stage.id, ...input }) : updateScheduleEntry(ctx, v.id ?? '', input);
        },
        { knownFields: ['timestamp', 'timestampEnd', 'speaker', 'speakerDescription', 'speakerOrganization'] },
      );
      if (!done.ok) return done.answer;
      return redirectWithToast(here, { type: 'success', key: intent === 'scheduleCreate' ? 'events:pages.toast.scheduleCreated' : 'events:pages.toast.scheduleSaved' });
    }
    case 'scheduleDelete':
      return confirmedListAction(formData, here, () => deleteScheduleEntry(ctx, String(formData.get('id') ?? '')), { key: 'events:pages.toast.scheduleDeleted' });
  }
}
