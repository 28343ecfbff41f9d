import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { breadcrumbOf } from '~/lib/breadcrumbs';
import * as hallBuilder from '~/routes/_console.hall.builder.$slug';
import * as conventionDashboard from '~/routes/_console.events.convention.$slug/route';
import * as sitemapPage from '~/routes/_console.sitemap.$conventionslug';
import * as stagePage from '~/routes/_console.events.stage.$stageSlug/route';
import * as previewLink from '~/routes/prev.$prevslug.convention.$conventionslug.hall.$hallslug.stand.$standslug';
import * as standPage from '~/routes/convention.$conventionslug.hall.$hallslug.stand.$standslug';
import { addHallToConvention, createHall } from '~/server/services/events/halls';
import { hallAddStand, standApplyToHall } from '~/server/services/events/hall-stands';
import { createBaseStand, createStandTranslation } from '~/server/services/events/stands';
import { createStandNode } from '~/server/services/events/nodes';
import { addStageToConvention } from '~/server/services/events/conventions';
import { createStage } from '~/server/services/events/stages';
import { createTestApp, type TestApp } from '../helpers/app';
import { callRoute } from '../helpers/routes';
import { as, eventsWorld } from './events-halls-world';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  fs.rmSync(path.resolve(t.app.env.UPLOAD_DIR), { recursive: true, force: true });
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Gql = { data?: Record<string, any>; errors?: { message: string; extensions?: Record<string, unknown> }[] };

