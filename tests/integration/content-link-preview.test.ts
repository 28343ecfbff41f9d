import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Package } from '~/lib/features';
import { createTestApp, type TestApp } from '../helpers/app';
import { addMember, createContentGroup, createOrganization, createUser } from '../fixtures/factories';

/**
 * BOOKMARK previews read from a local page: allowed with LINK_PREVIEW=any (the tests' setting), refused as a
 * loopback address with the default `public`. Whatever goes wrong, the bookmark is saved with an empty preview.
 */
const PAGE = `<!doctype html><html><head><title>Fallback</title>
<meta property="og:title" content="Produktblatt &amp; Preise">
<meta property="og:description" content="  Alles über   die Maschine ">
<meta property="og:image" content="/bilder/maschine.jpg">
</head><body><meta property="og:title" content="ignored"></body></html>`;

let site: http.Server;
let siteUrl: string;
const requests: string[] = [];

beforeAll(async () => {
  site = http.createServer((req, res) => {
    requests.push(req.url ?? '');
    if (req.url === '/page') return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
    if (req.url === '/redirect') return res.writeHead(302, { location: '/page' }).end();
    if (req.url === '/loop') return res.writeHead(302, { location: '/loop' }).end();
    if (req.url === '/to-file') return res.writeHead(302, { location: 'file:///etc/passwd' }).end();
    if (req.url === '/big') {
      res.writeHead(200, { 'content-type': 'text/html' });
      return res.end(`<html><head><meta property="og:title" content="Big">${' '.repeat(600 * 1024)}</head></html>`);
    }
    if (req.url === '/json') return res.writeHead(200, { 'content-type': 'application/json' }).end('{"og:title":"x"}');
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => site.close(() => resolve())));

async function editor(t: TestApp) {
  const org = await createOrganization(t.app.db, { suites: Package.BASIC });
  const user = await createUser(t.app.db, { default_language: 'EN' });
  await addMember(t.app.db, org.id, user.id, { role: 'admin', isOwner: true });
  const group = await createContentGroup(t.app.db, { organization_id: org.id });
  const headers = { Authorization: `JWT ${await t.accessToken(user.id)}` };
  return async (value: string) => {
    const res = await t.graphql<{ contentObjectCreate: { contentObject: Record<string, unknown>; error: unknown } }>(
      `mutation($g: ID!, $v: String!) { contentObjectCreate(groupId: $g, type: BOOKMARK, input: { value: $v }) {
        contentObject { value ogTitle ogDescription ogImage } error { code } } }`,
      { g: group.id, v: value },
      { headers },
    );
    return res.body.data!.contentObjectCreate;
  };
}

describe('BOOKMARK previews with LINK_PREVIEW=any', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { LINK_PREVIEW: 'any' } });
  });
  afterAll(() => t.close());

  it('fills og_title, og_description and og_image (absolute) from the page, also after a redirect', async () => {
    const save = await editor(t);
    const expected = {
      ogTitle: 'Produktblatt & Preise',
      ogDescription: 'Alles über die Maschine',
      ogImage: `${siteUrl}/bilder/maschine.jpg`,
    };
    expect(await save(`${siteUrl}/page`)).toEqual({ contentObject: { value: `${siteUrl}/page`, ...expected }, error: null });
    expect((await save(`${siteUrl}/redirect`)).contentObject).toMatchObject(expected);
  });

  it('a page too large, not HTML, missing, redirecting in circles or to another scheme saves with an empty preview', async () => {
    const save = await editor(t);
    const empty = { ogTitle: null, ogDescription: null, ogImage: null };
    for (const path of ['/big', '/json', '/missing', '/loop', '/to-file']) {
      expect(await save(`${siteUrl}${path}`), path).toEqual({ contentObject: { value: `${siteUrl}${path}`, ...empty }, error: null });
    }
    expect(requests.filter((r) => r === '/loop').length).toBe(4);
  });
});

describe('BOOKMARK previews with the default (public addresses only)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { LINK_PREVIEW: 'public' } });
  });
  afterAll(() => t.close());

  it('never requests a loopback address; the bookmark is saved without a preview', async () => {
    const save = await editor(t);
    const before = requests.length;
    for (const url of [`${siteUrl}/page`, `http://localhost:${new URL(siteUrl).port}/page`, `http://[::1]:${new URL(siteUrl).port}/page`]) {
      expect(await save(url)).toEqual({ contentObject: { value: url, ogTitle: null, ogDescription: null, ogImage: null }, error: null });
    }
    expect(requests.length).toBe(before);
  });
});
