import crypto from 'node:crypto';
import { createElement, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { Outlet } from '@remix-run/react';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom/server';
import type { RouteObject } from 'react-router-dom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { up as neutraliseLinks } from '#db/migrations/0011_safe_links';
import * as root from '~/root';
import * as editOrganisation from '~/routes/_console.edit-organisation';
import * as conventionPage from '~/routes/_console.events.convention.$slug/route';
import * as exhibitionPage from '~/routes/_console.events.exhibition.$exhibitionSlug';
import * as standPage from '~/routes/_console.stand.$slug';
import * as conventionLayout from '~/routes/convention.$conventionslug';
import * as conventionLanding from '~/routes/convention.$conventionslug._index';
import * as infopoint from '~/routes/convention.$conventionslug.infopoint';
import * as exhibitionLayout from '~/routes/exhibition.$slug';
import * as exhibitionLanding from '~/routes/exhibition.$slug._index';
import * as exhibitionPrivacy from '~/routes/exhibition.$slug.privacy';
import { createRequestI18n } from '~/server/i18n.server';
import { createTestApp, type TestApp } from '../helpers/app';
import { callRoute, type RouteFn } from '../helpers/routes';
import { eventsWorld, image } from '../integration/events-halls-world';

/**
 * Issue 11, finding 6: `javascript:` and other schemes in URL fields. Every link field takes web addresses
 * (http, https) only, the foyer's links also e-mail addresses (saved as mailto:), through GraphQL and the page
 * forms alike; links stored before the rule are cleared by a migration, and the visitor pages check them again.
 */

const HTTP_ONLY = 'Please enter a web address starting with https:// or http://';
const HTTP_OR_MAILTO = 'Please enter a web address (starting with https://) or an e-mail address';

/** Links no field may keep: other schemes, disguised schemes, credentials before the host, control characters. */
const HOSTILE = [
  'javascript:alert(document.cookie)',
  '  JavaScript:alert(1)',
  'java\nscript:alert(1)',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  '//evil.example/path',
  'https://bank.example@evil.example/login',
  'https://shop.example/\u0007x',
  'https://shop.example/\u202egnp.exe',
];

let t: TestApp;
let w: Awaited<ReturnType<typeof eventsWorld>>;
let auth: Record<string, string>;

const rand = () => crypto.randomBytes(4).toString('hex');

beforeAll(async () => {
  t = await createTestApp();
  w = await eventsWorld(t);
  auth = { authorization: `JWT ${await t.accessToken(w.owner.id)}` };
});
afterAll(() => t.close());

type Payload = { error: { code: string; field: string; message: string } | null } & Record<string, unknown>;

async function mutate(mutation: string, field: string, variables: Record<string, unknown>): Promise<Payload> {
  const { body } = await t.graphql<Record<string, Payload>>(mutation, variables, { headers: auth });
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  return body.data![field];
}

async function standOfHost(): Promise<{ id: string; slug: string }> {
  const [stand] = await t.app.db('base_stands').insert({ organization_id: w.host.id, name: 'Stand', slug: `stand-${rand()}` }).returning(['id', 'slug']);
  return stand;
}

async function exhibitionOfHost(standId: string | null = null): Promise<{ id: string; slug: string }> {
  const [exhibition] = await t.app
    .db('exhibitions')
    .insert({ organization_id: w.host.id, name: 'Hausmesse', slug: `fair-${rand()}`, permission_type: 'PUBLIC', stand_id: standId })
    .returning(['id', 'slug']);
  return exhibition;
}

async function foyerOfConvention(): Promise<string> {
  const imageId = await image(t, w.owner.id, 400, 200);
  await t.app.db('files').where({ id: imageId }).update({ is_public: true });
  await t.app.db('conventions').where({ id: w.convention.id }).update({ navigation_mode: 'IMAGE_FOYER' });
  const [foyer] = await t.app
    .db('image_foyers')
    .insert({ organization_id: w.host.id, convention_id: w.convention.id, image_id: imageId })
    .onConflict('convention_id')
    .merge()
    .returning('id');
  return foyer.id as string;
}

describe('GraphQL: every link field refuses other schemes with INVALID in the viewer language', () => {
  const ORG = `mutation ($id: ID!, $input: OrganizationUpdateInput!) { organizationUpdate(id: $id, input: $input) { error { code field message } } }`;
  const STAND = `mutation ($id: ID!, $input: BaseStandUpdateInput!) { baseStandUpdate(id: $id, input: $input) { error { code field message } } }`;
  const NODE = `mutation ($standId: ID!, $input: StandNodeCreateInput!) { standNodeCreate(standId: $standId, input: $input) { error { code field message } } }`;
  const FAIR = `mutation ($id: ID!, $input: ExhibitionUpdateInput!) { exhibitionUpdate(id: $id, input: $input) { error { code field message } } }`;
  const FOYER = `mutation ($id: ID!, $point: FoyerPointInput!) { imageFoyerAddPoint(imageFoyerId: $id, point: $point) { point { link } error { code field message } } }`;
  const CONVENTION = `mutation ($id: ID!, $input: ConventionUpdateInput!) { conventionUpdate(id: $id, input: $input) { error { code field message } } }`;

  it('organisation: support, homepage and data privacy links', async () => {
    for (const field of ['supportUrl', 'homepageUrl', 'dataPrivacyUrl']) {
      for (const link of HOSTILE) {
        const result = await mutate(ORG, 'organizationUpdate', { id: w.host.id, input: { [field]: link } });
        expect(result.error, `${field} = ${JSON.stringify(link)}`).toEqual({ code: 'INVALID', field, message: HTTP_ONLY });
      }
      expect((await mutate(ORG, 'organizationUpdate', { id: w.host.id, input: { [field]: ' https://host.example/help ' } })).error).toBeNull();
    }
    const row = await t.app.db('organizations').where({ id: w.host.id }).first('support_url', 'homepage_url', 'data_privacy_url');
    expect(row).toEqual({ support_url: 'https://host.example/help', homepage_url: 'https://host.example/help', data_privacy_url: 'https://host.example/help' });
  });

  it('stand: shop and chat links, and the address of an embedded view', async () => {
    const stand = await standOfHost();
    for (const field of ['shopUrl', 'chatUrl']) {
      for (const link of HOSTILE) {
        const result = await mutate(STAND, 'baseStandUpdate', { id: stand.id, input: { [field]: link } });
        expect(result.error, `${field} = ${JSON.stringify(link)}`).toEqual({ code: 'INVALID', field, message: HTTP_ONLY });
      }
    }
    for (const link of HOSTILE) {
      const result = await mutate(NODE, 'standNodeCreate', { standId: stand.id, input: { type: 'IFRAME', iframe: link } });
      expect(result.error, JSON.stringify(link)).toEqual({ code: 'INVALID', field: 'iframe', message: HTTP_ONLY });
    }
    expect((await mutate(NODE, 'standNodeCreate', { standId: stand.id, input: { type: 'IFRAME', iframe: 'https://embed.example/x' } })).error).toBeNull();
    expect(await t.app.db('stand_nodes').where({ stand_id: stand.id }).pluck('iframe')).toEqual(['https://embed.example/x']);
  });

  it('in-house fair: the meeting link; convention: the welcome video', async () => {
    const fair = await exhibitionOfHost();
    for (const link of HOSTILE) {
      expect((await mutate(FAIR, 'exhibitionUpdate', { id: fair.id, input: { meeting: link } })).error).toEqual({ code: 'INVALID', field: 'meeting', message: HTTP_ONLY });
      expect((await mutate(CONVENTION, 'conventionUpdate', { id: w.convention.id, input: { video: link } })).error).toMatchObject({ code: 'INVALID', field: 'video' });
    }
    expect((await mutate(FAIR, 'exhibitionUpdate', { id: fair.id, input: { meeting: 'https://meet.example/room' } })).error).toBeNull();
  });

  it('foyer points: a web address or an e-mail address, which is saved as mailto:', async () => {
    const foyerId = await foyerOfConvention();
    for (const link of HOSTILE) {
      const result = await mutate(FOYER, 'imageFoyerAddPoint', { id: foyerId, point: { x: 10, y: 10, targetType: 'LINK', link } });
      expect(result.error, JSON.stringify(link)).toEqual({ code: 'INVALID', field: 'link', message: HTTP_OR_MAILTO });
    }
    const mail = await mutate(FOYER, 'imageFoyerAddPoint', { id: foyerId, point: { x: 10, y: 10, targetType: 'LINK', link: ' info@host.example ' } });
    expect(mail).toEqual({ point: { link: 'mailto:info@host.example' }, error: null });
    const web = await mutate(FOYER, 'imageFoyerAddPoint', { id: foyerId, point: { x: 20, y: 10, targetType: 'LINK', link: 'https://shop.example' } });
    expect(web).toEqual({ point: { link: 'https://shop.example' }, error: null });
  });

  it('answers in the viewer language', async () => {
    const res = await fetch(`${t.url}/graphql/?lang=de`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ query: ORG, variables: { id: w.host.id, input: { supportUrl: 'javascript:alert(1)' } } }),
    });
    const body = (await res.json()) as { data: Record<string, Payload> };
    expect(body.data.organizationUpdate.error).toEqual({
      code: 'INVALID',
      field: 'supportUrl',
      message: 'Bitte geben Sie eine Webadresse ein, die mit https:// oder http:// beginnt',
    });
  });
});

