import DataLoader from 'dataloader';
import type { ModelClass } from 'objection';
import {
  ConventionStage,
  ConventionTranslation,
  OnDemandContent,
  OnDemandContentTranslation,
  Organization,
  ScheduleEntryTranslation,
  Stage,
  StageTranslation,
  type ScheduleEntry,
  type TranslationModel,
} from '#db/models/index';
import { defineLoader, type ServiceContext } from '../../context.server';
import { filesJson, primeFiles } from '../files/files.server';
import { ownColumns, translationsJson, type JsonRow } from '../json-rows';
import type { TranslationRow } from './hall-common';

export type { TranslationRow };

/** The public face of an organisation (convention organiser, speaker organisation). */
export type OrganizationSummary = Pick<Organization, 'id' | 'slug' | 'name' | 'chat_enabled' | 'support_url'>;

/**
 * Per-request batch loaders of the conventions side of events: a list of N conventions with their translations,
 * stage, schedule and on-demand content costs one query per relation, not per convention.
 */

const TRANSLATION_COLUMNS = ['id', 'language', 'title', 'description'];

/** Groups rows by a key column in the order of the requested keys. */
function groupBy<R extends object>(keys: readonly string[], rows: R[], column: keyof R): R[][] {
  const groups = new Map<string, R[]>(keys.map((k) => [k, []]));
  for (const row of rows) groups.get(String(row[column]))?.push(row);
  return keys.map((k) => groups.get(k) ?? []);
}

function translationsLoader(model: ModelClass<TranslationModel> & { parentColumn: string }) {
  const { parentColumn } = model;
  return defineLoader(
    (ctx: ServiceContext) =>
      new DataLoader<string, TranslationRow[]>(async (ids) => {
        const rows = (await model
          .query(ctx.db)
          .whereIn(parentColumn, ids as string[])
          .orderBy('language')
          .select([parentColumn, ...TRANSLATION_COLUMNS])) as (TranslationModel & Record<string, unknown>)[];
        return groupBy(ids, rows, parentColumn).map((group) =>
          group.map(({ id, language, title, description }) => ({ id, language, title, description }) as TranslationRow),
        );
      }),
  );
}

export const conventionTranslations = translationsLoader(ConventionTranslation);
export const stageTranslations = translationsLoader(StageTranslation);
export const scheduleEntryTranslations = translationsLoader(ScheduleEntryTranslation);
export const onDemandTranslations = translationsLoader(OnDemandContentTranslation);

/** The stage of each convention (at most one). */
export const stageOfConvention = defineLoader(
  (ctx) =>
    new DataLoader<string, Stage | null>(async (conventionIds) => {
      const rows = await Stage.query(ctx.db)
        .alias('s')
        .join('convention_stages as cs', 's.id', 'cs.stage_id')
        .whereIn('cs.convention_id', conventionIds as string[])
        .select('s.*', 'cs.convention_id');
      const conventionOf = new Map(rows.map((stage) => [stage, String((stage as Stage & { convention_id: string }).convention_id)]));
      for (const stage of rows) Reflect.deleteProperty(stage, 'convention_id');
      return conventionIds.map((id) => rows.find((stage) => conventionOf.get(stage) === id) ?? null);
    }),
);

/** The ids of the conventions each stage is part of. */
export const conventionIdsOfStage = defineLoader(
  (ctx) =>
    new DataLoader<string, string[]>(async (stageIds) => {
      const rows = await ConventionStage.query(ctx.db).whereIn('stage_id', stageIds as string[]).select('stage_id', 'convention_id');
      return groupBy(stageIds, rows, 'stage_id').map((group) => group.map((r) => r.convention_id as string));
    }),
);

/**
 * The talks of each stage by start time; one statement per batch of stages also brings their texts, speaker
 * organisations and pictures along (into scheduleEntryTranslations, organizationSummaryById and the files).
 */
export const scheduleOfStage = defineLoader(
  (ctx) =>
    new DataLoader<string, ScheduleEntry[]>(async (stageIds) => {
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
        const entry = ownColumns<ScheduleEntry>(row);
        scheduleEntryTranslations(ctx).prime(entry.id, row._translations as TranslationRow[]);
        const speaker = row._speaker_organization as OrganizationSummary | null;
        if (speaker) organizationSummaryById(ctx).prime(speaker.id, speaker);
        primeFiles(ctx, row._thumbnail);
        return entry;
      });
      return groupBy(stageIds, entries as unknown as Record<string, unknown>[], 'stage_id') as unknown as ScheduleEntry[][];
    }),
);

export const onDemandOfConvention = defineLoader(
  (ctx) =>
    new DataLoader<string, OnDemandContent[]>(async (conventionIds) => {
      const rows = await OnDemandContent.query(ctx.db)
        .whereIn('convention_id', conventionIds as string[])
        .orderBy(['created_at', 'id']);
      return groupBy(conventionIds, rows, 'convention_id');
    }),
);

export const stageById = defineLoader(
  (ctx) =>
    new DataLoader<string, Stage | null>(async (ids) => {
      const rows = await Stage.query(ctx.db).whereIn('id', ids as string[]);
      return ids.map((id) => rows.find((r) => r.id === id) ?? null);
    }),
);

/** The public face of an organisation (convention organiser, speaker organisation). */
export const organizationSummaryById = defineLoader(
  (ctx) =>
    new DataLoader<string, OrganizationSummary | null>(async (ids) => {
      const rows: OrganizationSummary[] = await Organization.query(ctx.db)
        .whereIn('id', ids as string[])
        .select('id', 'slug', 'name', 'chat_enabled', 'support_url');
      return ids.map((id) => rows.find((r) => r.id === id) ?? null);
    }),
);

/** SQL: the public summary of the organisation `o` as organizationSummaryById gives it. */
export const ORGANIZATION_SUMMARY_JSON =
  "json_build_object('id', o.id, 'slug', o.slug, 'name', o.name, 'chat_enabled', o.chat_enabled, 'support_url', o.support_url)";

/** An organisation's logo for visitors: its public avatar file with its pixel size (null when unknown, an SVG). */
export interface OrganizationLogo {
  id: string;
  width: number | null;
  height: number | null;
}

/** SQL: the logo of the organisation `o` visitors may load (its avatar when that file is public, else null), as JSON. */
export const ORGANIZATION_LOGO_SQL =
  "(select jsonb_build_object('id', f.id, 'width', f.width, 'height', f.height) from files f where f.id = o.avatar_id and f.is_public)";

/** The logo of each organisation for visitors (its public avatar; null shows the fallback logo), batched. */
export const organizationLogoById = defineLoader(
  (ctx) =>
    new DataLoader<string, OrganizationLogo | null>(async (ids) => {
      const rows: { id: string; logo: OrganizationLogo | null }[] = await ctx
        .db('organizations as o')
        .whereIn('o.id', ids as string[])
        .select('o.id', ctx.db.raw(`${ORGANIZATION_LOGO_SQL} as logo`));
      const byId = new Map(rows.map((r) => [r.id, r.logo]));
      return ids.map((id) => byId.get(id) ?? null);
    }),
);
