import http from 'node:http';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Package } from '~/lib/features';
import * as conventionPage from '~/routes/_console.events.convention.$slug/route';
import * as eventsPage from '~/routes/_console.events._index';
import * as loginRoute from '~/routes/_public.login';
import * as languageRoute from '~/routes/resources.language';
import * as uploadRoute from '~/routes/resources.upload';
import { sessionCookie } from '~/server/session.server';
import { createTestApp, type TestApp } from '../helpers/app';
import { callRoute, loadContext } from '../helpers/routes';
import { addMember, createConvention, createOrganization, createUser } from '../fixtures/factories';
import { createRemixTestServer } from './remix-app';

let t: TestApp;
let remix: Awaited<ReturnType<typeof createRemixTestServer>>;
beforeAll(async () => {
  t = await createTestApp();
  remix = await createRemixTestServer(t, {
    'routes/_public.login': { path: 'login', module: loginRoute },
    'routes/resources.language': { path: 'resources/language', module: languageRoute },
    'routes/resources.upload': { path: 'resources/upload', module: uploadRoute },
  });
});
afterAll(async () => {
  await remix.close();
  await t.close();
});

/** Announces a body over the limit and sends only its start: the answer comes before the body is read. */
function declaredTooLarge(path: string, cookie: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${remix.url}${path}`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'multipart/form-data; boundary=XX', 'content-length': String(100 * 1024 * 1024) },
    });
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
      req.destroy();
    });
    req.on('error', reject);
    req.write('--XX\r\n');
  });
}

const BROKEN_MULTIPART = '--XX\r\nContent-Disposition: form-data; name="email"\r\n\r\nno closing boundary';

async function organiser() {
  const org = await createOrganization(t.app.db, { suites: Package.BASIC | Package.EVENT });
  const user = await createUser(t.app.db, { default_language: 'EN' });
  await addMember(t.app.db, org.id, user.id, { role: 'admin', isOwner: true });
  return { org, user };
}

describe('bodies that are no readable form: 400 / 413 / 415, never 500', () => {
  const post = (path: string, headers: Record<string, string>, body?: string) =>
    fetch(`${remix.url}${path}`, { method: 'POST', redirect: 'manual', headers: { 'accept-language': 'en', ...headers }, body });

  it('page actions and resource routes refuse wrong or missing content types with 415', async () => {
    for (const path of ['/login', '/login.data', '/resources/language']) {
      for (const type of [null, 'text/plain', 'application/json', 'application/xml']) {
        const res = await post(path, type ? { 'content-type': type } : {}, type === 'application/json' ? '{"email":"a"}' : 'email=a');
        expect(res.status, `${path} ${type}`).toBe(415);
      }
    }
    const text = await (await post('/login', { 'content-type': 'application/json', 'accept-language': 'de' }, '{}')).text();
    expect(text).toBe('Diese Adresse nimmt nur Formulare an (application/x-www-form-urlencoded oder multipart/form-data).');
  });

  it('multipart without a boundary or with a broken body is a 400', async () => {
    expect((await post('/login', { 'content-type': 'multipart/form-data' }, 'x')).status).toBe(400);
    expect((await post('/login', { 'content-type': 'multipart/form-data; boundary=XX' }, BROKEN_MULTIPART)).status).toBe(400);
    expect((await post('/login.data', { 'content-type': 'multipart/form-data; boundary=XX' }, 'garbage')).status).toBe(400);
  });

  it('/resources/upload: a non-multipart upload is a 415, a broken one a 400, a declared body over the limit a 413', async () => {
    const { user } = await organiser();
    const cookie = await t.sessionCookie(user.id);
    expect((await post('/resources/upload', { cookie, 'content-type': 'application/x-www-form-urlencoded' }, 'file=x')).status).toBe(415);
    expect((await post('/resources/upload', { cookie, 'content-type': 'application/octet-stream' }, 'x')).status).toBe(415);
    const broken =
      '--XX\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n\x1a\n0000';
    expect((await post('/resources/upload', { cookie, 'content-type': 'multipart/form-data; boundary=XX' }, broken)).status).toBe(400);
    expect((await post('/resources/upload', { cookie, 'content-type': 'multipart/form-data; boundary=XX' }, '--XX\r\n\r\nvalue\r\n--XX--\r\n')).status).toBe(400);
    expect(await declaredTooLarge('/resources/upload', cookie)).toBe(413);
    expect(await declaredTooLarge('/resources/language', cookie)).toBe(413);
    expect(await t.app.db('files').where({ uploaded_by_id: user.id }).first()).toBeUndefined();
  });

  it('the route helper itself answers 415 and 400 when a route is called without the check in front', async () => {
    const call = async (headers: Record<string, string>, body: string) => {
      const request = new Request('http://localhost/login', { method: 'POST', headers, body });
      const context = await loadContext(t, request);
      try {
        return ((await loginRoute.action({ request, context, params: {} })) as Response).status;
      } catch (thrown) {
        if (thrown instanceof Response) return thrown.status;
        throw thrown;
      }
    };
    expect(await call({ 'content-type': 'text/plain' }, 'x')).toBe(415);
    expect(await call({ 'content-type': 'multipart/form-data; boundary=XX' }, BROKEN_MULTIPART)).toBe(400);
  });
});

describe('strings with NUL bytes, lone surrogates or absurd lengths are refused before the database', () => {
  it('page forms: a field error in the user language (INVALID), nothing stored', async () => {
    const { user } = await organiser();
    const reply = await callRoute(t, eventsPage.action, { url: '/events', userId: user.id, form: { intent: 'createConvention', name: 'Messe\u0000Köln' } });
    expect(reply.status).toBe(400);
    expect(reply.data).toMatchObject({ form: 'createConvention', result: { error: { name: ['This field contains characters that are not allowed'] } } });
    const long = await callRoute(t, eventsPage.action, { url: '/events', userId: user.id, form: { intent: 'createConvention', name: 'x'.repeat(100_001) } });
    expect(long.data).toMatchObject({ result: { error: { name: ['Please enter at most 100000 characters'] } } });
    expect(await t.app.db('conventions').where('title', 'like', 'Messe%Köln').first()).toBeUndefined();

    const login = await callRoute(t, loginRoute.action, { url: '/login', form: { email: 'a\u0000@example.com', password: 'x' } });
    expect(login.status).toBe(400);
    expect(JSON.stringify(login.data)).toContain('This field contains characters that are not allowed');
  });

  describe('GraphQL variables and string literals', () => {
    const CREATE = 'mutation($input: CreateByNameInput!) { conventionCreateByName(input: $input) { convention { id } error { code } } }';

    it('refuses NUL bytes, lone surrogates, huge strings and deep nesting in variables with a 400 and code INVALID', async () => {
      const { user } = await organiser();
      const headers = { authorization: `JWT ${await t.accessToken(user.id)}`, 'accept-language': 'en' };
      const cases: [unknown, string][] = [
        [{ input: { name: 'Messe\u0000' } }, 'The variable "input.name" contains characters that are not allowed (NUL bytes or unpaired surrogates).'],
        [{ input: { name: 'Messe \ud800' } }, 'The variable "input.name" contains characters that are not allowed (NUL bytes or unpaired surrogates).'],
        [{ input: { name: 'x'.repeat(100_001) } }, 'The variable "input.name" is too long (at most 100000 characters).'],
        [{ input: { name: 'ok', ['bad\u0000key']: 1 } }, 'The variable "input.bad\u0000key" contains characters that are not allowed (NUL bytes or unpaired surrogates).'],
      ];
      for (const [variables, message] of cases) {
        const res = await t.graphql(CREATE, variables as Record<string, unknown>, { headers });
        expect(res.status).toBe(400);
        expect(res.body.errors).toEqual([{ message, extensions: { code: 'INVALID', variable: expect.any(String) } }]);
      }
      let deep: unknown = 'x';
      for (let i = 0; i < 40; i++) deep = [deep];
      const nested = await t.graphql(CREATE, { input: { name: deep } }, { headers });
      expect(nested.status).toBe(400);
      expect(nested.body.errors?.[0].extensions?.code).toBe('INVALID');
      expect(await t.app.db('conventions').where({ organization_id: (await t.app.db('organization_members').where({ user_id: user.id }).first()).organization_id }).first()).toBeUndefined();
    });

    it('answers in the request language, and like every request error with 200 for application/json', async () => {
      const res = await fetch(`${t.url}/graphql/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', 'accept-language': 'de' },
        body: JSON.stringify({ query: CREATE, variables: { input: { name: 'a\u0000' } } }),
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({
        errors: [{ message: 'Die Variable „input.name“ enthält unzulässige Zeichen (NUL-Bytes oder einzelne Surrogate).', extensions: { code: 'INVALID', variable: 'input.name' } }],
      });
    });

    it('refuses the same in string literals of the document', async () => {
      const { user } = await organiser();
      const res = await t.graphql('mutation { conventionCreateByName(input: { name: "Messe\\u0000" }) { error { code } } }', {}, {
        headers: { authorization: `JWT ${await t.accessToken(user.id)}`, 'accept-language': 'en' },
      });
      expect(res.status).toBe(400);
      expect(res.body.errors?.[0]).toMatchObject({
        message: 'A string in the query contains characters that are not allowed (NUL bytes or unpaired surrogates).',
        extensions: { code: 'INVALID' },
      });
    });
  });
});