describe('page forms: the same rule, shown at the field', () => {
  const fieldErrors = (res: { status: number; data: unknown }) => {
    expect(res.status).toBe(400);
    return (res.data as { result?: { error?: Record<string, string[]> } }).result?.error ?? (res.data as { error?: Record<string, string[]> }).error;
  };

  it('organisation profile', async () => {
    for (const field of ['supportUrl', 'homepageUrl', 'dataPrivacyUrl']) {
      const res = await callRoute(t, editOrganisation.action, {
        url: '/edit-organisation',
        userId: w.owner.id,
        form: { intent: 'update', name: 'Host Organisation', [field]: 'javascript:alert(1)' },
      });
      expect(fieldErrors(res)?.[field]).toEqual([HTTP_ONLY]);
    }
  });

  it('stand settings and embedded views', async () => {
    const stand = await standOfHost();
    const post = (form: Record<string, string>) => callRoute(t, standPage.action, { url: `/stand/${stand.slug}`, userId: w.owner.id, params: { slug: stand.slug }, form });
    for (const link of HOSTILE) {
      const res = await post({ intent: 'settings', name: 'Stand', shop: 'on', shopUrl: link, chatUrl: link });
      expect(fieldErrors(res), JSON.stringify(link)).toMatchObject({ shopUrl: [HTTP_ONLY], chatUrl: [HTTP_ONLY] });
      expect(fieldErrors(await post({ intent: 'addNode', type: 'IFRAME', language: 'DE', iframe: link }))).toMatchObject({ iframe: [HTTP_ONLY] });
    }
    expect(await t.app.db('base_stands').where({ id: stand.id }).first('shop_url', 'chat_url')).toEqual({ shop_url: '', chat_url: '' });
    expect(await t.app.db('stand_nodes').where({ stand_id: stand.id }).pluck('id')).toEqual([]);
  });

  it('in-house fair settings', async () => {
    const fair = await exhibitionOfHost();
    const res = await callRoute(t, exhibitionPage.action, {
      url: `/events/exhibition/${fair.slug}`,
      userId: w.owner.id,
      params: { exhibitionSlug: fair.slug },
      form: { intent: 'settings', name: 'Hausmesse', permissionType: 'PUBLIC', meeting: 'data:text/html,<script>alert(1)</script>' },
    });
    expect(fieldErrors(res)).toMatchObject({ meeting: [HTTP_ONLY] });
  });

  it('foyer points of the convention page', async () => {
    await foyerOfConvention();
    const slug = w.convention.slug;
    const post = (form: Record<string, string>) => callRoute(t, conventionPage.action, { url: `/events/convention/${slug}`, userId: w.owner.id, params: { slug }, form });
    expect(fieldErrors(await post({ intent: 'addPoint', x: '10', y: '20', link: 'javascript:alert(1)' }))).toMatchObject({ link: [HTTP_OR_MAILTO] });
    expect(await post({ intent: 'addPoint', x: '10', y: '20', link: 'messe@host.example' })).toMatchObject({ status: 302 });
    expect(await t.app.db('foyer_points').where({ link: 'mailto:messe@host.example' }).first('id')).toBeTruthy();
  });
});

