import DataLoader from 'dataloader';
import type { Language } from '~/lib/language';
import { defineLoader, type ServiceContext } from '../../context.server';
import { filesJson, primeFiles } from '../files/files.server';
import { ownColumns, translationsJson, type JsonRow } from '../json-rows';

/**
 * Per-request batch loaders of the conventions side of events: a list of N conventions with their translations,
 * stage, schedule and on-demand content costs one query per relation, not per convention.
 */

export interface EventTranslationRecord {
  id: string;
  language: Language;
  title: string;
  description: string;
}

export interface StageRecord {
  id: string;
  organization_id: string;
  slug: string;
  title: string;
  stream: string;
  thumbnail_id: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface ScheduleEntryRecord {
  id: string;
  stage_id: string;
  starts_at: Date;
  ends_at: Date;
  speaker: string;
  speaker_description: string;
  speaker_organization_id: string | null;
  thumbnail_id: string | null;
  created_at: Date;
}

export interface OnDemandContentRecord {
  id: string;
  convention_id: string;
  /** unique within the convention (/convention/{c}/ondemand/{slug}) */
  slug: string;
  title: string;
  description: string;
  thumbnail_id: string | null;
  content_page_id: string | null;
  created_at: Date;
}

export interface OrganizationSummaryRecord {
  id: string;
  slug: string;
  name: string;
  chat_enabled: boolean;
  support_url: string;
}

const TRANSLATION_COLUMNS = ['id', 'language', 'title', 'description'];

/** Groups rows by a key column in the order of the requested keys. */
function groupBy<R extends Record<string, unknown>>(keys: readonly string[], rows: R[], column: keyof R): R[][] {
  const groups = new Map<string, R[]>(keys.map((k) => [k, []]));
  for (const row of rows) groups.get(row[column] as string)?.push(row);
  return keys.map((k) => groups.get(k) ?? []);
}

function translationsLoader(table: string, parentColumn: string) {
  return defineLoader(
    (ctx: ServiceContext) =>
      new DataLoader<string, EventTranslationRecord[]>(async (ids) => {
        const rows = await ctx
          .db(table)
          .whereIn(parentColumn, ids as string[])
          .orderBy('language')
          .select([parentColumn, ...TRANSLATION_COLUMNS]);
        return groupBy(ids, rows, parentColumn).map((group) =>
          group.map(({ id, language, title, description }) => ({ id, language, title, description })),
        );
      }),
  );
}

export const conventionTranslations = translationsLoader('convention_translations', 'convention_id');
export const stageTranslations = translationsLoader('stage_translations', 'stage_id');
export const scheduleEntryTranslations = translationsLoader('schedule_entry_translations', 'schedule_entry_id');

/** The stage of each convention (at most one). */
export const stageOfConvention = defineLoader(
  (ctx) =>
    new DataLoader<string, StageRecord | null>(async (conventionIds) => {
      const rows = await ctx
        .db('convention_stages as cs')
        .join('stages as s', 's.id', 'cs.stage_id')
        .whereIn('cs.convention_id', conventionIds as string[])
        .select('cs.convention_id', 's.*');
      return groupBy(conventionIds, rows, 'convention_id').map((group) => {
        if (!group[0]) return null;
        const { convention_id: _conventionId, ...stage } = group[0];
        return stage as StageRecord;
      });
    }),
);

/** The ids of the conventions each stage is part of. */
export const conventionIdsOfStage = defineLoader(
  (ctx) =>
    new DataLoader<string, string[]>(async (stageIds) => {
      const rows = await ctx.db('convention_stages').whereIn('stage_id', stageIds as string[]).select('stage_id', 'convention_id');
      return groupBy(stageIds, rows, 'stage_id').map((group) => group.map((r) => r.convention_id as string));
    }),
);

/**
 * The talks of each stage by start time; one statement per batch of stages also brings their texts, speaker
 * organisations and pictures along (into scheduleEntryTranslations, organizationSummaryById and the files).
 */
export const scheduleOfStage = defineLoader(
  (ctx) =>
    new DataLoader<string, ScheduleEntryRecord[]>(async (stageIds) => {
      const db = ctx.db;
      const rows: JsonRow[] = await db('schedule_entries as e')
        .whereIn('e.stage_id', stageIds as string[])
        .orderBy(['e.starts_at', 'e.id'])
        .select(
          'e.*',
          db.raw(`${translationsJson('schedule_entry_translations', 'schedule_entry_id', 'e.id')} as _translations`),
          db.raw(`(select ${ORGANIZATION_SUMMARY_JSON} from organizations o where o.id = e.speaker_organization_id) as _speaker_organization`),
          db.raw(`${filesJson('e.thumbnail_id')} as _thumbnail`),
        );
      const entries = rows.map((row) => {
        const entry = ownColumns<ScheduleEntryRecord>(row);
        scheduleEntryTranslations(ctx).prime(entry.id, row._translations as EventTranslationRecord[]);
        const speaker = row._speaker_organization as OrganizationSummaryRecord | null;
        if (speaker) organizationSummaryById(ctx).prime(speaker.id, speaker);
        primeFiles(ctx, row._thumbnail);
        return entry;
      });
      return groupBy(stageIds, entries as unknown as Record<string, unknown>[], 'stage_id') as unknown as ScheduleEntryRecord[][];
    }),
);

export const onDemandOfConvention = defineLoader(
  (ctx) =>
    new DataLoader<string, OnDemandContentRecord[]>(async (conventionIds) => {
      const rows = await ctx
        .db('on_demand_contents')
        .whereIn('convention_id', conventionIds as string[])
        .orderBy(['created_at', 'id'])
        .select('*');
      return groupBy(conventionIds, rows, 'convention_id') as OnDemandContentRecord[][];
    }),
);

export const stageById = defineLoader(
  (ctx) =>
    new DataLoader<string, StageRecord | null>(async (ids) => {
      const rows: StageRecord[] = await ctx.db('stages').whereIn('id', ids as string[]).select('*');
      return ids.map((id) => rows.find((r) => r.id === id) ?? null);
    }),
);

/** The public face of an organisation (convention organiser, speaker organisation). */
export const organizationSummaryById = defineLoader(
  (ctx) =>
    new DataLoader<string, OrganizationSummaryRecord | null>(async (ids) => {
      const rows: OrganizationSummaryRecord[] = await ctx
        .db('organizations')
        .whereIn('id', ids as string[])
        .select('id', 'slug', 'name', 'chat_enabled', 'support_url');
      return ids.map((id) => rows.find((r) => r.id === id) ?? null);
    }),
);

/** SQL: the public summary of the organisation `o` as organizationSummaryById gives it. */
export const ORGANIZATION_SUMMARY_JSON =
  "json_build_object('id', o.id, 'slug', o.slug, 'name', o.name, 'chat_enabled', o.chat_enabled, 'support_url', o.support_url)";

/** SQL: the logo of the organisation `o` visitors may load: its avatar when that file is public, else null. */
export const ORGANIZATION_LOGO_SQL = '(select f.id from files f where f.id = o.avatar_id and f.is_public)';

/** The logo file of each organisation for visitors (its public avatar; null shows the fallback logo), batched. */
export const organizationLogoById = defineLoader(
  (ctx) =>
    new DataLoader<string, string | null>(async (ids) => {
      const rows: { id: string; logo_id: string | null }[] = await ctx
        .db('organizations as o')
        .whereIn('o.id', ids as string[])
        .select('o.id', ctx.db.raw(`${ORGANIZATION_LOGO_SQL} as logo_id`));
      const byId = new Map(rows.map((r) => [r.id, r.logo_id]));
      return ids.map((id) => byId.get(id) ?? null);
    }),
);
