import { createHash } from 'node:crypto';
import type { Db } from '#db/connection';
import { rollUpDays } from '../services/analytics/rollup';
import { utcDay } from '../services/analytics/recording';

/**
 * Four weeks of plausible visits of the demo convention (issue 30), so `/analytics` is full on first start: raw page
 * views written in one batch (visitors walk foyer -> hall -> stand -> room, more on weekdays and in the fair's core
 * hours, some come back the next day; countries, browsers and devices in realistic shares), then rolled up day by
 * day. Deterministic (a fixed pseudo-random sequence), no addresses involved: the visitor keys are made up.
 */

const COUNTRIES = [['DE', 60], ['AT', 12], ['CH', 10], ['NL', 5], ['US', 5], ['FR', 4], ['GB', 4]] as const;
const CLIENTS = [
  ['Chrome', 'Windows', 'desktop', 40],
  ['Edge', 'Windows', 'desktop', 15],
  ['Safari', 'macOS', 'desktop', 10],
  ['Firefox', 'Linux', 'desktop', 5],
  ['Safari', 'iOS', 'mobile', 18],
  ['Chrome', 'Android', 'mobile', 9],
  ['Safari', 'iOS', 'tablet', 3],
] as const;

function pseudoRandom(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1664525 + 1013904223) % 4294967296;
    return state / 4294967296;
  };
}

function pick<T extends readonly unknown[]>(random: () => number, items: readonly T[]): T {
  const total = items.reduce((n, item) => n + (item[item.length - 1] as number), 0);
  let roll = random() * total;
  for (const item of items) {
    roll -= item[item.length - 1] as number;
    if (roll <= 0) return item;
  }
  return items[0]!;
}

const visitorKey = (day: string, n: number) => createHash('sha256').update(`demo-visitor:${day}:${n}`).digest().subarray(0, 16);

export async function seedAnalytics(db: Db, { conventionSlug, now = new Date() }: { conventionSlug: string; now?: Date }) {
  const convention = await db('conventions').where({ slug: conventionSlug }).first('id', 'slug');
  if (!convention) return;
  const stands: { hall_id: string; hall_slug: string; stand_id: string; stand_slug: string }[] = await db('convention_halls as ch')
    .join('halls as h', 'h.id', 'ch.hall_id')
    .join('hall_stands as hs', 'hs.hall_id', 'h.id')
    .where('ch.convention_id', convention.id)
    .select('h.id as hall_id', 'h.slug as hall_slug', 'hs.stand_id', 'hs.slug as stand_slug');
  if (!stands.length) return;
  const random = pseudoRandom(30);
  const base = `/convention/${convention.slug}`;
  const rows = [];
  const today = utcDay(now);
  const firstDay = new Date(Date.parse(`${today}T00:00:00Z`) - 27 * 86_400_000);
  for (let d = 0; d < 28; d++) {
    const dayStart = new Date(firstDay.getTime() + d * 86_400_000);
    const day = utcDay(dayStart);
    const before = utcDay(new Date(dayStart.getTime() - 86_400_000));
    const weekend = dayStart.getUTCDay() === 0 || dayStart.getUTCDay() === 6;
    const visitors = Math.round((weekend ? 12 : 35) + random() * 20 + d * 1.5);
    for (let n = 0; n < visitors; n++) {
      // core hours 9:00 to 16:30 most of the time
      let at = dayStart.getTime() + (8 + random() * 9) * 3_600_000;
      if (at > now.getTime()) continue;
      const [country] = pick(random, COUNTRIES);
      const [browser, os, device] = pick(random, CLIENTS);
      const common = { visitor: visitorKey(day, n), prev_visitor: visitorKey(before, n), country, browser, os, device, convention_id: convention.id };
      const place = stands[Math.floor(random() * stands.length)]!;
      const hallPath = `${base}/hall/${place.hall_slug}`;
      const standPath = `${hallPath}/stand/${place.stand_slug}`;
      const walk: { path: string; kind: string; hall?: boolean; stand?: boolean }[] = [{ path: base, kind: 'convention' }, { path: hallPath, kind: 'hall', hall: true }];
      if (random() < 0.7) walk.push({ path: standPath, kind: 'stand', hall: true, stand: true });
      if (walk.length === 3 && random() < 0.35) walk.push({ path: `${standPath}/vr/rundgang`, kind: 'room', hall: true, stand: true });
      if (random() < 0.2) walk.push({ path: `${base}/infopoint`, kind: 'infopoint' });
      let from: string | null = null;
      for (const step of walk) {
        rows.push({
          ...common,
          at: new Date(at),
          page_kind: step.kind,
          path: step.path,
          from_path: from,
          hall_id: step.hall ? place.hall_id : null,
          stand_id: step.stand ? place.stand_id : null,
          duration_ms: random() < 0.85 ? Math.round(5_000 + random() * 110_000) : null,
        });
        from = step.path;
        at += 20_000 + random() * 100_000;
      }
    }
  }
  await db.batchInsert('analytics_events', rows, 1000);
  await rollUpDays(db, utcDay(firstDay), today);
}
