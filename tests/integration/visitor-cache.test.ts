import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDb } from '#db/connection';
import { seedDemo } from '~/server/seed/demo';
import { createAppServices } from '~/server/app.server';
import type { AppServices } from '~/server/context.server';
import { listenForDataChanges, watchTables, type DataChanges } from '~/server/data-changes.server';
import { CACHE_HEADER, visitorCache } from '~/server/visitor-cache.server';
import { ACCESS_TOKEN_TTL_SECONDS } from '~/server/auth/jwt.server';
import { rememberedAudiences } from '~/server/pages/audience.server';
import { createTestApp, type TestApp } from '../helpers/app';
import { countStatements, createPageServer } from '../helpers/remix-pages';

/**
 * Issue 13: what anonymous visitors get (pages, GraphQL queries) is kept between data changes by each app instance,
 * and a change saved through one instance reaches every instance on the same PostgreSQL within a second; nobody
 * gets an answer made for someone else (a login, a token, a language, a cookie choice, a toast), and no mutation
 * is ever answered from the shelf.
 */

const CONVENTION = 'digitale-fachmesse-2026';
const HALL = 'demo-halle-maschinenbau';
const HALL_PATH = `/convention/${CONVENTION}/hall/${HALL}`;
const HALL_ROUTE = 'routes/convention.$conventionslug.hall.$hallslug';

interface Instance {
  app: AppServices;
  changes: DataChanges;
  url: string;
  close(): Promise<void>;
}

async function startInstance(app: AppServices, options: { audiences?: boolean } = {}): Promise<Instance> {
  const changes = listenForDataChanges(app.db);
  const audience = options.audiences ? rememberedAudiences(app, changes, { ttlMs: 60_000 }) : undefined;
  const server = await createPageServer(app, { visitorCache: visitorCache(changes, { ttlMs: 60_000, audience }) });
  await vi.waitFor(() => expect(changes.listening).toBe(true));
  return { app, changes, url: server.url, close: async () => Promise.all([server.close(), changes.close()]).then(() => undefined) };
}

interface Visit {
  status: number;
  cache: string | null;
  csp: string;
  nonce: string;
  hallTitle: string | undefined;
  language: string | undefined;
  user: unknown;
}

async function visit(instance: Instance, urlPath: string, headers: Record<string, string> = {}): Promise<Visit> {
  const res = await fetch(`${instance.url}${urlPath}`, { headers: { 'accept-language': 'en', ...headers }, redirect: 'manual' });
  const body = res.status === 200 ? ((await res.json()) as { nonce: string; loaderData: Record<string, { hall?: { title: string }; language?: string; user?: unknown }> }) : null;
  return {
    status: res.status,
    cache: res.headers.get(CACHE_HEADER),
    csp: res.headers.get('content-security-policy') ?? '',
    nonce: body?.nonce ?? '',
    hallTitle: body?.loaderData[HALL_ROUTE]?.hall?.title,
    language: body?.loaderData.root?.language,
    user: body?.loaderData.root?.user,
  };
}

/** how long a test waits for a change's notification to arrive */
const NOTIFIED = { timeout: 2000, interval: 20 };

const CONVENTION_QUERY = 'query($slug: String!) { conventionBySlug(slug: $slug) { title translation { title } stage { title } } }';

