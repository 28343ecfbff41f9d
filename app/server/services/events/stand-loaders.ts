import DataLoader from 'dataloader';
import type { Language } from '~/lib/language';
import type { FoyerTargetType, PermissionType, PointKind, StandNodeType } from '~/lib/schemas/stands';
import { defineLoader, type ServiceContext } from '../../context.server';
import type { TranslationRecord } from './hall-common';
import { filesJson, primeFiles } from '../files/files.server';
import { allTranslationsJson, jsonArray, ownColumns, revived, revivedRows, type JsonRow } from '../json-rows';
import { isListed, LISTED } from './policy';

export interface HallRecord {
  id: string;
  organization_id: string;
  slug: string;
  name: string;
  thumbnail_id: string | null;
  permission_type: PermissionType;
  created_at: Date;
}

export interface HallStandRecord {
  id: string;
  organization_id: string;
  hall_id: string;
  stand_id: string;
  /** the host's consent: given by inviting the stand or by approving its application */
  approved: boolean;
  /** the stand organisation's consent: given by applying or by accepting the host's invitation */
  stand_accepted: boolean;
  order: number;
  slug: string;
  thumbnail_id: string | null;
  preview_slug: string;
}

export interface BaseStandRecord {
  id: string;
  organization_id: string;
  name: string;
  slug: string;
  shop: boolean;
  shop_url: string;
  chat_url: string;
  personalization_id: string | null;
  created_at: Date;
}

export interface StandNodeRecord {
  id: string;
  organization_id: string;
  stand_id: string;
  type: StandNodeType;
  image_id: string | null;
  iframe: string | null;
  language: Language;
}

export interface PointRecord {
  id: string;
  organization_id: string;
  node_id: string;
  cx: number;
  cy: number;
  kind: PointKind;
  name: string;
  slug: string | null;
  order: number;
  content_page_id: string | null;
  /** the content pool group a reference point shows */
  content_group_id: string | null;
}

export interface FoyerRecord {
  id: string;
  organization_id: string;
  convention_id: string;
  image_id: string | null;
}

export interface FoyerPointRecord {
  id: string;
  foyer_id: string;
  x: number;
  y: number;
  target_type: FoyerTargetType;
  target_id: string | null;
  link: string | null;
}

/** One query per batch: the rows of `table` whose `column` is one of the keys, grouped by that key. */
function groupedLoader<T extends object>(
  table: string,
  column: string,
  order: (string | { column: string; order: 'asc' | 'desc' })[],
) {
  return defineLoader(
    (ctx: ServiceContext) =>
      new DataLoader<string, T[]>(async (keys) => {
        const rows: T[] = await ctx.db(table).whereIn(column, keys as string[]).orderBy(order).select('*');
        const groups = new Map<string, T[]>();
        for (const row of rows) {
          const key = String((row as Record<string, unknown>)[column]);
          groups.set(key, [...(groups.get(key) ?? []), row]);
        }
        return keys.map((key) => groups.get(key) ?? []);
      }),
  );
}

function byIdLoader<T extends { id: string }>(table: string) {
  return defineLoader(
    (ctx: ServiceContext) =>
      new DataLoader<string, T | null>(async (ids) => {
        const rows: T[] = await ctx.db(table).whereIn('id', ids as string[]).select('*');
        const byId = new Map(rows.map((r) => [r.id, r]));
        return ids.map((id) => byId.get(id) ?? null);
      }),
  );
}

export const hallById = byIdLoader<HallRecord>('halls');
export const baseStandById = byIdLoader<BaseStandRecord>('base_stands');

export const hallTranslationsByHall = groupedLoader<TranslationRecord & { hall_id: string }>('hall_translations', 'hall_id', ['language']);
export const standTranslationsByStand = groupedLoader<TranslationRecord & { stand_id: string }>('stand_translations', 'stand_id', ['language']);
export const pointTranslationsByPoint = groupedLoader<TranslationRecord & { point_id: string }>('point_translations', 'point_id', ['language']);
// which hall stands visitors see is the events policy's rule (policy.ts); re-exported for the loaders' callers
export { isListed, LISTED };

