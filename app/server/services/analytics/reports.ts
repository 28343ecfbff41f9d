import type { Knex } from 'knex';
import type { AnalyticsScopeKind } from '#db/models/index';
import { ANALYTICS_SCOPE_KINDS, VisitStatisticsFilterSchema, type AnalyticsScope, type VisitStatisticsFilter } from '~/lib/schemas/analytics';
import type { ServiceContext } from '../../context.server';
import { parseInput } from '../validation';
import { analyticsNotFound, assertOwnScope, requireAnalyticsReader } from './policy';
import { funnelOfToday } from './funnel';
import { utcDay } from './recording';

/**
 * Visit statistics (issue 30; spec 000 point 3, 001 point 7): read from the rollups only (the job keeps them
 * current), for one object of the viewer's organisation or, without one, for all its objects of its main kind.
 * "Unique" visitors are unique per day (the visitor's hash changes with the daily salt) and summed over the days;
 * "recurring" visitors were seen the day before too.
 */

export interface CountRow {
  name: string;
  total: number;
  unique: number;
}
export interface SeriesPoint {
  datetime: Date;
  total: number;
  unique: number;
  /** visitors seen the UTC day before too (per day, and per hour for the last 24 hours) */
  recurring: number;
}
export interface PathRow {
  origin: string;
  to: string;
  count: number;
}
export interface TopStand {
  id: string;
  name: string;
  total: number;
  unique: number;
}
export interface VisitStatistics {
  scopeKind: AnalyticsScopeKind | null;
  scopeId: string | null;
  from: string;
  to: string;
  visitCount: number;
  userVisits: number;
  recurringVisits: number;
  /** seconds, over the views whose time on page is known; null when none is */
  averageTime: number | null;
  geoVisits: { country: string; total: number; unique: number }[];
  last24Hours: SeriesPoint[];
  last4Weeks: SeriesPoint[];
  visitPaths: PathRow[];
  browsers: CountRow[];
  operatingSystems: CountRow[];
  devices: CountRow[];
  topPages: CountRow[];
  topStands: TopStand[];
  /** a stand's unique visitors as a share (0..1) of its halls' unique visitors in the period */
  hallShare: number | null;
}

const TABLE_OF: Record<AnalyticsScopeKind, string> = {
  convention: 'conventions',
  exhibition: 'exhibitions',
  hall: 'halls',
  stand: 'base_stands',
  stage: 'stages',
  content: 'content_pages',
  room: 'virtual_rooms',
};
const NAME_OF: Record<AnalyticsScopeKind, string> = {
  convention: 'title',
  exhibition: 'name',
  hall: 'name',
  stand: 'name',
  stage: 'title',
  content: 'slug',
  room: 'name',
};
const FIELD_OF: Record<AnalyticsScope, keyof VisitStatisticsFilter> = {
  stand: 'standId',
  room: 'roomId',
  content: 'contentPageId',
  stage: 'stageId',
  hall: 'hallId',
  exhibition: 'exhibitionId',
  convention: 'conventionId',
};
/** Without a filter: the organisation's objects of the first of these kinds it has (a host's fairs, an exhibitor's stands). */
const MAIN_KINDS: AnalyticsScopeKind[] = ['convention', 'exhibition', 'stand', 'hall', 'stage', 'room', 'content'];

export interface ScopeOption {
  kind: AnalyticsScopeKind;
  id: string;
  name: string;
}

/** The objects of the viewer's organisation statistics can be filtered by, per kind by name. */
export async function analyticsScopes(ctx: ServiceContext): Promise<ScopeOption[]> {
  const { organizationId } = requireAnalyticsReader(ctx);
  const parts = MAIN_KINDS.map((kind) =>
    ctx.db(TABLE_OF[kind]).where({ organization_id: organizationId }).select(ctx.db.raw('? as kind', [kind]), 'id', `${NAME_OF[kind]} as name`),
  );
  const rows: ScopeOption[] = await ctx.db.unionAll(parts, true);
  return rows.sort((a, b) => MAIN_KINDS.indexOf(a.kind) - MAIN_KINDS.indexOf(b.kind) || a.name.localeCompare(b.name));
}

async function ownerOf(db: Knex, kind: AnalyticsScopeKind, id: string): Promise<string | null> {
  return ((await db(TABLE_OF[kind]).where({ id }).first('organization_id'))?.organization_id as string | undefined) ?? null;
}

