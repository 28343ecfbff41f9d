import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Package } from '~/lib/features';
import * as standaloneRoute from '~/routes/standalone-room.$slug';
import * as tokenRoute from '~/routes/_public.token';
import * as roomRoute from '~/routes/virtual-room.$slug';
import { createTestApp, type TestApp } from '../helpers/app';
import { callRoute } from '../helpers/routes';
import { addMember, createOrganization, createUser, createVirtualRoom, createVirtualRoomPano } from '../fixtures/factories';

/**
 * The visitor's door to the rooms' access rules (issue 17; spec 001 point 6): the room pages check the room's access
 * type first (a logged-out visitor of a LOGGED_IN or TOKEN room goes to /login?next, a logged-in one without a key of
 * a TOKEN room to /token?next), the /token page names the room and redeems its keys, and a missing room is a 404.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function roomOf(accessType: 'PUBLIC' | 'LOGGED_IN' | 'TOKEN') {
  const org = await createOrganization(t.app.db, { suites: Package.SALES });
  const owner = await createUser(t.app.db);
  await addMember(t.app.db, org.id, owner.id, { isOwner: true });
  const room = await createVirtualRoom(t.app.db, { organization_id: org.id, access_type: accessType, name: `Raum ${accessType}` });
  const pano = await createVirtualRoomPano(t.app.db, { virtual_room_id: room.id });
  await t.app.db('virtual_rooms').where({ id: room.id }).update({ initial_pano_id: pano.id, initial_azimuthal_angle: 0, initial_polar_angle: 1.57, initial_focal_length: 35 });
  return { org, owner, room };
}

const open = (fn: typeof roomRoute.loader, slug: string, userId: string | null, base = 'virtual-room') =>
  callRoute(t, fn, { url: `/${base}/${slug}`, params: { slug }, userId });

describe('room pages: the access check first', () => {
  it('PUBLIC opens for anyone; LOGGED_IN sends anonymous visitors to /login?next; a missing room is a 404', async () => {
    const { room } = await roomOf('PUBLIC');
    const shown = await open(roomRoute.loader, room.slug, null);
    expect(shown.status).toBe(200);
    expect((shown.data as { room: { setup: string } }).room.setup).toBe('COMPLETE');

    const closed = (await roomOf('LOGGED_IN')).room;
    const anonymous = await open(roomRoute.loader, closed.slug, null);
    expect(anonymous).toMatchObject({ status: 302, location: `/login?next=${encodeURIComponent(`/virtual-room/${closed.slug}`)}` });
    const standalone = await open(standaloneRoute.loader, closed.slug, null, 'standalone-room');
    expect(standalone).toMatchObject({ status: 302, location: `/login?next=${encodeURIComponent(`/standalone-room/${closed.slug}`)}` });
    const visitor = await createUser(t.app.db);
    expect((await open(roomRoute.loader, closed.slug, visitor.id)).status).toBe(200);

    expect((await open(roomRoute.loader, 'gibt-es-nicht', visitor.id)).status).toBe(404);
  });

  it('TOKEN: a logged-in visitor without a key goes to /token?next, which names the room and redeems its key', async () => {
    const { org, room } = await roomOf('TOKEN');
    await t.app.db('object_tokens').insert({ organization_id: org.id, virtual_room_id: room.id, token: 'SHOWROOM-1', limit: 2 });
    const visitor = await createUser(t.app.db, { default_language: 'EN' });
    const path = `/virtual-room/${room.slug}`;
    expect(await open(roomRoute.loader, room.slug, visitor.id)).toMatchObject({ status: 302, location: `/token?next=${encodeURIComponent(path)}` });

    const page = await callRoute(t, tokenRoute.loader, { url: `/token?next=${encodeURIComponent(path)}`, userId: visitor.id });
    expect(page.data).toMatchObject({ next: path, asking: { kind: 'room', title: room.name } });

    const wrong = await callRoute(t, tokenRoute.action, { url: '/token', userId: visitor.id, form: { token: 'FALSCH', next: path } });
    expect(wrong.status).toBe(400);
    const redeemed = await callRoute(t, tokenRoute.action, { url: '/token', userId: visitor.id, form: { token: 'SHOWROOM-1', next: path } });
    expect(redeemed).toMatchObject({ status: 302, location: path, toast: { type: 'success', key: 'access:token.granted' } });
    expect((await open(roomRoute.loader, room.slug, visitor.id)).status).toBe(200);
    expect(await t.app.db('object_tokens').where({ virtual_room_id: room.id }).first('signed_up')).toEqual({ signed_up: 1 });
  });
});
