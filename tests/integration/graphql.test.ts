import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import { getIntrospectionQuery } from 'graphql';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSchema, graphqlHandler } from '#graphql/server';
import { createTestApp, type TestApp } from '../helpers/app';
import { createUser } from '../fixtures/factories';
import { expectConsoleError } from '../setup/console';

type Body = { data?: Record<string, unknown> | null; errors?: { message: string; extensions?: Record<string, unknown> }[] };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DEFAULT_LANGUAGE = '{ defaultLanguage }';
const PERSIST = 'mutation Persist($language: String!) { persistDefaultLanguage(language: $language) { language error { code field message } errors { code } } }';

async function post(body: unknown, headers: Record<string, string> = {}, path = '/graphql/') {
  const res = await fetch(`${t.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Body };
}

async function storedLanguage(userId: string): Promise<string> {
  const row = await t.app.db('users').where({ id: userId }).first('default_language');
  return row.default_language;
}

describe('JWT authentication', () => {
  it('lets a valid token act as its user, with JWT and with Bearer', async () => {
    const user = await createUser(t.app.db, { default_language: 'DE' });
    const token = await t.accessToken(user.id);
    const before = await t.graphql(DEFAULT_LANGUAGE, {}, { headers: { authorization: `JWT ${token}` } });
    expect(before.body.data).toEqual({ defaultLanguage: 'DE' });

    const persisted = await t.graphql(PERSIST, { language: 'EN' }, { headers: { authorization: `JWT ${token}` } });
    expect(persisted.body.data).toEqual({ persistDefaultLanguage: { language: 'EN', error: null, errors: [] } });

    const after = await t.graphql(DEFAULT_LANGUAGE, {}, { headers: { authorization: `Bearer ${token}` } });
    expect(after.status).toBe(200);
    expect(after.body.data).toEqual({ defaultLanguage: 'EN' });
  });

  it('answers an expired token with UNAUTHENTICATED and the reason, so clients refresh', async () => {
    const user = await createUser(t.app.db);
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ email: user.email, org: null, features: 0, type: 'access' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(user.id)
      .setIssuedAt(now - 600)
      .setExpirationTime(now - 300)
      .sign(new TextEncoder().encode(t.app.env.jwtSecret));

    const res = await t.graphql(DEFAULT_LANGUAGE, {}, { headers: { authorization: `JWT ${expired}`, 'accept-language': 'de-DE' } });
    expect(res.status).toBe(401);
    expect(res.body.data).toBeUndefined();
    expect(res.body.errors).toEqual([
      { message: 'Bitte melden Sie sich an, um fortzufahren', extensions: { code: 'UNAUTHENTICATED', reason: 'JWT_SIGNATURE_EXPIRED' } },
    ]);

    // legacy clients asking for application/json get a 200 with the same error
    const legacy = await post({ query: DEFAULT_LANGUAGE }, { authorization: `JWT ${expired}`, accept: 'application/json' });
    expect(legacy.status).toBe(200);
    expect(legacy.body.errors?.[0].extensions).toEqual({ code: 'UNAUTHENTICATED', reason: 'JWT_SIGNATURE_EXPIRED' });
  });

  it('tells a malformed token and a forged one apart', async () => {
    const garbage = await post({ query: DEFAULT_LANGUAGE }, { authorization: 'JWT not-a-token' });
    expect(garbage.status).toBe(401);
    expect(garbage.body.errors?.[0].extensions).toEqual({ code: 'UNAUTHENTICATED', reason: 'JWT_DECODE_ERROR' });

    const user = await createUser(t.app.db);
    const forged = await new SignJWT({ email: user.email, org: null, features: 0, type: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('another-secret-that-is-long-enough'));
    const res = await post({ query: DEFAULT_LANGUAGE }, { authorization: `Bearer ${forged}` });
    expect(res.body.errors?.[0].extensions).toEqual({ code: 'UNAUTHENTICATED', reason: 'JWT_INVALID_TOKEN' });
  });

  it('makes an anonymous call to a protected mutation a top-level UNAUTHENTICATED error', async () => {
    const res = await t.graphql(PERSIST, { language: 'EN' });
    expect(res.status).toBe(200);
    expect(res.body.data).toBeNull();
    expect(res.body.errors?.[0]).toMatchObject({ path: ['persistDefaultLanguage'], extensions: { code: 'UNAUTHENTICATED' } });
  });
});

describe('CSRF protection of cookie sessions', () => {
  it("rejects a cookie-authenticated mutation without the session's X-CSRF-Token, and runs nothing", async () => {
    const user = await createUser(t.app.db, { default_language: 'DE' });
    const cookie = await t.sessionCookie(user.id);
    const res = await post({ query: PERSIST, variables: { language: 'EN' } }, { cookie });
    expect(res.status).toBe(403);
    expect(res.body.errors).toEqual([
      {
        message: 'Mutationen mit Cookie-Anmeldung müssen von dieser Website kommen und das CSRF-Token der Sitzung im Header X-CSRF-Token mitsenden.',
        extensions: { code: 'JWT_INVALID_CSRF_TOKEN' },
      },
    ]);
    const foreign = await post({ query: PERSIST, variables: { language: 'EN' } }, { cookie, origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(await storedLanguage(user.id)).toBe('DE');
  });

  it("runs it with the session's token, also from our own origin", async () => {
    const user = await createUser(t.app.db, { default_language: 'DE' });
    const headers = await t.sessionHeaders(user.id);
    const withHeader = await post({ query: PERSIST, variables: { language: 'EN' } }, headers);
    expect(withHeader.body.data).toMatchObject({ persistDefaultLanguage: { language: 'EN', error: null } });
    expect(await storedLanguage(user.id)).toBe('EN');

    const sameOrigin = await post({ query: PERSIST, variables: { language: 'DE' } }, { ...headers, origin: t.url });
    expect(sameOrigin.body.data).toMatchObject({ persistDefaultLanguage: { language: 'DE' } });
    expect(await storedLanguage(user.id)).toBe('DE');
  });

  it('needs nothing for queries with cookies or for JWT mutations', async () => {
    const user = await createUser(t.app.db, { default_language: 'DE' });
    const query = await post({ query: DEFAULT_LANGUAGE }, { cookie: await t.sessionCookie(user.id) });
    expect(query.body).toEqual({ data: { defaultLanguage: 'DE' } });
    const token = await t.accessToken(user.id);
    const mutation = await post({ query: PERSIST, variables: { language: 'EN' } }, { authorization: `JWT ${token}` });
    expect(mutation.body.data).toMatchObject({ persistDefaultLanguage: { language: 'EN' } });
  });
});

describe('query limits', () => {
  it('rejects too many aliases before running anything', async () => {
    const user = await createUser(t.app.db, { default_language: 'DE' });
    const token = await t.accessToken(user.id);
    const fields = Array.from({ length: 31 }, (_, i) => `a${i}: persistDefaultLanguage(language: "EN") { language }`);
    const res = await post({ query: `mutation { ${fields.join(' ')} }` }, { authorization: `JWT ${token}` });
    expect(res.status).toBe(400);
    expect(res.body.data).toBeUndefined();
    expect(res.body.errors?.map((e) => e.extensions?.code)).toEqual(['QUERY_TOO_MANY_ALIASES']);
    expect(res.body.errors?.[0].message).toBe('Die Abfrage verwendet zu viele Aliase (höchstens 30).');
    expect(await storedLanguage(user.id)).toBe('DE');
  });

  it('rejects a document with too many tokens while parsing', async () => {
    const query = `{ ${Array.from({ length: 6000 }, () => 'apiVersion').join(' ')} }`;
    const res = await post({ query }, { 'accept-language': 'en' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ message: 'The query is too long (at most 5000 tokens).', extensions: { code: 'QUERY_TOO_LONG', limit: 5000 } }]);
  });

  it('refuses a document that repeats one field thousands of times before graphql-js compares them pairwise', async () => {
    const query = `{ ${Array.from({ length: 3000 }, () => 'apiVersion').join(' ')} }`;
    const res = await post({ query }, { 'accept-language': 'de' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      {
        message: 'Die Abfrage wiederholt dieselben Felder zu oft (höchstens 1000 Paare gleichnamiger Felder).',
        locations: [{ line: 1, column: 1 }],
        extensions: { code: 'QUERY_TOO_MANY_REPEATS', limit: 1000 },
      },
    ]);
  });

  it('translates graphql-js giving up on a document with too many errors', async () => {
    const query = `{ ${Array.from({ length: 150 }, (_, i) => `unknown${i}`).join(' ')} }`;
    const res = await post({ query }, { 'accept-language': 'de' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveLength(101);
    expect(res.body.errors?.at(-1)).toEqual({
      message: 'Die Abfrage konnte nicht geprüft werden: Sie wiederholt zu viele Felder oder enthält zu viele Fehler.',
      extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
    });
  });

  it('accepts the standard introspection query (GraphiQL, codegen)', async () => {
    const res = await post({ query: getIntrospectionQuery({ descriptions: true, inputValueDeprecation: true }) });
    expect(res.status).toBe(200);
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data).toHaveProperty('__schema.queryType.name', 'Query');
  });

  describe('with tighter limits on the same app', () => {
    let server: Server;
    let url: string;
    beforeAll(async () => {
      const app = express();
      app.all('/graphql', graphqlHandler(t.app, buildSchema(t.app.env.rootDir), { limits: { maxDepth: 2, maxCost: 20 }, maxBodyBytes: 2000 }));
      server = await new Promise((resolve) => {
        const s = app.listen(0, '127.0.0.1', () => resolve(s));
      });
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('rejects a too deep mutation without running it', async () => {
      const user = await createUser(t.app.db, { default_language: 'DE' });
      const token = await t.accessToken(user.id);
      const direct = await fetch(`${url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `JWT ${token}` },
        body: JSON.stringify({ query: PERSIST, variables: { language: 'EN' } }),
      });
      expect(direct.status).toBe(200);
      const body = (await direct.json()) as Body;
      expect(body.errors?.map((e) => e.extensions?.code)).toEqual(['QUERY_TOO_DEEP']);
      expect(body.errors?.[0].message).toBe('Die Abfrage ist zu tief verschachtelt (höchstens 2 Ebenen).');
      expect(await storedLanguage(user.id)).toBe('DE');
    });

    it('rejects a too costly query', async () => {
      const res = await fetch(`${url}/graphql?query=${encodeURIComponent('{ countryCodes { code country } }')}`, {
        headers: { accept: 'application/graphql-response+json', 'accept-language': 'en' },
      });
      expect(res.status).toBe(400);
      const body = (await res.json()) as Body;
      expect(body.errors).toEqual([
        { message: 'The query is too complex (cost 21, at most 20).', locations: [{ line: 1, column: 1 }], extensions: { code: 'QUERY_TOO_COMPLEX', limit: 20, actual: 21 } },
      ]);
    });

    it('refuses a body larger than allowed', async () => {
      const res = await fetch(`${url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ query: '{ apiVersion }', variables: { padding: 'x'.repeat(3000) } }),
      });
      expect(res.status).toBe(413);
    });
  });
});

describe('error masking', () => {
  it('hides an unexpected failure behind the generic message and logs it', async () => {
    const user = await createUser(t.app.db);
    const token = await t.accessToken(user.id);
    await t.app.db.schema.renameTable('users', 'users_away');
    try {
      expectConsoleError();
      const res = await post({ query: PERSIST, variables: { language: 'EN' } }, { authorization: `JWT ${token}` });
      // loading the viewer fails before any resolver: the request itself fails
      expect(res.status).toBe(500);
      expect(JSON.stringify(res.body)).not.toContain('users');
      expect(res.body.errors?.[0].extensions).toEqual({ code: 'INTERNAL_SERVER_ERROR' });
    } finally {
      await t.app.db.schema.renameTable('users_away', 'users');
    }
  });
});

describe('GraphiQL', () => {
  it('serves the GraphiQL page to a browser and its bundle from our origin', async () => {
    const res = await fetch(`${t.url}/graphql/`, { headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8', 'accept-language': 'de' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    const html = await res.text();
    expect(html).toContain('<html lang="de">');
    expect(html).toContain('GraphiQL – API von Fairplatform');
    const script = /<script type="module" src="(\/graphql\/assets\/graphiql-[^"]+\.js)"><\/script>/.exec(html)?.[1];
    const style = /<link rel="stylesheet" href="(\/graphql\/assets\/graphiql-[^"]+\.css)">/.exec(html)?.[1];
    expect(script).toBeTruthy();
    expect(style).toBeTruthy();
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");

    const js = await fetch(`${t.url}${script}`);
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toMatch(/javascript/);
    expect((await js.text()).length).toBeGreaterThan(100_000);
    const css = await fetch(`${t.url}${style}`);
    expect(css.status).toBe(200);
  }, 60_000);

  it('still executes GET queries for API clients', async () => {
    const res = await fetch(`${t.url}/graphql/?query=${encodeURIComponent('{ apiVersion }')}`, { headers: { accept: 'application/json' } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { apiVersion: '1' } });
    const mutation = await fetch(`${t.url}/graphql/?query=${encodeURIComponent('mutation { ping }')}`, { headers: { accept: 'application/json' } });
    expect(mutation.status).toBe(405);
  });
});
