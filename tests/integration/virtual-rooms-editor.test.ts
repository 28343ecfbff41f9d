import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Package } from '~/lib/features';
import * as editor from '~/routes/_console.virtual-rooms.$slug/route';
import { movesBetween } from '~/routes/_console.virtual-rooms.$slug/server';
import * as list from '~/routes/_console.virtual-rooms._index/route';
import { createTestApp, type TestApp } from '../helpers/app';
import { callRoute, type RouteOutcome } from '../helpers/routes';
import { addMember, createOrganization, createUser } from '../fixtures/factories';
import { png } from './files-fixtures';
import { createContentPage, createContentPageTranslation } from '../fixtures/content-pages';
import { createConvention, createHall } from '../fixtures/events';
import { createIcon } from '../fixtures/icons';
import { silentWav } from '../../app/server/seed/room-panoramas';

/**
 * The console's virtual room pages (issue 17) through the page door, without JavaScript: /virtual-rooms (list,
 * create, rename, access, link, delete after confirming) and /virtual-rooms/{slug} (every intent of the editor),
 * and who may not: another organisation, a sales user without the sales hub suite, anonymous.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function member(suites: number, options: { sales?: boolean; role?: 'admin' | 'sales' } = {}) {
  const db = t.app.db;
  const org = await createOrganization(db, { suites });
  const user = await createUser(db, { default_language: 'EN' });
  await addMember(db, org.id, user.id, { role: options.role ?? 'admin', isOwner: !options.sales, sales: options.sales });
  return { org, user };
}


const pngFile = (width: number, height: number, name = 'pano.png') => new File([png(width, height)], name, { type: 'image/png' });

type ListData = { rooms: { id: string; slug: string; name: string; accessType: string; panoCount: number; setupComplete: boolean; link: string }[] };
type EditorData = {
  room: { id: string; slug: string; name: string; accessType: string; initialPanoId: string | null; initialView: unknown };
  selectedPanoId: string | null;
  panos: { id: string; name: string; width: number; height: number; initialView: { azimuthalAngle: number; polarAngle: number; focalLength: number } | null; navPoints: { id: string; name: string; azimuth: number; elevation: number }[]; infoPoints: { id: string; name: string; azimuth: number; elevation: number }[] }[];
  steps: { id: string; title: string; text: string; audioUrl: string | null; panoId: string; view: { azimuthalAngle: number; polarAngle: number; focalLength: number } }[];
  destinations: { panos: { id: string; label: string }[] };
  previewHref: string;
};

function listDoor(userId: string | null) {
  return {
    load: (query = '') => callRoute(t, list.loader, { url: `/virtual-rooms${query}`, userId }),
    post: (form: Record<string, string>) => callRoute(t, list.action, { url: '/virtual-rooms', userId, form }),
  };
}

function editorDoor(slug: string, userId: string | null) {
  const url = `/virtual-rooms/${slug}`;
  const params = { slug };
  return {
    load: async (query = '') => callRoute(t, editor.loader, { url: `${url}${query}`, userId, params }),
    data: async (query = '') => (await callRoute(t, editor.loader, { url: `${url}${query}`, userId, params })).data as EditorData,
    post: (form: Record<string, string | File>) => callRoute(t, editor.action, { url, userId, params, form }),
  };
}

const fieldErrors = (outcome: RouteOutcome) => (outcome.data as { result?: { error?: Record<string, string[]> } }).result?.error ?? {};

async function createRoom(userId: string, name = 'Showroom') {
  const created = await listDoor(userId).post({ intent: 'create', name, accessType: 'PUBLIC' });
  expect(created).toMatchObject({ status: 302, toast: { type: 'success', key: 'roomseditor:messages.created', values: { name } } });
  return decodeURIComponent(created.location!.split('/').pop()!);
}

describe('/virtual-rooms (issue 17)', () => {
  it('creates a room by name, lists it with its link, renames it, sets its access, shows the link and deletes it after confirming', async () => {
    const { user } = await member(Package.SALES);
    const door = listDoor(user.id);
    const slug = await createRoom(user.id, 'Showroom Nord');
    let rooms = ((await door.load()).data as ListData).rooms;
    expect(rooms).toHaveLength(1);
    const room = rooms[0]!;
    expect(room).toMatchObject({ slug, name: 'Showroom Nord', accessType: 'PUBLIC', panoCount: 0, setupComplete: false });
    expect(room.link).toMatch(new RegExp(`/virtual-room/${slug}$`));

    expect(await door.post({ intent: 'rename', id: room.id, name: 'Showroom Süd' })).toMatchObject({ status: 302, toast: { key: 'roomseditor:messages.renamed' } });
    expect(await door.post({ intent: 'access', id: room.id, accessType: 'LOGGED_IN' })).toMatchObject({ status: 302, toast: { key: 'roomseditor:messages.accessSaved' } });
    rooms = ((await door.load()).data as ListData).rooms;
    expect(rooms[0]).toMatchObject({ name: 'Showroom Süd', accessType: 'LOGGED_IN' });

    const link = await door.post({ intent: 'link', id: room.id });
    expect(link.status).toBe(200);
    expect(link.data).toEqual({ form: `link-${room.id}`, link: room.link });

    const asked = await door.post({ intent: 'delete', id: room.id, name: 'Showroom Süd' });
    expect(asked).toMatchObject({ status: 200, data: { confirm: { intent: 'delete', id: room.id, name: 'Showroom Süd' } } });
    expect(((await door.load()).data as ListData).rooms).toHaveLength(1);
    expect(await door.post({ intent: 'delete', id: room.id, name: 'Showroom Süd', confirmed: 'yes' })).toMatchObject({
      status: 302,
      toast: { type: 'success', key: 'roomseditor:messages.deleted', values: { name: 'Showroom Süd' } },
    });
    expect(((await door.load()).data as ListData).rooms).toHaveLength(0);
  });

  it('answers bad input with the field errors (400), an unknown intent with 400, and a link it cannot make with the toast', async () => {
    const { user } = await member(Package.SALES);
    const door = listDoor(user.id);
    const empty = await door.post({ intent: 'create', name: '   ', accessType: 'PUBLIC' });
    expect(empty.status).toBe(400);
    expect(fieldErrors(empty).name?.length).toBeGreaterThan(0);
    const badAccess = await door.post({ intent: 'create', name: 'X', accessType: 'EVERYONE' });
    expect(badAccess.status).toBe(400);
    expect(fieldErrors(badAccess).accessType?.length).toBeGreaterThan(0);
    expect((await door.post({ intent: 'publish' })).status).toBe(400);
    expect(((await door.load()).data as ListData).rooms).toHaveLength(0);
    expect(await door.post({ intent: 'link', id: '00000000-0000-4000-8000-000000000000' })).toMatchObject({ status: 302, toast: { type: 'error', key: 'roomseditor:messages.linkNotGenerated' } });
  });

  it('refuses another organisation, a sales user without the sales hub suite and anonymous visitors', async () => {
    const owner = await member(Package.SALES);
    const slug = await createRoom(owner.user.id);
    const roomId = (((await listDoor(owner.user.id).load()).data as ListData).rooms[0]!).id;

    const other = await member(Package.SALES);
    expect(((await listDoor(other.user.id).load()).data as ListData).rooms).toHaveLength(0);
    expect((await listDoor(other.user.id).post({ intent: 'rename', id: roomId, name: 'Mine' })).status).toBe(404);
    const otherDelete = await listDoor(other.user.id).post({ intent: 'delete', id: roomId, name: 'x', confirmed: 'yes' });
    expect(otherDelete).toMatchObject({ status: 302, toast: { type: 'error' } });
    expect((await editorDoor(slug, other.user.id).load()).status).toBe(404);
    expect((await editorDoor(slug, other.user.id).post({ intent: 'settings', name: 'Mine', accessType: 'PUBLIC' })).status).toBe(404);
    expect(((await listDoor(owner.user.id).load()).data as ListData).rooms[0]).toMatchObject({ name: 'Showroom' });

    const salesWithout = await member(Package.BASIC, { sales: true, role: 'sales' });
    for (const outcome of [await listDoor(salesWithout.user.id).load(), await listDoor(salesWithout.user.id).post({ intent: 'create', name: 'X' }), await editorDoor(slug, salesWithout.user.id).load()]) {
      expect(outcome.status).toBe(302);
      expect(outcome.location).toMatch(/^\/missing-feature\/salesHub/);
    }

    for (const outcome of [await listDoor(null).load(), await editorDoor(slug, null).post({ intent: 'settings', name: 'X', accessType: 'PUBLIC' })]) {
      expect(outcome.status).toBe(302);
      expect(outcome.location).toMatch(/^\/login\?next=/);
    }
  });
});

describe('/virtual-rooms/{slug} (issue 17)', () => {
  it('uploads panoramas (2:1 only), renames and replaces one, sets and resets the initial view', async () => {
    const { user } = await member(Package.SALES);
    const slug = await createRoom(user.id);
    const door = editorDoor(slug, user.id);
    expect((await door.data()).panos).toEqual([]);

    const wide = await door.post({ intent: 'uploadPano', name: 'Wide', file: pngFile(160, 90, 'wide.png') });
    expect(wide.status).toBe(400);
    expect(fieldErrors(wide).fileId?.join(' ')).toMatch(/2:1/);
    expect((await door.data()).panos).toEqual([]);
    const none = await door.post({ intent: 'uploadPano', name: 'Nothing' });
    expect(none).toMatchObject({ status: 400, data: { form: 'uploadPano', error: 'Please choose a file.' } });

    const first = await door.post({ intent: 'uploadPano', name: 'Lobby', file: pngFile(200, 100) });
    expect(first).toMatchObject({ status: 302, toast: { key: 'roomseditor:messages.panoUploaded' } });
    const second = await door.post({ intent: 'uploadPano', name: '', file: pngFile(400, 200) });
    expect(second.status).toBe(302);
    let data = await door.data();
    expect(data.panos.map((p) => [p.width, p.height])).toEqual([
      [200, 100],
      [400, 200],
    ]);
    const [lobby, hall] = data.panos as [EditorData['panos'][number], EditorData['panos'][number]];
    expect(lobby.name).toBe('Lobby');
    expect(second.location).toBe(`/virtual-rooms/${slug}?pano=${hall.id}`);

    expect(await door.post({ intent: 'renamePano', id: hall.id, name: 'Halle' })).toMatchObject({ status: 302, toast: { key: 'roomseditor:messages.panoRenamed' } });
    expect(await door.post({ intent: 'replacePano', id: hall.id, file: pngFile(300, 150) })).toMatchObject({ status: 302, toast: { key: 'roomseditor:messages.panoReplaced' } });
    const badReplace = await door.post({ intent: 'replacePano', id: hall.id, file: pngFile(300, 300) });
    expect(badReplace.status).toBe(400);
    expect((badReplace.data as { form: string }).form).toBe(`replacePano-${hall.id}`);
    data = await door.data(`?pano=${hall.id}`);
    expect(data.selectedPanoId).toBe(hall.id);
    expect(data.panos[1]).toMatchObject({ name: 'Halle', width: 300, height: 150 });

    const badView = await door.post({ intent: 'setView', panoId: lobby.id, azimuth: '10', polar: '200', focal: '35' });
    expect(badView.status).toBe(400);
    expect(fieldErrors(badView).polar?.length).toBeGreaterThan(0);
    expect(await door.post({ intent: 'setView', panoId: lobby.id, azimuth: '90', polar: '80', focal: '50', roomInitial: 'on' })).toMatchObject({
      status: 302,
      location: `/virtual-rooms/${slug}?pano=${lobby.id}`,
      toast: { key: 'roomseditor:messages.viewSet' },
    });
    data = await door.data();
    expect(data.room.initialPanoId).toBe(lobby.id);
    expect(data.panos[0]!.initialView!.azimuthalAngle).toBeCloseTo(Math.PI / 2, 5);
    expect(data.panos[0]!.initialView!.polarAngle).toBeCloseTo((80 * Math.PI) / 180, 5);
    expect(data.panos[0]!.initialView!.focalLength).toBe(50);
    expect(((await listDoor(user.id).load()).data as ListData).rooms[0]).toMatchObject({ panoCount: 2, setupComplete: true });

    expect(await door.post({ intent: 'resetView', panoId: lobby.id })).toMatchObject({ status: 302, toast: { key: 'roomseditor:messages.viewReset' } });
    expect((await door.data()).panos[0]!.initialView).toBeNull();
    expect((await door.post({ intent: 'resetView', panoId: 'nope' })).status).toBe(400);
  });

  it('places nav and info points (a nav point needs two panoramas), deletes them after confirming', async () => {
    const { user } = await member(Package.SALES);
    const slug = await createRoom(user.id);
    const door = editorDoor(slug, user.id);
    await door.post({ intent: 'uploadPano', name: 'Lobby', file: pngFile(200, 100) });
    let data = await door.data();
    const lobby = data.panos[0]!;

    const alone = await door.post({ intent: 'addNav', panoId: lobby.id, azimuth: '0', elevation: '0', destination: 'url', url: 'https://example.com/' });
    expect(alone.status).toBe(400);
    expect(JSON.stringify(alone.data)).toMatch(/two panoramas|zwei Panoramen/i);

    await door.post({ intent: 'uploadPano', name: 'Halle', file: pngFile(200, 100) });
    data = await door.data();
    const hall = data.panos[1]!;
    expect(data.destinations.panos.map((p) => p.id)).toEqual(expect.arrayContaining([lobby.id, hall.id]));

    const noTarget = await door.post({ intent: 'addNav', panoId: lobby.id, azimuth: '0', elevation: '0', destination: 'url', url: '' });
    expect(noTarget.status).toBe(400);
    expect(fieldErrors(noTarget).url?.length).toBeGreaterThan(0);
    expect(await door.post({ intent: 'addNav', panoId: lobby.id, azimuth: '45', elevation: '-10', destination: `pano:${hall.id}` })).toMatchObject({
      status: 302,
      toast: { key: 'roomseditor:messages.pointsCreated' },
    });
    expect((await door.post({ intent: 'addNav', panoId: lobby.id, azimuth: '0', elevation: '0', destination: 'url', url: 'https://example.com/' })).status).toBe(302);

    const infoNoTarget = await door.post({ intent: 'addInfo', panoId: lobby.id, azimuth: '0', elevation: '0' });
    expect(infoNoTarget.status).toBe(400);
    expect(fieldErrors(infoNoTarget).iframeUrl?.length).toBeGreaterThan(0);
    expect(await door.post({ intent: 'addInfo', panoId: lobby.id, azimuth: '-30', elevation: '5', auth: 'on', iframeTitle: 'Datenblatt', iframeUrl: 'https://example.com/sheet' })).toMatchObject({
      status: 302,
      toast: { key: 'roomseditor:messages.pointsCreated' },
    });

    data = await door.data(`?pano=${lobby.id}`);
    const points = data.panos[0]!;
    expect(points.navPoints).toHaveLength(2);
    const toHall = points.navPoints.find((p) => p.name.includes('Halle'))!;
    expect(toHall).toMatchObject({ azimuth: 45, elevation: -10 });
    expect(points.infoPoints).toHaveLength(1);
    expect(points.infoPoints[0]).toMatchObject({ azimuth: -30, elevation: 5 });

    expect(await door.post({ intent: 'deleteNav', id: toHall.id, name: 'Halle' })).toMatchObject({ status: 200, data: { confirm: { intent: 'deleteNav', id: toHall.id } } });
    expect(await door.post({ intent: 'deleteNav', id: toHall.id, name: 'Halle', confirmed: 'yes' })).toMatchObject({ status: 302, toast: { key: 'roomseditor:messages.pointDeleted' } });
    expect(await door.post({ intent: 'deleteInfo', id: points.infoPoints[0]!.id, name: 'x', confirmed: 'yes' })).toMatchObject({ status: 302, toast: { key: 'roomseditor:messages.pointDeleted' } });
    data = await door.data();
    expect(data.panos[0]!.navPoints).toHaveLength(1);
    expect(data.panos[0]!.infoPoints).toHaveLength(0);

    // a pano's delete takes its points and the tour steps that show it
    await door.post({ intent: 'addStep', panoId: hall.id, title: 'In der Halle', text: '' });
    await door.post({ intent: 'addNav', panoId: hall.id, azimuth: '0', elevation: '0', destination: `pano:${lobby.id}` });
    expect(await door.post({ intent: 'deletePano', id: hall.id, name: 'Halle' })).toMatchObject({ status: 200, data: { confirm: { intent: 'deletePano' } } });
    expect(await door.post({ intent: 'deletePano', id: hall.id, name: 'Halle', confirmed: 'yes' })).toMatchObject({ status: 302, toast: { key: 'roomseditor:messages.panoDeleted', values: { name: 'Halle' } } });
    data = await door.data();
    expect(data.panos.map((p) => p.id)).toEqual([lobby.id]);
    expect(data.steps).toEqual([]);
    // the nav point to the deleted pano went with it
    expect(data.panos[0]!.navPoints.filter((p) => p.name.includes('Halle'))).toEqual([]);
  });

  it('builds the tour: steps with audio, the pano view by default, edited, moved by button and by a new order, deleted after confirming', async () => {
    const { user } = await member(Package.SALES);
    const slug = await createRoom(user.id);
    const door = editorDoor(slug, user.id);
    await door.post({ intent: 'uploadPano', name: 'Lobby', file: pngFile(200, 100) });
    const lobby = (await door.data()).panos[0]!;
    await door.post({ intent: 'setView', panoId: lobby.id, azimuth: '20', polar: '90', focal: '35' });

    const noTitle = await door.post({ intent: 'addStep', panoId: lobby.id, title: '', text: '' });
    expect(noTitle.status).toBe(400);
    expect(fieldErrors(noTitle).title?.length).toBeGreaterThan(0);
    expect(await door.post({ intent: 'addStep', panoId: lobby.id, title: 'Willkommen', text: 'Hallo', file: new File([silentWav()], 'hallo.wav', { type: 'audio/wav' }) })).toMatchObject({
      status: 302,
      toast: { key: 'roomseditor:messages.stepSaved' },
    });
    const notAudio = await door.post({ intent: 'addStep', panoId: lobby.id, title: 'Bild', text: '', file: pngFile(20, 10, 'bild.png') });
    expect(notAudio.status).toBe(400);
    expect((notAudio.data as { form: string; error: string }).form).toBe('addStep');
    await door.post({ intent: 'addStep', panoId: lobby.id, title: 'Produkte', text: '', azimuth: '-45', polar: '100', focal: '60' });
    await door.post({ intent: 'addStep', panoId: lobby.id, title: 'Abschied', text: '' });

    let steps = (await door.data()).steps;
    expect(steps.map((s) => s.title)).toEqual(['Willkommen', 'Produkte', 'Abschied']);
    expect(steps[0]!.audioUrl).toMatch(/^\/files\//);
    expect(steps[0]!.view.azimuthalAngle).toBeCloseTo((20 * Math.PI) / 180, 5);
    expect(steps[1]!.view).toMatchObject({ focalLength: 60 });
    expect(steps[1]!.view.azimuthalAngle).toBeCloseTo((-45 * Math.PI) / 180, 5);

    expect(await door.post({ intent: 'updateStep', id: steps[2]!.id, panoId: lobby.id, title: 'Auf Wiedersehen', text: 'Bis bald' })).toMatchObject({ status: 302, toast: { key: 'roomseditor:messages.stepUpdated' } });
    expect(await door.post({ intent: 'move', id: steps[0]!.id, direction: 'down' })).toMatchObject({ status: 302, toast: { key: 'roomseditor:messages.stepMoved', values: { position: 2 } } });
    steps = (await door.data()).steps;
    expect(steps.map((s) => s.title)).toEqual(['Produkte', 'Willkommen', 'Auf Wiedersehen']);
    expect(steps[2]!.text).toBe('Bis bald');

    const reorder = await callRoute(t, editor.action, { url: `/virtual-rooms/${slug}`, userId: user.id, params: { slug }, form: { intent: 'reorder', ids: [steps[2]!.id, steps[0]!.id, steps[1]!.id] } });
    expect(reorder.status).toBe(302);
    steps = (await door.data()).steps;
    expect(steps.map((s) => s.title)).toEqual(['Auf Wiedersehen', 'Produkte', 'Willkommen']);
    expect((await callRoute(t, editor.action, { url: `/virtual-rooms/${slug}`, userId: user.id, params: { slug }, form: { intent: 'reorder', ids: [steps[0]!.id] } })).status).toBe(400);

    expect(await door.post({ intent: 'deleteStep', id: steps[0]!.id, name: 'Auf Wiedersehen' })).toMatchObject({ status: 200, data: { confirm: { intent: 'deleteStep' } } });
    expect(await door.post({ intent: 'deleteStep', id: steps[0]!.id, name: 'Auf Wiedersehen', confirmed: 'yes' })).toMatchObject({ status: 302, toast: { key: 'roomseditor:messages.stepDeleted' } });
    expect((await door.data()).steps.map((s) => s.title)).toEqual(['Produkte', 'Willkommen']);
  });

  it('renames the room and sets its access in the settings; an unknown intent is a 400', async () => {
    const { user } = await member(Package.SALES);
    const slug = await createRoom(user.id);
    const door = editorDoor(slug, user.id);
    expect(await door.post({ intent: 'settings', name: 'Neuer Name', accessType: 'TOKEN' })).toMatchObject({ status: 302, toast: { key: 'roomseditor:messages.renamed' } });
    expect((await door.data()).room).toMatchObject({ name: 'Neuer Name', accessType: 'TOKEN' });
    expect((await door.data()).previewHref).toBe(`/virtual-room/${slug}`);
    expect((await door.post({ intent: 'explode' })).status).toBe(400);
  });

  it("refuses another organisation's panos, points and steps through its own room (404)", async () => {
    const owner = await member(Package.SALES);
    const slug = await createRoom(owner.user.id);
    const ownerDoor = editorDoor(slug, owner.user.id);
    await ownerDoor.post({ intent: 'uploadPano', name: 'Lobby', file: pngFile(200, 100) });
    await ownerDoor.post({ intent: 'addInfo', panoId: (await ownerDoor.data()).panos[0]!.id, azimuth: '0', elevation: '0', iframeTitle: 'T', iframeUrl: 'https://example.com/' });
    const pano = (await ownerDoor.data()).panos[0]!;

    const other = await member(Package.SALES);
    const mine = await createRoom(other.user.id, 'Mein Raum');
    const otherDoor = editorDoor(mine, other.user.id);
    expect((await otherDoor.post({ intent: 'renamePano', id: pano.id, name: 'Gekapert' })).status).toBe(404);
    expect((await otherDoor.post({ intent: 'deleteInfo', id: pano.infoPoints[0]!.id, name: 'x', confirmed: 'yes' })).status).toBe(404);
    expect((await otherDoor.post({ intent: 'deletePano', id: pano.id, name: 'x', confirmed: 'yes' })).status).toBe(404);
    expect((await otherDoor.post({ intent: 'setView', panoId: pano.id, azimuth: '0', polar: '90', focal: '35' })).status).toBe(404);
    const data = await ownerDoor.data();
    expect(data.panos[0]).toMatchObject({ name: 'Lobby' });
    expect(data.panos[0]!.infoPoints).toHaveLength(1);
  });
});

describe('/virtual-rooms/{slug} pickers (issue 17)', () => {
  it("offers the organisation's icons, halls and content pages, links them, and refuses another organisation's hall and icon", async () => {
    const { org, user } = await member(Package.SALES);
    const db = t.app.db;
    const icon = await createIcon(db, { organization_id: org.id, filename: 'pfeil.png' });
    // a hall visitors can reach: in a convention (the nav point links the hall's page there)
    const convention = await createConvention(db, { organization_id: org.id });
    const hall = await createHall(db, { organization_id: org.id, name: 'Halle Nord', conventionId: convention.id });
    const page = await createContentPage(db, { organization_id: org.id, state: 'PRIVATE' });
    await createContentPageTranslation(db, { page_id: page.id, language: 'EN', name: 'Datenblatt' });
    const stranger = await member(Package.SALES);
    const foreignHall = await createHall(db, { organization_id: stranger.org.id, name: 'Fremde Halle' });
    const foreignIcon = await createIcon(db, { organization_id: stranger.org.id });

    const slug = await createRoom(user.id);
    const door = editorDoor(slug, user.id);
    await door.post({ intent: 'uploadPano', name: 'Lobby', file: pngFile(200, 100) });
    await door.post({ intent: 'uploadPano', name: 'Halle', file: pngFile(200, 100) });
    const loaded = (await door.load()).data as EditorData & {
      icons: { id: string; name: string }[];
      destinations: { halls: { id: string; label: string }[]; contentPages: { id: string; label: string }[] };
    };
    expect(loaded.icons.map((i) => i.id)).toEqual([icon.id]);
    expect(loaded.destinations.halls).toEqual([{ id: hall.id, label: 'Halle Nord' }]);
    expect(loaded.destinations.contentPages.map((p) => p.id)).toEqual([page.id]);
    const lobby = loaded.panos[0]!;

    expect(await door.post({ intent: 'addNav', panoId: lobby.id, azimuth: '10', elevation: '0', iconId: icon.id, destination: `hall:${hall.id}` })).toMatchObject({ status: 302 });
    const info = await door.post({ intent: 'addInfo', panoId: lobby.id, azimuth: '20', elevation: '0', iconId: icon.id, contentPageId: page.id });
    expect(info).toMatchObject({ status: 302 });
    const foreign = await door.post({ intent: 'addNav', panoId: lobby.id, azimuth: '0', elevation: '0', destination: `hall:${foreignHall.id}` });
    expect(foreign.status).toBeGreaterThanOrEqual(400);
    const foreignIconPost = await door.post({ intent: 'addNav', panoId: lobby.id, azimuth: '0', elevation: '0', iconId: foreignIcon.id, destination: `hall:${hall.id}` });
    expect(foreignIconPost.status).toBeGreaterThanOrEqual(400);
    const badDestination = await door.post({ intent: 'addNav', panoId: lobby.id, azimuth: '0', elevation: '0', destination: 'hall:nope' });
    expect(badDestination.status).toBe(400);
    expect(fieldErrors(badDestination).destination?.length).toBeGreaterThan(0);

    const points = (await door.data()).panos[0]!;
    expect(points.navPoints).toHaveLength(1);
    expect(points.navPoints[0]!.name).toContain('Halle Nord');
    expect(points.infoPoints).toHaveLength(1);
    expect(points.infoPoints[0]!.name).toContain('Datenblatt');
    const rows = await db('virtual_room_nav_points').where({ pano_id: lobby.id });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ hall_id: hall.id, icon_id: icon.id });
  });
});

describe('movesBetween', () => {
  it('finds the one move of a drag, several for another order, none for other steps', () => {
    expect(movesBetween(['a', 'b', 'c', 'd'], ['b', 'c', 'd', 'a'])).toEqual([{ id: 'a', toIndex: 3 }]);
    expect(movesBetween(['a', 'b', 'c'], ['b', 'a', 'c'])).toEqual([{ id: 'b', toIndex: 0 }]);
    expect(movesBetween(['a', 'b', 'c', 'd'], ['d', 'c', 'b', 'a'])).toEqual([
      { id: 'd', toIndex: 0 },
      { id: 'c', toIndex: 1 },
      { id: 'b', toIndex: 2 },
    ]);
    expect(movesBetween(['a', 'b'], ['a', 'x'])).toBeNull();
    expect(movesBetween(['a', 'b'], ['a'])).toBeNull();
  });
});
