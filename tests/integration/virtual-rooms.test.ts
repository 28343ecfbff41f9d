import { findFile } from '~/server/services/files/files.server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Package } from '~/lib/features';
import { roomForEditor } from '~/server/services/virtual-rooms/rooms';
import { createTestApp, type TestApp } from '../helpers/app';
import { countStatements } from '../helpers/remix-pages';
import {
  addMember,
  addStandToHall,
  createContentPage,
  createContentPageTranslation,
  createConvention,
  createFile,
  createHall,
  createIcon,
  createOrganization,
  createStand,
  createUser,
} from '../fixtures/factories';

/**
 * Virtual rooms through GraphQL (issue 17; spec 001 points 5-8): every call, its rules and error codes, and who may
 * not (anonymous, another organisation, an organisation without the sales hub suite, a visitor on a LOGGED_IN or
 * TOKEN room), the setup states visitors see, TOKEN rooms with the existing access keys, and the convention's room
 * navigation.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function member(suites: number = Package.SALES, options: { orgId?: string; sales?: boolean } = {}) {
  const orgId = options.orgId ?? (await createOrganization(t.app.db, { suites })).id;
  const user = await createUser(t.app.db, { default_language: 'EN' });
  await addMember(t.app.db, orgId, user.id, options.sales ? { role: 'sales', sales: true } : { role: 'admin', isOwner: !options.orgId });
  return { orgId, userId: user.id };
}

type Err = { code: string; field: string | null; message: string };

async function gql<T = Record<string, unknown>>(userId: string | null, query: string, variables: Record<string, unknown> = {}) {
  const headers: Record<string, string> = userId ? { Authorization: `JWT ${await t.accessToken(userId)}` } : {};
  return (await t.graphql<T>(query, variables, { headers })).body;
}

/** A mutation's payload (fields given) and top-level errors. */
async function mutate<T = Record<string, unknown>>(userId: string | null, call: string, fields: string, variables: Record<string, unknown> = {}, args = '') {
  const name = call.split('(')[0];
  const body = await gql<Record<string, T>>(userId, `mutation${args ? `(${args})` : ''} { ${call} { ${fields} error { code field message } } }`, variables);
  return { data: body.data?.[name] as (T & { error: Err | null }) | undefined, errors: body.errors };
}

const ROOM = 'id slug name accessType initialPanoId initialView { azimuthalAngle polarAngle focalLength } panoCount conventionId';
const VIEW =
  'id slug name organizationName setup initialPanoId loginHref panos { id name picture { url width height poster sizes { width url } } initialView { azimuthalAngle } navPoints { id name destination { kind panoId href external } } infoPoints { id name auth target { kind title slug href url } } } tourSteps { id order title audioUrl panoId infoPointId }';

type Room = { id: string; slug: string; name: string; accessType: string; initialPanoId: string | null; panoCount: number; conventionId: string | null };

async function createRoom(userId: string, name = 'Showroom', accessType = 'LOGGED_IN') {
  const { data } = await mutate<{ virtualRoom: Room }>(userId, 'createVirtualRoom(input: $input)', `virtualRoom { ${ROOM} }`, { input: { name, accessType } }, '$input: VirtualRoomCreateInput!');
  expect(data?.error).toBeNull();
  return data!.virtualRoom;
}

async function panorama(orgId: string, width = 4096, height = 2048) {
  return createFile(t.app.db, { organization_id: orgId, width, height, is_public: false });
}

async function addPano(userId: string, roomId: string, fileId: string, name?: string) {
  return mutate<{ pano: { id: string; name: string; width: number; height: number } }>(
    userId,
    'createPano(virtualRoomId: $roomId, fileId: $fileId, name: $name)',
    'pano { id name width height fileId initialView { focalLength } }',
    { roomId, fileId, name },
    '$roomId: ID!, $fileId: ID!, $name: String',
  );
}

async function visit(userId: string | null, slug: string) {
  const body = await gql<{ virtualRoom: Record<string, unknown> & { setup: string; panos: { id: string; navPoints: unknown[]; infoPoints: { target: unknown }[] }[] } }>(
    userId,
    `query($slug: String!) { virtualRoom(slug: $slug, lang: EN) { ${VIEW} } }`,
    { slug },
  );
  return { room: body.data?.virtualRoom ?? null, code: body.errors?.[0]?.extensions?.code as string | undefined, message: body.errors?.[0]?.message };
}

const VIEW_ANGLES = { azimuthalAngle: 0.5, polarAngle: 1.4, focalLength: 40 };

async function roomWithPanos(count: number, accessType = 'LOGGED_IN') {
  const owner = await member();
  const room = await createRoom(owner.userId, 'Raum', accessType);
  const panos: string[] = [];
  for (let i = 0; i < count; i += 1) panos.push((await addPano(owner.userId, room.id, (await panorama(owner.orgId)).id, `Pano ${i + 1}`)).data!.pano.id);
  return { owner, room, panos };
}

