import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDb } from '#db/connection';
import { seedDemo } from '~/server/seed/demo';
import { createAppServices } from '~/server/app.server';
import type { AppServices } from '~/server/context.server';
import { listenForDataChanges, watchTables, type DataChanges } from '~/server/data-changes.server';
import { CACHE_HEADER, visitorCache } from '~/server/visitor-cache.server';
import { createTestApp, type TestApp } from '../helpers/app';
import { createPageServer } from '../helpers/remix-pages';

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

async function startInstance(app: AppServices): Promise<Instance> {
  const changes = listenForDataChanges(app.db);
  const server = await createPageServer(app, { visitorCache: visitorCache(changes, { ttlMs: 60_000 }) });
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
  });
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
      expect(loggedIn.user).toMatchObject({ email: 'visitor@demo.example' });
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

describe('page cache on the embedded database', () => {
  let t: TestApp;
  let instance: Instance;

  beforeAll(async () => {
    vi.stubEnv('UPLOAD_DIR', `var/test-uploads/${process.pid}-pglite`);
    t = await createTestApp({ database: 'pglite' });
    await seedDemo(t.app.db, { force: false });
    await watchTables(t.app.db);
    instance = await startInstance(t.app);
  });
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
