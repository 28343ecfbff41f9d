import type { Knex } from 'knex';
import { standPanorama, storePicture } from '../../app/server/seed/pictures';
import { LocalStorage } from '../../app/server/storage/local-storage.server';
import { createOrganization } from '../fixtures/organizations';
import {
  createVirtualRoom,
  createVirtualRoomInfoPoint,
  createVirtualRoomNavPoint,
  createVirtualRoomPano,
  createVirtualRoomTourStep,
} from '../fixtures/virtual-rooms';
import { unique } from '../fixtures/unique';

/** A unit-sphere point at these angles (the viewer's convention: azimuth 0 along -z, polar from straight up). */
export function pointAt(azimuthalAngle: number, polarAngle = Math.PI / 2) {
  const s = Math.sin(polarAngle);
  return { x: -s * Math.sin(azimuthalAngle), y: Math.cos(polarAngle), z: -s * Math.cos(azimuthalAngle) };
}

export interface TestRoom {
  id: string;
  slug: string;
  organizationId: string;
  lobbyId: string;
  studioId: string;
}

/**
 * A PUBLIC room with two real panoramas (2:1 pictures in the app's upload directory), a nav point each way, an
 * iframe info point, an info point that needs a login and a two-step tour: what the visitor E2E walks through.
 * The pictures are written where the app under test reads its uploads (playwright.config.ts UPLOAD_DIR).
 */
export async function createTestRoom(db: Knex, options: { uploadDir: string; accessType?: 'PUBLIC' | 'LOGGED_IN' | 'TOKEN'; organizationId?: string }): Promise<TestRoom> {
  const storage = new LocalStorage(options.uploadDir);
  // an editor test puts the room into the logged-in user's organisation
  const organization = options.organizationId ? { id: options.organizationId } : await createOrganization(db);
  const room = await createVirtualRoom(db, { organization_id: organization.id, access_type: options.accessType ?? 'PUBLIC', slug: `e2e-raum-${unique()}`, name: 'E2E Showroom' });
  const [lobbyFile, studioFile] = await Promise.all([
    standPanorama('Empfang', 'Willkommen im Showroom').then((p) => storePicture(db, storage, organization.id, 'empfang', p)),
    standPanorama('Studio', 'Unsere Werkstatt').then((p) => storePicture(db, storage, organization.id, 'studio', p)),
  ]);
  const lobby = await createVirtualRoomPano(db, { virtual_room_id: room.id, file_id: lobbyFile, name: 'Empfang', sort: 0 });
  const studio = await createVirtualRoomPano(db, { virtual_room_id: room.id, file_id: studioFile, name: 'Studio', sort: 1 });
  await db('virtual_rooms').where({ id: room.id }).update({ initial_pano_id: lobby.id, initial_azimuthal_angle: 0, initial_polar_angle: Math.PI / 2, initial_focal_length: 35 });
  await createVirtualRoomNavPoint(db, { pano_id: lobby.id, target_pano_id: studio.id, ...pointAt(-0.3) });
  await createVirtualRoomNavPoint(db, { pano_id: studio.id, target_pano_id: lobby.id, ...pointAt(0.2) });
  const info = await createVirtualRoomInfoPoint(db, { pano_id: lobby.id, iframe_title: 'Produktvideo', iframe_url: 'https://example.com/video', ...pointAt(0.35, 1.45) });
  await createVirtualRoomInfoPoint(db, { pano_id: lobby.id, iframe_title: 'Preisliste', iframe_url: 'https://example.com/preise', auth: true, ...pointAt(2.5) });
  await createVirtualRoomTourStep(db, { pano_id: lobby.id, title: 'Willkommen', text: 'Das ist unser Empfang.', azimuthal_angle: 0.35, polar_angle: 1.45, focal_length: 35, sort: 0, info_point_id: info.id });
  await createVirtualRoomTourStep(db, { pano_id: studio.id, title: 'Das Studio', text: 'Hier entstehen unsere Produkte.', azimuthal_angle: 0.1, polar_angle: Math.PI / 2, focal_length: 40, sort: 1 });
  return { id: room.id, slug: room.slug, organizationId: organization.id, lobbyId: lobby.id, studioId: studio.id };
}
