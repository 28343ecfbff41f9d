// `npm run bench:analytics` (issue 30): recording throughput, page answers while recording, and report times with
// many events. Creates a fresh database on the local PostgreSQL server (TEST_DATABASE_URL / DATABASE_URL /
// postgres://postgres@127.0.0.1:5432/postgres), migrates it, builds one convention (2 halls, 10 stands) and:
//   - recording: --views page views through the recorder's queue (recordPageView, as the /resources/visit door
//     calls it) until all are stored; target >= 1,000 views/s
//   - page answers: p95 of a page's database round trip (the convention lookup a visitor page makes) alone and
//     while 1,000 views/s are recorded; target: at most 5 % slower
//   - reports: --events raw events (default 2 million, over 28 days) written in bulk and rolled up, then every
//     report of /analytics (visitStatistics per convention, hall, stand and unfiltered; liveVisitors) --rounds times;
//     target p95 < 300 ms
// Prints the figures; exits with 1 when a target is missed (only reports with --no-fail). Drops the database.
//
//   npm run bench:analytics -- [--no-fail] [--views 20000] [--events 2000000] [--rounds 20]
//
// A benchmark, not a test: the timings depend on the machine (2 cores here) and what else runs on it.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TARGETS = { viewsPerSecond: 1000, pageSlowdown: 0.05, reportP95Ms: 300 };

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(name);
  return index >= 0 && args[index + 1] ? args[index + 1] : fallback;
};
const noFail = args.includes('--no-fail');
const VIEWS = Number(option('--views', '20000'));
const EVENTS = Number(option('--events', '2000000'));
const ROUNDS = Math.max(1, Number(option('--rounds', '20')));

const load = (file) => tsImport(path.join(ROOT, file), import.meta.url);
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const ms = (start) => Number(process.hrtime.bigint() - start) / 1e6;
const UAS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
];
const IPS = ['81.169.145.1', '8.8.8.8', '133.242.0.1', '212.58.244.1', '2.16.0.1'];

