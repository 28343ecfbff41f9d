import DataLoader from 'dataloader';
import type { ModelClass } from 'objection';
import {
  BaseStand,
  Exhibition,
  FoyerPoint,
  Hall,
  HallStand,
  HallTranslation,
  ImageFoyer,
  Organization,
  Point,
  PointTranslation,
  type StandNode,
  StandTranslation,
  type BaseModel,
} from '#db/models/index';
import { byIdLoader, defineLoader, type ServiceContext } from '../../context.server';
import { filesJson, primeFiles } from '../files/files.server';
import { allTranslationsJson, jsonArray, ownColumns, revived, revivedRows, type JsonRow } from '../json-rows';
import { viewerMarksLoader } from '../viewer-marks';
import { LISTED } from './policy';

/** One query per batch: the rows of the model whose `column` is one of the keys, grouped by that key. */
function groupedLoader<C extends typeof BaseModel>(
  model: C,
  column: keyof InstanceType<C> & string,
  order: (string | { column: string; order: 'asc' | 'desc' })[],
) {
  return defineLoader(
    (ctx: ServiceContext) =>
      new DataLoader<string, InstanceType<C>[]>(async (keys) => {
        const query = (model as unknown as ModelClass<BaseModel>).query(ctx.db);
        const rows = (await query.whereIn(column, keys as string[]).orderBy(order)) as InstanceType<C>[];
        const groups = new Map<string, InstanceType<C>[]>();
        for (const row of rows) {
          const key = String(row[column]);
          groups.set(key, [...(groups.get(key) ?? []), row]);
        }
        return keys.map((key) => groups.get(key) ?? []);
      }),
  );
}

export const hallById = byIdLoader(Hall);
export const baseStandById = byIdLoader(BaseStand);

export const hallTranslationsByHall = groupedLoader(HallTranslation, HallTranslation.parentColumn, ['language']);
export const standTranslationsByStand = groupedLoader(StandTranslation, StandTranslation.parentColumn, ['language']);
export const pointTranslationsByPoint = groupedLoader(PointTranslation, PointTranslation.parentColumn, ['language']);

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

const FAIR_COLUMNS = ['id', 'organization_id', 'permission_type', 'stand_id', 'name', 'slug'] as const;
/** An in-house fair a base stand is the stand of: what the stand's own access rules need of it (access.ts). */
export type StandFair = Pick<Exhibition, (typeof FAIR_COLUMNS)[number]> & { stand_id: string };

/** The in-house fairs whose stand each base stand is (its own access rules), batched. */
export const fairsOfStand = defineLoader(
  (ctx) =>
    new DataLoader<string, StandFair[]>(async (standIds) => {
      const rows = (await Exhibition.query(ctx.db)
        .whereIn('stand_id', standIds as string[])
        .orderBy(['created_at', 'id'])
        .select(...FAIR_COLUMNS)) as StandFair[];
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
 * Whether the viewer marked each of the hall stands (issue 27: the hub's bookmarks), batched; false without a viewer.
 * hallStandsByHall primes it, so a stand page or a hall with its stands costs no statement for it.
 */
export const standMarkedByViewer = viewerMarksLoader('stand_marks', 'hall_stand_id');

/**
 * Hall stands of a hall in their order (listed or not; callers filter for visitors). One statement per batch of
 * halls brings each hall stand's base stand, its texts, its organisation, its in-house fairs and its picture along
 * and primes baseStandById, standTranslationsByStand, standOrganizationById, fairsOfStand, standMarkedByViewer and the files: a hall page
 * (or a GraphQL hall with its stands) costs one statement however many stands it lists.
 */
export const hallStandsByHall = defineLoader(
  (ctx) =>
    new DataLoader<string, HallStand[]>(async (hallIds) => {
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
          db.raw(`json_build_object('id', o.id, 'slug', o.slug, 'name', o.name, 'support_url', o.support_url, 'chat_enabled', o.chat_enabled, 'suites', o.suites) as _organization`),
          db.raw(`${filesJson('hs.thumbnail_id')} as _thumbnail`),
          db.raw('exists (select 1 from stand_marks m where m.hall_stand_id = hs.id and m.user_id = ?) as _marked', [ctx.viewer?.userId ?? null]),
        );
      const groups = new Map<string, HallStand[]>(hallIds.map((id) => [id, []]));
      for (const row of rows) {
        const hallStand = ownColumns<HallStand>(row);
        groups.get(hallStand.hall_id)?.push(hallStand);
        if (ctx.viewer) standMarkedByViewer(ctx).prime(hallStand.id, Boolean(row._marked));
        baseStandById(ctx).prime(hallStand.stand_id, revived<BaseStand>(row._stand as JsonRow));
        standTranslationsByStand(ctx).prime(hallStand.stand_id, revivedRows(row._translations));
        fairsOfStand(ctx).prime(hallStand.stand_id, row._fairs as StandFair[]);
        standOrganizationById(ctx).prime(String((row._organization as JsonRow).id), row._organization as StandOrganization);
        primeFiles(ctx, row._thumbnail);
      }
      return hallIds.map((id) => groups.get(id) ?? []);
    }),
);
/** The halls a stand has joined. */
export const hallStandsByStand = groupedLoader(HallStand, 'stand_id', ['created_at']);

/**
 * The views of a stand (all languages) with their points and the points' texts: one statement per batch of stands,
 * which primes pointsByNode and pointTranslationsByPoint.
 */
export const nodesByStand = defineLoader(
  (ctx) =>
    new DataLoader<string, StandNode[]>(async (standIds) => {
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
      const groups = new Map<string, StandNode[]>(standIds.map((id) => [id, []]));
      for (const row of rows) {
        const node = ownColumns<StandNode>(row);
        groups.get(node.stand_id)?.push(node);
        const points = (row._points as JsonRow[]).map((point) => {
          pointTranslationsByPoint(ctx).prime(String(point.id), revivedRows(point._translations));
          return revived<Point>(ownColumns(point));
        });
        pointsByNode(ctx).prime(node.id, points);
      }
      return standIds.map((id) => groups.get(id) ?? []);
    }),
);
export const pointsByNode = groupedLoader(Point, 'node_id', ['order', 'created_at']);
export const foyerPointsByFoyer = groupedLoader(FoyerPoint, 'foyer_id', ['created_at']);

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

/** What a stand shows of its organisation. */
export type StandOrganization = Pick<Organization, 'id' | 'slug' | 'name' | 'support_url' | 'chat_enabled' | 'suites'>;

/** The organisations of stands (name, support address, chat flag, suites for the booking link), batched. */
export const standOrganizationById = defineLoader(
  (ctx) =>
    new DataLoader<string, StandOrganization | null>(async (ids) => {
      const rows: StandOrganization[] = await Organization.query(ctx.db)
        .whereIn('id', ids as string[])
        .select('id', 'slug', 'name', 'support_url', 'chat_enabled', 'suites');
      const byId = new Map(rows.map((r) => [r.id, r]));
      return ids.map((id) => byId.get(id) ?? null);
    }),
);

/** The image foyer of each convention (or null), batched. */
export const foyerByConvention = defineLoader(
  (ctx) =>
    new DataLoader<string, ImageFoyer | null>(async (ids) => {
      const rows = await ImageFoyer.query(ctx.db).whereIn('convention_id', ids as string[]);
      const byConvention = new Map(rows.map((r) => [r.convention_id, r]));
      return ids.map((id) => byConvention.get(id) ?? null);
    }),
);
