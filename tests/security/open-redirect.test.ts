import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRedirectAfterLoggingIn, redirectAfterLoggingIn } from '~/server/auth/redirect-cookie.server';
import * as loginRoute from '~/routes/_public.login';
import * as tokenRoute from '~/routes/_public.token';
import * as consentRoute from '~/routes/resources.cookie-consent';
import * as languageRoute from '~/routes/resources.language';
import * as switchRoute from '~/routes/resources.organization-switch';
import { refererPath, safeNext } from '~/server/guards.server';
import { createTestApp, type TestApp } from '../helpers/app';
import { callRoute, loadContext } from '../helpers/routes';
import { addMember, createOrganization, createUser } from '../fixtures/factories';
import { createRemixTestServer } from './remix-app';

/** Values that browsers (or a later hop that decodes) read as another host, or that carry what no path may. */
const NASTY = [
  '//evil.example',
  '/.//evil.example',
  '/./\\evil.example',
  '/\\evil.example',
  '/%2e//evil.example',
  '/%2E%2E//evil.example',
  '/a/../..//evil.example',
  '/..//evil.example',
  '/%2F%2Fevil.example',
  '/%2f/evil.example',
  '/%252F%252Fevil.example',
  '/.%2F/evil.example',
  '/%5Cevil.example',
  '/%5C%5Cevil.example',
  '/\t/evil.example',
  '/%09/evil.example',
  '/\n/evil.example',
  '/%00/x',
  '/\u0085/evil.example',
  'https://evil.example',
  'https:evil.example',
  'javascript:alert(1)',
  ' /events',
  'events',
  '',
];

describe('safeNext(): the one safe-path function', () => {
  it.each(NASTY)('refuses %j', (value) => {
    expect(safeNext(value, 'FALLBACK')).toBe('FALLBACK');
  });

  it('keeps real paths of this site, normalised', () => {
    expect(safeNext('/events?tab=halls#top')).toBe('/events?tab=halls#top');
    expect(safeNext('/convention/caf%C3%A9/hall/a')).toBe('/convention/caf%C3%A9/hall/a');
    expect(safeNext('/login?next=%2F%2Fevil.example')).toBe('/login?next=%2F%2Fevil.example');
    expect(safeNext('/events/./convention/../x')).toBe('/events/x');
    expect(safeNext('/')).toBe('/');
  });

  it('takes a Referer only from this origin, as a safe path', () => {
    const from = (referer: string) => refererPath(new Request('http://fair.test/resources/upload', { headers: { referer } }), 'FALLBACK');
    expect(from('http://fair.test/stand/x?tab=1')).toBe('/stand/x?tab=1');
    expect(from('http://fair.test/.//evil.example')).toBe('FALLBACK');
    expect(from('https://evil.example/stand/x')).toBe('FALLBACK');
    expect(from('not a url')).toBe('FALLBACK');
  });
});

describe('every redirect target from a request goes through it', () => {
  let t: TestApp;
  let remix: Awaited<ReturnType<typeof createRemixTestServer>>;
  beforeAll(async () => {
    t = await createTestApp();
    remix = await createRemixTestServer(t, { 'routes/resources.cookie-consent': { path: 'resources/cookie-consent', module: consentRoute } });
  });
  afterAll(async () => {
    await remix.close();
    await t.close();
  });

  it('POST /resources/cookie-consent with redirectTo=/.//evil.example goes home, also over HTTP', async () => {
    const res = await fetch(`${remix.url}/resources/cookie-consent`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: remix.url },
      body: new URLSearchParams({ consent: 'true', redirectTo: '/.//evil.example' }).toString(),
    });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/');
  });

  it('the language switch, login, token page and remembered target refuse the same values', async () => {
    const visitor = await createUser(t.app.db);
    for (const value of ['/.//evil.example', '/%2F%2Fevil.example', '/\\evil.example']) {
      const consent = await callRoute(t, consentRoute.action, { url: '/resources/cookie-consent', form: { consent: 'false', redirectTo: value } });
      expect(consent.location, value).toBe('/');
      const language = await callRoute(t, languageRoute.action, { url: '/resources/language', form: { language: 'EN', redirectTo: value } });
      expect(language.location, value).toBe('/');

      const login = await callRoute(t, loginRoute.loader, { url: `/login?next=${encodeURIComponent(value)}` });
      expect((login.data as { next: string | null }).next, value).toBeNull();
      const token = await callRoute(t, tokenRoute.loader, { url: `/token?next=${encodeURIComponent(value)}`, userId: visitor.id });
      expect((token.data as { next: string }).next, value).toBe('');

      const cookie = await redirectAfterLoggingIn.serialize(value);
      expect(await readRedirectAfterLoggingIn(new Request('http://localhost/login', { headers: { cookie: cookie.split(';')[0] } })), value).toBeNull();
    }
  });

  it('a login posted with redirectTo=/.//evil.example lands on a path of this site', async () => {
    const user = await createUser(t.app.db, { password: 'a long enough passphrase' });
    const res = await callRoute(t, loginRoute.action, {
      url: '/login',
      form: { email: user.email, password: 'a long enough passphrase', redirectTo: '/.//evil.example' },
    });
    expect(res).toMatchObject({ status: 302, location: '/' });
  });

  it("the organisation switch goes back to the Referer's path only when it is a safe path of this site", async () => {
    const user = await createUser(t.app.db);
    const org = await createOrganization(t.app.db);
    await addMember(t.app.db, org.id, user.id);
    const denied = async (referer: string) => {
      const request = new Request('http://localhost/resources/organization-switch', {
        method: 'POST',
        headers: { cookie: await t.sessionCookie(user.id), referer, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ organizationId: '00000000-0000-4000-8000-000000000000' }).toString(),
      });
      const context = await loadContext(t, request);
      const res = (await switchRoute.action({ request, context, params: {} })) as Response;
      return res.headers.get('location');
    };
    expect(await denied('http://localhost/.//evil.example')).toBe('/');
    expect(await denied('http://localhost/events?tab=halls')).toBe('/events?tab=halls');
    expect(await denied('https://evil.example/events')).toBe('/');
  });
});
