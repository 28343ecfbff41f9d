import DataLoader from 'dataloader';
import type { Language } from '~/lib/language';
import { defineLoader, type ServiceContext } from '../../context.server';

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

export const scheduleOfStage = defineLoader(
  (ctx) =>
    new DataLoader<string, ScheduleEntryRecord[]>(async (stageIds) => {
      const rows = await ctx.db('schedule_entries').whereIn('stage_id', stageIds as string[]).orderBy(['starts_at', 'id']).select('*');
      return groupBy(stageIds, rows, 'stage_id') as ScheduleEntryRecord[][];
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
