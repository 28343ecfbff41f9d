import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as editor from '~/routes/_console.stand.$slug';
import * as stands from '~/routes/_console.stand._index';
import * as preview from '~/routes/_console.stand.preview.$standslug';
import * as framePreview from '~/routes/_console.stand.standpreview.$standslug';
import * as rpPreview from '~/routes/_console.stand.standpreview.$standslug.rp.$rpslug';
import { hallAddStand } from '~/server/services/events/hall-stands';
import { createHall } from '~/server/services/events/halls';
import { createBaseStand } from '~/server/services/events/stands';
import { createTestApp, type TestApp } from '../helpers/app';
import { asResponse, callRoute, loadContext } from '../helpers/routes';
import { eventsWorld } from './events-halls-world';
import { png } from './files-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Loaded = Awaited<ReturnType<typeof editor.loader>>;

async function editorData(userId: string, slug: string): Promise<Loaded> {
  const res = await callRoute(t, editor.loader, { url: `/stand/${slug}`, userId, params: { slug } });
  expect(res.status).toBe(200);
  return res.data as Loaded;
}

/** The editor's action with a multipart body (a file field), the way a browser posts the image forms. */
async function postMultipart(userId: string, slug: string, fields: Record<string, string>, file: { name: string; bytes: Buffer }) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  body.append('file', new Blob([file.bytes], { type: 'image/png' }), file.name);
  const request = new Request(`http://localhost/stand/${slug}`, {
    method: 'POST',
    headers: { cookie: await t.sessionCookie(userId), 'accept-language': 'en' },
    body,
  });
  const context = await loadContext(t, request);
  try {
    return asResponse(await editor.action({ request, context, params: { slug } }));
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

async function createStandAs(userId: string, name: string): Promise<string> {
  const res = await callRoute(t, stands.action, { url: '/stand', userId, form: { intent: 'create', name } });
  expect(res).toMatchObject({ status: 302, toast: { type: 'success', key: 'events:stand.created' } });
  return res.location!.replace('/stand/', '');
}

describe('/stand and /stand/{slug}', () => {
  it('creates a stand, lists it, saves settings and texts per language', async () => {
    const w = await eventsWorld(t);
    const slug = await createStandAs(w.owner.id, `Stand Nord ${Date.now()}`);
    const list = await callRoute(t, stands.loader, { url: '/stand', userId: w.owner.id });
    expect((list.data as { stands: { slug: string; nodes: number }[] }).stands).toEqual([expect.objectContaining({ slug, nodes: 0 })]);

    const empty = await callRoute(t, stands.action, { url: '/stand', userId: w.owner.id, form: { intent: 'create', name: '  ' } });
    expect(empty.status).toBe(400);

    const url = `/stand/${slug}`;
    const post = (form: Record<string, string>) => callRoute(t, editor.action, { url, userId: w.owner.id, params: { slug }, form });
    expect(
      await post({ intent: 'settings', name: 'Stand Nord neu', shop: 'on', shopUrl: 'https://shop.example.com', chatUrl: 'https://chat.example.com/room' }),
    ).toMatchObject({ status: 302, location: url, toast: { key: 'events:standPages.editor.saved' } });
    let data = await editorData(w.owner.id, slug);
    expect(data.stand).toMatchObject({ name: 'Stand Nord neu', slug, shop: true, shopUrl: 'https://shop.example.com', chatUrl: 'https://chat.example.com/room' });

    // an unchecked box and emptied URLs clear them
    expect(await post({ intent: 'settings', name: 'Stand Nord neu', shopUrl: '', chatUrl: '' })).toMatchObject({ status: 302 });
    data = await editorData(w.owner.id, slug);
    expect(data.stand).toMatchObject({ shop: false, shopUrl: '', chatUrl: '' });

    const badUrl = await post({ intent: 'settings', name: 'X', chatUrl: 'kein link' });
    expect(badUrl.status).toBe(400);
    expect(badUrl.data).toMatchObject({ form: 'settings', result: { error: { chatUrl: [expect.any(String)] } } });

    expect(await post({ intent: 'translation', language: 'EN', title: 'Welcome', description: 'Our stand' })).toMatchObject({
      status: 302,
      toast: { key: 'events:hallPages.translations.saved', values: { language: 'English' } },
    });
    expect(await post({ intent: 'translation', language: 'EN', title: 'Hello', description: 'Still ours' })).toMatchObject({ status: 302 });
    expect((await editorData(w.owner.id, slug)).translations).toEqual([{ language: 'EN', title: 'Hello', description: 'Still ours' }]);
  });

  it('adds image, panorama and iframe nodes; a wrong ratio is refused with its message', async () => {
    const w = await eventsWorld(t);
    const slug = await createStandAs(w.owner.id, `Stand Bild ${Date.now()}`);
    await t.app.db('users').where({ id: w.owner.id }).update({ default_language: 'DE' });

    const wrongPano = await postMultipart(w.owner.id, slug, { intent: 'addNode', type: 'PANO', language: 'DE' }, { name: 'p.png', bytes: png(1600, 900) });
    expect(wrongPano.status).toBe(400);
    expect(await wrongPano.json()).toMatchObject({
      form: 'addNode',
      result: { error: { file: ['Das Bild muss das Seitenverhältnis 2:1 haben; dieses hat 1600 × 900 Pixel.'] } },
    });
    const wrongImage = await postMultipart(w.owner.id, slug, { intent: 'addNode', type: 'IMAGE', language: 'EN' }, { name: 'i.png', bytes: png(800, 800) });
    expect(await wrongImage.json()).toMatchObject({
      result: { error: { file: ['Das Bild muss das Seitenverhältnis 16:9 haben; dieses hat 800 × 800 Pixel.'] } },
    });
    expect((await editorData(w.owner.id, slug)).nodes).toEqual([]);

    const image = await postMultipart(w.owner.id, slug, { intent: 'addNode', type: 'IMAGE', language: 'EN' }, { name: 'i.png', bytes: png(1600, 900) });
    expect(image.status).toBe(302);
    const pano = await postMultipart(w.owner.id, slug, { intent: 'addNode', type: 'PANO', language: 'DE' }, { name: 'p.png', bytes: png(2000, 1000) });
    expect(pano.status).toBe(302);
    const url = `/stand/${slug}`;
    const post = (form: Record<string, string>) => callRoute(t, editor.action, { url, userId: w.owner.id, params: { slug }, form });
    expect(await post({ intent: 'addNode', type: 'IFRAME', language: 'DE', iframe: 'https://example.com/embed' })).toMatchObject({
      status: 302,
      toast: { key: 'events:standPages.nodes.added' },
    });
    const noFile = await post({ intent: 'addNode', type: 'IMAGE', language: 'DE' });
    expect(noFile).toMatchObject({ status: 400, data: { result: { error: { file: ['Bitte wählen Sie eine Datei aus.'] } } } });

    const data = await editorData(w.owner.id, slug);
    expect(data.nodes.map((n) => [n.type, n.language, Boolean(n.imageUrl), n.iframe])).toEqual([
      ['PANO', 'DE', true, null],
      ['IFRAME', 'DE', false, 'https://example.com/embed'],
      ['IMAGE', 'EN', true, null],
    ]);

    // replacing the image through the image form checks the ratio of the node's type
    const imageNode = data.nodes.find((n) => n.type === 'IMAGE')!;
    const replaceWrong = await postMultipart(w.owner.id, slug, { intent: 'nodeImage', nodeId: imageNode.id }, { name: 'x.png', bytes: png(2000, 1000) });
    expect(await replaceWrong.json()).toEqual({
      form: `nodeImage-${imageNode.id}`,
      error: 'Das Bild muss das Seitenverhältnis 16:9 haben; dieses hat 2000 × 1000 Pixel.',
    });
    const replace = await postMultipart(w.owner.id, slug, { intent: 'nodeImage', nodeId: imageNode.id }, { name: 'y.png', bytes: png(320, 180) });
    expect(replace.status).toBe(302);
    const after = await editorData(w.owner.id, slug);
    expect(after.nodes.find((n) => n.id === imageNode.id)!.imageUrl).not.toBe(imageNode.imageUrl);

    // deleting a node asks first
    const iframe = data.nodes.find((n) => n.type === 'IFRAME')!;
    expect(await post({ intent: 'deleteNode', id: iframe.id, name: 'Eingebettet' })).toMatchObject({ status: 200, data: { confirm: { intent: 'deleteNode' } } });
    expect((await editorData(w.owner.id, slug)).nodes).toHaveLength(3);
    expect(await post({ intent: 'deleteNode', id: iframe.id, confirmed: 'yes' })).toMatchObject({ status: 302, toast: { key: 'events:standPages.nodes.deleted' } });
    expect((await editorData(w.owner.id, slug)).nodes).toHaveLength(2);
  });

  it('places points and reference points on a node, edits and deletes them after confirming', async () => {
    const w = await eventsWorld(t);
    const slug = await createStandAs(w.owner.id, `Stand Punkte ${Date.now()}`);
    expect((await postMultipart(w.owner.id, slug, { intent: 'addNode', type: 'IMAGE', language: 'DE' }, { name: 'i.png', bytes: png(1600, 900) })).status).toBe(302);
    const node = (await editorData(w.owner.id, slug)).nodes[0]!;
    const url = `/stand/${slug}`;
    const post = (form: Record<string, string>) => callRoute(t, editor.action, { url, userId: w.owner.id, params: { slug }, form });

    expect(await post({ intent: 'addPoint', nodeId: node.id, cx: '12.5', cy: '40', kind: 'POINT' })).toMatchObject({
      status: 302,
      toast: { type: 'success', key: 'events:stand.pointsCreated' },
    });
    const outside = await post({ intent: 'addPoint', nodeId: node.id, cx: '120', cy: '40', kind: 'POINT' });
    expect(outside).toMatchObject({ status: 400, data: { form: `point-${node.id}`, result: { error: { cx: [expect.any(String)] } } } });
    const nameless = await post({ intent: 'addPoint', nodeId: node.id, cx: '10', cy: '10', kind: 'REFERENCE' });
    expect(nameless).toMatchObject({ status: 400, data: { result: { error: { name: [expect.any(String)] } } } });
    expect(
      await post({
        intent: 'addPoint',
        nodeId: node.id,
        cx: '70',
        cy: '30',
        kind: 'REFERENCE',
        name: 'Produkt Info',
        order: '2',
        titleDE: 'Unser Produkt',
        descriptionDE: 'Beschreibung',
        titleEN: 'Our product',
        descriptionEN: 'Description',
      }),
    ).toMatchObject({ status: 302, toast: { key: 'events:stand.pointsCreated' } });

    let points = (await editorData(w.owner.id, slug)).nodes[0]!.points;
    expect(points.map((p) => [p.kind, p.cx, p.cy, p.name, p.slug, p.order])).toEqual([
      ['POINT', 12.5, 40, '', null, 0],
      ['REFERENCE', 70, 30, 'Produkt Info', 'produkt-info', 2],
    ]);
    const reference = points[1]!;
    expect(reference.translations).toEqual([
      { language: 'DE', title: 'Unser Produkt', description: 'Beschreibung' },
      { language: 'EN', title: 'Our product', description: 'Description' },
    ]);

    // a content page of the stand's organisation (the picker offers only those; issue 16)
    const [{ id: contentPageId }] = await t.app
      .db('content_pages')
      .insert({ organization_id: (await t.app.db('base_stands').where({ slug }).first('organization_id')).organization_id, slug: `seite-${Date.now()}` })
      .returning('id');
    expect(
      await post({ intent: 'updatePoint', id: reference.id, cx: '71', cy: '31', name: 'Produkt', order: '1', contentPageId, titleEN: 'Product', descriptionEN: 'New' }),
    ).toMatchObject({ status: 302, toast: { key: 'events:standPages.points.saved' } });
    points = (await editorData(w.owner.id, slug)).nodes[0]!.points;
    expect(points.find((p) => p.id === reference.id)).toMatchObject({
      cx: 71,
      cy: 31,
      name: 'Produkt',
      slug: 'produkt-info',
      order: 1,
      contentPageId,
      translations: [
        { language: 'DE', title: '', description: '' },
        { language: 'EN', title: 'Product', description: 'New' },
      ],
    });

    const plain = points.find((p) => p.kind === 'POINT')!;
    expect(await post({ intent: 'deletePoint', id: plain.id, name: 'Punkt' })).toMatchObject({ status: 200, data: { confirm: { intent: 'deletePoint', id: plain.id } } });
    expect((await editorData(w.owner.id, slug)).nodes[0]!.points).toHaveLength(2);
    expect(await post({ intent: 'deletePoint', id: plain.id, name: 'Punkt', confirmed: 'yes' })).toMatchObject({
      status: 302,
      toast: { type: 'success', key: 'events:stand.pointsDeleted' },
    });
    expect((await editorData(w.owner.id, slug)).nodes[0]!.points.map((p) => p.id)).toEqual([reference.id]);

    // another organisation cannot touch the points
    const foreign = await createStandAs(w.stranger.id, `Fremd ${Date.now()}`);
    const sneaky = await callRoute(t, editor.action, {
      url: `/stand/${foreign}`,
      userId: w.stranger.id,
      params: { slug: foreign },
      form: { intent: 'deletePoint', id: reference.id, confirmed: 'yes' },
    });
    expect(sneaky).toMatchObject({ status: 302, toast: { type: 'error', values: { message: 'Not found' } } });
    const addForeign = await callRoute(t, editor.action, {
      url: `/stand/${foreign}`,
      userId: w.stranger.id,
      params: { slug: foreign },
      form: { intent: 'addPoint', nodeId: node.id, cx: '1', cy: '1', kind: 'POINT' },
    });
    expect(addForeign.status).toBe(404);
    expect((await editorData(w.owner.id, slug)).nodes[0]!.points).toHaveLength(1);
  });

  it('previews the stand in the current language, in the stand frame and with one reference point', async () => {
    const w = await eventsWorld(t);
    const slug = await createStandAs(w.owner.id, `Stand Vorschau ${Date.now()}`);
    const url = `/stand/${slug}`;
    const post = (form: Record<string, string>) => callRoute(t, editor.action, { url, userId: w.owner.id, params: { slug }, form });
    for (const language of ['DE', 'EN']) {
      expect((await postMultipart(w.owner.id, slug, { intent: 'addNode', type: 'IMAGE', language }, { name: 'i.png', bytes: png(1600, 900) })).status).toBe(302);
    }
    await post({ intent: 'translation', language: 'EN', title: 'Our stand', description: 'Welcome' });
    await post({ intent: 'settings', name: 'Vorschau', shop: 'on', shopUrl: 'https://shop.example.com', chatUrl: '' });
    const nodes = (await editorData(w.owner.id, slug)).nodes;
    const en = nodes.find((n) => n.language === 'EN')!;
    const de = nodes.find((n) => n.language === 'DE')!;
    await post({ intent: 'addPoint', nodeId: en.id, cx: '20', cy: '20', kind: 'REFERENCE', name: 'Broschüre', titleEN: 'Brochure', descriptionEN: 'Read it' });
    await post({ intent: 'addPoint', nodeId: de.id, cx: '30', cy: '30', kind: 'POINT' });

    type Preview = Awaited<ReturnType<typeof preview.loader>>;
    const params = { standslug: slug };
    for (const route of [preview, framePreview]) {
      const res = await callRoute(t, route.loader, { url: `/stand/preview/${slug}`, userId: w.owner.id, params });
      expect(res.status).toBe(200);
      const data = res.data as Preview;
      // the user's language is EN: only the English view, with its reference point
      expect(data.language).toBe('EN');
      expect(data.stand).toMatchObject({ title: 'Our stand', description: 'Welcome', shop: true, shopUrl: 'https://shop.example.com' });
      expect(data.nodes.map((n) => n.id)).toEqual([en.id]);
      expect(data.nodes[0]!.points.map((p) => [p.kind, p.slug])).toEqual([['REFERENCE', 'broschuere']]);
    }

    const rp = await callRoute(t, rpPreview.loader, {
      url: `/stand/standpreview/${slug}/rp/broschuere`,
      userId: w.owner.id,
      params: { standslug: slug, rpslug: 'broschuere' },
    });
    expect(rp).toMatchObject({
      status: 200,
      data: { point: { name: 'Broschüre', title: 'Brochure', description: 'Read it', contentPageId: null, contentPageSlug: null } },
    });
    const missing = await callRoute(t, rpPreview.loader, { url: '/x', userId: w.owner.id, params: { standslug: slug, rpslug: 'nope' } });
    expect(missing.status).toBe(404);
    for (const route of [preview, framePreview]) {
      expect(await callRoute(t, route.loader, { url: '/x', userId: w.stranger.id, params })).toMatchObject({ status: 404 });
      expect(await callRoute(t, route.loader, { url: '/x', userId: w.noFeature.id, params })).toMatchObject({ status: 302, location: '/missing-feature/event' });
    }
    expect(await callRoute(t, rpPreview.loader, { url: '/x', userId: w.stranger.id, params: { standslug: slug, rpslug: 'broschuere' } })).toMatchObject({
      status: 404,
    });
  });

  it('sends members without the event feature away and hides other organisations’ stands', async () => {
    const w = await eventsWorld(t);
    const slug = await createStandAs(w.owner.id, `Stand West ${Date.now()}`);
    const url = `/stand/${slug}`;
    for (const userId of [w.sales.id, w.noFeature.id]) {
      expect(await callRoute(t, stands.loader, { url: '/stand', userId })).toMatchObject({ status: 302, location: '/missing-feature/event' });
      expect(await callRoute(t, stands.action, { url: '/stand', userId, form: { intent: 'create', name: 'X' } })).toMatchObject({
        status: 302,
        location: '/missing-feature/event',
      });
      expect(await callRoute(t, editor.loader, { url, userId, params: { slug } })).toMatchObject({ status: 302, location: '/missing-feature/event' });
    }
    expect(await callRoute(t, editor.loader, { url, userId: w.stranger.id, params: { slug } })).toMatchObject({ status: 404 });
    expect(
      await callRoute(t, editor.action, { url, userId: w.stranger.id, params: { slug }, form: { intent: 'settings', name: 'Mine' } }),
    ).toMatchObject({ status: 404 });
    const stand = await t.app.db('base_stands').where({ slug }).first('id', 'name');
    expect(stand.name).toMatch(/^Stand West/);
    expect(
      await callRoute(t, stands.action, { url: '/stand', userId: w.stranger.id, form: { intent: 'delete', id: stand.id, confirmed: 'yes' } }),
    ).toMatchObject({ status: 302, toast: { type: 'error', values: { message: 'Not found' } } });
    expect(await t.app.db('base_stands').where({ slug }).first('id')).toBeTruthy();
    expect(await callRoute(t, stands.loader, { url: '/stand', userId: null })).toMatchObject({ status: 302, location: '/login?next=%2Fstand' });
  });

  it('lists the invitations of hosts on /stand, where only the stand organisation accepts or declines them', async () => {
    const w = await eventsWorld(t);
    const host = await t.serviceContext(w.owner.id);
    const exhibitor = await t.serviceContext(w.stranger.id);
    const hall = await createHall(host, { name: 'Einladende Halle' });
    const first = await createBaseStand(exhibitor, { name: 'Erster Stand' });
    const second = await createBaseStand(exhibitor, { name: 'Zweiter Stand' });
    const accepted = await hallAddStand(host, hall.id, { domain: first.slug });
    const declined = await hallAddStand(host, hall.id, { domain: second.slug });

    type ListData = { invitations: { id: string; standName: string; hallName: string; host: string; approved: boolean; standAccepted: boolean }[] };
    const list = async (userId: string) => (await callRoute(t, stands.loader, { url: '/stand', userId })).data as ListData;
    expect((await list(w.stranger.id)).invitations.map((i) => [i.standName, i.hallName, i.host, i.approved, i.standAccepted])).toEqual([
      ['Erster Stand', 'Einladende Halle', w.host.name, true, false],
      ['Zweiter Stand', 'Einladende Halle', w.host.name, true, false],
    ]);
    // the host has no invitations of its own to answer, and cannot answer the exhibitor's
    expect((await list(w.owner.id)).invitations).toEqual([]);
    const post = (userId: string | null, form: Record<string, string>) => callRoute(t, stands.action, { url: '/stand', userId, form });
    expect(await post(w.owner.id, { intent: 'hallStandAccept', id: accepted.id })).toMatchObject({
      status: 302,
      toast: { type: 'error', values: { message: 'Not found' } },
    });
    expect(await post(w.sales.id, { intent: 'hallStandAccept', id: accepted.id })).toMatchObject({ status: 302, location: '/missing-feature/event' });
    expect(await post(null, { intent: 'hallStandAccept', id: accepted.id })).toMatchObject({ status: 302, location: '/login?next=%2Fstand' });
    expect(await t.app.db('hall_stands').where({ id: accepted.id }).first('stand_accepted')).toEqual({ stand_accepted: false });

    expect(await post(w.stranger.id, { intent: 'hallStandAccept', id: accepted.id })).toMatchObject({
      status: 302,
      location: '/stand',
      toast: { type: 'success', key: 'events:standPages.halls.accepted' },
    });
    expect(await post(w.stranger.id, { intent: 'hallStandDecline', id: declined.id, state: 'invited' })).toMatchObject({
      status: 302,
      toast: { type: 'success', key: 'events:standPages.halls.declined' },
    });
    expect((await list(w.stranger.id)).invitations).toEqual([]);
    expect(await t.app.db('hall_stands').where({ hall_id: hall.id }).select('id', 'stand_accepted')).toEqual([{ id: accepted.id, stand_accepted: true }]);

    // the stand's own page lists its places, whatever their state
    const page = await callRoute(t, editor.loader, { url: `/stand/${first.slug}`, userId: w.stranger.id, params: { slug: first.slug } });
    expect((page.data as Loaded).places.map((p) => [p.hallName, p.approved, p.standAccepted])).toEqual([['Einladende Halle', true, true]]);
  });

  it('deletes a stand only after the confirmation step', async () => {
    const w = await eventsWorld(t);
    const slug = await createStandAs(w.owner.id, `Stand Weg ${Date.now()}`);
    const stand = await t.app.db('base_stands').where({ slug }).first('id');
    const ask = await callRoute(t, stands.action, { url: '/stand', userId: w.owner.id, form: { intent: 'delete', id: stand.id, name: 'Weg' } });
    expect(ask).toMatchObject({ status: 200, data: { confirm: { intent: 'delete', id: stand.id, name: 'Weg' } } });
    expect(await t.app.db('base_stands').where({ slug }).first('id')).toBeTruthy();
    const done = await callRoute(t, stands.action, { url: '/stand', userId: w.owner.id, form: { intent: 'delete', id: stand.id, confirmed: 'yes' } });
    expect(done).toMatchObject({ status: 302, location: '/stand', toast: { type: 'success', key: 'events:stand.deleted' } });
    expect(await t.app.db('base_stands').where({ slug }).first('id')).toBeUndefined();
  });
});
