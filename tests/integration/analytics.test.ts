import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Package } from '~/lib/features';
import * as page from '~/routes/_console.analytics/route';
import * as livePage from '~/routes/_console.analytics_.live';
import * as recorder from '~/routes/resources.visit';
import * as analytics from '~/server/services/analytics/index';
import { createTestApp, type TestApp } from '../helpers/app';
import { callRoute, loadContext } from '../helpers/routes';
import {
  addMember,
  addStandToHall,
  createConvention,
  createHall,
  createOrganization,
  createStand,
  createUser,
} from '../fixtures/factories';

/**
 * Analytics (issue 30) through the recorder's door (/resources/visit, with the cookie choice read on the server) and
 * the service and GraphQL: counts, unique and recurring visitors across a day boundary, countries from test addresses,
 * paths, time on page, hourly and daily rollups agreeing with the raw events, the live funnel, nothing recorded
 * without consent, and who may not read (anonymous, another organisation, a sales user, a member without the event
 * feature).
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const GERMANY = '81.169.145.1';
const USA = '8.8.8.8';
const JAPAN = '133.242.0.1';

async function fair() {
  const host = await createOrganization(t.app.db, { suites: Package.BASIC | Package.EVENT });
  const exhibitor = await createOrganization(t.app.db, { suites: Package.BASIC | Package.EVENT });
  const hostAdmin = await createUser(t.app.db);
  await addMember(t.app.db, host.id, hostAdmin.id, { role: 'admin', isOwner: true });
  const exhibitorAdmin = await createUser(t.app.db);
  await addMember(t.app.db, exhibitor.id, exhibitorAdmin.id, { role: 'admin', isOwner: true });
  const convention = await createConvention(t.app.db, { organization_id: host.id });
  const hall = await createHall(t.app.db, { conventionId: convention.id });
  const stand = await createStand(t.app.db, { organization_id: exhibitor.id });
  const otherStand = await createStand(t.app.db);
  const hallStand = await addStandToHall(t.app.db, { hall_id: hall.id, stand_id: stand.id });
  const otherHallStand = await addStandToHall(t.app.db, { hall_id: hall.id, stand_id: otherStand.id });
  const base = `/convention/${convention.slug}`;
  return {
    host,
    exhibitor,
    hostAdmin: hostAdmin.id,
    exhibitorAdmin: exhibitorAdmin.id,
    convention,
    hall,
    stand,
    otherStand,
    paths: {
      convention: base,
      hall: `${base}/hall/${hall.slug}`,
      stand: `${base}/hall/${hall.slug}/stand/${hallStand.slug}`,
      room: `${base}/hall/${hall.slug}/stand/${hallStand.slug}/vr/point-1`,
      otherStand: `${base}/hall/${hall.slug}/stand/${otherHallStand.slug}`,
      infopoint: `${base}/infopoint`,
    },
  };
}

/**
 * A beacon or pixel through the page door: the consent cookie, the user agent and the client address as sent. The
 * beacon is a form with the JSON message in `m`, as the recorder sends it (the page-post guard admits only forms).
 */
