import type { ScheduleEntry, Stage } from '#db/models/index';
import type { Language } from '~/lib/language';
import { isLive, textIn } from '~/lib/programme';
import type { ServiceContext } from '../../context.server';
import { isMember } from '../access/membership';
import { fileUrl } from '../files/files.server';
import { conventionBySlug } from './conventions';
import { notFound } from './hall-common';
import { visibleConvention } from './halls';
import type { Knex } from 'knex';
import { jsonArray, ownColumns, revived, translationsJson, type JsonRow } from '../json-rows';
import { ORGANIZATION_SUMMARY_JSON, organizationSummaryById, scheduleEntryTranslations, stageTranslations, type OrganizationSummary } from './loaders';
import { stageStandalone } from './stages';
import { primeVideoThumbnails, videoThumbnailsJson, videoThumbnailUrl } from './video-thumbnails';

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

interface StageWithTalks {
  stage: Stage;
  /** the talks ending after `now`, by start time */
  entries: ScheduleEntry[];
}

/**
 * The stages a query on `stages as s` finds, each with its talks ending after `now`: one statement, which also
 * brings the stages' and talks' texts, the speakers' and the stage's organisations and the stage organisation's
 * video pictures along (into this request's loaders).
 */
async function stagesWithTalks(ctx: ServiceContext, stages: Knex.QueryBuilder, now: Date): Promise<StageWithTalks[]> {
  const db = ctx.db;
  const talks = jsonArray(
    `to_jsonb(e.*) || jsonb_build_object('_translations', ${translationsJson('schedule_entry_translations', 'schedule_entry_id', 'e.id')},
      '_speaker_organization', (select ${ORGANIZATION_SUMMARY_JSON} from organizations o where o.id = e.speaker_organization_id))`,
    'from schedule_entries e where e.stage_id = s.id and e.ends_at > ?',
    'e.starts_at, e.id',
  );
  const rows: JsonRow[] = await stages
    .join('organizations as o', 'o.id', 's.organization_id')
    .select(
      's.*',
      db.raw(`${translationsJson('stage_translations', 'stage_id', 's.id')} as _translations`),
      db.raw(`${talks} as _entries`, [now]),
      db.raw(`${ORGANIZATION_SUMMARY_JSON} as _organization`),
      db.raw(`${videoThumbnailsJson('o.id')} as _video_thumbnails`),
    );
  return rows.map((row) => {
    const stage = ownColumns<Stage>(row);
    stageTranslations(ctx).prime(stage.id, row._translations as never);
    organizationSummaryById(ctx).prime(stage.organization_id, row._organization as OrganizationSummary);
    primeVideoThumbnails(ctx, stage.organization_id, row._video_thumbnails);
    const entries = (row._entries as JsonRow[]).map((json) => {
      const entry = revived<ScheduleEntry>(ownColumns(json));
      scheduleEntryTranslations(ctx).prime(entry.id, json._translations as never);
      const speaker = json._speaker_organization as OrganizationSummary | null;
      if (speaker) organizationSummaryById(ctx).prime(speaker.id, speaker);
      return entry;
    });
    return { stage, entries };
  });
}

/** The stages with their talks ending after `now`, texts in the language. */
async function programmeOf(ctx: ServiceContext, withTalks: StageWithTalks[], language: Language, now: Date): Promise<Programme> {
  const stages = withTalks.map((s) => s.stage);
  const entries = withTalks.flatMap((s) => s.entries);
  const stageTexts = await stageTranslations(ctx).loadMany(stages.map((s) => s.id));
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

/** The stages of the convention (the one by that slug only, when given), with their talks ending after `now`. */
function stagesOfConvention(ctx: ServiceContext, conventionId: string, now: Date, stageSlug?: string): Promise<StageWithTalks[]> {
  const query = ctx.db('stages as s').join('convention_stages as cs', 'cs.stage_id', 's.id').where('cs.convention_id', conventionId);
  if (stageSlug !== undefined) query.where('s.slug', String(stageSlug).toLowerCase());
  return stagesWithTalks(ctx, query.orderBy(['s.title', 's.id']), now);
}

/**
 * The programme of a convention: each of its stages with the talks ending after `now` (started ones marked live).
 * The convention's access type applies; an inactive convention shows outsiders no stages.
 */
export async function conventionProgramme(ctx: ServiceContext, conventionSlug: string, language: Language, now = new Date()): Promise<Programme> {
  const convention = await conventionBySlug(ctx, conventionSlug);
  const insider = isMember(ctx.viewer, convention.organization_id);
  if (!convention.active && !insider) return { now: now.toISOString(), stages: [] };
  return programmeOf(ctx, await stagesOfConvention(ctx, convention.id, now), language, now);
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
  let withTalks: StageWithTalks;
  if (args.conventionSlug !== undefined) {
    const convention = await visibleConvention(ctx, args.conventionSlug);
    const [row] = await stagesOfConvention(ctx, convention.id, now, args.stageSlug);
    if (!row) throw notFound(ctx, 'stageSlug');
    withTalks = row;
  } else {
    const standalone = await stageStandalone(ctx, args.stageSlug);
    [withTalks] = await stagesWithTalks(ctx, ctx.db('stages as s').where('s.id', standalone.id), now);
  }
  const { stage } = withTalks;
  const [programme, texts, organization, streamPicture] = await Promise.all([
    programmeOf(ctx, [withTalks], language, now),
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