async function gql(userId: string, query: string, variables: Record<string, unknown>, lang = 'en'): Promise<Gql> {
  const res = await fetch(`${t.url}/graphql/?lang=${lang}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json', ...(await as(t, userId)) },
    body: JSON.stringify({ query, variables }),
  });
  return (await res.json()) as Gql;
}

/** A host's hall "Halle Maschinenbau" in its convention, and the exhibitor's stand that applied to it (waiting). */
async function applied(options: { views?: boolean; texts?: ('DE' | 'EN')[] } = {}) {
  const w = await eventsWorld(t);
  const host = await t.serviceContext(w.owner.id);
  const exhibitor = await t.serviceContext(w.stranger.id);
  await t.app.db('conventions').where({ id: w.convention.id }).update({ title: 'Digitale Fachmesse 2026' });
  const hall = await createHall(host, { name: 'Halle Maschinenbau', permissionType: 'PUBLIC' });
  await addHallToConvention(host, w.convention.id, hall.id);
  const stand = await createBaseStand(exhibitor, { name: `Bewerber ${Date.now()}` });
  if (options.views) await createStandNode(exhibitor, stand.id, { type: 'IFRAME', iframe: 'https://embed.example' });
  for (const language of options.texts ?? []) await createStandTranslation(exhibitor, stand.id, { language, title: `Titel ${language}`, description: '' });
  const place = await standApplyToHall(exhibitor, stand.id, hall.slug);
  return { w, host, hall, stand, place };
}

const APPROVE = `mutation($id: ID!, $confirm: Boolean) {
  hallApproveStand(id: $id, confirm: $confirm) { hallStand { approved } warnings { code language message } error { code } }
}`;

const approvedInDb = async (id: string) => (await t.app.db('hall_stands').where({ id }).first('approved')).approved as boolean;

describe('approving a stand with gaps warns first (issue 14)', () => {
  it('GraphQL: without confirm it lists what is missing and changes nothing; with confirm it approves', async () => {
    const { w, place } = await applied({ texts: ['DE'] });
    const first = await gql(w.owner.id, APPROVE, { id: place.id });
    expect(first.data!.hallApproveStand).toEqual({
      hallStand: { approved: false },
      warnings: [
        { code: 'NO_VIEWS', language: null, message: 'The stand has no views' },
        { code: 'NO_TEXTS', language: 'EN', message: 'The stand has no texts in English' },
      ],
      error: null,
    });
    expect(await approvedInDb(place.id)).toBe(false);

    const german = await gql(w.owner.id, APPROVE, { id: place.id }, 'de');
    expect(german.data!.hallApproveStand.warnings.map((x: { message: string }) => x.message)).toEqual([
      'Der Stand hat keine Ansichten',
      'Der Stand hat keine Texte auf Englisch',
    ]);

    const confirmed = await gql(w.owner.id, APPROVE, { id: place.id, confirm: true });
    expect(confirmed.data!.hallApproveStand).toMatchObject({ hallStand: { approved: true }, error: null });
    expect(confirmed.data!.hallApproveStand.warnings).toHaveLength(2);
    expect(await approvedInDb(place.id)).toBe(true);
  });

  it('GraphQL: a stand with views and texts in both languages is approved at once; errors keep an empty warning list', async () => {
    const { w, place } = await applied({ views: true, texts: ['DE', 'EN'] });
    expect((await gql(w.owner.id, APPROVE, { id: place.id })).data!.hallApproveStand).toEqual({ hallStand: { approved: true }, warnings: [], error: null });

    const other = await applied();
    // another organisation's hall stand: NOT_FOUND, and nothing about the stand leaks through warnings
    expect((await gql(w.owner.id, APPROVE, { id: other.place.id })).data!.hallApproveStand).toEqual({ hallStand: null, warnings: [], error: { code: 'NOT_FOUND' } });
    expect(await approvedInDb(other.place.id)).toBe(false);
  });

  it("an invitation the stand's organisation has not accepted tells the host nothing about the stand", async () => {
    const { w, host, hall } = await applied();
    const exhibitor = await t.serviceContext(w.stranger.id);
    const stand = await createBaseStand(exhibitor, { name: `Eingeladen ${Date.now()}` });
    const invitation = await hallAddStand(host, hall.id, { domain: stand.slug });
    expect((await gql(w.owner.id, APPROVE, { id: invitation.id })).data!.hallApproveStand).toEqual({ hallStand: { approved: true }, warnings: [], error: null });
  });

  it('page: the first POST shows the warnings, the second with confirm=1 approves (no JavaScript needed)', async () => {
    const { w, hall, stand, place } = await applied();
    const url = `/hall/builder/${hall.slug}`;
    const params = { slug: hall.slug };
    const first = await callRoute(t, hallBuilder.action, { url, params, userId: w.owner.id, form: { intent: 'approve', id: place.id } });
    expect(first.status).toBe(200);
    expect(first.data).toEqual({
      form: 'approve',
      approval: {
        id: place.id,
        name: stand.name,
        warnings: ['The stand has no views', 'The stand has no texts in German', 'The stand has no texts in English'],
      },
    });
    expect(await approvedInDb(place.id)).toBe(false);

    const second = await callRoute(t, hallBuilder.action, { url, params, userId: w.owner.id, form: { intent: 'approve', id: place.id, confirm: '1' } });
    expect(second.status).toBe(302);
    expect(second.location).toBe(url);
    expect(second.toast).toMatchObject({ type: 'success', key: 'events:hall.standApproved' });
    expect(await approvedInDb(place.id)).toBe(true);
  });

  it('an approved stand never tells visitors it waits for approval; its preview link says it is approved', async () => {
    const { w, hall, place } = await applied({ views: true, texts: ['DE', 'EN'] });
    const params = { conventionslug: w.convention.slug, hallslug: hall.slug, standslug: place.slug, prevslug: place.preview_slug };
    const previewUrl = `/prev/${place.preview_slug}/convention/${w.convention.slug}/hall/${hall.slug}/stand/${place.slug}`;
    const before = await callRoute(t, previewLink.loader, { url: previewUrl, params });
    expect((before.data as { approved: boolean }).approved).toBe(false);
    // visitors do not see the waiting stand at all
    const visitorUrl = `/convention/${w.convention.slug}/hall/${hall.slug}/stand/${place.slug}`;
    const { prevslug: _prev, ...visitorParams } = params;
    expect((await callRoute(t, standPage.loader, { url: visitorUrl, params: visitorParams })).status).toBe(404);

    expect((await gql(w.owner.id, APPROVE, { id: place.id })).data!.hallApproveStand.hallStand).toEqual({ approved: true });
    const after = await callRoute(t, previewLink.loader, { url: previewUrl, params });
    expect((after.data as { approved: boolean }).approved).toBe(true);
    const visitor = await callRoute(t, standPage.loader, { url: visitorUrl, params: visitorParams });
    expect(visitor.status).toBe(200);
    expect((visitor.data as { approved: boolean }).approved).toBe(true);
  });
});

type Handle = { breadcrumb: (data: unknown) => unknown };
const crumbsOf = (route: { handle: unknown }, pathname: string, data: unknown) => breadcrumbOf(pathname, [{ pathname, data, handle: route.handle }]);

describe('breadcrumbs name the objects (issue 14)', () => {
  it("a hall page's crumbs are the section, the convention's name and the hall's name, from its loader data", async () => {
    const { w, hall } = await applied();
    const url = `/hall/builder/${hall.slug}`;
    const loaded = await callRoute(t, hallBuilder.loader, { url, params: { slug: hall.slug }, userId: w.owner.id });
    expect(loaded.status).toBe(200);
    expect(crumbsOf(hallBuilder, url, loaded.data)).toEqual([
      { key: 'common:nav.items.hall', to: '/hall' },
      { label: 'Digitale Fachmesse 2026', to: `/events/convention/${w.convention.slug}` },
      { label: 'Halle Maschinenbau', to: undefined },
    ]);
  });

  it('the convention dashboard, its sitemap and a stage page name the convention and the stage', async () => {
    const { w, host } = await applied();
    const stage = await createStage(host, { title: 'Hauptbühne' });
    await addStageToConvention(host, w.convention.id, stage.id);
    const slug = w.convention.slug;

    const dashboard = await callRoute(t, conventionDashboard.loader, { url: `/events/convention/${slug}`, params: { slug }, userId: w.owner.id });
    expect(crumbsOf(conventionDashboard, `/events/convention/${slug}`, dashboard.data)).toEqual([
      { key: 'common:nav.items.events', to: '/events' },
      { label: 'Digitale Fachmesse 2026', to: undefined },
    ]);

    const map = await callRoute(t, sitemapPage.loader, { url: `/sitemap/${slug}`, params: { conventionslug: slug }, userId: w.owner.id });
    expect(crumbsOf(sitemapPage, `/sitemap/${slug}`, map.data)).toEqual([
      { key: 'common:nav.items.events', to: '/events' },
      { label: 'Digitale Fachmesse 2026', to: `/events/convention/${slug}` },
      { key: 'events:breadcrumb.sitemap', to: undefined },
    ]);

    const stageData = await callRoute(t, stagePage.loader, { url: `/events/stage/${stage.slug}`, params: { stageSlug: stage.slug }, userId: w.owner.id });
    expect(crumbsOf(stagePage, `/events/stage/${stage.slug}`, stageData.data)).toEqual([
      { key: 'common:nav.items.events', to: '/events' },
      { label: 'Hauptbühne', to: undefined },
    ]);
    // the stage's public page is named with its convention's address
    expect((stageData.data as { publicPages: unknown }).publicPages).toEqual([{ title: 'Digitale Fachmesse 2026', href: `/convention/${slug}/stage/${stage.slug}` }]);
    expect(typeof (stagePage.handle as unknown as Handle).breadcrumb).toBe('function');
  });
});