/** Which of the stands are listed in at least one hall (what `BaseStand.approved` reports), batched. */
export const standListedAnywhere = defineLoader(
  (ctx) =>
    new DataLoader<string, boolean>(async (ids) => {
      const listed = new Set<string>(
        await ctx.db('hall_stands as hs').whereIn('hs.stand_id', ids as string[]).where(LISTED('hs')).distinct().pluck('hs.stand_id'),
      );
      return ids.map((id) => listed.has(id));
    }),
);

/** An in-house fair a base stand is the stand of: what the stand's own access rules need of it (access.ts). */
export interface StandFairRecord {
  id: string;
  organization_id: string;
  permission_type: PermissionType;
  stand_id: string;
  name: string;
  slug: string;
}

const FAIR_COLUMNS = ['id', 'organization_id', 'permission_type', 'stand_id', 'name', 'slug'] as const;

/** The in-house fairs whose stand each base stand is (its own access rules), batched. */
export const fairsOfStand = defineLoader(
  (ctx) =>
    new DataLoader<string, StandFairRecord[]>(async (standIds) => {
      const rows: StandFairRecord[] = await ctx
        .db('exhibitions')
        .whereIn('stand_id', standIds as string[])
        .orderBy(['created_at', 'id'])
        .select(...FAIR_COLUMNS);
      return standIds.map((id) => rows.filter((r) => r.stand_id === id));
    }),
);

/** SQL: the in-house fairs of the base stand `s` as JSON, as fairsOfStand gives them. */
export const FAIRS_JSON = jsonArray(
  `json_build_object(${FAIR_COLUMNS.map((c) => `'${c}', x.${c}`).join(', ')})`,
  'from exhibitions x where x.stand_id = s.id',
  'x.created_at, x.id',
);

/**
 * Hall stands of a hall in their order (listed or not; callers filter for visitors). One statement per batch of
 * halls brings each hall stand's base stand, its texts, its organisation, its in-house fairs and its picture along
 * and primes baseStandById, standTranslationsByStand, standOrganizationById, fairsOfStand and the files: a hall page
 * (or a GraphQL hall with its stands) costs one statement however many stands it lists.
 */
export const hallStandsByHall = defineLoader(
  (ctx) =>
    new DataLoader<string, HallStandRecord[]>(async (hallIds) => {
      const db = ctx.db;
      const rows: JsonRow[] = await db('hall_stands as hs')
        .join('base_stands as s', 's.id', 'hs.stand_id')
        .join('organizations as o', 'o.id', 's.organization_id')
        .whereIn('hs.hall_id', hallIds as string[])
        .orderBy([{ column: 'hs.order' }, { column: 'hs.created_at' }])
        .select(
          'hs.*',
          db.raw('to_jsonb(s.*) as _stand'),
          db.raw(`${allTranslationsJson('stand_translations', 'stand_id', 's.id')} as _translations`),
          db.raw(`${FAIRS_JSON} as _fairs`),
          db.raw(`json_build_object('id', o.id, 'name', o.name, 'support_url', o.support_url, 'chat_enabled', o.chat_enabled) as _organization`),
          db.raw(`${filesJson('hs.thumbnail_id')} as _thumbnail`),
        );
      const groups = new Map<string, HallStandRecord[]>(hallIds.map((id) => [id, []]));
      for (const row of rows) {
        const hallStand = ownColumns<HallStandRecord>(row);
        groups.get(hallStand.hall_id)?.push(hallStand);
        baseStandById(ctx).prime(hallStand.stand_id, revived<BaseStandRecord>(row._stand as JsonRow));
        standTranslationsByStand(ctx).prime(hallStand.stand_id, revivedRows(row._translations));
        fairsOfStand(ctx).prime(hallStand.stand_id, row._fairs as StandFairRecord[]);
        standOrganizationById(ctx).prime(String((row._organization as JsonRow).id), row._organization as StandOrganizationRecord);
        primeFiles(ctx, row._thumbnail);
      }
      return hallIds.map((id) => groups.get(id) ?? []);
    }),
);
/** The halls a stand has joined. */
export const hallStandsByStand = groupedLoader<HallStandRecord>('hall_stands', 'stand_id', ['created_at']);

