import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as dashboard from '~/routes/_console.events.convention.$slug/route';
import * as administration from '~/routes/_console.convention.administration.$slug';
import * as events from '~/routes/_console.events._index';
import * as shoplink from '~/routes/_console.events.convention.$slug_.shoplink';
import { createTestApp, type TestApp } from '../helpers/app';
import { asResponse, callRoute, loadContext } from '../helpers/routes';
import { eventsWorld } from './events-halls-world';
import { png } from './files-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Dashboard = Awaited<ReturnType<typeof dashboard.loader>>;

async function createConvention(userId: string, name: string): Promise<string> {
  const res = await callRoute(t, events.action, { url: '/events', userId, form: { intent: 'createConvention', name } });
  expect(res).toMatchObject({ status: 302, toast: { type: 'success', key: 'events:pages.toast.conventionCreated', values: { name } } });
  return res.location!.replace('/events/convention/', '');
}

function page(userId: string, slug: string) {
  const url = `/events/convention/${slug}`;
  return {
    load: async () => {
      const res = await callRoute(t, dashboard.loader, { url, userId, params: { slug } });
      expect(res.status).toBe(200);
      return res.data as Dashboard;
    },
    post: (form: Record<string, string>) => callRoute(t, dashboard.action, { url, userId, params: { slug }, form }),
  };
}

async function postFile(userId: string, slug: string, intent: string, bytes: Buffer) {
  const body = new FormData();
  body.append('intent', intent);
  body.append('file', new Blob([bytes], { type: 'image/png' }), 'image.png');
  const request = new Request(`http://localhost/events/convention/${slug}`, {
    method: 'POST',
    headers: { cookie: await t.sessionCookie(userId), 'accept-language': 'en' },
    body,
  });
  const context = await loadContext(t, request);
  return asResponse(await dashboard.action({ request, context, params: { slug } }));
}

const settings = (over: Record<string, string> = {}) => ({
  intent: 'settings',
  title: 'Fachmesse',
  startDate: '2026-05-04T09:00',
  endDate: '2026-05-06T16:30',
  active: 'on',
  video: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  permissionType: 'PUBLIC',
  ...over,
});

