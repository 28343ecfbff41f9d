import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as exhibitionPage from '~/routes/_console.events.exhibition.$exhibitionSlug';
import * as exhibitionList from '~/routes/_console.exhibition._index';
import * as exhibitionBuilder from '~/routes/_console.exhibition.builder.$slug';
import * as sitemapPage from '~/routes/_console.sitemap.$conventionslug';
import { createExhibitionByName } from '~/server/services/events/exhibitions';
import { addHallToConvention, createHall } from '~/server/services/events/halls';
import { hallAddStand, hallStandAccept } from '~/server/services/events/hall-stands';
import { createStageByName } from '~/server/services/events/stages';
import { addStageToConvention } from '~/server/services/events/conventions';
import { createBaseStand } from '~/server/services/events/stands';
import { createTestApp, type TestApp } from '../helpers/app';
import { callRoute } from '../helpers/routes';
import { eventsWorld } from './events-halls-world';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('in-house fair pages', () => {
  it('creates a fair by name, saves its settings with stand and stage, and deletes it after confirmation', async () => {
    const w = await eventsWorld(t);
    const created = await callRoute(t, exhibitionList.action, {
      url: '/exhibition',
      userId: w.owner.id,
      form: { intent: 'createExhibition', name: 'Hausmesse Herbst' },
    });
    expect(created).toMatchObject({ status: 302, toast: { key: 'events:pages.toast.exhibitionCreated' } });
    const slug = created.location!.replace('/events/exhibition/', '');
    const ctx = await t.serviceContext(w.owner.id);
    const stand = await createBaseStand(ctx, { name: 'Eigener Stand' });
    const stage = await createStageByName(ctx, { name: 'Hausbühne' });

    const url = `/events/exhibition/${slug}`;
    const bad = await callRoute(t, exhibitionPage.action, {
      url,
      userId: w.owner.id,
      params: { exhibitionSlug: slug },
      form: { intent: 'settings', name: 'Hausmesse Herbst', video: 'not a link', meeting: '', permissionType: 'PUBLIC' },
    });
    expect(bad.status).toBe(400);
    const saved = await callRoute(t, exhibitionPage.action, {
      url,
      userId: w.owner.id,
      params: { exhibitionSlug: slug },
      form: {
        intent: 'settings',
        name: 'Hausmesse Herbst',
        video: 'https://youtu.be/dQw4w9WgXcQ',
        meeting: 'https://meet.example/hausmesse',
        permissionType: 'LOGGED_IN',
        standId: stand.id,
        stageId: stage.id,
      },
    });
    expect(saved).toMatchObject({ status: 302, toast: { key: 'events:pages.toast.exhibitionSaved' } });
    const loaded = await callRoute(t, exhibitionPage.loader, { url, userId: w.owner.id, params: { exhibitionSlug: slug } });
    expect(loaded.data).toMatchObject({
      exhibition: { permissionType: 'LOGGED_IN', standId: stand.id, stageId: stage.id, meeting: 'https://meet.example/hausmesse' },
    });

    const builder = await callRoute(t, exhibitionBuilder.loader, { url: `/exhibition/builder/${slug}`, userId: w.owner.id, params: { slug } });
    expect(builder).toMatchObject({ status: 302, location: url });

    const ask = await callRoute(t, exhibitionPage.action, {
      url,
      userId: w.owner.id,
      params: { exhibitionSlug: slug },
      form: { intent: 'deleteExhibition', id: 'x', name: 'Hausmesse Herbst' },
    });
    expect(ask.data).toMatchObject({ confirm: { intent: 'deleteExhibition' } });
    expect(await t.app.db('exhibitions').where({ slug }).first()).toBeTruthy();
    const deleted = await callRoute(t, exhibitionPage.action, {
      url,
      userId: w.owner.id,
      params: { exhibitionSlug: slug },
      form: { intent: 'deleteExhibition', id: 'x', name: 'Hausmesse Herbst', confirmed: 'yes' },
    });
    expect(deleted).toMatchObject({ status: 302, location: '/events', toast: { key: 'events:pages.toast.exhibitionDeleted' } });
    expect(await t.app.db('exhibitions').where({ slug }).first()).toBeUndefined();
  });

  it('hides another organisation’s fair (404) and sends members without the event feature away', async () => {
    const w = await eventsWorld(t);
    const fair = await createExhibitionByName(await t.serviceContext(w.owner.id), { name: 'Geheime Hausmesse' });
    const url = `/events/exhibition/${fair.slug}`;
    expect(await callRoute(t, exhibitionPage.loader, { url, userId: w.stranger.id, params: { exhibitionSlug: fair.slug } })).toMatchObject({
      status: 404,
    });
    expect(await callRoute(t, exhibitionPage.loader, { url, userId: w.noFeature.id, params: { exhibitionSlug: fair.slug } })).toMatchObject({
      status: 302,
      location: '/missing-feature/event',
    });
  });
});

describe('sitemap page', () => {
  it('shows the convention tree: halls with their approved stands in order, and the stage', async () => {
    const w = await eventsWorld(t);
    const host = await t.serviceContext(w.owner.id);
    const hall = await createHall(host, { name: 'Halle Nord' });
    await addHallToConvention(host, w.convention.id, hall.id);
    const own = await createBaseStand(host, { name: 'Hausstand' });
    await hallAddStand(host, hall.id, { domain: own.slug });
    const foreign = await createBaseStand(await t.serviceContext(w.stranger.id), { name: 'Gaststand' });
    const pending = await hallAddStand(host, hall.id, { domain: foreign.slug });
    const stage = await createStageByName(host, { name: 'Hauptbühne' });
    await addStageToConvention(host, w.convention.id, stage.id);

    const url = `/sitemap/${w.convention.slug}`;
    const before = await callRoute(t, sitemapPage.loader, { url, userId: w.owner.id, params: { conventionslug: w.convention.slug } });
    expect(before.data).toMatchObject({
      halls: [{ name: 'Halle Nord', stands: [{ name: 'Hausstand' }] }],
      stages: [{ title: 'Hauptbühne' }],
    });
    await hallStandAccept(await t.serviceContext(w.stranger.id), pending.id);
    const after = await callRoute(t, sitemapPage.loader, { url, userId: w.owner.id, params: { conventionslug: w.convention.slug } });
    expect((after.data as { halls: { stands: { name: string }[] }[] }).halls[0].stands.map((s) => s.name)).toEqual(['Hausstand', 'Gaststand']);

    expect(await callRoute(t, sitemapPage.loader, { url, userId: w.stranger.id, params: { conventionslug: w.convention.slug } })).toMatchObject({
      status: 404,
    });
  });
});
