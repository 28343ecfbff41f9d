import type { Language } from '~/lib/language';
import { isLive, textIn } from '~/lib/programme';
import type { ServiceContext } from '../../context.server';
import { fileUrl } from '../files/files.server';
import { conventionBySlug } from './conventions';
import { notFound } from './hall-common';
import { visibleConvention } from './halls';
import { organizationSummaryById, scheduleEntryTranslations, stageTranslations, type ScheduleEntryRecord, type StageRecord } from './loaders';
import { stageStandalone } from './stages';
import { videoThumbnailUrl } from './video-thumbnails';

/**
 * What visitors see of stages (spec 000 point 4 "Programme" and "Video player"): a stage with its stream and the
 * programme of talks still to come. Access comes from the convention (its access type; an inactive one only for
 * its organisers) or, for the standalone stage page, from stageStandalone.
 */

export interface ProgrammeEntry {
  id: string;
  /** in the visitor's language, else the other one; null when neither has one (the page shows "No title") */
  title: string | null;
  description: string | null;
  speaker: string;
  speakerDescription: string;
  speakerOrganization: { id: string; slug: string; name: string } | null;
  thumbnailUrl: string | null;
  startsAt: string;
  endsAt: string;
  /** started and not yet ended */
  live: boolean;
}

export interface ProgrammeStage {
  id: string;
  slug: string;
  title: string;
  /** the talks ending after `now`, by start time */
  entries: ProgrammeEntry[];
}

export interface Programme {
  /** the moment the programme was read (the panel's clock starts from it) */
  now: string;
  stages: ProgrammeStage[];
}

export interface StageVisit {
  slug: string;
  title: string;
  description: string | null;
  /** the stream link (YouTube or Vimeo); '' when none */
  stream: string;
  thumbnailUrl: string | null;
  /** the organisation running the stage (the standalone page's header) */
  organizationName: string;
  programme: Programme;
}

/** The stages with their talks ending after `now`, texts in the language: a constant number of queries. */
async function programmeOf(ctx: ServiceContext, stages: StageRecord[], language: Language, now: Date): Promise<Programme> {
  const ids = stages.map((s) => s.id);
  const [stageTexts, entries] = await Promise.all([
    stageTranslations(ctx).loadMany(ids),
    ids.length
      ? (ctx.db('schedule_entries').whereIn('stage_id', ids).where('ends_at', '>', now).orderBy(['starts_at', 'id']).select('*') as Promise<
          ScheduleEntryRecord[]
        >)
      : Promise.resolve([] as ScheduleEntryRecord[]),
  ]);
  const orgIds = [...new Set(entries.flatMap((e) => (e.speaker_organization_id ? [e.speaker_organization_id] : [])))];
  const [entryTexts, orgs] = await Promise.all([
    scheduleEntryTranslations(ctx).loadMany(entries.map((e) => e.id)),
    organizationSummaryById(ctx).loadMany(orgIds),
  ]);
  const orgById = new Map(orgs.flatMap((o) => (o && !(o instanceof Error) ? [[o.id, o] as const] : [])));
  const view = entries.map((entry, i): ProgrammeEntry & { stageId: string } => {
    const texts = entryTexts[i];
    const translations = texts && !(texts instanceof Error) ? texts : [];
    const org = entry.speaker_organization_id ? orgById.get(entry.speaker_organization_id) : undefined;
    const times = { startsAt: new Date(entry.starts_at).toISOString(), endsAt: new Date(entry.ends_at).toISOString() };
    return {
      stageId: entry.stage_id,
      id: entry.id,
      title: textIn(translations, language, 'title'),
      description: textIn(translations, language, 'description'),
      speaker: entry.speaker,
      speakerDescription: entry.speaker_description,
      speakerOrganization: org ? { id: org.id, slug: org.slug, name: org.name } : null,
      thumbnailUrl: entry.thumbnail_id ? fileUrl({ id: entry.thumbnail_id }) : null,
      ...times,
      live: isLive(times, now),
    };
  });
  return {
    now: now.toISOString(),
    stages: stages.map((stage, i) => {
      const texts = stageTexts[i];
      return {
        id: stage.id,
        slug: stage.slug,
        title: textIn(texts && !(texts instanceof Error) ? texts : [], language, 'title') ?? stage.title,
        entries: view.filter((e) => e.stageId === stage.id).map(({ stageId: _stageId, ...entry }) => entry),
      };
    }),
  };
}

/** The stages of the convention (the one by that slug only, when given). */
function stagesOfConvention(ctx: ServiceContext, conventionId: string, stageSlug?: string): Promise<StageRecord[]> {
  const query = ctx.db('stages as s').join('convention_stages as cs', 'cs.stage_id', 's.id').where('cs.convention_id', conventionId);
  if (stageSlug !== undefined) query.where('s.slug', String(stageSlug).toLowerCase());
  return query.orderBy(['s.title', 's.id']).select('s.*');
}

/**
 * The programme of a convention: each of its stages with the talks ending after `now` (started ones marked live).
 * The convention's access type applies; an inactive convention shows outsiders no stages.
 */
export async function conventionProgramme(ctx: ServiceContext, conventionSlug: string, language: Language, now = new Date()): Promise<Programme> {
  const convention = await conventionBySlug(ctx, conventionSlug);
  const insider = Boolean(ctx.viewer?.organizations.some((o) => o.id === convention.organization_id));
  if (!convention.active && !insider) return { now: now.toISOString(), stages: [] };
  return programmeOf(ctx, await stagesOfConvention(ctx, convention.id), language, now);
}

/**
 * A stage for visitors: inside a convention (the stage must be part of it, NOT_FOUND otherwise; the convention's
 * access type applies) or on its own page (the rule of stageStandalone). Texts in the language, the stream and
 * the stage's programme.
 */
export async function stageVisit(
  ctx: ServiceContext,
  args: { conventionSlug?: string; stageSlug: string },
  language: Language,
  now = new Date(),
): Promise<StageVisit> {
  let stage: StageRecord;
  if (args.conventionSlug !== undefined) {
    const convention = await visibleConvention(ctx, args.conventionSlug);
    const [row] = await stagesOfConvention(ctx, convention.id, args.stageSlug);
    if (!row) throw notFound(ctx, 'stageSlug');
    stage = row;
  } else {
    stage = await stageStandalone(ctx, args.stageSlug);
  }
  const [programme, texts, organization, streamPicture] = await Promise.all([
    programmeOf(ctx, [stage], language, now),
    stageTranslations(ctx).load(stage.id),
    organizationSummaryById(ctx).load(stage.organization_id),
    stage.thumbnail_id ? null : videoThumbnailUrl(ctx, stage.organization_id, stage.stream),
  ]);
  return {
    slug: stage.slug,
    title: programme.stages[0]!.title,
    description: textIn(texts, language, 'description'),
    stream: stage.stream,
    // the stage's own picture, else the one kept of its stream
    thumbnailUrl: stage.thumbnail_id ? fileUrl({ id: stage.thumbnail_id }) : streamPicture,
    organizationName: organization?.name ?? '',
    programme,
  };
}