const num = (v: unknown) => Number(v ?? 0);
const DAY_MS = 86_400_000;

function fillDays(rows: { day: string; total: unknown; unique: unknown; recurring: unknown }[], lastDay: string, count: number): SeriesPoint[] {
  const byDay = new Map(rows.map((r) => [String(r.day).slice(0, 10), r]));
  const end = Date.parse(`${lastDay}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) => {
    const at = new Date(end - (count - 1 - i) * DAY_MS);
    const row = byDay.get(utcDay(at));
    return { datetime: at, total: num(row?.total), unique: num(row?.unique), recurring: num(row?.recurring) };
  });
}

/** The visit statistics of the filter's object (or all the organisation's objects of its main kind) and period. */
export async function visitStatistics(ctx: ServiceContext, input: unknown, now = new Date()): Promise<VisitStatistics> {
  const { organizationId } = requireAnalyticsReader(ctx);
  const filter = parseInput(ctx, VisitStatisticsFilterSchema, input ?? {});
  const picked = ANALYTICS_SCOPE_KINDS.find((kind) => filter[FIELD_OF[kind]]);
  let scope: { kind: AnalyticsScopeKind; ids: string[] } | null = null;
  if (picked) {
    const id = filter[FIELD_OF[picked]] as string;
    assertOwnScope(ctx, await ownerOf(ctx.db, picked, id), organizationId, FIELD_OF[picked]);
    scope = { kind: picked, ids: [id] };
  } else {
    const options = await analyticsScopes(ctx);
    const kind = MAIN_KINDS.find((k) => options.some((o) => o.kind === k));
    if (kind) scope = { kind, ids: options.filter((o) => o.kind === kind).map((o) => o.id) };
  }
  const today = utcDay(now);
  const to = filter.to ? utcDay(filter.to) : today;
  const from = filter.from ? utcDay(filter.from) : utcDay(new Date(Date.parse(`${to}T00:00:00Z`) - 27 * DAY_MS));
  const empty: VisitStatistics = {
    scopeKind: scope?.kind ?? null,
    scopeId: scope && picked ? scope.ids[0]! : null,
    from,
    to,
    visitCount: 0,
    userVisits: 0,
    recurringVisits: 0,
    averageTime: null,
    geoVisits: [],
    last24Hours: [],
    last4Weeks: fillDays([], today, 28),
    visitPaths: [],
    browsers: [],
    operatingSystems: [],
    devices: [],
    topPages: [],
    topStands: [],
    hallShare: null,
  };
  const hourEnd = Math.floor(now.getTime() / 3_600_000) * 3_600_000;
  empty.last24Hours = Array.from({ length: 24 }, (_, i) => ({ datetime: new Date(hourEnd - (23 - i) * 3_600_000), total: 0, unique: 0, recurring: 0 }));
  if (!scope) return empty;
  const { kind, ids } = scope;
  const inScope = <T extends Knex.QueryBuilder>(q: T) => q.where('scope_kind', kind).whereIn('scope_id', ids) as T;
  const db = ctx.db;

  const [totals, weeks, hours, dims, stands] = await Promise.all([
    inScope(db('analytics_daily'))
      .whereBetween('day', [from, to])
      .first(
        db.raw('coalesce(sum(views), 0) as total'),
        db.raw('coalesce(sum(visitors), 0) as unique'),
        db.raw('coalesce(sum(recurring), 0) as recurring'),
        db.raw('coalesce(sum(duration_ms), 0) as duration'),
        db.raw('coalesce(sum(durations), 0) as durations'),
      ),
    inScope(db('analytics_daily'))
      .whereBetween('day', [utcDay(new Date(Date.parse(`${today}T00:00:00Z`) - 27 * DAY_MS)), today])
      .groupBy('day')
      .select(db.raw('to_char(day, \'YYYY-MM-DD\') as day'), db.raw('sum(views) as total'), db.raw('sum(visitors) as unique'), db.raw('sum(recurring) as recurring')),
    inScope(db('analytics_hourly'))
      .where('hour', '>=', new Date(hourEnd - 23 * 3_600_000))
      .groupBy('hour')
      .select('hour', db.raw('sum(views) as total'), db.raw('sum(visitors) as unique'), db.raw('sum(recurring) as recurring')),
    db
      .from(
        inScope(db('analytics_daily_dims'))
          .whereBetween('day', [from, to])
          .groupBy('dim', 'key')
          .select('dim', 'key', db.raw('sum(views) as total'), db.raw('sum(visitors) as unique'), db.raw('row_number() over (partition by dim order by sum(views) desc, key) as rank'))
          .as('d'),
      )
      .where('rank', '<=', 20)
      .select('dim', 'key', 'total', 'unique'),
    kind === 'convention' || kind === 'hall'
      ? db('analytics_daily as a')
          .join('base_stands as s', 's.id', 'a.scope_id')
          .where('a.scope_kind', 'stand')
          .whereIn(kind === 'convention' ? 'a.convention_id' : 'a.hall_id', ids)
          .whereBetween('a.day', [from, to])
          .groupBy('s.id', 's.name')
          .orderByRaw('sum(a.views) desc, s.name')
          .limit(10)
          .select('s.id', 's.name', db.raw('sum(a.views) as total'), db.raw('sum(a.visitors) as unique'))
      : Promise.resolve([] as { id: string; name: string; total: unknown; unique: unknown }[]),
  ]);

  const byDim = (dim: string): CountRow[] =>
    (dims as { dim: string; key: string; total: unknown; unique: unknown }[])
      .filter((d) => d.dim === dim)
      .map((d) => ({ name: d.key, total: num(d.total), unique: num(d.unique) }))
      .sort((a, b) => b.total - a.total || a.name.localeCompare(b.name));
  const hourRows = new Map((hours as { hour: Date; total: unknown; unique: unknown; recurring: unknown }[]).map((h) => [new Date(h.hour).getTime(), h]));

  let hallShare: number | null = null;
  if (kind === 'stand') {
    const share = await db('analytics_daily as a')
      .whereIn('a.scope_id', ids)
      .where('a.scope_kind', 'stand')
      .whereBetween('a.day', [from, to])
      .first(
        db.raw('coalesce(sum(a.visitors), 0) as stand'),
        db.raw(
          `(select coalesce(sum(h.visitors), 0) from analytics_daily h where h.scope_kind = 'hall' and h.day between ? and ?
             and h.scope_id in (select distinct hall_id from analytics_daily x where x.scope_kind = 'stand' and x.scope_id = any(?) and x.day between ? and ?)) as hall`,
          [from, to, ids, from, to],
        ),
      );
    hallShare = num(share?.hall) > 0 ? Math.min(1, num(share?.stand) / num(share?.hall)) : null;
  }

  const durations = num(totals?.durations);
  return {
    ...empty,
    visitCount: num(totals?.total),
    userVisits: num(totals?.unique),
    recurringVisits: num(totals?.recurring),
    averageTime: durations > 0 ? Math.round(num(totals?.duration) / durations / 100) / 10 : null,
    geoVisits: byDim('country').map((c) => ({ country: c.name, total: c.total, unique: c.unique })),
    last24Hours: empty.last24Hours.map((p) => {
      const row = hourRows.get(p.datetime.getTime());
      return { ...p, total: num(row?.total), unique: num(row?.unique), recurring: num(row?.recurring) };
    }),
    last4Weeks: fillDays(weeks as never, today, 28),
    visitPaths: byDim('path').map((p) => {
      const [origin, to] = p.name.split(' → ');
      return { origin: origin ?? '', to: to ?? '', count: p.total };
    }),
    browsers: byDim('browser'),
    operatingSystems: byDim('os'),
    devices: byDim('device'),
    topPages: byDim('page').slice(0, 10),
    topStands: (stands as { id: string; name: string; total: unknown; unique: unknown }[]).map((s) => ({ id: s.id, name: s.name, total: num(s.total), unique: num(s.unique) })),
    hallShare,
  };
}

// --- live ---------------------------------------------------------------------------------------------------------

export interface StandFunnel {
  standId: string;
  name: string;
  hall: number;
  stand: number;
  room: number;
  infoPoint: number;
  lead: number;
}
export interface LiveVisitors {
  conventionId: string;
  /** distinct visitors with a page view in the last five minutes */
  now: number;
  /** since midnight UTC: visitors of the stand's hall, of those who opened the stand, a room of it, the info point; the exhibitor's leads */
  stands: StandFunnel[];
}

const LIVE_WINDOW_MS = 5 * 60 * 1000;

/** The conventions the viewer may watch live: their own, and those their stands are in. */
export async function liveConventions(ctx: ServiceContext): Promise<{ id: string; name: string }[]> {
  const { organizationId } = requireAnalyticsReader(ctx);
  return ctx.db('conventions as c')
    .where('c.organization_id', organizationId)
    .orWhereExists(
      ctx.db('convention_halls as ch')
        .join('hall_stands as hs', 'hs.hall_id', 'ch.hall_id')
        .join('base_stands as s', 's.id', 'hs.stand_id')
        .whereRaw('ch.convention_id = c.id')
        .where('s.organization_id', organizationId),
    )
    .orderBy('c.title')
    .select('c.id', 'c.title as name');
}

/** Visitors on the convention now and the per-stand funnel of today (all stands for its host, own stands for an exhibitor). */
export async function liveVisitors(ctx: ServiceContext, conventionId: string, now = new Date()): Promise<LiveVisitors> {
  const { organizationId } = requireAnalyticsReader(ctx);
  if (!/^[0-9a-f-]{36}$/i.test(conventionId)) throw analyticsNotFound(ctx, 'conventionId');
  const db = ctx.db;
  const host = (await ownerOf(db, 'convention', conventionId)) === organizationId;
  const standsQuery = db('convention_halls as ch')
    .join('hall_stands as hs', 'hs.hall_id', 'ch.hall_id')
    .join('base_stands as s', 's.id', 'hs.stand_id')
    .where('ch.convention_id', conventionId)
    .distinct('s.id', 's.name', 's.organization_id', 'hs.hall_id');
  if (!host) standsQuery.where('s.organization_id', organizationId);
  const stands: { id: string; name: string; organization_id: string; hall_id: string }[] = await standsQuery;
  if (!host && !stands.length) throw analyticsNotFound(ctx, 'conventionId');
  const since = new Date(`${utcDay(now)}T00:00:00Z`);
  const [{ count: visitorsNow }] = (await db('analytics_events')
    .where('convention_id', conventionId)
    .where('at', '>', new Date(now.getTime() - LIVE_WINDOW_MS))
    .where('at', '<=', now)
    .countDistinct({ count: 'visitor' })) as { count: unknown }[];
  if (!stands.length) return { conventionId, now: num(visitorsNow), stands: [] };
  // the job's counts of today corrected for the visitors seen since its last run (funnel.ts)
  const funnel = await funnelOfToday(db, conventionId, now);
  const counts = new Map<string, { hall: number; stand: number; room: number; info: number }>();
  for (const stand of stands) {
    // a stand in two halls of the convention counts in both
    const prev = counts.get(stand.id) ?? { hall: 0, stand: 0, room: 0, info: 0 };
    const here = funnel.stand.get(`${stand.hall_id}/${stand.id}`);
    counts.set(stand.id, {
      hall: prev.hall + (funnel.hall.get(stand.hall_id) ?? 0),
      stand: prev.stand + (here?.visitors ?? 0),
      room: prev.room + (here?.room ?? 0),
      info: prev.info + (here?.info ?? 0),
    });
  }
  const leads: { organization_id: string; count: unknown }[] = await db('leads')
    .whereIn('organization_id', [...new Set(stands.map((s) => s.organization_id))])
    .where('created_at', '>=', since)
    .groupBy('organization_id')
    .select('organization_id', db.raw('count(*) as count'));
  const leadsOf = new Map(leads.map((l) => [l.organization_id, num(l.count)]));
  const seen = new Set<string>();
  const result: StandFunnel[] = [];
  for (const stand of stands) {
    if (seen.has(stand.id)) continue;
    seen.add(stand.id);
    const c = counts.get(stand.id) ?? { hall: 0, stand: 0, room: 0, info: 0 };
    result.push({ standId: stand.id, name: stand.name, hall: c.hall, stand: c.stand, room: c.room, infoPoint: c.info, lead: leadsOf.get(stand.organization_id) ?? 0 });
  }
  result.sort((a, b) => b.stand - a.stand || a.name.localeCompare(b.name));
  return { conventionId, now: num(visitorsNow), stands: result };
}