describe('dates outside 1900-2200 are a field error INVALID in both doors', () => {
  it('GraphQL: +275760-09-13 and the year 1 are INVALID at their field', async () => {
    const { org, user } = await organiser();
    const convention = await createConvention(t.app.db, { organization_id: org.id });
    const UPDATE = 'mutation($id: ID!, $input: ConventionUpdateInput!) { conventionUpdate(id: $id, input: $input) { convention { startDate } error { code field message } } }';
    const headers = { authorization: `JWT ${await t.accessToken(user.id)}`, 'accept-language': 'en' };
    for (const startDate of ['+275760-09-13', '0001-01-01T00:00:00Z', '2201-01-01T00:00:00Z']) {
      const res = await t.graphql(UPDATE, { id: convention.id, input: { startDate } }, { headers });
      expect(res.body.data, startDate).toEqual({ conventionUpdate: { convention: null, error: { code: 'INVALID', field: 'startDate', message: 'Please enter a valid date' } } });
    }
    const ok = await t.graphql(UPDATE, { id: convention.id, input: { startDate: '2026-05-04T07:00:00.000Z' } }, { headers });
    expect(ok.body.data).toMatchObject({ conventionUpdate: { convention: { startDate: '2026-05-04T07:00:00.000Z' }, error: null } });
  });

  it('pages: the convention settings form shows the error at the date', async () => {
    const { org, user } = await organiser();
    const convention = await createConvention(t.app.db, { organization_id: org.id });
    const res = await callRoute(t, conventionPage.action, {
      url: `/events/convention/${convention.slug}`,
      userId: user.id,
      params: { slug: convention.slug },
      form: { intent: 'settings', title: 'Messe', startDate: '9999-05-04T09:00', endDate: '', permissionType: 'PUBLIC' },
    });
    expect(res.status).toBe(400);
    expect(res.data).toMatchObject({ form: 'settings', result: { error: { startDate: ['Please enter a valid date'] } } });
    expect((await t.app.db('conventions').where({ id: convention.id }).first()).start_date).toBeNull();
  });
});