/**
 * The views of a stand (all languages) with their points and the points' texts: one statement per batch of stands,
 * which primes pointsByNode and pointTranslationsByPoint.
 */
export const nodesByStand = defineLoader(
  (ctx) =>
    new DataLoader<string, StandNodeRecord[]>(async (standIds) => {
      const db = ctx.db;
      const pointsJson = jsonArray(
        `to_jsonb(p.*) || jsonb_build_object('_translations', ${allTranslationsJson('point_translations', 'point_id', 'p.id')})`,
        'from points p where p.node_id = n.id',
        'p.order, p.created_at',
      );
      const rows: JsonRow[] = await db('stand_nodes as n')
        .whereIn('n.stand_id', standIds as string[])
        .orderBy([{ column: 'n.language' }, { column: 'n.created_at' }])
        .select('n.*', db.raw(`${pointsJson} as _points`));
      const groups = new Map<string, StandNodeRecord[]>(standIds.map((id) => [id, []]));
      for (const row of rows) {
        const node = ownColumns<StandNodeRecord>(row);
        groups.get(node.stand_id)?.push(node);
        const points = (row._points as JsonRow[]).map((point) => {
          pointTranslationsByPoint(ctx).prime(String(point.id), revivedRows(point._translations));
          return revived<PointRecord>(ownColumns(point));
        });
        pointsByNode(ctx).prime(node.id, points);
      }
      return standIds.map((id) => groups.get(id) ?? []);
    }),
);
export const pointsByNode = groupedLoader<PointRecord>('points', 'node_id', ['order', 'created_at']);
export const foyerPointsByFoyer = groupedLoader<FoyerPointRecord>('foyer_points', 'foyer_id', ['created_at']);

/** Which of the keys ("conventionId:hallId") are halls of that convention, in one query. */
export const conventionHallLink = defineLoader(
  (ctx) =>
    new DataLoader<string, boolean>(async (keys) => {
      const pairs = keys.map((k) => k.split(':') as [string, string]);
      const rows: { convention_id: string; hall_id: string }[] = await ctx
        .db('convention_halls')
        .whereIn(['convention_id', 'hall_id'], pairs)
        .select('convention_id', 'hall_id');
      const found = new Set(rows.map((r) => `${r.convention_id}:${r.hall_id}`));
      return keys.map((k) => found.has(k));
    }),
);

export interface StandOrganizationRecord {
  id: string;
  name: string;
  support_url: string;
  chat_enabled: boolean;
}

/** The organisations of stands (name, support address, chat flag), batched. */
export const standOrganizationById = defineLoader(
  (ctx) =>
    new DataLoader<string, StandOrganizationRecord | null>(async (ids) => {
      const rows: StandOrganizationRecord[] = await ctx
        .db('organizations')
        .whereIn('id', ids as string[])
        .select('id', 'name', 'support_url', 'chat_enabled');
      const byId = new Map(rows.map((r) => [r.id, r]));
      return ids.map((id) => byId.get(id) ?? null);
    }),
);

/** The image foyer of each convention (or null), batched. */
export const foyerByConvention = defineLoader(
  (ctx) =>
    new DataLoader<string, FoyerRecord | null>(async (ids) => {
      const rows: FoyerRecord[] = await ctx.db('image_foyers').whereIn('convention_id', ids as string[]).select('*');
      const byConvention = new Map(rows.map((r) => [r.convention_id, r]));
      return ids.map((id) => byConvention.get(id) ?? null);
    }),
);
