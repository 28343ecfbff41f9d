import type { Db } from '#db/connection';
import { rollUpFunnel } from './funnel';
import { forgetSalts, utcDay } from './recording';
import { startPeriodicJob } from '../../periodic-job.server';

/**
 * The rollups reports read (issue 30): per scope object (convention, in-house fair, hall, stand, stage, content page,
 * room) and hour (views, visitors that hour, time on page) and per day (views, unique visitors of the day, recurring
 * visitors, time on page; and the day's countries, browsers, OS, devices, pages and paths). Each run recomputes the
 * last hours and days from the raw events (idempotent: delete and insert in one transaction), so a view recorded
 * late or a time on page arriving later is counted on the next run.
 */

/** Every scope object with its owner: who may read its statistics. */
const OWNERS = `
  select 'convention'::text as kind, id, organization_id from conventions
  union all select 'exhibition', id, organization_id from exhibitions
  union all select 'hall', id, organization_id from halls
  union all select 'stand', id, organization_id from base_stands
  union all select 'stage', id, organization_id from stages
  union all select 'content', id, organization_id from content_pages
  union all select 'room', id, organization_id from virtual_rooms`;

/** Each event once per scope object it belongs to; a stand keeps its convention and hall, the others their convention. */
const SCOPED = (where: string) => `
  select v.kind, v.id,
         case when v.kind = 'convention' then null else e.convention_id end as convention_id,
         case when v.kind = 'stand' then e.hall_id end as hall_id,
         e.at, e.visitor, e.prev_visitor, e.duration_ms, e.country, e.browser, e.os, e.device, e.path, e.from_path
    from analytics_events e
    cross join lateral (values ('convention', e.convention_id), ('exhibition', e.exhibition_id), ('hall', e.hall_id),
      ('stand', e.stand_id), ('stage', e.stage_id), ('content', e.content_page_id), ('room', e.room_id)) as v(kind, id)
   where v.id is not null and ${where}`;

const hourStart = (at: Date) => new Date(Math.floor(at.getTime() / 3_600_000) * 3_600_000);
const dayStart = (day: string) => new Date(`${day}T00:00:00Z`);

/**
 * Rollups of the same rows run one at a time: every server process runs the job (and the seed, the benchmark or a
 * test may roll up too), and two runs that both deleted the old rows and then inserted the new ones collided on the
 * unique index ("duplicate key value violates unique constraint analytics_hourly_uniq"), so the second run failed
 * and its rows were lost until the next round. A transaction-scoped advisory lock per table makes the second run wait
 * for the first to commit; its delete then sees (and replaces) the first run's rows.
 */
const LOCKS = { hourly: 3_030_001, daily: 3_030_002 } as const;
const lockRollup = (trx: Db, table: keyof typeof LOCKS) => trx.raw('select pg_advisory_xact_lock(?)', [LOCKS[table]]);

/**
 * Recomputes the hourly rollups of the hours in [from, to): views, visitors of the hour and the hour's recurring
 * visitors (seen the UTC day before too, as the daily rollups count them).
 */
export async function rollUpHours(db: Db, from: Date, to: Date) {
  const start = hourStart(from);
  const dayBefore = new Date(dayStart(utcDay(start)).getTime() - 86_400_000);
  await db.transaction(async (trx) => {
    await lockRollup(trx, 'hourly');
    await trx('analytics_hourly').where('hour', '>=', start).andWhere('hour', '<', to).delete();
    await trx.raw(
      `with s as (${SCOPED('e.at >= ? and e.at < ?')}),
            y as (select distinct p.kind, p.id, p.visitor, (p.at at time zone 'UTC')::date + 1 as day
                    from (${SCOPED('e.at >= ? and e.at < ? and e.visitor in (select x.prev_visitor from analytics_events x where x.at >= ? and x.at < ?)')}) p),
            r as (select s.*, (y.visitor is not null) as recurring from s
                    left join y on y.kind = s.kind and y.id = s.id and y.visitor = s.prev_visitor and y.day = (s.at at time zone 'UTC')::date)
       insert into analytics_hourly (hour, scope_kind, scope_id, organization_id, convention_id, hall_id, views, visitors, recurring, duration_ms, durations)
       select date_trunc('hour', r.at), r.kind, r.id, o.organization_id, r.convention_id, r.hall_id,
              count(*), count(distinct r.visitor), count(distinct r.visitor) filter (where r.recurring),
              coalesce(sum(r.duration_ms), 0), count(r.duration_ms)
         from r join (${OWNERS}) o on o.kind = r.kind and o.id = r.id
        group by 1, 2, 3, 4, 5, 6`,
      [start, to, dayBefore, to, start, to],
    );
  });
}