async function send(options: { consent: 'true' | 'false' | null; ip: string; ua: string; body?: unknown; pixel?: string }) {
  const headers = new Headers({ 'user-agent': options.ua, 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' });
  if (options.consent) headers.set('cookie', `cookieConsent=${options.consent}`);
  const request = options.pixel
    ? new Request(`http://localhost/resources/visit?p=${encodeURIComponent(options.pixel)}`, { headers })
    : new Request('http://localhost/resources/visit', { method: 'POST', headers, body: new URLSearchParams({ m: JSON.stringify(options.body) }).toString() });
  const context = { ...(await loadContext(t, request)), clientIp: options.ip };
  const response = (options.pixel ? await recorder.loader({ request, context, params: {} }) : await recorder.action({ request, context, params: {} })) as Response;
  return response.status;
}

const view = (path: string, from: string | null, ip: string, ua = CHROME, consent: 'true' | 'false' | null = 'true') =>
  send({ consent, ip, ua, body: { t: 'v', p: path, f: from } });

const db = () => t.app.db;
const utcDayOf = (at: Date) => at.toISOString().slice(0, 10);
const flush = () => analytics.flushAnalytics(db());
const rawCount = async (column: string, id: string) => Number((await db()('analytics_events').where(column, id).count({ n: '*' }))[0]!.n);

async function gql<T = Record<string, unknown>>(userId: string | null, query: string, variables: Record<string, unknown> = {}) {
  const headers: Record<string, string> = userId ? { Authorization: `JWT ${await t.accessToken(userId)}` } : {};
  return (await t.graphql<T>(query, variables, { headers })).body as { data?: T; errors?: { message: string; extensions?: { code?: string } }[] };
}

const STATS = `query($filter: VisitStatisticsFilter) { visitStatistics(filter: $filter) {
  scopeKind visitCount userVisits recurringVisits averageTime hallShare
  geoVisits { country total unique } visitPaths { origin to count } browsers { name total } operatingSystems { name total }
  devices { name total } topStands { id name total unique } last4Weeks { datetime total unique recurring } last24Hours { datetime total unique } } }`;

describe('recording', () => {
  it('records only with the cookie choice "true", read on the server; the address and the user agent are not stored', async () => {
    const f = await fair();
    expect(await view(f.paths.hall, null, GERMANY, CHROME, null)).toBe(204);
    expect(await view(f.paths.hall, null, GERMANY, CHROME, 'false')).toBe(204);
    expect(await send({ consent: 'false', ip: GERMANY, ua: CHROME, pixel: f.paths.hall })).toBe(200);
    await flush();
    expect(await rawCount('hall_id', f.hall.id)).toBe(0);
    await view(f.paths.hall, null, GERMANY);
    await flush();
    const rows = await db()('analytics_events').where('hall_id', f.hall.id);
    expect(rows).toHaveLength(1);
    const stored = JSON.stringify(rows[0]);
    expect(stored).not.toContain(GERMANY);
    expect(stored).not.toContain('Chrome/124');
    expect(rows[0]).toMatchObject({ page_kind: 'hall', convention_id: f.convention.id, country: 'DE', browser: 'Chrome', os: 'Windows', device: 'desktop' });
  });

  it('refuses what is no recorded page, a malformed beacon and unknown slugs without failing', async () => {
    const f = await fair();
    expect(await view('/dashboard', null, GERMANY)).toBe(204);
    expect(await view(`/convention/${f.convention.slug}/hall/no-such-hall`, null, GERMANY)).toBe(204);
    expect(await send({ consent: 'true', ip: GERMANY, ua: CHROME, body: ['v'] })).toBe(400);
    expect(await send({ consent: 'true', ip: GERMANY, ua: CHROME, body: { t: 'x', p: f.paths.hall } })).toBe(400);
    await flush();
    expect(await rawCount('convention_id', f.convention.id)).toBe(0);
  });

  it('counts a view without JavaScript (the noscript image) and takes its origin from the previous page', async () => {
    const f = await fair();
    expect(await send({ consent: 'true', ip: USA, ua: IPHONE, pixel: f.paths.hall })).toBe(200);
    await flush();
    expect(await send({ consent: 'true', ip: USA, ua: IPHONE, pixel: f.paths.stand })).toBe(200);
    await flush();
    const rows = await db()('analytics_events').where('convention_id', f.convention.id).orderBy('at');
    expect(rows.map((r) => [r.path, r.from_path, r.duration_ms, r.country, r.device])).toEqual([
      [f.paths.hall, null, null, 'US', 'mobile'],
      [f.paths.stand, f.paths.hall, null, 'US', 'mobile'],
    ]);
  });

  it('gives the time on page to the view it belongs to', async () => {
    const f = await fair();
    await view(f.paths.stand, f.paths.hall, JAPAN);
    await flush();
    expect(await send({ consent: 'true', ip: JAPAN, ua: CHROME, body: { t: 'l', p: f.paths.stand, d: 42_000 } })).toBe(204);
    await flush();
    const row = await db()('analytics_events').where('stand_id', f.stand.id).first();
    expect(row).toMatchObject({ duration_ms: 42_000, from_path: f.paths.hall, country: 'JP' });
  });
});

describe('reports', () => {
  it('counts views, unique per day and recurring visitors across a day boundary, countries, paths, and rollups agree with raw events', async () => {
    const f = await fair();
    const day1 = new Date('2026-03-09T22:30:00Z');
    const day2 = new Date('2026-03-10T09:15:00Z');
    const rec = (path: string, from: string | null, ip: string, at: Date, ua = CHROME) =>
      analytics.recordPageView(db(), { consent: true, path, from, ip, userAgent: ua, at });
    // day 1: a German visitor walks hall -> stand -> room, an American opens the hall twice
    rec(f.paths.hall, null, GERMANY, day1);
    rec(f.paths.stand, f.paths.hall, GERMANY, new Date(day1.getTime() + 60_000));
    rec(f.paths.room, f.paths.stand, GERMANY, new Date(day1.getTime() + 120_000));
    rec(f.paths.hall, null, USA, day1, IPHONE);
    rec(f.paths.hall, null, USA, new Date(day1.getTime() + 30_000), IPHONE);
    await flush();
    analytics.recordPageLeave(db(), { consent: true, path: f.paths.stand, ip: GERMANY, userAgent: CHROME, durationMs: 30_000, at: new Date(day1.getTime() + 119_000) });
    await flush();
    // day 2: the German comes back (recurring), a Japanese visitor is new
    rec(f.paths.hall, null, GERMANY, day2);
    rec(f.paths.stand, f.paths.hall, GERMANY, new Date(day2.getTime() + 60_000));
    rec(f.paths.hall, null, JAPAN, day2);
    await flush();
    await analytics.rollUpDays(db(), '2026-03-09', '2026-03-10');

    const host = await t.serviceContext(f.hostAdmin);
    const hall = await analytics.visitStatistics(host, { hallId: f.hall.id, from: '2026-03-09', to: '2026-03-10' }, day2);
    // a hall counts its own page and its stands' pages
    expect(hall).toMatchObject({ scopeKind: 'hall', visitCount: 8, userVisits: 4, recurringVisits: 1 });
    expect(hall.geoVisits).toEqual([
      { country: 'DE', total: 5, unique: 2 },
      { country: 'US', total: 2, unique: 1 },
      { country: 'JP', total: 1, unique: 1 },
    ]);
    expect(hall.last4Weeks.at(-1)).toMatchObject({ total: 3, unique: 2, recurring: 1 });
    expect(hall.last4Weeks.at(-2)).toMatchObject({ total: 5, unique: 2, recurring: 0 });
    // the last 24 hours by hour give total, unique and recurring too: the German's morning hour recurs
    const hourOf = (at: Date) => hall.last24Hours.find((h) => h.datetime.getTime() === Math.floor(at.getTime() / 3_600_000) * 3_600_000);
    expect(hall.last24Hours).toHaveLength(24);
    expect(hourOf(day1)).toMatchObject({ total: 5, unique: 2, recurring: 0 });
    expect(hourOf(day2)).toMatchObject({ total: 3, unique: 2, recurring: 1 });
    expect(hall.topStands).toEqual([{ id: f.stand.id, name: f.stand.name, total: 3, unique: 2 }]);

    const conv = await analytics.visitStatistics(host, { conventionId: f.convention.id, from: '2026-03-09', to: '2026-03-10' }, day2);
    expect(conv).toMatchObject({ visitCount: 8, userVisits: 4, recurringVisits: 1 });
    expect(conv.visitPaths).toEqual(
      expect.arrayContaining([
        { origin: f.paths.hall, to: f.paths.stand, count: 2 },
        { origin: f.paths.stand, to: f.paths.room, count: 1 },
      ]),
    );
    expect(conv.devices).toEqual([
      { name: 'desktop', total: 6, unique: 3 },
      { name: 'mobile', total: 2, unique: 1 },
    ]);

    const exhibitor = await t.serviceContext(f.exhibitorAdmin);
    const stand = await analytics.visitStatistics(exhibitor, { standId: f.stand.id, from: '2026-03-09', to: '2026-03-10' }, day2);
    expect(stand).toMatchObject({ scopeKind: 'stand', visitCount: 3, userVisits: 2, recurringVisits: 1, averageTime: 30 });
    // the stand reached 2 of the hall's 4 daily visitors
    expect(stand.hallShare).toBe(0.5);

    // rollups agree with the raw events: views per hour and per day
    const raw = await db()('analytics_events').where('convention_id', f.convention.id).count({ n: '*' }).first();
    const hourly = await db()('analytics_hourly').where({ scope_kind: 'convention', scope_id: f.convention.id }).sum({ n: 'views' }).first();
    const daily = await db()('analytics_daily').where({ scope_kind: 'convention', scope_id: f.convention.id }).sum({ n: 'views' }).first();
    expect(Number(hourly!.n)).toBe(Number(raw!.n));
    expect(Number(daily!.n)).toBe(Number(raw!.n));
    // a second run changes nothing (idempotent)
    await analytics.rollUpDays(db(), '2026-03-09', '2026-03-10');
    expect((await analytics.visitStatistics(host, { hallId: f.hall.id, from: '2026-03-09', to: '2026-03-10' }, day2)).visitCount).toBe(8);
  });

  it('rolls up the same hours and days in several runs at once (every server process runs the job) without failing', async () => {
    const f = await fair();
    const now = new Date();
    for (const [i, ip] of [GERMANY, USA, JAPAN].entries()) {
      for (const step of ['hall', 'stand', 'room'] as const) {
        analytics.recordPageView(db(), { consent: true, path: f.paths[step], ip, userAgent: CHROME, at: new Date(now.getTime() - i * 1000) });
      }
    }
    await flush();
    // before the lock, the second of two runs that had both deleted the hour's rows failed on analytics_hourly_uniq
    const runs = Array.from({ length: 4 }, () => analytics.runAnalyticsJob(db(), { rawDays: 30, now }));
    const results = await Promise.allSettled([...runs, analytics.rollUpDays(db(), utcDayOf(now), utcDayOf(now))]);
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    const hourly = await db()('analytics_hourly').where({ scope_kind: 'convention', scope_id: f.convention.id });
    expect(hourly).toHaveLength(1);
    expect(hourly[0]).toMatchObject({ views: 9, visitors: 3 });
    const daily = await db()('analytics_daily').where({ scope_kind: 'convention', scope_id: f.convention.id });
    expect(daily).toHaveLength(1);
    expect(daily[0]).toMatchObject({ views: 9, visitors: 3 });
  });

  it('answers through GraphQL with the same figures, and the live funnel per stand', async () => {
    const f = await fair();
    const now = new Date();
    for (const [ip, steps] of [
      [GERMANY, ['hall', 'stand', 'room', 'infopoint']],
      [USA, ['hall', 'stand']],
      [JAPAN, ['hall', 'otherStand']],
    ] as const) {
      for (const step of steps) analytics.recordPageView(db(), { consent: true, path: f.paths[step], ip, userAgent: CHROME, at: now });
    }
    await flush();
    await analytics.runAnalyticsJob(db(), { rawDays: 30, now });
    const res = await gql<{ visitStatistics: { visitCount: number; userVisits: number; last24Hours: { total: number }[] } }>(f.hostAdmin, STATS, {
      filter: { conventionId: f.convention.id },
    });
    expect(res.errors).toBeUndefined();
    expect(res.data!.visitStatistics).toMatchObject({ visitCount: 8, userVisits: 3 });
    expect(res.data!.visitStatistics.last24Hours.reduce((n, h) => n + h.total, 0)).toBe(8);

    const live = `query($id: ID!) { liveVisitors(conventionId: $id) { now stands { standId hall stand room infoPoint lead } } }`;
    const asHost = await gql<{ liveVisitors: { now: number; stands: { standId: string; hall: number; stand: number; room: number; infoPoint: number }[] } }>(f.hostAdmin, live, { id: f.convention.id });
    expect(asHost.errors).toBeUndefined();
    expect(asHost.data!.liveVisitors.now).toBe(3);
    expect(asHost.data!.liveVisitors.stands.find((s) => s.standId === f.stand.id)).toMatchObject({ hall: 3, stand: 2, room: 1, infoPoint: 1 });
    expect(asHost.data!.liveVisitors.stands).toHaveLength(2);
    const asExhibitor = await gql<{ liveVisitors: { stands: { standId: string }[] } }>(f.exhibitorAdmin, live, { id: f.convention.id });
    expect(asExhibitor.data!.liveVisitors.stands.map((s) => s.standId)).toEqual([f.stand.id]);
  });
});

describe('who may not read', () => {
  it('anonymous: UNAUTHENTICATED; a member without the event feature or a sales user: PERMISSION_DENIED; another organisation: NOT_FOUND', async () => {
    const f = await fair();
    const anonymous = await gql(null, STATS, { filter: { conventionId: f.convention.id } });
    expect(anonymous.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');

    const basicOnly = await createOrganization(t.app.db, { suites: Package.BASIC });
    const basicUser = await createUser(t.app.db);
    await addMember(t.app.db, basicOnly.id, basicUser.id, { role: 'admin', isOwner: true });
    expect((await gql(basicUser.id, STATS)).errors?.[0]?.extensions?.code).toBe('PERMISSION_DENIED');

    const salesUser = await createUser(t.app.db);
    await addMember(t.app.db, f.host.id, salesUser.id, { sales: true });
    expect((await gql(salesUser.id, STATS, { filter: { conventionId: f.convention.id } })).errors?.[0]?.extensions?.code).toBe('PERMISSION_DENIED');

    // the exhibitor may not read the host's convention, the host not the exhibitor's stand
    expect((await gql(f.exhibitorAdmin, STATS, { filter: { conventionId: f.convention.id } })).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await gql(f.hostAdmin, STATS, { filter: { standId: f.stand.id } })).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const stranger = await createOrganization(t.app.db, { suites: Package.BASIC | Package.EVENT });
    const strangerUser = await createUser(t.app.db);
    await addMember(t.app.db, stranger.id, strangerUser.id, { role: 'admin', isOwner: true });
    const live = `query($id: ID!) { liveVisitors(conventionId: $id) { now } }`;
    expect((await gql(strangerUser.id, live, { id: f.convention.id })).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await gql(strangerUser.id, STATS, { filter: { hallId: f.hall.id } })).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  it('a bad period is a field error in the user language, not a failure', async () => {
    const f = await fair();
    const res = await gql(f.hostAdmin, STATS, { filter: { from: '2026-03-10T00:00:00Z', to: '2026-03-01T00:00:00Z' } });
    expect(res.errors?.[0]?.extensions?.code).toBe('INVALID');
  });
});

describe('the page door (/analytics)', () => {
  it('shows the host the convention figures and the live funnel; another organisation\'s object is 404, a sales user and anonymous are sent away', async () => {
    const f = await fair();
    const now = new Date();
    for (const step of ['hall', 'stand'] as const) analytics.recordPageView(db(), { consent: true, path: f.paths[step], ip: GERMANY, userAgent: CHROME, at: now });
    await flush();
    await analytics.runAnalyticsJob(db(), { rawDays: 30, now });
    const shown = await callRoute(t, page.loader, { url: `/analytics?scope=convention:${f.convention.id}`, userId: f.hostAdmin });
    expect(shown.status).toBe(200);
    const data = shown.data as Awaited<ReturnType<typeof page.loader>>;
    expect(data.stats).toMatchObject({ scopeKind: 'convention', visitCount: 2, userVisits: 1 });
    expect(data.live).toMatchObject({ conventionId: f.convention.id, now: 1 });
    expect(data.scopes.map((s) => s.id)).toEqual(expect.arrayContaining([f.convention.id, f.hall.id]));

    const badPeriod = await callRoute(t, page.loader, { url: '/analytics?from=2026-03-10&to=2026-03-01', userId: f.hostAdmin });
    expect(badPeriod.status).toBe(200);
    expect((badPeriod.data as { filterError: string }).filterError).toMatch(/366/);

    expect((await callRoute(t, page.loader, { url: `/analytics?scope=stand:${f.stand.id}`, userId: f.hostAdmin })).status).toBe(404);
    const liveOther = await callRoute(t, livePage.loader, { url: `/analytics/live?conventionId=${f.convention.id}`, userId: f.exhibitorAdmin });
    expect((liveOther.data as { stands: { standId: string }[] }).stands.map((s) => s.standId)).toEqual([f.stand.id]);

    const salesUser = await createUser(t.app.db);
    await addMember(t.app.db, f.host.id, salesUser.id, { sales: true });
    const sales = await callRoute(t, page.loader, { url: '/analytics', userId: salesUser.id });
    expect(sales.status).toBe(302);
    const anonymous = await callRoute(t, page.loader, { url: '/analytics', userId: null });
    expect(anonymous.status).toBe(302);
    expect(anonymous.location).toMatch(/^\/login/);
  });
});

describe('the live funnel kept by the job', () => {
  const UK = '81.2.69.142';
  /** what live answers, as stand id → funnel steps */
  const funnelOf = async (userId: string, conventionId: string, now: Date) =>
    Object.fromEntries(
      (await analytics.liveVisitors(await t.serviceContext(userId), conventionId, now)).stands.map((s) => [s.standId, [s.hall, s.stand, s.room, s.infoPoint]]),
    );

  it('reads the counts of the job’s last run and adds what the visitors seen since changed, agreeing with today’s raw views', async () => {
    const f = await fair();
    const NOW = new Date('2026-03-12T12:00:00Z');
    const record = (ip: string, step: keyof typeof f.paths, minutesAgo: number) =>
      analytics.recordPageView(db(), { consent: true, path: f.paths[step], ip, userAgent: CHROME, at: new Date(NOW.getTime() - minutesAgo * 60_000) });
    // yesterday's views count for nothing today
    record(GERMANY, 'hall', 13 * 60);
    record(GERMANY, 'stand', 13 * 60 - 1);
    record(GERMANY, 'hall', 50);
    record(GERMANY, 'stand', 49);
    record(USA, 'hall', 48);
    record(JAPAN, 'hall', 47);
    record(JAPAN, 'otherStand', 46);
    await flush();
    await analytics.runAnalyticsJob(db(), { rawDays: 30, now: new Date(NOW.getTime() - 30 * 60_000) });
    const kept = await db()('analytics_funnel').where({ convention_id: f.convention.id, day: '2026-03-12' }).orderBy('visitors');
    expect(kept.map((r) => [r.stand_id, r.visitors, r.room, r.info])).toEqual(
      expect.arrayContaining([[null, 3, 0, 0], [f.stand.id, 1, 0, 0], [f.otherStand.id, 1, 0, 0]]),
    );
    expect(kept).toHaveLength(3);
    const before = { [f.stand.id]: [3, 1, 0, 0], [f.otherStand.id]: [3, 1, 0, 0] };
    expect(await funnelOf(f.hostAdmin, f.convention.id, new Date(NOW.getTime() - 30 * 60_000))).toEqual(before);

    // since the job ran: Germany enters the room and an info point (already at the stand: counts once), the USA
    // visitor comes to the stand, a new visitor walks hall -> stand, Japan comes back to the hall (counted already)
    record(GERMANY, 'room', 10);
    record(GERMANY, 'infopoint', 9);
    record(GERMANY, 'stand', 8);
    record(USA, 'stand', 8);
    record(UK, 'hall', 5);
    record(UK, 'stand', 4);
    record(JAPAN, 'hall', 3);
    await flush();
    const expected = { [f.stand.id]: [4, 3, 1, 1], [f.otherStand.id]: [4, 1, 0, 0] };
    expect(await funnelOf(f.hostAdmin, f.convention.id, NOW)).toEqual(expected);
    // the same as counting all of today's raw views (no counts of the job)
    await db()('analytics_funnel_marks').where({ day: '2026-03-12' }).delete();
    expect(await funnelOf(f.hostAdmin, f.convention.id, NOW)).toEqual(expected);
    // a later run counts everything itself; live still agrees, and the exhibitor sees its own stand only
    await analytics.runAnalyticsJob(db(), { rawDays: 30, now: NOW });
    expect(await funnelOf(f.hostAdmin, f.convention.id, NOW)).toEqual(expected);
    expect(await funnelOf(f.exhibitorAdmin, f.convention.id, NOW)).toEqual({ [f.stand.id]: [4, 3, 1, 1] });
    // counts of a run ahead of the moment asked for are not used (they could hold later views)
    expect(await funnelOf(f.hostAdmin, f.convention.id, new Date(NOW.getTime() - 30 * 60_000))).toEqual(before);
  });

  it('forgets earlier days’ counts, and no analytics write empties the visitor pages kept in memory', async () => {
    await analytics.runAnalyticsJob(db(), { rawDays: 30, now: new Date('2026-03-13T00:00:05Z') });
    expect(Number((await db()('analytics_funnel').where('day', '<', '2026-03-13').count({ n: '*' }))[0]!.n)).toBe(0);
    // just after midnight the job has nothing of the new day counted yet: its mark is the start of the day
    expect((await db()('analytics_funnel_marks').where({ day: '2026-03-13' }).first('through'))!.through).toEqual(new Date('2026-03-13T00:00:00Z'));
    // the recorder writes every second while a fair runs: a change trigger there would empty every kept page
    const watched = await db().raw(
      `select c.relname from pg_trigger g join pg_class c on c.oid = g.tgrelid where g.tgname = 'fp_data_changed' and c.relname like 'analytics%'`,
    );
    expect(watched.rows).toEqual([]);
  });
});