describe('/events', () => {
  it('lists conventions with their status, in-house fairs and stages, each created by name', async () => {
    const w = await eventsWorld(t);
    const slug = await createConvention(w.owner.id, 'Herbstmesse');
    const fair = await callRoute(t, events.action, { url: '/events', userId: w.owner.id, form: { intent: 'createExhibition', name: 'Hausmesse' } });
    expect(fair.location).toMatch(/^\/events\/exhibition\/hausmesse/);
    const stage = await callRoute(t, events.action, { url: '/events', userId: w.owner.id, form: { intent: 'createStage', name: 'Hauptbühne' } });
    expect(stage.location).toMatch(/^\/events\/stage\//);
    const empty = await callRoute(t, events.action, { url: '/events', userId: w.owner.id, form: { intent: 'createStage', name: '' } });
    expect(empty).toMatchObject({ status: 400, data: { form: 'createStage' } });

    const list = (await callRoute(t, events.loader, { url: '/events', userId: w.owner.id })).data as Awaited<ReturnType<typeof events.loader>>;
    expect(list.conventions.find((c) => c.slug === slug)).toMatchObject({ title: 'Herbstmesse', status: 'NOT_ACTIVE' });
    expect(list.conventions.find((c) => c.slug === w.convention.slug)).toMatchObject({ status: 'ONGOING' });
    expect(list.exhibitions.map((e) => e.name)).toEqual(['Hausmesse']);
    expect(list.stages.map((s) => s.title)).toEqual(['Hauptbühne']);
  });

  it('sends members without the event feature to /missing-feature/event and hides other organisations’ conventions', async () => {
    const w = await eventsWorld(t);
    for (const userId of [w.noFeature.id, w.sales.id]) {
      expect(await callRoute(t, events.loader, { url: '/events', userId })).toMatchObject({ status: 302, location: '/missing-feature/event' });
      expect(await callRoute(t, events.action, { url: '/events', userId, form: { intent: 'createConvention', name: 'X' } })).toMatchObject({
        status: 302,
        location: '/missing-feature/event',
      });
      const slug = w.convention.slug;
      expect(await callRoute(t, dashboard.loader, { url: `/events/convention/${slug}`, userId, params: { slug } })).toMatchObject({
        status: 302,
        location: '/missing-feature/event',
      });
    }
    const other = page(w.stranger.id, w.convention.slug);
    expect(await callRoute(t, dashboard.loader, { url: '/x', userId: w.stranger.id, params: { slug: w.convention.slug } })).toMatchObject({ status: 404 });
    expect(await other.post(settings())).toMatchObject({ status: 404 });
    expect((await t.app.db('conventions').where({ id: w.convention.id }).first()).title).toBe('Messe');
  });
});

describe('/events/convention/{slug}', () => {
  it('saves dates in German time, texts per language, and refuses an end before the start', async () => {
    const w = await eventsWorld(t);
    const slug = await createConvention(w.owner.id, 'Frühjahrsmesse');
    const p = page(w.owner.id, slug);
    expect(await p.post(settings())).toMatchObject({ status: 302, toast: { key: 'events:pages.toast.conventionSaved' } });
    const row = await t.app.db('conventions').where({ slug }).first();
    expect(row.start_date.toISOString()).toBe('2026-05-04T07:00:00.000Z');
    expect(row).toMatchObject({ active: true, shop: false, permission_type: 'PUBLIC', title: 'Fachmesse' });
    let data = await p.load();
    expect(data.convention).toMatchObject({ startLocal: '2026-05-04T09:00', endLocal: '2026-05-06T16:30', active: true });

    const refused = await p.post(settings({ startDate: '2026-05-07T09:00' }));
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({
      form: 'settings',
      result: { error: { endDate: ['The start date needs to be before the end date'], '': ['Error updating the convention'] } },
    });
    await t.app.db('users').where({ id: w.owner.id }).update({ default_language: 'DE' });
    const refusedDe = await p.post(settings({ startDate: '2026-05-07T09:00' }));
    expect(refusedDe.data).toMatchObject({
      result: { error: { endDate: ['Das Startdatum muss vor dem Enddatum liegen'], '': ['Fehler bei der Aktualisierung der Messe'] } },
    });
    const badVideo = await p.post(settings({ video: 'https://example.com/video' }));
    expect(badVideo.data).toMatchObject({ result: { error: { video: ['Bitte geben Sie einen YouTube- oder Vimeo-Videolink ein'] } } });

    // unticking the boxes saves false
    expect(await p.post(settings({ active: '' }))).toMatchObject({ status: 302 });
    expect((await t.app.db('conventions').where({ slug }).first()).active).toBe(false);

    expect(await p.post({ intent: 'translation', language: 'EN', title: 'Spring fair', description: 'Welcome' })).toMatchObject({ status: 302 });
    expect(await p.post({ intent: 'translation', language: 'DE', title: 'Frühjahrsmesse', description: 'Willkommen' })).toMatchObject({ status: 302 });
    data = await p.load();
    expect(data.translations).toEqual([
      { language: 'DE', title: 'Frühjahrsmesse', description: 'Willkommen' },
      { language: 'EN', title: 'Spring fair', description: 'Welcome' },
    ]);
  });

  it('adds and removes halls and one stage, manages access keys and on-demand entries, with confirmation for deletes', async () => {
    const w = await eventsWorld(t);
    const slug = await createConvention(w.owner.id, 'Sommermesse');
    const p = page(w.owner.id, slug);
    const db = t.app.db;
    const [hall] = await db('halls').insert({ organization_id: w.host.id, slug: `h-${slug}`, name: 'Halle A' }).returning('id');
    const [s1, s2] = await db('stages')
      .insert([
        { organization_id: w.host.id, slug: `s1-${slug}`, title: 'Bühne 1' },
        { organization_id: w.host.id, slug: `s2-${slug}`, title: 'Bühne 2' },
      ])
      .returning('id');

    expect(await p.post({ intent: 'addHall', hallId: hall.id })).toMatchObject({ status: 302, toast: { key: 'events:pages.toast.hallAdded' } });
    expect(await p.post({ intent: 'addStage', stageId: s1.id })).toMatchObject({ status: 302, toast: { key: 'events:pages.toast.stageAdded' } });
    const second = await p.post({ intent: 'addStage', stageId: s2.id });
    expect(second).toMatchObject({ status: 400, data: { form: 'addStage', result: { error: { stageId: ['Convention already has a stage'] } } } });
    let data = await p.load();
    expect(data.halls.map((h) => h.name)).toEqual(['Halle A']);
    expect(data.availableHalls).toEqual([]);
    expect(data.stage).toMatchObject({ title: 'Bühne 1' });

    expect(await p.post({ intent: 'removeHall', id: hall.id, name: 'Halle A' })).toMatchObject({ status: 200, data: { confirm: { intent: 'removeHall' } } });
    expect((await p.load()).halls).toHaveLength(1);
    expect(await p.post({ intent: 'removeHall', id: hall.id, confirmed: 'yes' })).toMatchObject({ status: 302, toast: { key: 'events:pages.toast.hallRemoved' } });
    expect(await p.post({ intent: 'removeStage', id: s1.id, confirmed: 'yes' })).toMatchObject({ status: 302 });
    data = await p.load();
    expect(data.halls).toEqual([]);
    expect(data.stage).toBeNull();

    expect(await p.post({ intent: 'createToken', token: 'VIP-2026', limit: '50' })).toMatchObject({ status: 302, toast: { values: { token: 'VIP-2026' } } });
    expect(await p.post({ intent: 'createToken', token: 'VIP-2026', limit: '5' })).toMatchObject({ status: 400 });
    data = await p.load();
    expect(data.tokens).toMatchObject([{ token: 'VIP-2026', limit: 50, signedUp: 0 }]);
    expect(await p.post({ intent: 'deleteToken', id: data.tokens[0]!.id, confirmed: 'yes' })).toMatchObject({ status: 302 });

    expect(await p.post({ intent: 'onDemandCreate', title: 'Aufzeichnung', description: 'Vortrag von gestern' })).toMatchObject({ status: 302 });
    const item = (await p.load()).onDemand[0]!;
    expect(await p.post({ intent: 'onDemandUpdate', id: item.id, title: 'Aufzeichnung 1', description: '' })).toMatchObject({ status: 302 });
    expect((await p.load()).onDemand).toEqual([{ id: item.id, title: 'Aufzeichnung 1', description: '', contentPageId: null, texts: { titleDE: '', titleEN: '', descriptionDE: '', descriptionEN: '' } }]);
    expect(await p.post({ intent: 'onDemandDelete', id: item.id, confirmed: 'yes' })).toMatchObject({ status: 302 });
    expect((await p.load()).onDemand).toEqual([]);
    expect((await p.load()).tokens).toEqual([]);
  });

  it('image foyer: image upload, points need a target or link, points deleted after confirming, reset to default', async () => {
    const w = await eventsWorld(t);
    const slug = await createConvention(w.owner.id, 'Foyermesse');
    const p = page(w.owner.id, slug);
    const [hall] = await t.app.db('halls').insert({ organization_id: w.host.id, slug: `fh-${slug}`, name: 'Halle F' }).returning('id');

    expect(await p.post({ intent: 'foyerEnable' })).toMatchObject({ status: 302, toast: { key: 'events:pages.toast.foyerEnabled' } });
    const uploaded = await postFile(w.owner.id, slug, 'foyerImage', png(400, 200));
    expect(uploaded.status).toBe(302);
    let data = await p.load();
    expect(data.convention.navigationMode).toBe('IMAGE_FOYER');
    expect(data.foyer?.imageUrl).toMatch(/^\/files\//);

    const none = await p.post({ intent: 'addPoint', x: '10', y: '20' });
    expect(none).toMatchObject({ status: 400, data: { form: 'addPoint', result: { error: { link: ['Please select a link for the new point'] } } } });
    await t.app.db('users').where({ id: w.owner.id }).update({ default_language: 'DE' });
    expect((await p.post({ intent: 'addPoint', x: '10', y: '20' })).data).toMatchObject({
      result: { error: { link: ['Bitte wählen Sie einen Link für den neuen Punkt aus'] } },
    });
    expect(await p.post({ intent: 'addPoint', x: '10', y: '20', target: `HALL:${hall.id}` })).toMatchObject({
      status: 302,
      toast: { key: 'events:foyer.pointAdded' },
    });
    expect(await p.post({ intent: 'addPoint', x: '55.5', y: '70', link: 'https://shop.example.com' })).toMatchObject({ status: 302 });
    data = await p.load();
    expect(data.foyer!.points).toEqual([
      expect.objectContaining({ x: 10, y: 20, label: 'Halle: Halle F' }),
      expect.objectContaining({ x: 55.5, y: 70, label: 'Link: https://shop.example.com' }),
    ]);
    const pointId = data.foyer!.points[0]!.id;
    expect(await p.post({ intent: 'deletePoint', id: pointId })).toMatchObject({ status: 200, data: { confirm: { id: pointId } } });
    expect(await p.post({ intent: 'deletePoint', id: pointId, confirmed: 'yes' })).toMatchObject({ status: 302, toast: { key: 'events:foyer.pointDeleted' } });
    expect((await p.load()).foyer!.points).toHaveLength(1);

    expect(await p.post({ intent: 'navigationReset', id: data.convention.id, confirmed: 'yes' })).toMatchObject({
      status: 302,
      toast: { key: 'events:foyer.navigationReset' },
    });
    data = await p.load();
    expect(data.convention.navigationMode).toBe('DEFAULT');
    expect(data.foyer).toBeNull();
  });

  it('header image must be 16:9', async () => {
    const w = await eventsWorld(t);
    const slug = await createConvention(w.owner.id, 'Bildmesse');
    const square = await postFile(w.owner.id, slug, 'headerImage', png(500, 500));
    expect(square.status).toBe(400);
    expect(await square.json()).toMatchObject({ form: 'headerImage', error: expect.stringContaining('16:9') });
    const wide = await postFile(w.owner.id, slug, 'headerImage', png(1600, 900));
    expect(wide.status).toBe(302);
    expect((await page(w.owner.id, slug).load()).convention.headerImageUrl).toMatch(/^\/files\//);
  });

  it('shop link becomes a LINK point of the foyer; the administration address leads to the dashboard', async () => {
    const w = await eventsWorld(t);
    const slug = await createConvention(w.owner.id, 'Shopmesse');
    const url = `/events/convention/${slug}/shoplink`;
    const post = (form: Record<string, string>) => callRoute(t, shoplink.action, { url, userId: w.owner.id, params: { slug }, form });
    expect(((await callRoute(t, shoplink.loader, { url, userId: w.owner.id, params: { slug } })).data as { hasFoyer: boolean }).hasFoyer).toBe(false);
    expect(await post({ intent: 'shopLink', link: 'https://shop.example.com', x: '90', y: '10' })).toMatchObject({
      status: 400,
      data: { result: { error: { '': ['The convention has no image foyer yet.'] } } },
    });
    await page(w.owner.id, slug).post({ intent: 'foyerEnable' });
    expect(await post({ intent: 'shopLink', link: 'not a url', x: '90', y: '10' })).toMatchObject({ status: 400 });
    expect(await post({ intent: 'shopLink', link: 'https://shop.example.com', x: '90', y: '10' })).toMatchObject({
      status: 302,
      location: `/events/convention/${slug}`,
      toast: { key: 'events:pages.toast.shopLinkAdded' },
    });
    expect((await page(w.owner.id, slug).load()).foyer!.points).toEqual([expect.objectContaining({ x: 90, y: 10, label: 'Link: https://shop.example.com' })]);

    const admin = await callRoute(t, administration.loader, { url: `/convention/administration/${slug}`, userId: w.owner.id, params: { slug } });
    expect(admin).toMatchObject({ status: 302, location: `/events/convention/${slug}` });
    expect(await callRoute(t, administration.loader, { url: '/x', userId: w.stranger.id, params: { slug } })).toMatchObject({ status: 404 });
  });
});
