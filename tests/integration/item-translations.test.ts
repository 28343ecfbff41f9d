import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Package } from '~/lib/features';
import * as conventionConsole from '~/routes/_console.events.convention.$slug/route';
import * as onDemandList from '~/routes/convention.$conventionslug.ondemand._index';
import * as onDemandItem from '~/routes/convention.$conventionslug.ondemand.$slug';
import * as editor from '~/routes/_console.virtual-rooms.$slug/route';
import { createTestApp, type TestApp } from '../helpers/app';
import { callRoute } from '../helpers/routes';
import { addMember, createContentPage, createContentPageTranslation, createFile, createOrganization, createUser } from '../fixtures/factories';
import { as, eventsWorld, outcome } from './events-halls-world';

/**
 * Issue 24 item 21: on-demand items, a room's tour steps and its info points have texts in German and English.
 * Visitors see their language's text where the item has one, else the item's own; both doors write them (GraphQL
 * and the console forms, without JavaScript); who may not write them cannot, and nothing is half-written.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Body = { data?: Record<string, unknown> | null; errors?: { message: string; extensions?: Record<string, unknown> }[] };

async function gql(userId: string | null, query: string, variables: Record<string, unknown> = {}): Promise<Body> {
  return (await t.graphql(query, variables, { headers: await as(t, userId) })).body as Body;
}

const ON_DEMAND = 'onDemandContent { id title translations { language title description } de: translation(language: DE) { title } }';

describe('on-demand items in German and English', () => {
  it('creates an item with both languages through GraphQL; visitors see their language, else the item’s own text', async () => {
    const w = await eventsWorld(t);
    const created = await gql(
      w.owner.id,
      `mutation($input: OnDemandContentCreateInput!) { onDemandContentCreate(input: $input) { ${ON_DEMAND} error { code field } } }`,
      {
        input: {
          conventionId: w.convention.id,
          title: 'Aufzeichnung: Eröffnung',
          description: 'Die Begrüßung zum Nachsehen.',
          translations: [
            { language: 'DE', title: 'Aufzeichnung: Eröffnung', description: 'Die Begrüßung zum Nachsehen.' },
            { language: 'EN', title: 'Recording: Opening', description: 'The welcome to watch again.' },
          ],
        },
      },
    );
    expect(created.errors).toBeUndefined();
    const payload = created.data!.onDemandContentCreate as { onDemandContent: { id: string; translations: unknown[]; de: { title: string } }; error: unknown };
    expect(payload.error).toBeNull();
    expect(payload.onDemandContent.translations).toEqual([
      { language: 'DE', title: 'Aufzeichnung: Eröffnung', description: 'Die Begrüßung zum Nachsehen.' },
      { language: 'EN', title: 'Recording: Opening', description: 'The welcome to watch again.' },
    ]);
    expect(payload.onDemandContent.de.title).toBe('Aufzeichnung: Eröffnung');

    const slug = w.convention.slug;
    const list = async (lang: string) =>
      (await callRoute(t, onDemandList.loader, { url: `/convention/${slug}/ondemand?lang=${lang}`, params: { conventionslug: slug } })).data as {
        items: { slug: string; title: string; description: string }[];
      };
    expect((await list('en')).items[0]).toMatchObject({ title: 'Recording: Opening', description: 'The welcome to watch again.' });
    expect((await list('de')).items[0]).toMatchObject({ title: 'Aufzeichnung: Eröffnung', description: 'Die Begrüßung zum Nachsehen.' });
    const itemSlug = (await list('en')).items[0]!.slug;
    const item = await callRoute(t, onDemandItem.loader, {
      url: `/convention/${slug}/ondemand/${itemSlug}?lang=en`,
      params: { conventionslug: slug, slug: itemSlug },
    });
    expect(JSON.stringify(item.data)).toContain('Recording: Opening');

    // the English text emptied: English visitors see the item's own text again; German stays as it was
    const updated = await gql(
      w.owner.id,
      `mutation($id: ID!, $input: OnDemandContentUpdateInput!) { onDemandContentUpdate(id: $id, input: $input) { ${ON_DEMAND} error { code } } }`,
      { id: payload.onDemandContent.id, input: { translations: [{ language: 'EN', title: '', description: '' }] } },
    );
    expect((updated.data!.onDemandContentUpdate as { error: unknown }).error).toBeNull();
    expect((await list('en')).items[0]).toMatchObject({ title: 'Aufzeichnung: Eröffnung', description: 'Die Begrüßung zum Nachsehen.' });
    const rows = await t.app.db('on_demand_content_translations').where({ on_demand_content_id: payload.onDemandContent.id }).orderBy('language');
    expect(rows.map((r) => [r.language, r.title])).toEqual([
      ['DE', 'Aufzeichnung: Eröffnung'],
      ['EN', ''],
    ]);
  });

  it('keeps a video linked only in the item’s own description when a language’s text has none', async () => {
    const w = await eventsWorld(t);
    await gql(w.owner.id, 'mutation($input: OnDemandContentCreateInput!) { onDemandContentCreate(input: $input) { error { code } } }', {
      input: {
        conventionId: w.convention.id,
        title: 'Film',
        description: 'Der Film.\nhttps://www.youtube.com/watch?v=aqz-KE-bpKQ',
        translations: [{ language: 'EN', title: 'Film (EN)', description: 'The film.' }],
      },
    });
    const slug = w.convention.slug;
    const list = (await callRoute(t, onDemandList.loader, { url: `/convention/${slug}/ondemand?lang=en`, params: { conventionslug: slug } })).data as {
      items: { slug: string; title: string; description: string }[];
    };
    expect(list.items[0]).toMatchObject({ title: 'Film (EN)', description: 'The film.' });
    const item = await callRoute(t, onDemandItem.loader, {
      url: `/convention/${slug}/ondemand/${list.items[0]!.slug}?lang=en`,
      params: { conventionslug: slug, slug: list.items[0]!.slug },
    });
    expect(JSON.stringify(item.data)).toContain('aqz-KE-bpKQ');
  });

  it('lets no one else write them: anonymous, a sales user, another organisation; nothing is written', async () => {
    const w = await eventsWorld(t);
    const created = await gql(w.owner.id, 'mutation($input: OnDemandContentCreateInput!) { onDemandContentCreate(input: $input) { onDemandContent { id } } }', {
      input: { conventionId: w.convention.id, title: 'Item' },
    });
    const id = (created.data!.onDemandContentCreate as { onDemandContent: { id: string } }).onDemandContent.id;
    const mutation = 'mutation($id: ID!, $input: OnDemandContentUpdateInput!) { onDemandContentUpdate(id: $id, input: $input) { error { code } } }';
    const input = { translations: [{ language: 'EN', title: 'Hijacked' }] };
    expect(outcome(await gql(null, mutation, { id, input }), 'onDemandContentUpdate')).toBe('UNAUTHENTICATED');
    expect(outcome(await gql(w.sales.id, mutation, { id, input }), 'onDemandContentUpdate')).toBe('PERMISSION_DENIED');
    expect(outcome(await gql(w.stranger.id, mutation, { id, input }), 'onDemandContentUpdate')).toBe('NOT_FOUND');
    expect(await t.app.db('on_demand_content_translations').where({ on_demand_content_id: id })).toEqual([]);
  });

  it('the console form (page door, no JavaScript) saves the texts per language and shows them again', async () => {
    const w = await eventsWorld(t);
    const slug = w.convention.slug;
    const url = `/events/convention/${slug}`;
    const post = (form: Record<string, string>) => callRoute(t, conventionConsole.action, { url, userId: w.owner.id, params: { slug }, form });
    expect(
      await post({ intent: 'onDemandCreate', title: 'Messefilm', description: 'Ein Rundgang', titleDE: 'Messefilm', titleEN: 'Fair film', descriptionDE: '', descriptionEN: 'A walk' }),
    ).toMatchObject({ status: 302, toast: { key: 'events:pages.toast.onDemandCreated' } });
    const data = (await callRoute(t, conventionConsole.loader, { url, userId: w.owner.id, params: { slug } })).data as {
      onDemand: { id: string; title: string; texts: Record<string, string> }[];
    };
    expect(data.onDemand[0]).toMatchObject({ title: 'Messefilm', texts: { titleDE: 'Messefilm', titleEN: 'Fair film', descriptionDE: '', descriptionEN: 'A walk' } });

    expect(
      await post({ intent: 'onDemandUpdate', id: data.onDemand[0]!.id, title: 'Messefilm', titleDE: 'Messefilm 2026', titleEN: 'Fair film 2026', descriptionEN: 'A walk' }),
    ).toMatchObject({ status: 302, toast: { key: 'events:pages.toast.onDemandSaved' } });
    const again = (await callRoute(t, conventionConsole.loader, { url, userId: w.owner.id, params: { slug } })).data as typeof data;
    expect(again.onDemand[0]!.texts).toMatchObject({ titleDE: 'Messefilm 2026', titleEN: 'Fair film 2026' });

    // too long a title: a field error in the user's language, nothing written
    const tooLong = await post({ intent: 'onDemandUpdate', id: data.onDemand[0]!.id, title: 'Messefilm', titleEN: 'x'.repeat(300) });
    expect(tooLong.status).toBe(400);
    const stored = await t.app.db('on_demand_content_translations').where({ on_demand_content_id: data.onDemand[0]!.id, language: 'EN' }).first();
    expect(stored.title).toBe('Fair film 2026');
  });
});

describe('tour steps and info points in German and English', () => {
  async function roomWorld() {
    const db = t.app.db;
    const org = await createOrganization(db, { suites: Package.SALES });
    const owner = await createUser(db, { default_language: 'EN' });
    await addMember(db, org.id, owner.id, { role: 'admin', isOwner: true });
    const other = await createOrganization(db, { suites: Package.SALES });
    const stranger = await createUser(db, { default_language: 'EN' });
    await addMember(db, other.id, stranger.id, { role: 'admin', isOwner: true });
    const room = (await gql(owner.id, 'mutation { createVirtualRoom(input: { name: "Showroom", accessType: PUBLIC }) { virtualRoom { id slug } } }')).data!
      .createVirtualRoom as { virtualRoom: { id: string; slug: string } };
    const file = await createFile(db, { organization_id: org.id, width: 4096, height: 2048, is_public: false });
    const pano = (await gql(owner.id, 'mutation($r: ID!, $f: ID!) { createPano(virtualRoomId: $r, fileId: $f, name: "Lobby") { pano { id } } }', { r: room.virtualRoom.id, f: file.id }))
      .data!.createPano as { pano: { id: string } };
    await gql(owner.id, 'mutation($p: ID!) { setPanoInitialView(panoId: $p, view: { azimuthalAngle: 0, polarAngle: 1.5, focalLength: 35 }, roomInitial: true) { error { code } } }', {
      p: pano.pano.id,
    });
    return { org, owner, stranger, room: room.virtualRoom, panoId: pano.pano.id };
  }

  const view = { azimuthalAngle: 0, polarAngle: 1.5, focalLength: 35 };
  const VISIT = 'tourSteps { id title text } panos { infoPoints { id name target { kind title } } }';
  const visit = async (slug: string, lang: 'DE' | 'EN') =>
    (await gql(null, `query($slug: String!) { virtualRoom(slug: $slug, lang: ${lang}) { ${VISIT} } }`, { slug })).data!.virtualRoom as {
      tourSteps: { id: string; title: string; text: string }[];
      panos: { infoPoints: { id: string; name: string; target: { kind: string; title: string } | null }[] }[];
    };

  it('a step’s title and text and an embedded page’s title follow the visitor’s language (GraphQL)', async () => {
    const w = await roomWorld();
    const step = await gql(
      w.owner.id,
      'mutation($input: TourStepCreateInput!) { createTourStep(input: $input) { tourStep { id translations { language title text } } error { code field } } }',
      {
        input: {
          virtualRoomId: w.room.id,
          panoId: w.panoId,
          title: 'Willkommen',
          text: 'Schön, dass Sie da sind.',
          view,
          translations: [{ language: 'EN', title: 'Welcome', text: 'Good to have you here.' }],
        },
      },
    );
    const created = step.data!.createTourStep as { tourStep: { id: string; translations: unknown[] }; error: unknown };
    expect(created.error).toBeNull();
    expect(created.tourStep.translations).toEqual([{ language: 'EN', title: 'Welcome', text: 'Good to have you here.' }]);

    const info = await gql(
      w.owner.id,
      'mutation($input: InfoPointInput!) { createInfoPoint(input: $input) { infoPoint { id translations { language iframeTitle } } error { code field } } }',
      {
        input: {
          panoId: w.panoId,
          x: 1,
          y: 0,
          z: 0,
          iframeTitle: 'Datenblatt',
          iframeUrl: 'https://example.com/sheet',
          translations: [
            { language: 'DE', iframeTitle: 'Datenblatt' },
            { language: 'EN', iframeTitle: 'Data sheet' },
          ],
        },
      },
    );
    const point = info.data!.createInfoPoint as { infoPoint: { id: string; translations: unknown[] }; error: unknown };
    expect(point.error).toBeNull();
    expect(point.infoPoint.translations).toEqual([
      { language: 'DE', iframeTitle: 'Datenblatt' },
      { language: 'EN', iframeTitle: 'Data sheet' },
    ]);

    const en = await visit(w.room.slug, 'EN');
    expect(en.tourSteps[0]).toMatchObject({ title: 'Welcome', text: 'Good to have you here.' });
    expect(en.panos[0]!.infoPoints[0]!.target).toMatchObject({ kind: 'IFRAME', title: 'Data sheet' });
    expect(en.panos[0]!.infoPoints[0]!.name).toContain('Data sheet');
    // no German step text: the step's own text
    const de = await visit(w.room.slug, 'DE');
    expect(de.tourSteps[0]).toMatchObject({ title: 'Willkommen', text: 'Schön, dass Sie da sind.' });
    expect(de.panos[0]!.infoPoints[0]!.target).toMatchObject({ title: 'Datenblatt' });

    // update: the languages given change, the others stay
    await gql(w.owner.id, 'mutation($id: ID!, $input: TourStepUpdateInput!) { updateTourStep(id: $id, input: $input) { error { code } } }', {
      id: created.tourStep.id,
      input: { translations: [{ language: 'DE', title: 'Herzlich willkommen', text: '' }] },
    });
    expect((await visit(w.room.slug, 'DE')).tourSteps[0]).toMatchObject({ title: 'Herzlich willkommen', text: 'Schön, dass Sie da sind.' });
    expect((await visit(w.room.slug, 'EN')).tourSteps[0]).toMatchObject({ title: 'Welcome' });

    const set = await gql(w.owner.id, 'mutation($id: ID!, $tr: [InfoPointTextInput!]!) { setInfoPointTranslations(id: $id, translations: $tr) { infoPoint { translations { language iframeTitle } } error { code } } }', {
      id: point.infoPoint.id,
      tr: [{ language: 'EN', iframeTitle: 'Product data sheet' }],
    });
    expect((set.data!.setInfoPointTranslations as { infoPoint: { translations: unknown[] } }).infoPoint.translations).toEqual([
      { language: 'DE', iframeTitle: 'Datenblatt' },
      { language: 'EN', iframeTitle: 'Product data sheet' },
    ]);
    expect((await visit(w.room.slug, 'EN')).panos[0]!.infoPoints[0]!.target).toMatchObject({ title: 'Product data sheet' });
  });

  it('refuses a language given twice, texts for a content-page point, and everyone but the room’s organisation', async () => {
    const w = await roomWorld();
    const twice = await gql(w.owner.id, 'mutation($input: TourStepCreateInput!) { createTourStep(input: $input) { tourStep { id } error { code field } } }', {
      input: {
        virtualRoomId: w.room.id,
        panoId: w.panoId,
        title: 'Schritt',
        view,
        translations: [
          { language: 'EN', title: 'Step' },
          { language: 'EN', title: 'Other step' },
        ],
      },
    });
    expect((twice.data!.createTourStep as { error: { code: string } }).error.code).toBe('INVALID');
    expect(await t.app.db('virtual_room_tour_steps').where({ virtual_room_id: w.room.id })).toEqual([]);

    const page = await createContentPage(t.app.db, { organization_id: w.org.id });
    await createContentPageTranslation(t.app.db, { page_id: page.id, language: 'EN', name: 'Product page' });
    const pagePoint = (
      await gql(w.owner.id, 'mutation($input: InfoPointInput!) { createInfoPoint(input: $input) { infoPoint { id } error { code } } }', {
        input: { panoId: w.panoId, x: 0, y: 0, z: 1, contentPageId: page.id },
      })
    ).data!.createInfoPoint as { infoPoint: { id: string } };
    const set = 'mutation($id: ID!, $tr: [InfoPointTextInput!]!) { setInfoPointTranslations(id: $id, translations: $tr) { error { code field } } }';
    const tr = [{ language: 'EN', iframeTitle: 'Nope' }];
    expect(outcome(await gql(w.owner.id, set, { id: pagePoint.infoPoint.id, tr }), 'setInfoPointTranslations')).toBe('INVALID');
    expect(outcome(await gql(null, set, { id: pagePoint.infoPoint.id, tr }), 'setInfoPointTranslations')).toBe('UNAUTHENTICATED');
    expect(outcome(await gql(w.stranger.id, set, { id: pagePoint.infoPoint.id, tr }), 'setInfoPointTranslations')).toBe('NOT_FOUND');
    expect(await t.app.db('virtual_room_info_point_translations').where({ info_point_id: pagePoint.infoPoint.id })).toEqual([]);
  });

  it('the editor’s forms (page door, no JavaScript) write a step’s and an embedded page’s texts per language', async () => {
    const w = await roomWorld();
    const url = `/virtual-rooms/${w.room.slug}`;
    const params = { slug: w.room.slug };
    const post = (form: Record<string, string>) => callRoute(t, editor.action, { url, userId: w.owner.id, params, form });
    const load = async () =>
      (await callRoute(t, editor.loader, { url, userId: w.owner.id, params })).data as {
        steps: { id: string; title: string; own: { title: string; text: string }; texts: Record<string, string> }[];
        panos: { infoPoints: { id: string; name: string; texts: Record<string, string> | null }[] }[];
      };
    expect(await post({ intent: 'addStep', panoId: w.panoId, title: 'Willkommen', text: 'Hallo', titleEN: 'Welcome', descriptionEN: 'Hello' })).toMatchObject({
      status: 302,
      toast: { key: 'roomseditor:messages.stepSaved' },
    });
    let data = await load();
    // the list shows the step in the editor's language (English); the form edits the step's own texts
    expect(data.steps[0]).toMatchObject({ title: 'Welcome', own: { title: 'Willkommen', text: 'Hallo' }, texts: { titleEN: 'Welcome', descriptionEN: 'Hello', titleDE: '' } });

    expect(await post({ intent: 'updateStep', id: data.steps[0]!.id, panoId: w.panoId, title: 'Willkommen', text: 'Hallo', titleDE: 'Grüß Gott', titleEN: 'Welcome!', descriptionEN: 'Hello' })).toMatchObject({
      status: 302,
      toast: { key: 'roomseditor:messages.stepUpdated' },
    });
    data = await load();
    expect(data.steps[0]!.texts).toMatchObject({ titleDE: 'Grüß Gott', titleEN: 'Welcome!' });

    expect(
      await post({ intent: 'addInfo', panoId: w.panoId, azimuth: '10', elevation: '0', iframeTitle: 'Datenblatt', iframeUrl: 'https://example.com/', titleEN: 'Data sheet' }),
    ).toMatchObject({ status: 302 });
    data = await load();
    const point = data.panos[0]!.infoPoints[0]!;
    expect(point.texts).toMatchObject({ titleEN: 'Data sheet', titleDE: '' });
    expect(await post({ intent: 'infoTexts', id: point.id, panoId: w.panoId, titleDE: 'Produktdatenblatt', titleEN: 'Product data sheet' })).toMatchObject({
      status: 302,
      toast: { key: 'roomseditor:messages.infoTextsSaved' },
    });
    expect((await load()).panos[0]!.infoPoints[0]!.texts).toMatchObject({ titleDE: 'Produktdatenblatt', titleEN: 'Product data sheet' });

    // another organisation's member cannot post to this room's editor
    const foreign = await callRoute(t, editor.action, { url, userId: w.stranger.id, params, form: { intent: 'infoTexts', id: point.id, titleEN: 'x' } });
    expect(foreign.status).toBe(404);
  });
});