/** Recomputes the daily rollups and breakdowns of one UTC day (its recurring visitors read the day before too). */
export async function rollUpDay(db: Db, day: string) {
  const start = dayStart(day);
  const end = new Date(start.getTime() + 86_400_000);
  const before = new Date(start.getTime() - 86_400_000);
  await db.transaction(async (trx) => {
    await lockRollup(trx, 'daily');
    await trx('analytics_daily').where({ day }).delete();
    await trx('analytics_daily_dims').where({ day }).delete();
    await trx.raw(
      `with s as (${SCOPED('e.at >= ? and e.at < ?')}),
            y as (select distinct kind, id, visitor from (${SCOPED('e.at >= ? and e.at < ?')}) p),
            r as (select s.*, (y.visitor is not null) as recurring from s left join y on y.kind = s.kind and y.id = s.id and y.visitor = s.prev_visitor)
       insert into analytics_daily (day, scope_kind, scope_id, organization_id, convention_id, hall_id, views, visitors, recurring, duration_ms, durations)
       select ?::date, r.kind, r.id, o.organization_id, r.convention_id, r.hall_id, count(*), count(distinct r.visitor),
              count(distinct r.visitor) filter (where r.recurring), coalesce(sum(r.duration_ms), 0), count(r.duration_ms)
         from r join (${OWNERS}) o on o.kind = r.kind and o.id = r.id
        group by r.kind, r.id, o.organization_id, r.convention_id, r.hall_id`,
      [start, end, before, start, day],
    );
    await trx.raw(
      `insert into analytics_daily_dims (day, scope_kind, scope_id, organization_id, dim, key, views, visitors)
       select ?::date, s.kind, s.id, o.organization_id, d.dim, d.key, count(*), count(distinct s.visitor)
         from (${SCOPED('e.at >= ? and e.at < ?')}) s
         cross join lateral (values ('country', coalesce(s.country, '')), ('browser', s.browser), ('os', s.os), ('device', s.device),
           ('page', s.path), ('path', case when s.from_path is not null then s.from_path || ' → ' || s.path end)) as d(dim, key)
         join (${OWNERS}) o on o.kind = s.kind and o.id = s.id
        where d.key is not null
        group by s.kind, s.id, o.organization_id, d.dim, d.key`,
      [day, start, end],
    );
  });
}

/** Rolls up the UTC days from `fromDay` to `toDay` (inclusive) and their hours: seed, benchmark and tests. */
export async function rollUpDays(db: Db, fromDay: string, toDay: string) {
  for (let day = fromDay; day <= toDay; day = utcDay(new Date(dayStart(day).getTime() + 86_400_000))) {
    await rollUpDay(db, day);
  }
  await rollUpHours(db, dayStart(fromDay), new Date(dayStart(toDay).getTime() + 86_400_000));
}

export interface RollupOptions {
  now?: Date;
  /** raw events older than this many days are deleted (rollups stay); at least 2, recurring visitors read yesterday */
  rawDays: number;
}

/**
 * One run of the job: partitions for this and next month, the last two hours and today's and yesterday's rollups,
 * today's live funnel (funnel.ts), raw events older than `rawDays` and salts older than yesterday deleted.
 */
export async function runAnalyticsJob(db: Db, { now = new Date(), rawDays }: RollupOptions) {
  await db.raw('select analytics_ensure_partitions(1)');
  await rollUpHours(db, new Date(now.getTime() - 3_600_000), new Date(hourStart(now).getTime() + 3_600_000));
  const today = utcDay(now);
  const yesterday = utcDay(new Date(now.getTime() - 86_400_000));
  // yesterday is final once the first run after midnight has seen it; until then both days are recomputed
  if (now.getTime() - dayStart(today).getTime() < 2 * 3_600_000) await rollUpDay(db, yesterday);
  await rollUpDay(db, today);
  await rollUpFunnel(db, now);
  const keepDays = Math.max(2, rawDays);
  await db('analytics_events').where('at', '<', new Date(dayStart(today).getTime() - keepDays * 86_400_000)).delete();
  const deleted = await db('analytics_salts').where('day', '<', yesterday).delete();
  if (deleted) forgetSalts(db);
}

export interface AnalyticsJob {
  stop(): Promise<void>;
}

/** The rollup job of a server process: every `intervalMs`, one run at a time. */
export function startAnalyticsJob(db: Db, options: { intervalMs: number; rawDays: number }): AnalyticsJob {
  const job = startPeriodicJob('analytics rollup', () => runAnalyticsJob(db, { rawDays: options.rawDays }), { intervalMs: options.intervalMs, runNow: true });
  return { stop: () => job.stop() };
}
