import { confirmationStep, listAction, orNotFound, readPostedForm } from '~/server/route-kit.server';
import { saveTranslation } from '~/server/pages/translations.server';
import { LANGUAGES } from '~/lib/language';
import { formAction } from '~/server/forms.server';
import { parseForm } from '~/server/forms-zod.server';
import type { RequestContext } from '~/server/request-context.server';
import { isDomainError } from '~/server/services/errors';
import { organizationSummaryById, scheduleEntryTranslations, scheduleOfStage, stageTranslations } from '~/server/services/events/loaders';
import { createScheduleEntry, deleteScheduleEntry, updateScheduleEntry } from '~/server/services/events/schedules';
import { createStageTranslation, fetchStage, updateStage, updateStageTranslation } from '~/server/services/events/stages';
import { fileUrl } from '~/server/services/files/files.server';
import { redirectWithToast } from '~/server/toast.server';
import { fromLocalInput, toLocalInput } from '~/components/conventions/datetime';
import { ScheduleForm, StageSettingsForm } from '~/components/conventions/forms';

export async function stageDashboard(context: RequestContext, slug: string) {
  const ctx = context.service;
  const stage = await orNotFound(fetchStage(ctx, slug));
  const [translations, entries] = await Promise.all([stageTranslations(ctx).load(stage.id), scheduleOfStage(ctx).load(stage.id)]);
  const [entryTranslations, speakerOrgs] = await Promise.all([
    Promise.all(entries.map((e) => scheduleEntryTranslations(ctx).load(e.id))),
    Promise.all(entries.map((e) => (e.speaker_organization_id ? organizationSummaryById(ctx).load(e.speaker_organization_id) : null))),
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

export async function stageAction(request: Request, context: RequestContext, slug: string): Promise<Response> {
  const ctx = context.service;
  const t = ctx.t;
  const stage = await orNotFound(fetchStage(ctx, slug));
  const here = `/events/stage/${stage.slug}`;
  const { formData, uploaded, failure } = await readPostedForm(request, context, ['thumbnail', 'scheduleCreate', 'scheduleUpdate']);
  const options = { correctFieldsMessage: t('errors:correctFields') };
  const intent = String(formData.get('intent') ?? '');

  if (intent === 'settings') {
    const submission = parseForm(context, formData, StageSettingsForm);
    if (submission.status !== 'success') return Response.json({ form: intent, result: submission.reply() }, { status: 400 });
    const { title, stream = '' } = submission.value;
    const result = await formAction(submission, () => updateStage(ctx, stage.id, { title, stream }), options);
    if (!result.ok) return Response.json({ form: intent, result: result.reply }, { status: result.status });
    return redirectWithToast(here, { type: 'success', key: 'events:pages.toast.stageSaved' });
  }

  if (intent === 'translation') {
    const outcome = await saveTranslation(context, formData, {
      existing: await stageTranslations(ctx).load(stage.id),
      create: (input) => createStageTranslation(ctx, stage.id, input),
      update: (id, input) => updateStageTranslation(ctx, id, input),
    });
    if (!outcome.ok) return Response.json({ form: `translation-${outcome.language}`, result: outcome.reply }, { status: outcome.status });
    return redirectWithToast(here, { type: 'success', key: 'events:hallPages.translations.saved', values: { language: outcome.language } });
  }

  if (intent === 'thumbnail') {
    const problem = failure?.message ?? (uploaded ? null : t('files:upload.noFile'));
    if (problem) return Response.json({ form: intent, error: problem }, { status: 400 });
    try {
      await updateStage(ctx, stage.id, { thumbnailId: uploaded!.id });
    } catch (error) {
      if (!isDomainError(error)) throw error;
      return Response.json({ form: intent, error: error.message }, { status: 400 });
    }
    return redirectWithToast(here, { type: 'success', key: 'events:pages.toast.thumbnailSaved' });
  }

  if (intent === 'scheduleCreate' || intent === 'scheduleUpdate') {
    const form = intent === 'scheduleCreate' ? intent : `schedule-${String(formData.get('id') ?? '')}`;
    const submission = parseForm(context, formData, ScheduleForm);
    if (submission.status !== 'success') return Response.json({ form, result: submission.reply() }, { status: 400 });
    if (failure) return Response.json({ form, result: submission.reply({ fieldErrors: { file: [failure.message] } }) }, { status: 400 });
    const v = submission.value;
    const input = {
      timestamp: fromLocalInput(v.timestamp)!,
      timestampEnd: fromLocalInput(v.timestampEnd)!,
      speaker: v.speaker ?? '',
      speakerDescription: v.speakerDescription ?? '',
      speakerOrganization: v.speakerOrganization ?? null,
      ...(uploaded ? { thumbnailId: uploaded.id } : {}),
      translations: LANGUAGES.map((language) => ({ language, title: v[`title${language}`] ?? '', description: v[`description${language}`] ?? '' })),
    };
    const result = await formAction(
      submission,
      () => (intent === 'scheduleCreate' ? createScheduleEntry(ctx, { stageId: stage.id, ...input }) : updateScheduleEntry(ctx, v.id ?? '', input)),
      { ...options, knownFields: ['timestamp', 'timestampEnd', 'speaker', 'speakerDescription', 'speakerOrganization'] },
    );
    if (!result.ok) return Response.json({ form, result: result.reply }, { status: result.status });
    return redirectWithToast(here, { type: 'success', key: intent === 'scheduleCreate' ? 'events:pages.toast.scheduleCreated' : 'events:pages.toast.scheduleSaved' });
  }

  if (intent === 'scheduleDelete') {
    const step = confirmationStep(formData);
    if (step) return Response.json(step);
    return listAction(here, () => deleteScheduleEntry(ctx, String(formData.get('id') ?? '')), { key: 'events:pages.toast.scheduleDeleted' });
  }
  throw new Response('Bad Request', { status: 400 });
}
