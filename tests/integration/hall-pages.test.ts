import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as builder from '~/routes/_console.hall.builder.$slug';
import * as halls from '~/routes/_console.hall._index';
import * as standEditor from '~/routes/_console.stand.$slug';
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

type Loaded = Awaited<ReturnType<typeof builder.loader>>;

async function builderData(userId: string, slug: string): Promise<Loaded> {
  const res = await callRoute(t, builder.loader, { url: `/hall/builder/${slug}`, userId, params: { slug } });
  expect(res.status).toBe(200);
  return res.data as Loaded;
}

/** The builder's action with a multipart body (a file field), the way a browser posts the image forms. */
async function postMultipart(userId: string, slug: string, fields: Record<string, string>, file: { name: string; bytes: Buffer }) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  body.append('file', new Blob([file.bytes], { type: 'image/png' }), file.name);
  const request = new Request(`http://localhost/hall/builder/${slug}`, {
    method: 'POST',
    headers: { cookie: await t.sessionCookie(userId), 'accept-language': 'en' },
    body,
  });
  const context = await loadContext(t, request);
  try {
    return asResponse(await builder.action({ request, context, params: { slug } }));
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

async function createHallAs(userId: string, name: string): Promise<string> {
  const res = await callRoute(t, halls.action, { url: '/hall', userId, form: { intent: 'create', name } });
  expect(res).toMatchObject({ status: 302, toast: { type: 'success', key: 'events:hall.created' } });
  return res.location!.replace('/hall/builder/', '');
}

describe('/hall and /hall/builder/{slug}', () => {
  it('creates a hall, invites a foreign stand (accepted on its stand page), approves an application, reorders by list and by move, removes after confirming', async () => {
    const w = await eventsWorld(t);
    const own = await createBaseStand(await t.serviceContext(w.owner.id), { name: 'Eigener Stand' });
    const foreign = await createBaseStand(await t.serviceContext(w.stranger.id), { name: 'Gaststand' });
    const slug = await createHallAs(w.owner.id, `Halle Nord ${Date.now()}`);

    const list = await callRoute(t, halls.loader, { url: '/hall', userId: w.owner.id });
    expect((list.data as { halls: { slug: string }[] }).halls.map((h) => h.slug)).toContain(slug);

    const url = `/hall/builder/${slug}`;
    const post = (form: Record<string, string | string[]>) => callRoute(t, builder.action, { url, userId: w.owner.id, params: { slug }, form });

    expect(await post({ intent: 'addStand', domain: foreign.slug })).toMatchObject({
      status: 302,
      location: url,
      toast: { key: 'events:hallPages.stands.invited' },
    });
    expect(await post({ intent: 'addStand', domain: own.slug })).toMatchObject({ status: 302, toast: { key: 'events:hall.standAdded' } });
    const unknown = await post({ intent: 'addStand', domain: 'no-such-stand-anywhere' });
    expect(unknown.status).toBe(404);
    expect(unknown.data).toMatchObject({ result: { error: { domain: ['No stand with this domain was found'] } } });

    let data = await builderData(w.owner.id, slug);
    // the invitation carries the host's consent; the exhibitor's is missing, so it has no preview link either
    expect(data.stands.map((s) => [s.name, s.approved, s.standAccepted, s.previewLinks.length])).toEqual([
      ['Gaststand', true, false, 0],
      ['Eigener Stand', true, true, 0],
    ]);
    expect(data.stands[0]!.organization).toBe(w.exhibitor.name);
    const [guest, mine] = data.stands as [Loaded['stands'][number], Loaded['stands'][number]];

    // the exhibitor accepts on its stand page
    const standUrl = `/stand/${foreign.slug}`;
    const onStand = (userId: string, form: Record<string, string>) =>
      callRoute(t, standEditor.action, { url: standUrl, userId, params: { slug: foreign.slug }, form });
    const standPage = await callRoute(t, standEditor.loader, { url: standUrl, userId: w.stranger.id, params: { slug: foreign.slug } });
    expect((standPage.data as { places: unknown[] }).places).toEqual([
      expect.objectContaining({ id: guest.id, hallName: data.hall.name, host: w.host.name, approved: true, standAccepted: false }),
    ]);
    expect(await onStand(w.stranger.id, { intent: 'hallStandAccept', id: guest.id })).toMatchObject({
      status: 302,
      location: standUrl,
      toast: { type: 'success', key: 'events:standPages.halls.accepted' },
    });
    data = await builderData(w.owner.id, slug);
    expect(data.stands.every((s) => s.approved && s.standAccepted)).toBe(true);

    // another stand of the exhibitor applies with the hall's domain; the host approves it in the builder
    const applicant = await createBaseStand(await t.serviceContext(w.stranger.id), { name: 'Bewerber' });
    const applicantUrl = `/stand/${applicant.slug}`;
    const apply = (form: Record<string, string>) =>
      callRoute(t, standEditor.action, { url: applicantUrl, userId: w.stranger.id, params: { slug: applicant.slug }, form });
    expect(await apply({ intent: 'standApplyToHall', hallSlug: 'no-such-hall' })).toMatchObject({
      status: 404,
      data: { form: 'apply', result: { error: { hallSlug: ['No hall with this domain was found'] } } },
    });
    expect(await apply({ intent: 'standApplyToHall', hallSlug: ` ${slug.toUpperCase()} ` })).toMatchObject({
      status: 302,
      toast: { key: 'events:standPages.halls.appliedToast' },
    });
    data = await builderData(w.owner.id, slug);
    const application = data.stands.find((s) => s.name === 'Bewerber')!;
    expect(application).toMatchObject({ approved: false, standAccepted: true });
    expect(application.previewLinks).toEqual([]); // the hall is in no convention yet
    // the new stand has no views and no texts yet: the host is warned first, and approves after confirming
    const warned = await post({ intent: 'approve', id: application.id });
    expect(warned.status).toBe(200);
    expect((warned.data as { approval: { id: string; warnings: string[] } }).approval).toMatchObject({ id: application.id });
    expect((warned.data as { approval: { warnings: string[] } }).approval.warnings.length).toBeGreaterThan(0);
    expect((await builderData(w.owner.id, slug)).stands.find((s) => s.id === application.id)).toMatchObject({ approved: false });
    expect(await post({ intent: 'approve', id: application.id, confirm: '1' })).toMatchObject({ status: 302, toast: { key: 'events:hall.standApproved' } });
    expect((await builderData(w.owner.id, slug)).stands.find((s) => s.id === application.id)).toMatchObject({ approved: true, standAccepted: true });
    // the exhibitor leaves the hall again
    expect(await apply({ intent: 'hallStandDecline', id: application.id, state: 'listed' })).toMatchObject({
      status: 302,
      toast: { key: 'events:standPages.halls.left' },
    });
    // the host cannot answer in the exhibitor's name
    expect(await onStand(w.owner.id, { intent: 'hallStandDecline', id: guest.id })).toMatchObject({ status: 404 });

    // keyboard: the move-down form (without JavaScript) announces the new place in its toast
    expect(await post({ intent: 'move', id: guest.id, direction: 'down' })).toMatchObject({
      status: 302,
      toast: { key: 'events:hallPages.order.moved', values: { name: 'Gaststand', position: 2, total: 2 } },
    });
    expect((await builderData(w.owner.id, slug)).stands.map((s) => s.id)).toEqual([mine.id, guest.id]);

    // drag and drop: the fetcher posts the whole order
    expect(await post({ intent: 'reorder', ids: [guest.id, mine.id] })).toMatchObject({ status: 302, toast: { key: 'events:hall.standsReordered' } });
    expect((await builderData(w.owner.id, slug)).stands.map((s) => s.id)).toEqual([guest.id, mine.id]);
    expect(await post({ intent: 'reorder', ids: [guest.id] })).toMatchObject({
      status: 302,
      toast: { type: 'error', values: { message: 'The new order must name every stand of the hall exactly once' } },
    });

    // removing asks first (the second step without JavaScript), then removes
    const ask = await post({ intent: 'removeStand', id: guest.id, name: 'Gaststand' });
    expect(ask).toMatchObject({ status: 200, data: { confirm: { intent: 'removeStand', id: guest.id, name: 'Gaststand' } } });
    expect((await builderData(w.owner.id, slug)).stands).toHaveLength(2);
    expect(await post({ intent: 'removeStand', id: guest.id, name: 'Gaststand', confirmed: 'yes' })).toMatchObject({
      status: 302,
      toast: { key: 'events:hall.standRemoved' },
    });
    expect((await builderData(w.owner.id, slug)).stands.map((s) => s.id)).toEqual([mine.id]);
  });

  it('saves settings and texts per language', async () => {
    const w = await eventsWorld(t);
    const slug = await createHallAs(w.owner.id, `Halle Süd ${Date.now()}`);
    const url = `/hall/builder/${slug}`;
    const post = (form: Record<string, string>) => callRoute(t, builder.action, { url, userId: w.owner.id, params: { slug }, form });
    expect(await post({ intent: 'settings', name: 'Halle Süd neu', permissionType: 'PUBLIC' })).toMatchObject({ status: 302 });
    expect(await post({ intent: 'translation', language: 'DE', title: 'Willkommen', description: 'In der Südhalle' })).toMatchObject({
      status: 302,
      toast: { key: 'events:hallPages.translations.saved', values: { language: 'Deutsch' } },
    });
    expect(await post({ intent: 'translation', language: 'DE', title: 'Hallo', description: '' })).toMatchObject({ status: 302 });
    const empty = await post({ intent: 'settings', name: '', permissionType: 'PUBLIC' });
    expect(empty.status).toBe(400);
    const data = await builderData(w.owner.id, slug);
    expect(data.hall).toMatchObject({ name: 'Halle Süd neu', permissionType: 'PUBLIC' });
    expect(data.translations).toEqual([{ language: 'DE', title: 'Hallo', description: '' }]);
  });

  it('refuses a thumbnail with the wrong ratio with the translated message and keeps a 16:9 one', async () => {
    const w = await eventsWorld(t);
    const slug = await createHallAs(w.owner.id, `Halle Ost ${Date.now()}`);
    await t.app.db('users').where({ id: w.owner.id }).update({ default_language: 'DE' });
    const square = await postMultipart(w.owner.id, slug, { intent: 'thumbnail' }, { name: 'square.png', bytes: png(1000, 1000) });
    expect(square.status).toBe(400);
    expect(await square.json()).toEqual({
      form: 'thumbnail',
      error: 'Das Bild muss das Seitenverhältnis 16:9 haben; dieses hat 1000 × 1000 Pixel.',
    });
    expect((await builderData(w.owner.id, slug)).hall.thumbnailUrl).toBeNull();

    const wide = await postMultipart(w.owner.id, slug, { intent: 'thumbnail' }, { name: 'wide.png', bytes: png(1600, 900) });
    expect(wide.status).toBe(302);
    expect((await builderData(w.owner.id, slug)).hall.thumbnailUrl).toMatch(/^\/files\//);

    const stand = await createBaseStand(await t.serviceContext(w.owner.id), { name: 'Mit Bild' });
    const badStand = await postMultipart(w.owner.id, slug, { intent: 'addStand', domain: stand.slug }, { name: 'sq.png', bytes: png(500, 500) });
    expect(badStand.status).toBe(400);
    expect(await badStand.json()).toMatchObject({
      form: 'addStand',
      result: { error: { thumbnail: ['Das Bild muss das Seitenverhältnis 16:9 haben; dieses hat 500 × 500 Pixel.'] } },
    });
    const goodStand = await postMultipart(w.owner.id, slug, { intent: 'addStand', domain: stand.slug }, { name: 'w.png', bytes: png(320, 180) });
    expect(goodStand.status).toBe(302);
    expect((await builderData(w.owner.id, slug)).stands[0]!.thumbnailUrl).toMatch(/^\/files\//);
  });

  it('sends a sales user and a member without the event feature away, and hides other organisations’ halls', async () => {
    const w = await eventsWorld(t);
    const slug = await createHallAs(w.owner.id, `Halle West ${Date.now()}`);
    const url = `/hall/builder/${slug}`;
    for (const userId of [w.sales.id, w.noFeature.id]) {
      expect(await callRoute(t, halls.loader, { url: '/hall', userId })).toMatchObject({ status: 302, location: '/missing-feature/event' });
      expect(await callRoute(t, halls.action, { url: '/hall', userId, form: { intent: 'create', name: 'X' } })).toMatchObject({
        status: 302,
        location: '/missing-feature/event',
      });
      expect(await callRoute(t, builder.loader, { url, userId, params: { slug } })).toMatchObject({
        status: 302,
        location: '/missing-feature/event',
      });
    }
    expect(await callRoute(t, builder.loader, { url, userId: w.stranger.id, params: { slug } })).toMatchObject({ status: 404 });
    expect(
      await callRoute(t, builder.action, { url, userId: w.stranger.id, params: { slug }, form: { intent: 'settings', name: 'Mine', permissionType: 'PUBLIC' } }),
    ).toMatchObject({ status: 404 });
    const hall = await t.app.db('halls').where({ slug }).first('id', 'name');
    expect(hall.name).toMatch(/^Halle West/);
    expect(
      await callRoute(t, halls.action, { url: '/hall', userId: w.stranger.id, form: { intent: 'delete', id: hall.id, confirmed: 'yes' } }),
    ).toMatchObject({ status: 302, toast: { type: 'error', values: { message: 'Not found' } } });
    expect(await t.app.db('halls').where({ slug }).first('id')).toBeTruthy();

    const anonymous = await callRoute(t, halls.loader, { url: '/hall', userId: null });
    expect(anonymous).toMatchObject({ status: 302, location: '/login?next=%2Fhall' });
  });

  it('deletes a hall only after the confirmation step', async () => {
    const w = await eventsWorld(t);
    const slug = await createHallAs(w.owner.id, `Halle Weg ${Date.now()}`);
    const hall = await t.app.db('halls').where({ slug }).first('id');
    const ask = await callRoute(t, halls.action, { url: '/hall', userId: w.owner.id, form: { intent: 'delete', id: hall.id, name: 'Weg' } });
    expect(ask).toMatchObject({ status: 200, data: { confirm: { intent: 'delete', id: hall.id } } });
    expect(await t.app.db('halls').where({ slug }).first('id')).toBeTruthy();
    const done = await callRoute(t, halls.action, { url: '/hall', userId: w.owner.id, form: { intent: 'delete', id: hall.id, confirmed: 'yes' } });
    expect(done).toMatchObject({ status: 302, location: '/hall', toast: { type: 'success', key: 'events:hall.deleted' } });
    expect(await t.app.db('halls').where({ slug }).first('id')).toBeUndefined();
  });
});