describe('links stored before the rule', () => {
  interface Level {
    id: string;
    module: { loader?: RouteFn; default?: unknown };
    /** layouts whose own markup is not under test render just their outlet */
    outletOnly?: boolean;
  }

  /** Renders a visitor page as the server would: each route's real loader, then the route components in a data router. */
  async function renderPage(url: string, params: Record<string, string>, levels: Level[]): Promise<string> {
    const data: unknown[] = [];
    for (const level of levels) {
      const res = await callRoute(t, level.module.loader, { url, params, userId: null });
      expect(res.status, level.id).toBe(200);
      data.push(res.data);
    }
    let route: RouteObject | undefined;
    for (let i = levels.length - 1; i >= 0; i -= 1) {
      const level = levels[i]!;
      const Component = (level.outletOnly ? Outlet : level.module.default) as ComponentType;
      const loaded = data[i] as object | null;
      route = route
        ? { id: level.id, loader: () => loaded, Component, children: [route] }
        : { id: level.id, path: '*', loader: () => loaded, Component };
    }
    const handler = createStaticHandler([route!]);
    const context = await handler.query(new Request(`http://localhost${url}`));
    if (context instanceof Response) throw new Error(`unexpected response ${context.status}`);
    const router = createStaticRouter(handler.dataRoutes, context);
    const i18n = await createRequestI18n('EN');
    return renderToStaticMarkup(createElement(I18nextProvider, { i18n }, createElement(StaticRouterProvider, { router, context, hydrate: false })));
  }

  const ROOT: Level = { id: 'root', module: root, outletOnly: true };
  const hostile = 'javascript:alert(document.domain)';

  /** A public in-house fair and convention whose every link was saved as `javascript:` before the rule. */
  async function storedHostileLinks() {
    const db = t.app.db;
    const stand = await standOfHost();
    await db('base_stands').where({ id: stand.id }).update({ shop: true, shop_url: hostile, chat_url: hostile });
    await db('stand_nodes').insert({ organization_id: w.host.id, stand_id: stand.id, type: 'IFRAME', language: 'EN', iframe: hostile });
    const fair = await exhibitionOfHost(stand.id);
    await db('exhibitions').where({ id: fair.id }).update({ meeting: hostile });
    await db('organizations').where({ id: w.host.id }).update({ support_url: hostile, homepage_url: hostile, data_privacy_url: hostile });
    const foyerId = await foyerOfConvention();
    await db('foyer_points').insert({ organization_id: w.host.id, foyer_id: foyerId, x: 50, y: 50, target_type: 'LINK', link: hostile });
    await db('foyer_points').insert({ organization_id: w.host.id, foyer_id: foyerId, x: 60, y: 50, target_type: 'LINK', link: 'https://foyer.example/' });
    return { stand, fair, foyerId };
  }

  function expectNoHostileLink(html: string, page: string) {
    expect(html.length, page).toBeGreaterThan(500);
    expect(html, page).not.toMatch(/javascript:/i);
  }

  it('are not put into href or src by the visitor pages', async () => {
    const { fair, stand } = await storedHostileLinks();
    const fairHtml = await renderPage(`/exhibition/${fair.slug}`, { slug: fair.slug }, [
      ROOT,
      { id: 'routes/exhibition.$slug', module: exhibitionLayout },
      { id: 'routes/exhibition.$slug._index', module: exhibitionLanding },
    ]);
    expectNoHostileLink(fairHtml, 'in-house fair with its stand');
    // the same page shows links that are web addresses
    await t.app.db('base_stands').where({ id: stand.id }).update({ chat_url: 'https://chat.example/room' });
    await t.app.db('exhibitions').where({ id: fair.id }).update({ meeting: 'https://meet.example/room' });
    const fairWithLinks = await renderPage(`/exhibition/${fair.slug}`, { slug: fair.slug }, [
      ROOT,
      { id: 'routes/exhibition.$slug', module: exhibitionLayout },
      { id: 'routes/exhibition.$slug._index', module: exhibitionLanding },
    ]);
    expect(fairWithLinks).toContain('href="https://chat.example/room"');
    expect(fairWithLinks.match(/href="https:\/\/meet\.example\/room"/g)).toHaveLength(2);

    const privacyHtml = await renderPage(`/exhibition/${fair.slug}/privacy`, { slug: fair.slug }, [
      ROOT,
      { id: 'routes/exhibition.$slug', module: exhibitionLayout },
      { id: 'routes/exhibition.$slug.privacy', module: exhibitionPrivacy },
    ]);
    expectNoHostileLink(privacyHtml, 'data policy');

    const slug = w.convention.slug;
    const conventionLevels = (leaf: Level) => [ROOT, { id: 'routes/convention.$conventionslug', module: conventionLayout, outletOnly: true }, leaf];
    const landingHtml = await renderPage(`/convention/${slug}`, { conventionslug: slug }, conventionLevels({ id: 'routes/convention.$conventionslug._index', module: conventionLanding }));
    expectNoHostileLink(landingHtml, 'foyer');
    expect(landingHtml).toContain('href="https://foyer.example/"');
    const infoHtml = await renderPage(`/convention/${slug}/infopoint`, { conventionslug: slug }, conventionLevels({ id: 'routes/convention.$conventionslug.infopoint', module: infopoint }));
    expectNoHostileLink(infoHtml, 'info point');
  });

  it('are cleared by the migration; web and mailto links stay', async () => {
    const { stand, fair } = await storedHostileLinks();
    const db = t.app.db;
    const foyerId = (await db('image_foyers').where({ convention_id: w.convention.id }).first('id')).id as string;
    await db('foyer_points').insert({ organization_id: w.host.id, foyer_id: foyerId, x: 1, y: 1, target_type: 'LINK', link: 'mailto:info@host.example' });
    await db('foyer_points').insert({ organization_id: w.host.id, foyer_id: foyerId, x: 2, y: 2, target_type: 'LINK', link: 'HTTPS://Shop.example/a?b#c' });
    await db('exhibitions').where({ id: fair.id }).update({ video: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ' });
    await db('stages').insert({ organization_id: w.host.id, slug: `stage-${rand()}`, title: 'Bühne', stream: 'https://user:pw@evil.example/live' });

    await neutraliseLinks(db);

    expect(await db('organizations').where({ id: w.host.id }).first('support_url', 'homepage_url', 'data_privacy_url')).toEqual({
      support_url: '',
      homepage_url: '',
      data_privacy_url: '',
    });
    expect(await db('base_stands').where({ id: stand.id }).first('shop_url', 'chat_url')).toEqual({ shop_url: '', chat_url: '' });
    expect(await db('stand_nodes').where({ stand_id: stand.id }).pluck('iframe')).toEqual([null]);
    expect(await db('exhibitions').where({ id: fair.id }).first('meeting', 'video')).toEqual({ meeting: '', video: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ' });
    expect(await db('stages').where({ organization_id: w.host.id }).pluck('stream')).not.toContain('https://user:pw@evil.example/live');
    const links = await db('foyer_points').where({ foyer_id: foyerId }).pluck('link');
    expect(links).toEqual(expect.arrayContaining(['mailto:info@host.example', 'HTTPS://Shop.example/a?b#c']));
    expect(links.filter((l: string | null) => l && /javascript:/i.test(l))).toEqual([]);
  });
});
