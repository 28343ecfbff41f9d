import type { Db } from '#db/connection';
import { utcDay } from './recording';

/**
 * The stand funnel of today (issue 30): per stand of a convention, the day's visitors of its hall, those of them who
 * came to the stand, those of them who entered its room and those of them who also opened an info point. "Visitors"
 * are the day's visitor hashes, so each visitor counts once per step, however often they came back.
 *
 * The analytics job counts the day up to a moment a little behind the clock (`analytics_funnel`, with that moment
 * in `analytics_funnel_marks`); live reads those counts and corrects them for the visitors seen since: their
 * funnel of the whole day is added and their funnel up to the mark taken off. So live reads the raw views of the
 * last minutes only, however many the day had (`npm run bench:analytics`). The rule is one SQL text (`FUNNEL`) for
 * the job and for the correction.
 */

const FUNNEL_KINDS = `('hall', 'stand', 'room', 'infopoint')`;
/** the job counts up to this long ago: every server process writes its queued views within about a second */
export const FUNNEL_LAG_MS = 15_000;
const LOCK = 3_030_003;

/**
 * Funnel counts of the raw views matching `where` (on `analytics_events e`), per convention and hall (stand_id
 * null: the hall's visitors) and per stand in a hall of the convention (its visitors who saw the hall too, room,
 * info point). Each visitor's views are grouped once; their stands are unnested and joined to the stands of the
 * convention's halls (rows as many as stand visits, not stands × visitors).
 */
const FUNNEL = (where: string) => `
  with v as (
    select e.convention_id, e.visitor,
           array_agg(distinct e.hall_id) filter (where e.page_kind = 'hall') as halls,
           array_agg(distinct e.stand_id) filter (where e.page_kind = 'stand') as stands,
           array_agg(distinct e.stand_id) filter (where e.page_kind = 'room') as rooms,
           bool_or(e.page_kind = 'infopoint') as info
      from analytics_events e
     where e.convention_id is not null and e.page_kind in ${FUNNEL_KINDS} and ${where}
     group by e.convention_id, e.visitor
  ),
  st as (select distinct ch.convention_id, hs.hall_id, hs.stand_id from convention_halls ch join hall_stands hs on hs.hall_id = ch.hall_id)
  select v.convention_id, h as hall_id, null::uuid as stand_id, count(*)::int as visitors, 0 as room, 0 as info
    from v cross join unnest(v.halls) as h
   where h is not null
   group by v.convention_id, h
  union all
  select st.convention_id, st.hall_id, st.stand_id, count(*)::int,
         (count(*) filter (where st.stand_id = any(v.rooms)))::int,
         (count(*) filter (where st.stand_id = any(v.rooms) and v.info))::int
    from v cross join unnest(v.stands) as s
    join st on st.convention_id = v.convention_id and st.stand_id = s
   where st.hall_id = any(v.halls)
   group by st.convention_id, st.hall_id, st.stand_id`;

const dayStart = (day: string) => new Date(`${day}T00:00:00Z`);

/**
 * The job's part: today's funnel of every convention counted afresh up to `now - FUNNEL_LAG_MS` (from the start of
 * the day; delete and insert in one transaction, one run at a time), earlier days' counts deleted.
 */
export async function rollUpFunnel(db: Db, now: Date) {
  const today = utcDay(now);
  const start = dayStart(today);
  const through = new Date(Math.max(start.getTime(), now.getTime() - FUNNEL_LAG_MS));
  await db.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(?)', [LOCK]);
    await trx('analytics_funnel').where('day', '<=', today).delete();
    await trx('analytics_funnel_marks').where('day', '<=', today).delete();
    await trx.raw(
      `insert into analytics_funnel (day, convention_id, hall_id, stand_id, visitors, room, info)
       select ?::date, f.* from (${FUNNEL('e.at >= ? and e.at < ?')}) f`,
      [today, start, through],
    );
    await trx('analytics_funnel_marks').insert({ day: today, through });
  });
}

export interface FunnelCounts {
  /** the day's visitors per hall */
  hall: Map<string, number>;
  /** per `${hallId}/${standId}`: the stand's visitors who saw the hall too, of them in its room, of those at an info point */
  stand: Map<string, { visitors: number; room: number; info: number }>;
}

/**
 * Today's funnel of one convention up to `now`: the job's counts (when they are of today and not ahead of `now`),
 * corrected for the visitors with views since the job's mark; without the job's counts, all of today's raw views.
 */
export async function funnelOfToday(db: Db, conventionId: string, now: Date): Promise<FunnelCounts> {
  const today = utcDay(now);
  const since = dayStart(today);
  const mark: { through: Date } | undefined = await db('analytics_funnel_marks').where({ day: today }).first('through');
  const marked = mark ? new Date(mark.through) : null;
  const counted = marked && marked.getTime() <= now.getTime() ? marked : null;
  const through = counted ?? since;
  const { rows } = await db.raw(
    `with d as (
       select distinct visitor from analytics_events
        where convention_id = ? and at >= ? and at <= ? and page_kind in ${FUNNEL_KINDS}
     ),
     later as (${FUNNEL('e.convention_id = ? and e.at >= ? and e.at <= ? and e.visitor in (select visitor from d)')}),
     before as (${FUNNEL('e.convention_id = ? and e.at >= ? and e.at < ? and e.visitor in (select visitor from d)')})
     select hall_id, stand_id, sum(visitors)::int as visitors, sum(room)::int as room, sum(info)::int as info from (
       select hall_id, stand_id, visitors, room, info from analytics_funnel where ? and day = ? and convention_id = ?
       union all select hall_id, stand_id, visitors, room, info from later
       union all select hall_id, stand_id, -visitors, -room, -info from before
     ) x
     group by hall_id, stand_id`,
    [conventionId, through, now, conventionId, since, now, conventionId, since, through, counted !== null, today, conventionId],
  );
  const counts: FunnelCounts = { hall: new Map(), stand: new Map() };
  for (const row of rows as { hall_id: string; stand_id: string | null; visitors: number; room: number; info: number }[]) {
    if (row.stand_id === null) counts.hall.set(row.hall_id, row.visitors);
    else counts.stand.set(`${row.hall_id}/${row.stand_id}`, { visitors: row.visitors, room: row.room, info: row.info });
  }
  return counts;
}
