import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as loginRoute from '~/routes/_public.login';
import * as logoutRoute from '~/routes/logout';
import * as consentRoute from '~/routes/resources.cookie-consent';
import * as languageRoute from '~/routes/resources.language';
import * as uploadRoute from '~/routes/resources.upload';
import { isCrossOrigin } from '~/server/csrf.server';
import { createTestApp, type TestApp } from '../helpers/app';
import { createUser } from '../fixtures/factories';
import { createRemixTestServer } from './remix-app';

let t: TestApp;
let remix: Awaited<ReturnType<typeof createRemixTestServer>>;
beforeAll(async () => {
  t = await createTestApp();
  remix = await createRemixTestServer(t, {
    'routes/resources.language': { path: 'resources/language', module: languageRoute },
    'routes/resources.cookie-consent': { path: 'resources/cookie-consent', module: consentRoute },
    'routes/resources.upload': { path: 'resources/upload', module: uploadRoute },
    'routes/_public.login': { path: 'login', module: loginRoute },
    'routes/logout': { path: 'logout', module: logoutRoute },
  });
});
afterAll(async () => {
  await remix.close();
  await t.close();
});

const storedLanguage = async (userId: string) => (await t.app.db('users').where({ id: userId }).first('default_language')).default_language;

function postForm(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return fetch(`${remix.url}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en', ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

describe('isCrossOrigin()', () => {
  const own = new Set(['http://fair.test', 'https://messe.example']);
  const none = { origin: null, secFetchSite: null, referer: null };

  it('accepts our own origins, same-origin fetches and requests that carry no browser signal at all', () => {
    expect(isCrossOrigin({ ...none, origin: 'http://fair.test' }, own)).toBe(false);
    expect(isCrossOrigin({ ...none, origin: 'https://messe.example', secFetchSite: 'same-origin' }, own)).toBe(false);
    expect(isCrossOrigin({ ...none, secFetchSite: 'same-origin' }, own)).toBe(false);
    expect(isCrossOrigin({ ...none, secFetchSite: 'none' }, own)).toBe(false);
    expect(isCrossOrigin({ ...none, referer: 'http://fair.test/convention/x' }, own)).toBe(false);
    expect(isCrossOrigin(none, own)).toBe(false);
  });

  it('refuses a foreign or opaque Origin, a cross-site fetch and, without Origin, a foreign Referer', () => {
    expect(isCrossOrigin({ ...none, origin: 'https://evil.example' }, own)).toBe(true);
    expect(isCrossOrigin({ ...none, origin: 'null' }, own)).toBe(true);
    expect(isCrossOrigin({ ...none, origin: 'http://fair.test.evil.example' }, own)).toBe(true);
    expect(isCrossOrigin({ ...none, origin: 'https://fair.test' }, own)).toBe(true);
    expect(isCrossOrigin({ ...none, secFetchSite: 'cross-site' }, own)).toBe(true);
    expect(isCrossOrigin({ ...none, secFetchSite: 'same-site' }, own)).toBe(true);
    expect(isCrossOrigin({ ...none, origin: 'http://fair.test', secFetchSite: 'cross-site' }, own)).toBe(true);
    expect(isCrossOrigin({ ...none, referer: 'https://evil.example/page' }, own)).toBe(true);
    expect(isCrossOrigin({ ...none, referer: 'not a url' }, own)).toBe(true);
  });
});

describe('resource routes and page actions (the page door)', () => {
  it('a cross-origin POST to /resources/language is refused with 403 and changes nothing', async () => {
    const user = await createUser(t.app.db, { default_language: 'DE' });
    const cookie = await t.sessionCookie(user.id);
    const foreign: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
      { referer: 'https://evil.example/attack.html' },
    ];
    for (const signals of foreign) {
      const res = await postForm('/resources/language', { language: 'EN', redirectTo: '/' }, { cookie, ...signals });
      expect(res.status, JSON.stringify(signals)).toBe(403);
      expect(res.headers.get('set-cookie'), JSON.stringify(signals)).toBeNull();
      expect(await res.text()).toBe('This form was sent from another website and has not been accepted.');
    }
    expect(await storedLanguage(user.id)).toBe('DE');
  });

  it('the same form from our own pages (Origin ours, or no browser signal) still works without JavaScript', async () => {
    const user = await createUser(t.app.db, { default_language: 'DE' });
    const cookie = await t.sessionCookie(user.id);
    const own = await postForm('/resources/language', { language: 'EN', redirectTo: '/events' }, { cookie, origin: remix.url, 'sec-fetch-site': 'same-origin' });
    expect(own.status).toBe(302);
    expect(own.headers.get('location')).toBe('/events');
    expect(await storedLanguage(user.id)).toBe('EN');
    const plain = await postForm('/resources/language', { language: 'DE', redirectTo: '/' }, { cookie });
    expect(plain.status).toBe(302);
    expect(await storedLanguage(user.id)).toBe('DE');
  });

  it('refuses the cookie choice, uploads and page actions from another site with 403, not 500', async () => {
    const consent = await postForm('/resources/cookie-consent', { consent: 'true', redirectTo: '/' }, { origin: 'https://evil.example' });
    expect(consent.status).toBe(403);
    expect(consent.headers.get('set-cookie')).toBeNull();

    const user = await createUser(t.app.db);
    const cookie = await t.sessionCookie(user.id);
    const upload = new FormData();
    upload.append('file', new Blob([fs.readFileSync('public/favicon.svg')], { type: 'image/svg+xml' }), 'x.svg');
    const uploaded = await fetch(`${remix.url}/resources/upload`, { method: 'POST', headers: { cookie, origin: 'https://evil.example' }, body: upload });
    expect(uploaded.status).toBe(403);
    expect(await t.app.db('files').where({ uploaded_by_id: user.id }).first()).toBeUndefined();

    // a document POST and Remix's single-fetch POST to a page action: Remix's own check answered these with 500
    const login = await postForm('/login', { email: 'a@b.example', password: 'x' }, { origin: 'https://evil.example' });
    expect(login.status).toBe(403);
    const logout = await postForm('/logout.data', {}, { cookie, origin: 'https://evil.example' });
    expect(logout.status).toBe(403);
    expect(await t.app.db('sessions').where({ user_id: user.id }).first()).toBeDefined();
  });

  it('answers in the visitor language', async () => {
    const res = await postForm('/resources/cookie-consent', { consent: 'true' }, { origin: 'https://evil.example', 'accept-language': 'de-DE' });
    expect(await res.text()).toBe('Dieses Formular wurde von einer anderen Website gesendet und nicht angenommen.');
  });
});

describe('cookie-authenticated GraphQL (the other door)', () => {
  const PERSIST = 'mutation Persist($language: String!) { persistDefaultLanguage(language: $language) { language error { code } } }';

  it("needs the session's own CSRF token: not any value, not another session's, not a same-origin Origin alone", async () => {
    const user = await createUser(t.app.db, { default_language: 'DE' });
    const { cookie, 'x-csrf-token': token } = await t.sessionHeaders(user.id);
    const other = await t.sessionHeaders((await createUser(t.app.db)).id);
    const refused: Record<string, string>[] = [
      { cookie },
      { cookie, 'x-csrf-token': '1' },
      { cookie, 'x-csrf-token': other['x-csrf-token'] },
      { cookie, origin: t.url },
      { cookie, 'sec-fetch-site': 'same-origin' },
      { cookie, 'x-csrf-token': token, origin: 'https://evil.example' },
    ];
    for (const headers of refused) {
      const res = await t.graphql(PERSIST, { language: 'EN' }, { headers: { ...headers, 'accept-language': 'en' } });
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(res.body.errors?.[0].extensions?.code).toBe('JWT_INVALID_CSRF_TOKEN');
    }
    expect(await storedLanguage(user.id)).toBe('DE');

    const ok = await t.graphql(PERSIST, { language: 'EN' }, { headers: { cookie, 'x-csrf-token': token, origin: t.url } });
    expect(ok.body.data).toEqual({ persistDefaultLanguage: { language: 'EN', error: null } });
    expect(await storedLanguage(user.id)).toBe('EN');
  });

  it('checks multipart uploads the same way', async () => {
    const user = await createUser(t.app.db);
    const { cookie, 'x-csrf-token': token } = await t.sessionHeaders(user.id);
    const upload = (headers: Record<string, string>) => {
      const body = new FormData();
      body.append('operations', JSON.stringify({ query: 'mutation($file: Upload!) { uploadFile(file: $file) { error { code } } }', variables: { file: null } }));
      body.append('map', JSON.stringify({ 0: ['variables.file'] }));
      body.append('0', new Blob([fs.readFileSync('public/favicon.svg')], { type: 'image/svg+xml' }), 'x.svg');
      return fetch(`${t.url}/graphql/`, { method: 'POST', headers: { accept: 'application/json', ...headers }, body });
    };
    expect((await upload({ cookie, 'x-csrf-token': 'anything' })).status).toBe(403);
    expect((await upload({ cookie, origin: t.url })).status).toBe(403);
    const accepted = await upload({ cookie, 'x-csrf-token': token });
    expect(accepted.status).toBe(200);
    expect(((await accepted.json()) as { errors?: unknown }).errors).toBeUndefined();
  });

  it("hands the session's token to GraphiQL, whose fetcher sends it", async () => {
    const user = await createUser(t.app.db);
    const { cookie, 'x-csrf-token': token } = await t.sessionHeaders(user.id);
    const page = await (await fetch(`${t.url}/graphql/`, { headers: { accept: 'text/html', cookie } })).text();
    expect(page).toContain(`data-csrf-token="${token}"`);
    const anonymous = await (await fetch(`${t.url}/graphql/`, { headers: { accept: 'text/html' } })).text();
    expect(anonymous).not.toContain('data-csrf-token');
  });
});