describe('identities that are not UUIDs are nobody, not a 500', () => {
  it('a signed access token whose subject is not a UUID is UNAUTHENTICATED (JWT_INVALID_TOKEN)', async () => {
    for (const sub of ['admin', '------------------------------------', "1' or '1'='1"]) {
      const token = await new SignJWT({ email: 'x@example.com', org: null, features: 0, type: 'access' })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(sub)
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(new TextEncoder().encode(t.app.env.jwtSecret));
      const res = await t.graphql('{ me { id } }', {}, { headers: { authorization: `JWT ${token}` } });
      expect(res.status, sub).toBe(401);
      expect(res.body.errors?.[0].extensions).toEqual({ code: 'UNAUTHENTICATED', reason: 'JWT_INVALID_TOKEN' });
    }
  });

  it('a correctly signed session cookie that holds no UUID is an anonymous visitor', async () => {
    const cookie = (await sessionCookie(t.app.env).serialize('------------------------------------')).split(';')[0];
    const res = await t.graphql('{ me { id } }', {}, { headers: { cookie } });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ me: null });
  });
});

describe('addresses with NUL bytes, lone surrogates or broken percent sequences are a 400 before any route', () => {
  const paths = ['/convention/%00', '/login?next=%00', '/convention/%ED%A0%80', '/convention/%E0%A4%A', '/files/%00'];
  it.each(paths)('%s: GET and POST answer 400 in the visitor language', async (path) => {
    for (const method of ['GET', 'POST']) {
      const res = await fetch(`${remix.url}${path}`, {
        method,
        redirect: 'manual',
        headers: { 'accept-language': 'de', 'content-type': 'application/x-www-form-urlencoded', origin: remix.url },
        body: method === 'POST' ? 'a=b' : undefined,
      });
      expect(res.status, `${method} ${path}`).toBe(400);
      expect(await res.text()).toMatch(/Adresse/);
    }
  });

  it('GraphQL GET with a NUL byte in the query string is a 400 as well', async () => {
    const res = await fetch(`${t.url}/graphql/?query=${encodeURIComponent('{ languages { code } }')}%00`);
    expect(res.status).toBe(400);
  });

  it('ordinary addresses with encoded umlauts and spaces still pass', async () => {
    const res = await fetch(`${remix.url}/login?next=${encodeURIComponent('/convention/groß messe')}`, { redirect: 'manual' });
    expect(res.status).toBe(200);
  });
});
