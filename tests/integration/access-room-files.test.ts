import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Package } from '~/lib/features';
import { findFile } from '~/server/services/files/files.server';
import { createPano } from '~/server/services/virtual-rooms/panos';
import { updateRoom } from '~/server/services/virtual-rooms/rooms';
import { createTestApp, type TestApp } from '../helpers/app';
import { addMember, createConvention, createFile, createOrganization, createUser, createVirtualRoom } from '../fixtures/factories';

/**
 * Issue 25, hole 5, for rooms: a room's panorama is served at /files/{id} only to who may visit the room (or enter a
 * convention that shows it); a PUBLIC room's panoramas are public files, and taking the room's access away takes
 * theirs away too.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function roomWithPanorama(accessType: 'PUBLIC' | 'LOGGED_IN' | 'TOKEN') {
  const org = await createOrganization(t.app.db, { suites: Package.SALES | Package.EVENT });
  const owner = await createUser(t.app.db);
  await addMember(t.app.db, org.id, owner.id, { role: 'admin', isOwner: true });
  const room = await createVirtualRoom(t.app.db, { organization_id: org.id, access_type: accessType });
  const picture = await createFile(t.app.db, { organization_id: org.id, uploaded_by_id: owner.id, is_public: false, width: 2048, height: 1024, mime_type: 'image/png' });
  await createPano(await t.serviceContext(owner.id), { virtualRoomId: room.id, fileId: picture.id });
  return { org, owner, room, picture };
}

/** Whether /files/{id} would answer this viewer (null: anonymous). */
const served = async (userId: string | null, fileId: string) => Boolean(await findFile(await t.serviceContext(userId), fileId));

describe('a room’s panoramas follow the room’s access', () => {
  it('TOKEN: only members and key holders get the panorama; a suspended holder no longer does', async () => {
    const { org, owner, room, picture } = await roomWithPanorama('TOKEN');
    const holder = await createUser(t.app.db);
    const stranger = await createUser(t.app.db);
    const [permission] = await t.app.db('object_permissions').insert({ user_id: holder.id, virtual_room_id: room.id, organization_id: org.id }).returning('id');
    expect([await served(null, picture.id), await served(stranger.id, picture.id), await served(holder.id, picture.id), await served(owner.id, picture.id)]).toEqual([
      false,
      false,
      true,
      true,
    ]);
    await t.app.db('object_permissions').where({ id: permission.id }).update({ suspended: true });
    expect(await served(holder.id, picture.id)).toBe(false);
  });

  it('a room a public convention shows in room mode: its visitors get the panorama, anonymous ones too', async () => {
    const { org, room, picture } = await roomWithPanorama('LOGGED_IN');
    expect(await served(null, picture.id)).toBe(false);
    await createConvention(t.app.db, { organization_id: org.id, permission_type: 'PUBLIC', active: true, navigation_mode: 'VIRTUAL_ROOM', virtual_room_id: room.id });
    expect(await served(null, picture.id)).toBe(true);
  });

  it('PUBLIC makes the panoramas public files; taking the access away hides them again', async () => {
    const { owner, room, picture } = await roomWithPanorama('PUBLIC');
    const publicNow = async () => (await t.app.db('files').where({ id: picture.id }).first('is_public')).is_public as boolean;
    expect([await publicNow(), await served(null, picture.id)]).toEqual([true, true]);
    await updateRoom(await t.serviceContext(owner.id), room.id, { accessType: 'TOKEN' });
    expect([await publicNow(), await served(null, picture.id)]).toEqual([false, false]);
    await updateRoom(await t.serviceContext(owner.id), room.id, { accessType: 'PUBLIC' });
    expect([await publicNow(), await served(null, picture.id)]).toEqual([true, true]);
  });
});