async function main() {
  const { createDb, migrateLatest } = await load('db/connection.ts');
  const { serverUrl, withDatabase, dropDatabase } = await load('tests/helpers/database.ts');
  const { createServiceContext } = await load('app/server/context.server.ts');
  const { loadViewer } = await load('app/server/viewer.server.ts');
  const analytics = await load('app/server/services/analytics/index.ts');
  const { Package } = await load('app/lib/features.ts');
  const { default: knexFactory } = await import('knex');

  const url = serverUrl();
  const name = `fp_bench_analytics_${process.pid}`;
  const admin = knexFactory({ client: 'pg', connection: url, pool: { min: 0, max: 1 } });
  await admin.raw(`create database "${name}"`);
  await admin.destroy();
  const db = createDb({ databaseUrl: withDatabase(url, name), pool: { min: 0, max: 8 } });
  let ok = true;
  try {
    await migrateLatest(db);
    const [org] = await db('organizations').insert({ name: 'Bench Messe GmbH', slug: 'bench-messe', suites: Package.BASIC | Package.EVENT }).returning('*');
    const [user] = await db('users').insert({ email: 'host@bench.example', first_name: 'Hanna', last_name: 'Host', is_active: true, default_language: 'DE', default_organization_id: org.id }).returning('*');
    await db('organization_members').insert({ organization_id: org.id, user_id: user.id, role: 'admin', is_owner: true, sales: false });
    const [convention] = await db('conventions').insert({ organization_id: org.id, slug: 'bench-fair', title: 'Bench Fair' }).returning('*');
    const places = [];
    for (let h = 0; h < 2; h++) {
      const [hall] = await db('halls').insert({ organization_id: org.id, slug: `bench-hall-${h}`, name: `Hall ${h}`, permission_type: 'PUBLIC' }).returning('*');
      await db('convention_halls').insert({ organization_id: org.id, convention_id: convention.id, hall_id: hall.id, order: h });
      for (let s = 0; s < 5; s++) {
        const [stand] = await db('base_stands').insert({ organization_id: org.id, slug: `bench-stand-${h}-${s}`, name: `Stand ${h}-${s}` }).returning('*');
        await db('hall_stands').insert({ organization_id: org.id, hall_id: hall.id, stand_id: stand.id, slug: stand.slug, approved: true, stand_accepted: true, preview_slug: `p${h}${s}` });
        places.push({ hall, stand });
      }
    }
    const paths = places.flatMap(({ hall, stand }) => [`/convention/bench-fair/hall/${hall.slug}`, `/convention/bench-fair/hall/${hall.slug}/stand/${stand.slug}`]);
    const viewAt = (i) => ({ consent: true, path: paths[i % paths.length], from: i % 3 ? paths[(i + 1) % paths.length] : null, ip: IPS[i % IPS.length].replace(/\d+$/, String(i % 250)), userAgent: UAS[i % UAS.length] });

    // recording throughput: everything queued, then written
    analytics.recordPageView(db, viewAt(0));
    await analytics.flushAnalytics(db); // warm-up: salts, slugs, country database
    const recordStart = process.hrtime.bigint();
    for (let i = 1; i <= VIEWS; i++) {
      analytics.recordPageView(db, viewAt(i));
      if (i % 1000 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    await analytics.flushAnalytics(db);
    const recordMs = ms(recordStart);
    const viewsPerSecond = (VIEWS / recordMs) * 1000;

    // page answers alone and while recording 1,000 views/s
    const pageRound = async () => {
      const start = process.hrtime.bigint();
      await db('conventions').where({ slug: 'bench-fair' }).first();
      return ms(start);
    };
    const pageTimes = async (count) => {
      const times = [];
      for (let i = 0; i < count; i++) times.push(await pageRound());
      return times;
    };
    await pageTimes(200);
    const alone = percentile(await pageTimes(2000), 95);
    let recording = true;
    let sent = 0;
    const feeder = (async () => {
      while (recording) {
        for (let i = 0; i < 50; i++) analytics.recordPageView(db, viewAt(sent++));
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    const feedStart = Date.now();
    const during = percentile(await pageTimes(2000), 95);
    recording = false;
    await feeder;
    await analytics.flushAnalytics(db);
    const feedRate = (sent / (Date.now() - feedStart)) * 1000;
    const slowdown = during / alone - 1;

    // many events: bulk insert over 28 days, then the rollups
    const insertStart = process.hrtime.bigint();
    const standRows = JSON.stringify(places.map(({ hall, stand }) => ({ hall_id: hall.id, hall_slug: hall.slug, stand_id: stand.id, stand_slug: stand.slug })));
    const chunk = 250_000;
    for (let offset = 0; offset < EVENTS; offset += chunk) {
      await db.raw(
        `with st as (select row_number() over () - 1 as n, * from jsonb_to_recordset(?::jsonb) as x(hall_id uuid, hall_slug text, stand_id uuid, stand_slug text))
         insert into analytics_events (at, page_kind, path, from_path, convention_id, hall_id, stand_id, visitor, prev_visitor, country, browser, os, device, duration_ms)
         select now() - (random() * interval '28 days'),
                case when g % 2 = 0 then 'hall' else 'stand' end,
                '/convention/bench-fair/hall/' || st.hall_slug || case when g % 2 = 0 then '' else '/stand/' || st.stand_slug end,
                case when g % 2 = 1 then '/convention/bench-fair/hall/' || st.hall_slug end,
                ?, st.hall_id, case when g % 2 = 1 then st.stand_id end,
                decode(md5('v' || (g % 60000)), 'hex'), decode(md5('p' || (g % 60000)), 'hex'),
                (array['DE','AT','CH','US','FR','GB','NL'])[1 + g % 7], (array['Chrome','Safari','Firefox','Edge'])[1 + g % 4],
                (array['Windows','macOS','iOS','Android','Linux'])[1 + g % 5], (array['desktop','mobile','tablet'])[1 + g % 3],
                case when g % 5 > 0 then (g % 120000) end
           from generate_series(?::bigint, ?::bigint) as g join st on st.n = g % 10`,
        [standRows, convention.id, offset, Math.min(EVENTS, offset + chunk) - 1],
      );
    }
    await db.raw('analyze analytics_events');
    const insertMs = ms(insertStart);
    const today = new Date().toISOString().slice(0, 10);
    const first = new Date(Date.now() - 28 * 86_400_000).toISOString().slice(0, 10);
    const rollStart = process.hrtime.bigint();
    await analytics.rollUpDays(db, first, today);
    const rollMs = ms(rollStart);
    const jobStart = process.hrtime.bigint();
    await analytics.runAnalyticsJob(db, { rawDays: 30 });
    const jobMs = ms(jobStart);

    const viewer = await loadViewer(db, user.id);
    const ctx = () => createServiceContext({ env: {}, db, storage: null }, viewer, 'DE');
    const reports = {
      'organisation (no filter)': () => analytics.visitStatistics(ctx(), {}),
      convention: () => analytics.visitStatistics(ctx(), { conventionId: convention.id }),
      hall: () => analytics.visitStatistics(ctx(), { hallId: places[0].hall.id }),
      stand: () => analytics.visitStatistics(ctx(), { standId: places[0].stand.id }),
      'convention, one week': () => analytics.visitStatistics(ctx(), { conventionId: convention.id, from: new Date(Date.now() - 7 * 86_400_000), to: new Date() }),
      'live visitors and funnel': () => analytics.liveVisitors(ctx(), convention.id),
    };
    for (const run of Object.values(reports)) await run();
    const reportFigures = {};
    const all = [];
    for (const [label, run] of Object.entries(reports)) {
      const times = [];
      for (let round = 0; round < ROUNDS; round++) {
        const start = process.hrtime.bigint();
        await run();
        times.push(ms(start));
      }
      all.push(...times);
      reportFigures[label] = { p50: percentile(times, 50), p95: percentile(times, 95) };
    }
    const reportP95 = percentile(all, 95);

    const verdict = (good) => (good ? 'OK' : 'MISSED');
    console.log(`Recording: ${VIEWS} page views queued and stored in ${(recordMs / 1000).toFixed(2)} s = ${viewsPerSecond.toFixed(0)} views/s   target >= ${TARGETS.viewsPerSecond}   ${verdict(viewsPerSecond >= TARGETS.viewsPerSecond)}`);
    console.log(`Page answers (a visitor page's database round trip, p95 of 2,000): alone ${alone.toFixed(2)} ms, while recording ${feedRate.toFixed(0)} views/s ${during.toFixed(2)} ms = ${(slowdown * 100).toFixed(1)} % slower   target <= ${TARGETS.pageSlowdown * 100} %   ${verdict(slowdown <= TARGETS.pageSlowdown)}`);
    console.log(`Many events: ${EVENTS.toLocaleString('en')} raw events written in ${(insertMs / 1000).toFixed(1)} s, 28 days rolled up in ${(rollMs / 1000).toFixed(1)} s, one run of the rollup job ${jobMs.toFixed(0)} ms`);
    console.log(`Reports of /analytics (${ROUNDS} rounds each, read from the rollups):`);
    for (const [label, figures] of Object.entries(reportFigures)) console.log(`  ${label.padEnd(26)} p50 ${figures.p50.toFixed(1).padStart(7)} ms   p95 ${figures.p95.toFixed(1).padStart(7)} ms`);
    console.log(`  all reports                p95 ${reportP95.toFixed(1)} ms   target < ${TARGETS.reportP95Ms} ms   ${verdict(reportP95 < TARGETS.reportP95Ms)}`);
    ok = viewsPerSecond >= TARGETS.viewsPerSecond && slowdown <= TARGETS.pageSlowdown && reportP95 < TARGETS.reportP95Ms;
  } finally {
    await db.destroy();
    await dropDatabase(name, url);
  }
  if (!ok && !noFail) process.exit(1);
}

await main();