describe('rooms: list, create, update, slug, delete and who may', () => {
  it('creates, lists, renames, changes access and deletes rooms of the current organisation', async () => {
    const owner = await member();
    const room = await createRoom(owner.userId, 'Mein Showroom', 'PUBLIC');
    expect(room).toMatchObject({ slug: 'mein-showroom', name: 'Mein Showroom', accessType: 'PUBLIC', initialPanoId: null, panoCount: 0 });
    const second = await createRoom(owner.userId, 'Mein Showroom');
    expect(second.slug).toBe('mein-showroom-2');

    const list = await gql<{ virtualRooms: { items: Room[]; totalCount: number; hasNextPage: boolean } }>(owner.userId, '{ virtualRooms(first: 1) { items { id name } totalCount hasNextPage } }');
    expect(list.data!.virtualRooms).toMatchObject({ totalCount: 2, hasNextPage: true, items: [{ id: second.id }] });

    const renamed = await mutate<{ virtualRoom: Room }>(owner.userId, 'updateVirtualRoom(id: $id, input: $input)', `virtualRoom { ${ROOM} }`, { id: room.id, input: { name: 'Lounge', accessType: 'TOKEN' } }, '$id: ID!, $input: VirtualRoomUpdateInput!');
    expect(renamed.data).toMatchObject({ error: null, virtualRoom: { name: 'Lounge', accessType: 'TOKEN', slug: 'mein-showroom' } });
    const empty = await mutate(owner.userId, 'updateVirtualRoom(id: $id, input: $input)', 'virtualRoom { id }', { id: room.id, input: { name: '  ' } }, '$id: ID!, $input: VirtualRoomUpdateInput!');
    expect(empty.data!.error).toMatchObject({ code: 'REQUIRED', field: 'name' });

    const full = await gql<{ organizations?: unknown; virtualRooms: { items: Record<string, unknown>[] } }>(
      owner.userId,
      '{ virtualRooms { items { id permissionType initialAzimuthalAngle initialFocalLength panos { id } tourSteps { id } } } }',
    );
    expect(full.data!.virtualRooms.items.find((r) => r.id === room.id)).toMatchObject({ permissionType: 'TOKEN', initialAzimuthalAngle: null, panos: [], tourSteps: [] });

    const slug = await gql<{ virtualRoomSlug: string }>(owner.userId, 'query($id: ID!) { virtualRoomSlug(id: $id) }', { id: room.id });
    expect(slug.data!.virtualRoomSlug).toBe('mein-showroom');

    const deleted = await mutate<{ ok: boolean; id: string }>(owner.userId, 'deleteVirtualRoom(id: $id)', 'ok id', { id: second.id }, '$id: ID!');
    expect(deleted.data).toMatchObject({ ok: true, id: second.id });
    expect(await t.app.db('virtual_rooms').where({ id: second.id }).first()).toBeUndefined();
  });

  it('refuses anonymous callers, organisations without the sales hub suite and another organisation (NOT_FOUND)', async () => {
    const owner = await member();
    const room = await createRoom(owner.userId);
    const other = await member();
    const basic = await member(Package.BASIC);
    const event = await member(Package.EVENT);

    expect((await gql(null, '{ virtualRooms { totalCount } }')).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect((await gql(basic.userId, '{ virtualRooms { totalCount } }')).errors?.[0]?.extensions?.code).toBe('PERMISSION_DENIED');
    for (const who of [basic, event]) {
      const created = await mutate(who.userId, 'createVirtualRoom(input: $input)', 'virtualRoom { id }', { input: { name: 'X' } }, '$input: VirtualRoomCreateInput!');
      expect(created.data!.error?.code).toBe('PERMISSION_DENIED');
    }
    const anonymous = await mutate(null, 'createVirtualRoom(input: $input)', 'virtualRoom { id }', { input: { name: 'X' } }, '$input: VirtualRoomCreateInput!');
    expect(anonymous.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');

    // another organisation's room looks missing, to every call
    const update = await mutate(other.userId, 'updateVirtualRoom(id: $id, input: $input)', 'virtualRoom { id }', { id: room.id, input: { name: 'Fremd' } }, '$id: ID!, $input: VirtualRoomUpdateInput!');
    expect(update.data!.error?.code).toBe('NOT_FOUND');
    const del = await mutate<{ ok: boolean }>(other.userId, 'deleteVirtualRoom(id: $id)', 'ok', { id: room.id }, '$id: ID!');
    expect(del.data).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    expect((await gql(other.userId, 'query($id: ID!) { virtualRoomSlug(id: $id) }', { id: room.id })).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const pano = await addPano(other.userId, room.id, (await panorama(other.orgId)).id);
    expect(pano.data!.error?.code).toBe('NOT_FOUND');
    const list = await gql<{ virtualRooms: { totalCount: number } }>(other.userId, '{ virtualRooms { totalCount } }');
    expect(list.data!.virtualRooms.totalCount).toBe(0);
    // a malformed id is NOT_FOUND too, never a database error
    const bad = await mutate(owner.userId, 'deleteVirtualRoom(id: $id)', 'ok', { id: 'nope' }, '$id: ID!');
    expect(bad.data!.error?.code).toBe('NOT_FOUND');
  });

  it('lets a sales user of an organisation with the SALES suite edit rooms (the sales hub stays after narrowing)', async () => {
    const owner = await member();
    const sales = await member(Package.SALES, { orgId: owner.orgId, sales: true });
    const room = await createRoom(sales.userId, 'Vertriebsraum');
    expect(room.name).toBe('Vertriebsraum');
    const list = await gql<{ virtualRooms: { totalCount: number } }>(owner.userId, '{ virtualRooms { totalCount } }');
    expect(list.data!.virtualRooms.totalCount).toBe(1);
  });
});

describe('panos, initial views and setup states', () => {
  it('accepts 2:1 pictures only, with the ratio message, and only files of the organisation', async () => {
    const { owner, room } = await roomWithPanos(0);
    const wrong = await addPano(owner.userId, room.id, (await panorama(owner.orgId, 1920, 1080)).id);
    expect(wrong.data!.error).toMatchObject({ code: 'INVALID', field: 'fileId', message: 'Panoramas need an aspect ratio of 2:1; this picture has 1920 × 1080 pixels.' });
    const foreign = await panorama((await createOrganization(t.app.db)).id);
    expect((await addPano(owner.userId, room.id, foreign.id)).data!.error?.code).toBe('NOT_FOUND');
    const pdf = await createFile(t.app.db, { organization_id: owner.orgId, mime_type: 'application/pdf', width: null, height: null });
    expect((await addPano(owner.userId, room.id, pdf.id)).data!.error).toMatchObject({ code: 'INVALID', field: 'fileId' });

    const ok = await addPano(owner.userId, room.id, (await panorama(owner.orgId)).id);
    expect(ok.data).toMatchObject({ error: null, pano: { name: 'Panorama 1', width: 4096, height: 2048 } });
    // the panorama is shown to the room's visitors (LOGGED_IN: any logged-in user), not to anyone with its address
    const fileRow = await t.app.db('virtual_room_panos as p').join('files as f', 'f.id', 'p.file_id').where('p.id', ok.data!.pano.id).first('f.id');
    const someone = await createUser(t.app.db);
    expect(await findFile(await t.serviceContext(someone.id), fileRow.id)).not.toBeNull();
    expect(await findFile(await t.serviceContext(null), fileRow.id)).toBeNull();

    const renamed = await mutate<{ pano: { name: string } }>(owner.userId, 'updatePano(panoId: $id, name: $name)', 'pano { name }', { id: ok.data!.pano.id, name: 'Eingang' }, '$id: ID!, $name: String');
    expect(renamed.data).toMatchObject({ error: null, pano: { name: 'Eingang' } });
    const replaced = await mutate(owner.userId, 'updatePano(panoId: $id, fileId: $fileId)', 'pano { width }', { id: ok.data!.pano.id, fileId: (await panorama(owner.orgId, 1000, 1000)).id }, '$id: ID!, $fileId: ID');
    expect(replaced.data!.error?.code).toBe('INVALID');
  });

  it('shows visitors the setup state until a panorama and an initial view exist; set and reset the view', async () => {
    const owner = await member();
    const room = await createRoom(owner.userId, 'Setup', 'PUBLIC');
    expect((await visit(null, room.slug)).room).toMatchObject({ setup: 'NO_PANOS', panos: [] });
    const pano = (await addPano(owner.userId, room.id, (await panorama(owner.orgId)).id)).data!.pano;
    const noView = (await visit(null, room.slug)).room!;
    expect(noView.setup).toBe('NO_INITIAL_VIEW');
    expect(noView.panos[0]).toMatchObject({ picture: { width: 4096, height: 2048, poster: expect.stringMatching(/\?w=960$/) } });
    const sizes = (noView.panos[0] as unknown as { picture: { sizes: { width: number }[] } }).picture.sizes.map((s) => s.width);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(2048);

    const set = await mutate<{ pano: { initialView: { focalLength: number } } }>(
      owner.userId,
      'setPanoInitialView(panoId: $id, view: $view, roomInitial: true)',
      'pano { initialView { focalLength } }',
      { id: pano.id, view: VIEW_ANGLES },
      '$id: ID!, $view: RoomViewAnglesInput!',
    );
    expect(set.data).toMatchObject({ error: null, pano: { initialView: { focalLength: 40 } } });
    expect((await visit(null, room.slug)).room).toMatchObject({ setup: 'COMPLETE', initialPanoId: pano.id });

    const badView = await mutate(owner.userId, 'setPanoInitialView(panoId: $id, view: $view)', 'pano { id }', { id: pano.id, view: { ...VIEW_ANGLES, focalLength: 500 } }, '$id: ID!, $view: RoomViewAnglesInput!');
    expect(badView.data!.error).toMatchObject({ code: 'INVALID', field: 'focalLength' });

    const reset = await mutate(owner.userId, 'resetPanoInitialView(panoId: $id)', 'pano { initialView { focalLength } }', { id: pano.id }, '$id: ID!');
    expect(reset.data).toMatchObject({ error: null, pano: { initialView: null } });
    expect((await visit(null, room.slug)).room!.setup).toBe('NO_INITIAL_VIEW');

    // updateStandAloneRoom: the room's view in one go (first pano when none is named)
    const standalone = await mutate<{ virtualRoom: Room }>(owner.userId, 'updateStandAloneRoom(id: $id, input: $input)', `virtualRoom { ${ROOM} }`, { id: room.id, input: { initialView: VIEW_ANGLES } }, '$id: ID!, $input: StandAloneRoomInput!');
    expect(standalone.data).toMatchObject({ error: null, virtualRoom: { initialPanoId: pano.id, initialView: VIEW_ANGLES } });
    expect((await visit(null, room.slug)).room!.setup).toBe('COMPLETE');

    const other = await member();
    const foreign = await mutate(other.userId, 'setPanoInitialView(panoId: $id, view: $view)', 'pano { id }', { id: pano.id, view: VIEW_ANGLES }, '$id: ID!, $view: RoomViewAnglesInput!');
    expect(foreign.data!.error?.code).toBe('NOT_FOUND');
    expect((await mutate(other.userId, 'resetPanoInitialView(panoId: $id)', 'pano { id }', { id: pano.id }, '$id: ID!')).data!.error?.code).toBe('NOT_FOUND');
  });
});

describe('points', () => {
  const navCall = 'createNavPoint(input: $input)';
  const navFields = 'navPoint { id panoId x y z iconId destination { panoId url hallId hallStandId stageId conventionId } }';
  const infoCall = 'createInfoPoint(input: $input)';
  const infoFields = 'infoPoint { id auth contentPageId iframeTitle iframeUrl }';

  it('needs two panoramas and exactly one destination the organisation may link to', async () => {
    const { owner, room, panos } = await roomWithPanos(1, 'PUBLIC');
    const at = { x: 0, y: 0, z: -2 };
    const one = await mutate(owner.userId, navCall, navFields, { input: { panoId: panos[0], ...at, destination: { url: 'https://example.com' } } }, '$input: NavPointInput!');
    expect(one.data!.error).toMatchObject({ code: 'INVALID', message: 'A navigation point needs at least two panoramas.' });
    const second = (await addPano(owner.userId, room.id, (await panorama(owner.orgId)).id, 'Lounge')).data!.pano.id;

    const toPano = await mutate<{ navPoint: { z: number; destination: { panoId: string } } }>(owner.userId, navCall, navFields, { input: { panoId: panos[0], ...at, destination: { panoId: second } } }, '$input: NavPointInput!');
    expect(toPano.data).toMatchObject({ error: null, navPoint: { z: -1, destination: { panoId: second, url: null } } });
    const self = await mutate(owner.userId, navCall, navFields, { input: { panoId: panos[0], ...at, destination: { panoId: panos[0] } } }, '$input: NavPointInput!');
    expect(self.data!.error?.code).toBe('INVALID');
    const two = await mutate(owner.userId, navCall, navFields, { input: { panoId: panos[0], ...at, destination: { panoId: second, url: 'https://example.com' } } }, '$input: NavPointInput!');
    expect(two.data!.error?.code).toBe('INVALID');
    const none = await mutate(owner.userId, navCall, navFields, { input: { panoId: panos[0], ...at, destination: {} } }, '$input: NavPointInput!');
    expect(none.data!.error?.code).toBe('INVALID');
    const js = await mutate(owner.userId, navCall, navFields, { input: { panoId: panos[0], ...at, destination: { url: 'javascript:alert(1)' } } }, '$input: NavPointInput!');
    expect(js.data!.error?.code).toBe('INVALID');
    const origin = await mutate(owner.userId, navCall, navFields, { input: { panoId: panos[0], x: 0, y: 0, z: 0, destination: { url: 'https://example.com' } } }, '$input: NavPointInput!');
    expect(origin.data!.error?.code).toBe('INVALID');

    // halls, stands, conventions: the organisation's own (another organisation's look missing)
    const convention = await createConvention(t.app.db, { organization_id: owner.orgId, slug: `vr-messe-${Date.now()}` });
    const hall = await createHall(t.app.db, { organization_id: owner.orgId, conventionId: convention.id });
    const stand = await createStand(t.app.db, { organization_id: owner.orgId });
    const hallStand = await addStandToHall(t.app.db, { hall_id: hall.id, stand_id: stand.id, approved: true, stand_accepted: true });
    const foreignHall = await createHall(t.app.db);
    const icon = await createIcon(t.app.db, { organization_id: owner.orgId });
    const foreignIcon = await createIcon(t.app.db);
    for (const destination of [{ hallId: hall.id }, { hallStandId: hallStand.id }, { conventionId: convention.id }]) {
      const made = await mutate(owner.userId, navCall, navFields, { input: { panoId: second, ...at, iconId: icon.id, destination } }, '$input: NavPointInput!');
      expect(made.data!.error).toBeNull();
    }
    const foreign = await mutate(owner.userId, navCall, navFields, { input: { panoId: second, ...at, destination: { hallId: foreignHall.id } } }, '$input: NavPointInput!');
    expect(foreign.data!.error).toMatchObject({ code: 'NOT_FOUND', field: 'destination.hallId' });
    const badIcon = await mutate(owner.userId, navCall, navFields, { input: { panoId: second, ...at, iconId: foreignIcon.id, destination: { url: 'https://example.com' } } }, '$input: NavPointInput!');
    expect(badIcon.data!.error).toMatchObject({ code: 'NOT_FOUND', field: 'iconId' });

    const seen = (await visit(null, room.slug)).room!;
    const lounge = seen.panos.find((p) => p.id === second) as unknown as { navPoints: { name: string; destination: { kind: string; href: string } }[] };
    expect(lounge.navPoints.map((p) => p.destination.kind).sort()).toEqual(['CONVENTION', 'HALL', 'HALL_STAND']);
    expect(lounge.navPoints.find((p) => p.destination.kind === 'HALL_STAND')!.destination.href).toBe(`/convention/${convention.slug}/hall/${hall.slug}/stand/${hallStand.slug}`);
    expect((seen.panos[0] as unknown as { navPoints: { name: string }[] }).navPoints[0]!.name).toBe('To Lounge');

    // the editor's pickers offer the same
    const dest = await gql<{ roomDestinations: Record<string, { id: string }[]> }>(owner.userId, 'query($id: ID!) { roomDestinations(virtualRoomId: $id) { panos { id label } halls { id } hallStands { id label } stages { id } conventions { id } contentPages { id } } }', { id: room.id });
    expect(dest.data!.roomDestinations.halls.map((h) => h.id)).toEqual([hall.id]);
    expect(dest.data!.roomDestinations.hallStands.map((h) => h.id)).toEqual([hallStand.id]);
    expect(dest.data!.roomDestinations.panos).toHaveLength(2);

    // delete: another organisation cannot; the owner can
    const pointId = toPano.data!.navPoint as unknown as { id: string };
    const other = await member();
    expect((await mutate<{ ok: boolean }>(other.userId, 'deleteNavPoint(id: $id)', 'ok', { id: pointId.id }, '$id: ID!')).data!.error?.code).toBe('NOT_FOUND');
    expect((await mutate<{ ok: boolean }>(owner.userId, 'deleteNavPoint(id: $id)', 'ok', { id: pointId.id }, '$id: ID!')).data).toMatchObject({ ok: true });
  });

  it('opens a content page of the organisation or an https iframe; auth points ask anonymous visitors to log in', async () => {
    const { owner, room, panos } = await roomWithPanos(1, 'PUBLIC');
    const page = await createContentPage(t.app.db, { organization_id: owner.orgId, state: 'PUBLISHED', publish_token: 'tok123', published_at: new Date() });
    await createContentPageTranslation(t.app.db, { page_id: page.id, language: 'EN', name: 'Product' });
    const foreignPage = await createContentPage(t.app.db);
    const at = { panoId: panos[0], x: 1, y: 0, z: 0 };

    const withPage = await mutate(owner.userId, infoCall, infoFields, { input: { ...at, contentPageId: page.id, auth: true } }, '$input: InfoPointInput!');
    expect(withPage.data).toMatchObject({ error: null, infoPoint: { contentPageId: page.id, auth: true, iframeUrl: null } });
    const iframe = await mutate(owner.userId, infoCall, infoFields, { input: { ...at, iframeTitle: 'Video', iframeUrl: 'https://example.com/embed' } }, '$input: InfoPointInput!');
    expect(iframe.data!.error).toBeNull();
    expect((await mutate(owner.userId, infoCall, infoFields, { input: { ...at, contentPageId: foreignPage.id } }, '$input: InfoPointInput!')).data!.error).toMatchObject({ code: 'NOT_FOUND', field: 'contentPageId' });
    expect((await mutate(owner.userId, infoCall, infoFields, { input: { ...at, iframeTitle: 'X', iframeUrl: 'http://example.com/' } }, '$input: InfoPointInput!')).data!.error).toMatchObject({ code: 'INVALID', field: 'iframeUrl' });
    expect((await mutate(owner.userId, infoCall, infoFields, { input: { ...at } }, '$input: InfoPointInput!')).data!.error).toMatchObject({ code: 'REQUIRED', field: 'contentPageId' });
    expect((await mutate(owner.userId, infoCall, infoFields, { input: { ...at, iframeTitle: 'Only a title' } }, '$input: InfoPointInput!')).data!.error?.code).toBe('INVALID');
    expect((await mutate(owner.userId, infoCall, infoFields, { input: { ...at, contentPageId: page.id, iframeTitle: 'X', iframeUrl: 'https://example.com/' } }, '$input: InfoPointInput!')).data!.error?.code).toBe('INVALID');

    const anonymous = (await visit(null, room.slug)).room!;
    const points = anonymous.panos[0]!.infoPoints as { name: string; auth: boolean; target: { href?: string } | null }[];
    expect(points.find((p) => p.auth)!.target).toBeNull();
    expect(points.find((p) => !p.auth)!.target).toMatchObject({ kind: 'IFRAME', url: 'https://example.com/embed' });
    const visitor = await createUser(t.app.db);
    const loggedIn = (await visit(visitor.id, room.slug)).room!;
    const pagePoint = (loggedIn.panos[0]!.infoPoints as { auth: boolean; target: { href: string } }[]).find((p) => p.auth)!;
    expect(pagePoint.target).toMatchObject({ kind: 'CONTENT_PAGE', title: 'Product', href: `/content/${page.slug}?token=tok123` });

    const pointId = (withPage.data as unknown as { infoPoint: { id: string } }).infoPoint.id;
    const other = await member();
    expect((await mutate<{ ok: boolean }>(other.userId, 'deleteInfoPoint(id: $id)', 'ok', { id: pointId }, '$id: ID!')).data!.error?.code).toBe('NOT_FOUND');
    expect((await mutate<{ ok: boolean }>(owner.userId, 'deleteInfoPoint(id: $id)', 'ok', { id: pointId }, '$id: ID!')).data).toMatchObject({ ok: true });
  });
});

describe('the tour', () => {
  const STEP = 'tourStep { id title text sort panoId infoPointId audioFileId view { focalLength } }';

  it('creates steps at the end, updates, moves and deletes them, keeping the order dense', async () => {
    const { owner, room, panos } = await roomWithPanos(2, 'PUBLIC');
    const create = (title: string, extra: Record<string, unknown> = {}) =>
      mutate<{ tourStep: { id: string; sort: number } }>(owner.userId, 'createTourStep(input: $input)', STEP, { input: { virtualRoomId: room.id, panoId: panos[0], title, text: `${title} text`, view: VIEW_ANGLES, ...extra } }, '$input: TourStepCreateInput!');
    const a = (await create('Willkommen')).data!.tourStep;
    const audio = await createFile(t.app.db, { organization_id: owner.orgId, mime_type: 'audio/wav', width: null, height: null, is_public: false });
    const b = (await create('Tische', { audioFileId: audio.id })).data!.tourStep;
    const c = (await create('Lounge')).data!.tourStep;
    expect([a.sort, b.sort, c.sort]).toEqual([0, 1, 2]);
    expect((await t.app.db('files').where({ id: audio.id }).first('is_public')).is_public).toBe(true);

    const notAudio = await create('X', { audioFileId: (await panorama(owner.orgId)).id });
    expect(notAudio.data!.error).toMatchObject({ code: 'INVALID', field: 'audioFileId' });
    const noTitle = await create('');
    expect(noTitle.data!.error).toMatchObject({ code: 'REQUIRED', field: 'title' });
    const otherRoom = await roomWithPanos(1);
    expect((await create('X', { panoId: otherRoom.panos[0] })).data!.error).toMatchObject({ code: 'NOT_FOUND', field: 'panoId' });
    const info = await mutate<{ infoPoint: { id: string } }>(owner.userId, 'createInfoPoint(input: $input)', 'infoPoint { id }', { input: { panoId: panos[1], x: 1, y: 0, z: 0, iframeTitle: 'T', iframeUrl: 'https://example.com/' } }, '$input: InfoPointInput!');
    expect((await create('X', { infoPointId: info.data!.infoPoint.id })).data!.error).toMatchObject({ code: 'INVALID', field: 'infoPointId' });

    const updated = await mutate<{ tourStep: { title: string; panoId: string; infoPointId: string } }>(owner.userId, 'updateTourStep(id: $id, input: $input)', STEP, { id: c.id, input: { title: 'Sofa', panoId: panos[1], infoPointId: info.data!.infoPoint.id } }, '$id: ID!, $input: TourStepUpdateInput!');
    expect(updated.data).toMatchObject({ error: null, tourStep: { title: 'Sofa', panoId: panos[1], infoPointId: info.data!.infoPoint.id, text: 'Lounge text' } });

    const moved = await mutate<{ tourSteps: { id: string; sort: number }[] }>(owner.userId, 'moveTourStep(id: $id, toIndex: 0)', 'tourSteps { id sort }', { id: c.id }, '$id: ID!');
    expect(moved.data!.tourSteps.map((s) => s.id)).toEqual([c.id, a.id, b.id]);
    const outOfRange = await mutate(owner.userId, 'moveTourStep(id: $id, toIndex: 7)', 'tourSteps { id }', { id: c.id }, '$id: ID!');
    expect(outOfRange.data!.error?.code).toBe('INVALID');

    const other = await member();
    expect((await mutate(other.userId, 'updateTourStep(id: $id, input: $input)', STEP, { id: a.id, input: { title: 'Fremd' } }, '$id: ID!, $input: TourStepUpdateInput!')).data!.error?.code).toBe('NOT_FOUND');
    expect((await mutate(other.userId, 'deleteTourStep(id: $id)', 'ok', { id: a.id }, '$id: ID!')).data!.error?.code).toBe('NOT_FOUND');

    expect((await mutate<{ ok: boolean }>(owner.userId, 'deleteTourStep(id: $id)', 'ok', { id: c.id }, '$id: ID!')).data).toMatchObject({ ok: true });
    const steps = await gql<{ roomSteps: { id: string; order: number; audioUrl: string | null }[] }>(null, 'query($slug: String!) { roomSteps(slug: $slug) { id order audioUrl } }', { slug: room.slug });
    expect(steps.data!.roomSteps).toEqual([
      { id: a.id, order: 0, audioUrl: null },
      { id: b.id, order: 1, audioUrl: `/files/${audio.id}` },
    ]);
    expect(await t.app.db('virtual_room_tour_steps').where({ virtual_room_id: room.id }).orderBy('sort').pluck('sort')).toEqual([0, 1]);
  });

  it('deletePano removes its points, the nav points leading to it and the tour steps that show it, and the initial view on it', async () => {
    const { owner, room, panos } = await roomWithPanos(2);
    const [first, second] = panos as [string, string];
    await mutate(owner.userId, 'setPanoInitialView(panoId: $id, view: $view, roomInitial: true)', 'pano { id }', { id: second, view: VIEW_ANGLES }, '$id: ID!, $view: RoomViewAnglesInput!');
    await mutate(owner.userId, 'createNavPoint(input: $input)', 'navPoint { id }', { input: { panoId: first, x: 0, y: 0, z: -1, destination: { panoId: second } } }, '$input: NavPointInput!');
    await mutate(owner.userId, 'createNavPoint(input: $input)', 'navPoint { id }', { input: { panoId: second, x: 0, y: 0, z: -1, destination: { panoId: first } } }, '$input: NavPointInput!');
    await mutate(owner.userId, 'createInfoPoint(input: $input)', 'infoPoint { id }', { input: { panoId: second, x: 1, y: 0, z: 0, iframeTitle: 'T', iframeUrl: 'https://example.com/' } }, '$input: InfoPointInput!');
    for (const panoId of [first, second, first]) {
      await mutate(owner.userId, 'createTourStep(input: $input)', 'tourStep { id }', { input: { virtualRoomId: room.id, panoId, title: 'S', view: VIEW_ANGLES } }, '$input: TourStepCreateInput!');
    }
    const other = await member();
    expect((await mutate(other.userId, 'deletePano(panoId: $id)', 'ok', { id: second }, '$id: ID!')).data!.error?.code).toBe('NOT_FOUND');

    const deleted = await mutate<{ ok: boolean }>(owner.userId, 'deletePano(panoId: $id)', 'ok', { id: second }, '$id: ID!');
    expect(deleted.data).toMatchObject({ ok: true });
    const db = t.app.db;
    expect(await db('virtual_room_nav_points').whereIn('pano_id', panos).pluck('id')).toEqual([]);
    expect(await db('virtual_room_info_points').where({ pano_id: second }).pluck('id')).toEqual([]);
    expect(await db('virtual_room_tour_steps').where({ virtual_room_id: room.id }).pluck('pano_id')).toEqual([first, first]);
    expect(await db('virtual_rooms').where({ id: room.id }).first('initial_pano_id', 'initial_focal_length')).toEqual({ initial_pano_id: null, initial_focal_length: null });
  });
});

describe('who may visit a room', () => {
  async function completeRoom(accessType: string) {
    const { owner, room, panos } = await roomWithPanos(1, accessType);
    await mutate(owner.userId, 'setPanoInitialView(panoId: $id, view: $view, roomInitial: true)', 'pano { id }', { id: panos[0], view: VIEW_ANGLES }, '$id: ID!, $view: RoomViewAnglesInput!');
    return { owner, room };
  }

  it('PUBLIC: anyone; LOGGED_IN: not anonymous (PERMISSION_DENIED, so the page sends them to /login); a missing room is NOT_FOUND', async () => {
    const open = await completeRoom('PUBLIC');
    expect((await visit(null, open.room.slug)).room).toMatchObject({ setup: 'COMPLETE', loginHref: `/login?next=${encodeURIComponent(`/virtual-room/${open.room.slug}`)}` });
    const closed = await completeRoom('LOGGED_IN');
    const anonymous = await visit(null, closed.room.slug);
    expect(anonymous).toMatchObject({ room: null, code: 'PERMISSION_DENIED' });
    const visitor = await createUser(t.app.db, { default_language: 'EN' });
    expect((await visit(visitor.id, closed.room.slug)).room).toMatchObject({ setup: 'COMPLETE' });
    expect(await visit(visitor.id, 'gibt-es-nicht')).toMatchObject({ room: null, code: 'NOT_FOUND', message: 'The virtual room was not found.' });
  });

  it('TOKEN: members always; others need a key of the room, redeemed through the existing access keys', async () => {
    const { owner, room } = await completeRoom('TOKEN');
    expect((await visit(owner.userId, room.slug)).room).not.toBeNull();
    expect((await visit(null, room.slug)).code).toBe('PERMISSION_DENIED');
    const visitor = await createUser(t.app.db);
    expect((await visit(visitor.id, room.slug)).code).toBe('PERMISSION_DENIED');

    const key = await mutate<{ objectToken: { token: string } }>(owner.userId, 'objectTokenCreate(input: $input)', 'objectToken { token limit }', { input: { virtualRoomId: room.id, token: 'raum-key', limit: 5 } }, '$input: ObjectTokenCreateInput!');
    expect(key.data).toMatchObject({ error: null, objectToken: { token: 'raum-key' } });
    const other = await member();
    const foreignKey = await mutate(other.userId, 'objectTokenCreate(input: $input)', 'objectToken { token }', { input: { virtualRoomId: room.id, limit: 5 } }, '$input: ObjectTokenCreateInput!');
    expect(foreignKey.data!.error?.code).toBe('NOT_FOUND');

    const wrong = await mutate(visitor.id, 'objectTokenRedeem(input: $input)', 'ok', { input: { token: 'falsch', next: `/virtual-room/${room.slug}` } }, '$input: ObjectTokenRedeemInput!');
    expect(wrong.data!.error?.code).toBe('INVALID');
    const redeemed = await mutate<{ ok: boolean; next: string }>(visitor.id, 'objectTokenRedeem(input: $input)', 'ok next', { input: { token: 'raum-key', next: `/standalone-room/${room.slug}` } }, '$input: ObjectTokenRedeemInput!');
    expect(redeemed.data).toMatchObject({ ok: true, next: `/standalone-room/${room.slug}` });
    expect((await visit(visitor.id, room.slug)).room).toMatchObject({ setup: 'COMPLETE' });

    // a suspended permission shuts the visitor out again
    await t.app.db('object_permissions').where({ user_id: visitor.id, virtual_room_id: room.id }).update({ suspended: true });
    expect((await visit(visitor.id, room.slug)).code).toBe('PERMISSION_DENIED');
  });
});

describe("a convention's room navigation", () => {
  const CONV = 'virtualRoom { id name slug conventionId } conventionId navigationMode';

  it('createVirtualRoomForConvention and createPanoLensNavigationForConvention set VIRTUAL_ROOM; deleting the room returns to DEFAULT', async () => {
    const host = await member(Package.SALES | Package.EVENT);
    const convention = await createConvention(t.app.db, { organization_id: host.orgId, title: 'Hausmesse 2026', permission_type: 'PUBLIC' });
    const made = await mutate<{ virtualRoom: Room; navigationMode: string }>(host.userId, 'createVirtualRoomForConvention(conventionId: $id)', CONV, { id: convention.id }, '$id: ID!');
    expect(made.data).toMatchObject({ error: null, navigationMode: 'VIRTUAL_ROOM', conventionId: convention.id, virtualRoom: { name: 'Hausmesse 2026', conventionId: convention.id } });

    const shown = await gql<{ conventionBySlug: { navigationMode: string; virtualRoomId: string; panoNavigation: { id: string; setup: string } } }>(
      null,
      'query($slug: String!) { conventionBySlug(slug: $slug) { navigationMode virtualRoomId panoNavigation { id setup } } }',
      { slug: convention.slug },
    );
    expect(shown.data?.conventionBySlug ?? shown.errors).toMatchObject({ navigationMode: 'VIRTUAL_ROOM', virtualRoomId: made.data!.virtualRoom.id, panoNavigation: { id: made.data!.virtualRoom.id, setup: 'NO_PANOS' } });

    const other = await createRoom(host.userId, 'Anderer Raum');
    const switched = await mutate<{ virtualRoom: Room }>(host.userId, 'createPanoLensNavigationForConvention(convId: $id, virtualRoomId: $room)', CONV, { id: convention.id, room: other.id }, '$id: ID!, $room: ID');
    expect(switched.data).toMatchObject({ error: null, navigationMode: 'VIRTUAL_ROOM', virtualRoom: { id: other.id } });
    const again = await mutate<{ virtualRoom: Room }>(host.userId, 'createPanoLensNavigationForConvention(convId: $id)', CONV, { id: convention.id }, '$id: ID!');
    expect(again.data!.virtualRoom.id).toBe(other.id);

    // the mode is not set by the convention form
    const viaForm = await mutate(host.userId, 'conventionUpdate(id: $id, input: { navigationMode: VIRTUAL_ROOM })', 'convention { id }', { id: convention.id }, '$id: ID!');
    expect(viaForm.data!.error?.code).toBe('INVALID');

    await mutate(host.userId, 'deleteVirtualRoom(id: $id)', 'ok', { id: other.id }, '$id: ID!');
    expect(await t.app.db('conventions').where({ id: convention.id }).first('navigation_mode', 'virtual_room_id')).toEqual({ navigation_mode: 'DEFAULT', virtual_room_id: null });
  });

  it('refuses another organisation’s convention or room, and hosts without the sales hub suite', async () => {
    const host = await member(Package.SALES | Package.EVENT);
    const convention = await createConvention(t.app.db, { organization_id: host.orgId });
    const stranger = await member(Package.SALES | Package.EVENT);
    expect((await mutate(stranger.userId, 'createVirtualRoomForConvention(conventionId: $id)', CONV, { id: convention.id }, '$id: ID!')).data!.error?.code).toBe('NOT_FOUND');
    const strangerRoom = await createRoom(stranger.userId);
    const foreignRoom = await mutate(host.userId, 'createPanoLensNavigationForConvention(convId: $id, virtualRoomId: $room)', CONV, { id: convention.id, room: strangerRoom.id }, '$id: ID!, $room: ID');
    expect(foreignRoom.data!.error).toMatchObject({ code: 'NOT_FOUND', field: 'roomId' });
    const eventOnly = await member(Package.EVENT);
    const own = await createConvention(t.app.db, { organization_id: eventOnly.orgId });
    expect((await mutate(eventOnly.userId, 'createVirtualRoomForConvention(conventionId: $id)', CONV, { id: own.id }, '$id: ID!')).data!.error?.code).toBe('PERMISSION_DENIED');
    expect(await t.app.db('conventions').where({ id: own.id }).first('navigation_mode')).toEqual({ navigation_mode: 'DEFAULT' });
  });
});

describe('cost and the editor', () => {
  it('builds a room for visitors with the same number of statements whatever its size (no query per pano or point)', async () => {
    async function grown(count: number) {
      const { owner, room, panos } = await roomWithPanos(count, 'PUBLIC');
      for (const [i, panoId] of panos.entries()) {
        const target = panos[(i + 1) % panos.length]!;
        await mutate(owner.userId, 'createNavPoint(input: $input)', 'navPoint { id }', { input: { panoId, x: 0, y: 0, z: -1, destination: { panoId: target } } }, '$input: NavPointInput!');
        await mutate(owner.userId, 'createInfoPoint(input: $input)', 'infoPoint { id }', { input: { panoId, x: 1, y: 0, z: 0, iframeTitle: 'T', iframeUrl: 'https://example.com/' } }, '$input: InfoPointInput!');
        await mutate(owner.userId, 'createTourStep(input: $input)', 'tourStep { id }', { input: { virtualRoomId: room.id, panoId, title: `S${i}`, view: VIEW_ANGLES } }, '$input: TourStepCreateInput!');
      }
      const { count: statements, result } = await countStatements(t, () => visit(null, room.slug));
      expect(result.room!.panos).toHaveLength(count);
      return statements;
    }
    expect(await grown(6)).toBe(await grown(2));
  });

  it('gives the editor the room, its visitor view, panos with sizes, pickers and the organisation’s icons; another organisation gets NOT_FOUND', async () => {
    const { owner, room, panos } = await roomWithPanos(2);
    const icon = await createIcon(t.app.db, { organization_id: owner.orgId, kind: 'SVG' });
    const data = await roomForEditor(await t.serviceContext(owner.userId, 'EN'), room.slug);
    expect(data.room).toMatchObject({ id: room.id, slug: room.slug, accessType: 'LOGGED_IN', initialView: null });
    expect(data.view.setup).toBe('NO_INITIAL_VIEW');
    expect(data.panos.map((p) => [p.id, p.width, p.height])).toEqual(panos.map((id) => [id, 4096, 2048]));
    expect(data.destinations.panos.map((p) => p.label)).toEqual(['Pano 1', 'Pano 2']);
    expect(data.icons).toEqual([expect.objectContaining({ id: icon.id, url: expect.stringMatching(/^data:image\/svg\+xml;base64,/) })]);
    const other = await member();
    await expect(roomForEditor(await t.serviceContext(other.userId, 'EN'), room.slug)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const basic = await member(Package.BASIC);
    await expect(roomForEditor(await t.serviceContext(basic.userId, 'EN'), room.slug)).rejects.toMatchObject({ code: 'PERMISSION_DENIED' });
  });
});