async function ask(instance: Instance, query: string, variables: Record<string, unknown>, headers: Record<string, string> = {}) {
  const res = await fetch(`${instance.url}/graphql/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json', 'accept-language': 'en', ...headers },
    body: JSON.stringify({ query, variables }),
  });
  return { status: res.status, cache: res.headers.get(CACHE_HEADER), body: (await res.json()) as { data?: Record<string, unknown>; errors?: unknown[] } };
}

const conventionTitle = async (instance: Instance, headers?: Record<string, string>) =>
  ((await ask(instance, CONVENTION_QUERY, { slug: CONVENTION }, headers)).body.data?.conventionBySlug as { translation: { title: string } }).translation.title;

async function renameConvention(db: AppServices['db'], title: string) {
  const convention = await db('conventions').where({ slug: CONVENTION }).first('id');
  await db('convention_translations').where({ convention_id: convention.id, language: 'EN' }).update({ title });
}

async function renameHall(db: AppServices['db'], title: string) {
  const hall = await db('halls').where({ slug: HALL }).first('id');
  await db('hall_translations').where({ hall_id: hall.id, language: 'EN' }).update({ title });
}

describe('page cache on PostgreSQL, two app instances', () => {
  let t: TestApp;
  let second: AppServices;
  let a: Instance;
  let b: Instance;

  beforeAll(async () => {
    vi.stubEnv('UPLOAD_DIR', `var/test-uploads/${process.pid}`);
    t = await createTestApp({ database: 'postgres' });
    await seedDemo(t.app.db, { force: false });
    await watchTables(t.app.db);
    // a second process's handle on the same database: its own pool, its own listening connection
    const connection = (t.app.db.client as { config: { connection: string } }).config.connection;
    second = await createAppServices(t.app.env, createDb({ databaseUrl: connection, pool: { min: 0, max: 2 } }));
    a = await startInstance(t.app);
    b = await startInstance(second);
    // the whole demo seed: about 15 s on an idle machine, over a minute on a loaded one (a guard, not a measure)
  }, 180_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await second?.db.destroy();
    await t?.close();
    fs.rmSync(path.resolve(`var/test-uploads/${process.pid}`), { recursive: true, force: true });
    vi.unstubAllEnvs();
  });

  it('keeps an anonymous visitor page, with a fresh CSP nonce in every answer', async () => {
    const first = await visit(a, HALL_PATH);
    const second = await visit(a, HALL_PATH);
    expect([first.status, first.cache, second.status, second.cache]).toEqual([200, 'miss', 200, 'hit']);
    expect(second.hallTitle).toBe(first.hallTitle);
    expect(second.nonce).not.toBe(first.nonce);
    for (const answer of [first, second]) expect(answer.csp).toContain(`'nonce-${answer.nonce}'`);
  });

  it('shows a hall saved through one instance on both instances within a second', async () => {
    await visit(a, HALL_PATH);
    await visit(b, HALL_PATH);
    expect((await visit(a, HALL_PATH)).cache).toBe('hit');
    expect((await visit(b, HALL_PATH)).cache).toBe('hit');

    await renameHall(second.db, 'Machine hall, renamed');
    for (const instance of [a, b]) {
      await expect.poll(async () => (await visit(instance, HALL_PATH)).hallTitle, { timeout: 1000, interval: 50 }).toBe('Machine hall, renamed');
    }
    await renameHall(t.app.db, 'Machine hall, renamed again');
    for (const instance of [b, a]) {
      await expect.poll(async () => (await visit(instance, HALL_PATH)).hallTitle, { timeout: 1000, interval: 50 }).toBe('Machine hall, renamed again');
    }
  });

  it('answers per language and cookie choice, and never from the shelf for a login, a toast or another cookie', async () => {
    await visit(a, HALL_PATH);
    const german = await visit(a, HALL_PATH, { 'accept-language': 'de-DE,de' });
    expect([german.language, (await visit(a, HALL_PATH)).language]).toEqual(['DE', 'EN']);
    expect((await visit(a, `${HALL_PATH}?lang=DE`)).language).toBe('DE');
    expect((await visit(a, HALL_PATH, { cookie: 'lng=DE' })).language).toBe('DE');
    const consented = await visit(a, HALL_PATH, { cookie: 'cookieConsent=all' });
    expect(consented.cache).toBe('miss');

    const visitor = await t.app.db('users').where({ email: 'visitor@demo.example' }).first('id');
    const cookie = await t.sessionCookie(visitor.id);
    for (let i = 0; i < 2; i += 1) {
      const loggedIn = await visit(a, HALL_PATH, { cookie });
      expect(loggedIn.cache).toBeNull();
      // visitor pages carry nothing personal in the root's answer (issue 26: they are shared per audience)
      expect(loggedIn.user).toBeNull();
    }
    expect((await visit(a, HALL_PATH)).user).toBeNull();
    expect((await visit(a, HALL_PATH, { cookie: 'toast=abc' })).cache).toBeNull();
    expect((await visit(a, HALL_PATH, { cookie: 'somethingElse=1' })).cache).toBeNull();
    expect((await visit(a, HALL_PATH, { authorization: 'Bearer x' })).cache).toBeNull();
  });

  it('keeps anonymous GraphQL queries and shows a change saved through the other instance within a second', async () => {
    const first = await ask(a, CONVENTION_QUERY, { slug: CONVENTION });
    const again = await ask(a, CONVENTION_QUERY, { slug: CONVENTION });
    expect([first.status, first.cache, again.status, again.cache]).toEqual([200, 'miss', 200, 'hit']);
    expect(again.body).toEqual(first.body);
    await ask(b, CONVENTION_QUERY, { slug: CONVENTION });

    await renameConvention(second.db, 'Digital Trade Fair, renamed');
    for (const instance of [a, b]) {
      await expect.poll(() => conventionTitle(instance), { timeout: 1000, interval: 50 }).toBe('Digital Trade Fair, renamed');
    }
    // German visitors get the German texts, not the English answer kept a moment ago
    expect(await conventionTitle(a, { 'accept-language': 'de' })).not.toBe('Digital Trade Fair, renamed');
  });

  it('answers GraphQL for logins, tokens and mutations itself', async () => {
    const visitor = await t.app.db('users').where({ email: 'visitor@demo.example' }).first('id');
    const withSession = { cookie: await t.sessionCookie(visitor.id) };
    const withToken = { authorization: `JWT ${await t.accessToken(visitor.id)}` };
    for (const headers of [withSession, withToken]) {
      for (let i = 0; i < 2; i += 1) expect((await ask(a, CONVENTION_QUERY, { slug: CONVENTION }, headers)).cache).toBeNull();
    }
    const me = 'query { me { email } }';
    expect((await ask(a, me, {}, withToken)).body.data).toEqual({ me: { email: 'visitor@demo.example' } });
    expect((await ask(a, me, {})).body.data).toEqual({ me: null });

    // an anonymous mutation answers 200 without errors (its error is in the payload), and is run every time
    const login = 'mutation($e: String!, $p: String!) { tokenCreate(email: $e, password: $p) { error { code } } }';
    for (let i = 0; i < 2; i += 1) {
      const answer = await ask(a, login, { e: 'visitor@demo.example', p: 'wrong password' });
      expect(answer.cache).toBe('miss');
      expect(answer.body.data).toEqual({ tokenCreate: { error: { code: 'INVALID_CREDENTIALS' } } });
    }
  });

  it('keeps no redirect and no page of a convention that needs a login', async () => {
    const fair = '/exhibition/demo-hausmesse';
    for (let i = 0; i < 2; i += 1) {
      const answer = await visit(a, fair);
      expect([answer.status, answer.cache]).toEqual([302, 'miss']);
    }
  });
});

describe('logged-in visitors share pages per audience (issue 26)', () => {
  let t: TestApp;
  let a: Instance;
  const LANDING = `/convention/${CONVENTION}`;
  const PARTNER = '/convention/partnertag-2026';

  beforeAll(async () => {
    vi.stubEnv('UPLOAD_DIR', `var/test-uploads/${process.pid}-audience`);
    t = await createTestApp({ database: 'postgres' });
    await seedDemo(t.app.db, { force: false });
    await watchTables(t.app.db);
    a = await startInstance(t.app, { audiences: true });
    // the whole demo seed: about 15 s on an idle machine, over a minute on a loaded one (a guard, not a measure)
  }, 180_000);
  afterAll(async () => {
    await a?.close();
    await t?.close();
    fs.rmSync(path.resolve(`var/test-uploads/${process.pid}-audience`), { recursive: true, force: true });
    vi.unstubAllEnvs();
  });

  /** A visitor without organisation, with a complete business card unless `card: false`. */
  async function visitor(name: string, options: { card?: boolean } = {}) {
    const [user] = await t.app
      .db('users')
      .insert({ email: `${name.toLowerCase()}-${Date.now()}@audience.example`, first_name: name, last_name: 'Besucher', password_hash: 'x', is_active: true, default_language: 'EN' })
      .returning(['id', 'email']);
    if (options.card !== false) {
      await t.app.db('addresses').insert({
        user_id: user.id,
        first_name: name,
        last_name: 'Besucher',
        company_name: `${name} GmbH`,
        street_address_1: 'Messeweg',
        house_no: '1',
        postal_code: '50679',
        city: 'Köln',
        country: 'DE',
        phone: '+49 221 5550199',
      });
    }
    return { ...user, cookie: await t.sessionCookie(user.id) };
  }

  const layoutViewer = (body: string) => (JSON.parse(body) as { loaderData: Record<string, { viewer?: unknown }> }).loaderData['routes/convention.$conventionslug']?.viewer;

  const page = async (urlPath: string, cookie: string, origin = a.url) => {
    const res = await fetch(`${origin}${urlPath}`, { headers: { 'accept-language': 'en', accept: 'text/html', cookie }, redirect: 'manual' });
    return { status: res.status, cache: res.headers.get(CACHE_HEADER), location: res.headers.get('location'), html: res.status === 200 ? await res.text() : '' };
  };

  it('hands one visitor the page made for another of the same audience, with nothing of the other in it', async () => {
    const vera = await visitor('Vera');
    const otto = await visitor('Otto');
    const first = await page(HALL_PATH, vera.cookie);
    const second = await page(HALL_PATH, otto.cookie);
    expect([first.status, first.cache, second.status, second.cache]).toEqual([200, 'miss', 200, 'hit']);
    for (const answer of [first, second]) {
      for (const who of [vera, otto]) {
        expect(answer.html).not.toContain(who.email);
        expect(answer.html).not.toContain(`${who.email.split('@')[0].split('-')[0]} GmbH`);
      }
      // logged in (the top bar offers the card and logout), the card itself not sent
      expect(layoutViewer(answer.html)).toEqual({ cardComplete: true, card: null });
    }
    // an anonymous visitor never gets the logged-in page
    expect(layoutViewer((await page(HALL_PATH, '')).html)).toBeNull();
  });

  it('never keeps the page that shows a visitor’s business card', async () => {
    const vera = await visitor('Vera');
    const otto = await visitor('Otto');
    const mine = await page(`${LANDING}?dialog=card`, vera.cookie);
    expect(mine.html).toContain(vera.email);
    const theirs = await page(`${LANDING}?dialog=card`, otto.cookie);
    expect([theirs.status, theirs.cache]).toEqual([200, 'miss']);
    expect(theirs.html).toContain(otto.email);
    expect(theirs.html).not.toContain(vera.email);
  });

  it('checks access for every request: a key holder’s page never reaches a visitor without one, and a suspension shuts the holder out at once', async () => {
    const holder = await visitor('Hanna');
    const other = await visitor('Olaf');
    const partner = await t.app.db('conventions').where({ slug: 'partnertag-2026' }).first('id', 'organization_id');
    const [permission] = await t.app
      .db('object_permissions')
      .insert({ user_id: holder.id, convention_id: partner.id, organization_id: partner.organization_id })
      .returning('id');
    expect((await page(PARTNER, holder.cookie)).status).toBe(200);
    expect((await page(PARTNER, holder.cookie)).cache).toBe('hit');
    const refused = await page(PARTNER, other.cookie);
    expect([refused.status, refused.location]).toEqual([302, `/token?next=${encodeURIComponent(PARTNER)}`]);
    // object_permissions changes empty no shelf (sign-ups are frequent): the audience carries the suspension, and the
    // holder's remembered audience is forgotten as the change commits (its notification)
    await t.app.db('object_permissions').where({ id: permission.id }).update({ suspended: true });
    await expect.poll(async () => (await page(PARTNER, holder.cookie)).location, NOTIFIED).toBe(`/token?next=${encodeURIComponent(PARTNER)}`);
    // a logged-out request with the holder's old cookie value tampered gets nothing kept
    expect((await page(PARTNER, `${holder.cookie}x`)).status).toBe(302);
  });

  it('shares the stand page between visitors who marked it and who did not; the mark comes apart, and marking empties no shelf (issue 27)', async () => {
    const vera = await visitor('Vera');
    const otto = await visitor('Otto');
    const stand = await t.app
      .db('hall_stands as hs')
      .join('halls as h', 'h.id', 'hs.hall_id')
      .where({ 'h.slug': HALL, 'hs.approved': true, 'hs.stand_accepted': true })
      .orderBy('hs.order')
      .first('hs.id', 'hs.slug');
    const STAND = `${HALL_PATH}/stand/${stand.slug}`;
    await t.app.db('stand_marks').insert({ hall_stand_id: stand.id, user_id: vera.id, convention_id: (await t.app.db('conventions').where({ slug: CONVENTION }).first('id')).id });
    const first = await page(STAND, vera.cookie);
    const second = await page(STAND, otto.cookie);
    expect([first.status, first.cache, second.cache]).toEqual([200, 'miss', 'hit']);
    // the shared page carries the toggle without anybody's mark (Vera's would be true)
    const STAND_ROUTE = `${HALL_ROUTE}.stand.$standslug`;
    for (const answer of [first, second]) {
      expect((JSON.parse(answer.html) as { loaderData: Record<string, { mark?: unknown }> }).loaderData[STAND_ROUTE]?.mark).toEqual({ hallStandId: stand.id, marked: null });
    }
    const mine = async (cookie: string) =>
      (await (await fetch(`${a.url}/resources/stand-mark?id=${stand.id}`, { headers: { cookie } })).json()) as { pressed: boolean | null };
    expect([await mine(vera.cookie), await mine(otto.cookie)]).toEqual([{ pressed: true }, { pressed: false }]);
    // Otto marks it: the kept page stays kept, his own answer changes at once
    await t.app.db('stand_marks').insert({ hall_stand_id: stand.id, user_id: otto.id, convention_id: (await t.app.db('conventions').where({ slug: CONVENTION }).first('id')).id });
    expect((await page(STAND, otto.cookie)).cache).toBe('hit');
    expect(await mine(otto.cookie)).toEqual({ pressed: true });
    // GraphQL answers with the viewer's own mark are never kept
    const marked = `query($c: String!, $h: String!, $s: String!) { fetchConventionStand(conventionSlug: $c, hallSlug: $h, standSlug: $s) { hallStand { marked } } }`;
    const token = { authorization: `JWT ${await t.accessToken(otto.id)}` };
    const vars = { c: CONVENTION, h: HALL, s: stand.slug };
    expect((await ask(a, marked, vars, token)).cache).toBe('miss');
    await t.app.db('stand_marks').where({ user_id: otto.id }).delete();
    const again = await ask(a, marked, vars, token);
    expect([again.cache, again.body.data]).toEqual(['miss', { fetchConventionStand: { hallStand: { marked: false } } }]);
  });

  it('keeps GraphQL answers per user: one user’s `me` never reaches another', async () => {
    const vera = await visitor('Vera');
    const otto = await visitor('Otto');
    const me = 'query { me { email } }';
    const veraToken = { authorization: `JWT ${await t.accessToken(vera.id)}` };
    const ottoToken = { authorization: `JWT ${await t.accessToken(otto.id)}` };
    expect((await ask(a, me, {}, veraToken)).cache).toBe('miss');
    const again = await ask(a, me, {}, veraToken);
    expect([again.cache, again.body.data]).toEqual(['hit', { me: { email: vera.email } }]);
    const others = await ask(a, me, {}, ottoToken);
    expect([others.cache, others.body.data]).toEqual(['miss', { me: { email: otto.email } }]);
    // a token that does not verify is answered by the API itself (its error), never from the shelf
    const broken = await ask(a, me, {}, { authorization: 'JWT not-a-token' });
    expect(broken.cache).toBeNull();
  });

  it('hands out a kept answer of a logged-in visitor without a statement while nothing of hers changes', async () => {
    const vera = await visitor('Vera');
    // her audience is read (two statements: the viewer, then the rest) and remembered
    const first = await countStatements(t, () => page(HALL_PATH, vera.cookie));
    expect(first.result.status).toBe(200);
    expect(first.count).toBeGreaterThanOrEqual(2);
    const kept = await countStatements(t, () => page(HALL_PATH, vera.cookie));
    expect(kept.result.cache).toBe('hit');
    expect(kept.count, kept.statements.join('\n')).toBe(0);
    // an integrator's client with a JWT: the same
    const token = { authorization: `JWT ${await t.accessToken(vera.id)}` };
    expect((await ask(a, CONVENTION_QUERY, { slug: CONVENTION }, token)).cache).toBe('miss');
    const answer = await countStatements(t, () => ask(a, CONVENTION_QUERY, { slug: CONVENTION }, token));
    expect(answer.result.cache).toBe('hit');
    expect(answer.count, answer.statements.join('\n')).toBe(0);
  });

  it('keeps a logged-in answer only when her audience, read afresh once it is made, is still the one it is kept under', async () => {
    const vera = await visitor('Vera');
    // the audience as read before the page is made, and as read afresh after: a key redeemed in between makes them differ
    let afresh = 'without the key';
    const changes = listenForDataChanges(t.app.db);
    const audience = async (_req: unknown, _kind: unknown, options?: { fresh?: boolean }) => (options?.fresh ? afresh : 'without the key');
    const server = await createPageServer(t.app, { visitorCache: visitorCache(changes, { ttlMs: 60_000, audience }) });
    try {
      await vi.waitFor(() => expect(changes.listening).toBe(true));
      const cache = async () => (await page(HALL_PATH, vera.cookie, server.url)).cache;
      afresh = 'with the key';
      expect([await cache(), await cache()]).toEqual(['miss', 'miss']);
      afresh = 'without the key';
      expect([await cache(), await cache()]).toEqual(['miss', 'hit']);
    } finally {
      await Promise.all([server.close(), changes.close()]);
    }
  });

  it('forgets a remembered audience when her permissions, business card, session or account change, and when her token expires', async () => {
    const vera = await visitor('Vera');
    const otto = await visitor('Otto');
    const partner = await t.app.db('conventions').where({ slug: 'partnertag-2026' }).first('id', 'organization_id');
    const layout = async (cookie: string) => layoutViewer((await page(HALL_PATH, cookie)).html);
    expect(await layout(vera.cookie)).toEqual({ cardComplete: true, card: null });
    // a key redeemed (an unwatched table): her next request is read afresh, with the permission; before, the
    // remembered audience has none (the key page), so the 200 below is the notification's doing
    const before = await page(PARTNER, vera.cookie);
    expect([before.status, before.location]).toEqual([302, expect.stringMatching(/^\/token\?next=/)]);
    await t.app.db('object_permissions').insert({ user_id: vera.id, convention_id: partner.id, organization_id: partner.organization_id });
    await expect.poll(async () => (await page(PARTNER, vera.cookie)).status, NOTIFIED).toBe(200);
    // her card emptied: the top bar asks for it again; Otto's remembered audience is untouched
    await t.app.db('addresses').where({ user_id: vera.id }).update({ phone: '' });
    await expect.poll(() => layout(vera.cookie), NOTIFIED).toEqual({ cardComplete: false, card: null });
    expect(await layout(otto.cookie)).toEqual({ cardComplete: true, card: null });
    // logged out elsewhere (her sessions removed): the cookie no longer gets a logged-in page
    await t.app.db('sessions').where({ user_id: vera.id }).delete();
    await expect.poll(() => layout(vera.cookie), NOTIFIED).toBeNull();
    // Otto's account deactivated
    await t.app.db('users').where({ id: otto.id }).update({ is_active: false });
    await expect.poll(() => layout(otto.cookie), NOTIFIED).toBeNull();
    // an access token is remembered until its expiry, not beyond
    const olga = await visitor('Olga');
    const token = { authorization: `JWT ${await t.accessToken(olga.id)}` };
    await ask(a, CONVENTION_QUERY, { slug: CONVENTION }, token);
    expect((await ask(a, CONVENTION_QUERY, { slug: CONVENTION }, token)).cache).toBe('hit');
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + (ACCESS_TOKEN_TTL_SECONDS + 1) * 1000 });
    try {
      const expired = await ask(a, CONVENTION_QUERY, { slug: CONVENTION }, token);
      expect([expired.status, expired.cache]).toEqual([401, null]);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('page cache on the embedded database', () => {
  let t: TestApp;
  let instance: Instance;

  beforeAll(async () => {
    vi.stubEnv('UPLOAD_DIR', `var/test-uploads/${process.pid}-pglite`);
    t = await createTestApp({ database: 'pglite' });
    await seedDemo(t.app.db, { force: false });
    await watchTables(t.app.db);
    instance = await startInstance(t.app);
    // the whole demo seed: about 15 s on an idle machine, over a minute on a loaded one (a guard, not a measure)
  }, 180_000);
  afterAll(async () => {
    await instance?.close();
    await t?.close();
    fs.rmSync(path.resolve(`var/test-uploads/${process.pid}-pglite`), { recursive: true, force: true });
    vi.unstubAllEnvs();
  });

  it('drops the kept pages when a write commits', async () => {
    await visit(instance, HALL_PATH);
    expect((await visit(instance, HALL_PATH)).cache).toBe('hit');
    await renameHall(t.app.db, 'Embedded hall');
    await expect.poll(async () => (await visit(instance, HALL_PATH)).hallTitle, { timeout: 1000, interval: 50 }).toBe('Embedded hall');
  });
});
