import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { loadEnv } from '~/server/env.server';
import { createStorage } from '~/server/storage/create-storage.server';
import type { Storage } from '~/server/storage/storage.server';
import { DEMO_PAGE_SLUG } from './content-pages';
import { inParallel, storePicture } from './pictures';
import { roomPanorama, tourChime, type RoomScene } from './room-panoramas';

/**
 * The demo's virtual room (issue 17): "Showroom Demo Messe", a PUBLIC room of the demo organisation (so the sales
 * rep finds it at /virtual-rooms) with three panoramas drawn at seed time (showroom, product gallery, lounge), nav
 * points between them, info points opening the demo product page, and a three-step tour whose audio is a short
 * synthesized chime per step (a tone sequence, not speech: no text-to-speech runs at seed time). The first demo
 * stand's reference point "showroom" names the room, so the stand's /vr/showroom opens it.
 */

export const DEMO_ROOM_SLUG = 'showroom-demo-messe';
export const DEMO_ROOM_POINT_SLUG = 'showroom';

const RAD = Math.PI / 180;

/** A direction (degrees: azimuth from the picture's middle, elevation above the horizon) on the unit sphere. */
function at(azimuth: number, elevation: number) {
  const az = azimuth * RAD;
  const el = elevation * RAD;
  const clean = (v: number) => (Math.abs(v) < 1e-12 ? 0 : v);
  return { x: clean(Math.cos(el) * Math.sin(az)), y: clean(Math.sin(el)), z: clean(-Math.cos(el) * Math.cos(az)) };
}

/** A view looking at azimuth/elevation (degrees) with a focal length (mm). */
const view = (azimuth: number, elevation: number, focalLength = 30) => ({
  azimuthalAngle: azimuth * RAD,
  polarAngle: Math.PI / 2 - elevation * RAD,
  focalLength,
});

const PANOS: { scene: RoomScene; name: string }[] = [
  { scene: 'showroom', name: 'Showroom' },
  { scene: 'gallery', name: 'Produktgalerie' },
  { scene: 'lounge', name: 'Lounge' },
];

async function storeAudio(trx: Knex, storage: Storage, organizationId: string, filename: string, bytes: Buffer): Promise<string> {
  const key = `org/${organizationId}/${crypto.randomUUID()}.wav`;
  await storage.put(key, bytes, 'audio/wav');
  const [row] = await trx('files')
    .insert({ organization_id: organizationId, storage_key: key, filename, mime_type: 'audio/wav', size: bytes.length, is_public: true })
    .returning('id');
  return row.id as string;
}

export async function seedVirtualRooms(trx: Knex, options: { organizationId: string; storage?: Storage }): Promise<{ roomId: string }> {
  const { organizationId } = options;
  const storage = options.storage ?? createStorage(loadEnv());
  const pictures = await inParallel(PANOS.map((p) => () => roomPanorama(p.scene)));
  const fileIds: string[] = [];
  for (const [i, picture] of pictures.entries()) fileIds.push(await storePicture(trx, storage, organizationId, `raum-${PANOS[i]!.scene}`, picture));

  const [room] = await trx('virtual_rooms')
    .insert({ organization_id: organizationId, slug: DEMO_ROOM_SLUG, name: 'Showroom Demo Messe', access_type: 'PUBLIC' })
    .returning('id');
  const start = view(0, 0);
  const panoIds: string[] = [];
  for (const [sort, pano] of PANOS.entries()) {
    const [row] = await trx('virtual_room_panos')
      .insert({
        virtual_room_id: room.id,
        file_id: fileIds[sort],
        name: pano.name,
        sort,
        initial_azimuthal_angle: start.azimuthalAngle,
        initial_polar_angle: start.polarAngle,
        initial_focal_length: start.focalLength,
      })
      .returning('id');
    panoIds.push(row.id);
  }
  const [showroom, gallery, lounge] = panoIds as [string, string, string];
  await trx('virtual_rooms').where({ id: room.id }).update({
    initial_pano_id: showroom,
    initial_azimuthal_angle: start.azimuthalAngle,
    initial_polar_angle: start.polarAngle,
    initial_focal_length: start.focalLength,
  });

  await trx('virtual_room_nav_points').insert([
    { pano_id: showroom, ...at(72, -8), target_pano_id: gallery },
    { pano_id: showroom, ...at(-72, -8), target_pano_id: lounge },
    { pano_id: gallery, ...at(-150, -8), target_pano_id: showroom },
    { pano_id: gallery, ...at(150, -8), target_pano_id: lounge },
    { pano_id: lounge, ...at(40, -8), target_pano_id: showroom },
    { pano_id: lounge, ...at(-40, -8), target_pano_id: gallery },
    // the way out: the demo organisation's website
    { pano_id: lounge, ...at(90, 5), url: 'https://demo-messe.example' },
  ]);

  const page = await trx('content_pages').where({ organization_id: organizationId, slug: DEMO_PAGE_SLUG }).first('id');
  const infoIds: string[] = [];
  if (page) {
    const rows = await trx('virtual_room_info_points')
      .insert([
        // the products on the left table, the screen on the brand wall, the gallery's middle pedestal, the lounge's tablet
        { pano_id: showroom, ...at(-48, -12), content_page_id: page.id, auth: false },
        { pano_id: showroom, ...at(0, 2), content_page_id: page.id, auth: true },
        { pano_id: gallery, ...at(0, -7), content_page_id: page.id, auth: false },
        { pano_id: lounge, ...at(-102, -30), content_page_id: page.id, auth: false },
      ])
      .returning('id');
    infoIds.push(...rows.map((r: { id: string }) => r.id));
  }

  // German (the steps' own texts) and English (issue 24 item 21)
  const steps = [
    {
      pano_id: showroom,
      title: 'Willkommen im Showroom',
      text: 'Schön, dass Sie da sind! An der Markenwand sehen Sie unsere Neuheiten 2026.',
      en: ['Welcome to the showroom', 'Good to have you here! The brand wall shows what is new in 2026.'],
      view: view(0, 2, 35),
      info: null,
    },
    {
      pano_id: showroom,
      title: 'Die Produkte am Tisch',
      text: 'Auf dem Tisch links liegen die Muster des Messesystems Modul X. Öffnen Sie den Infopunkt für Details.',
      en: ['The products on the table', 'The table on the left holds samples of the Module X fair system. Open the info point for details.'],
      view: view(-48, -10, 45),
      info: infoIds[0] ?? null,
    },
    {
      pano_id: lounge,
      title: 'Die Lounge',
      text: 'In der Lounge beraten wir Sie persönlich. Auf dem Tablet finden Sie die Produktseite.',
      en: ['The lounge', 'In the lounge we advise you in person. The tablet shows the product page.'],
      view: view(-60, -10, 30),
      info: infoIds[3] ?? null,
    },
  ];
  for (const [sort, step] of steps.entries()) {
    const audio = await storeAudio(trx, storage, organizationId, `tour-schritt-${sort + 1}-klangfolge.wav`, tourChime(sort));
    const [row] = await trx('virtual_room_tour_steps').insert({
      virtual_room_id: room.id,
      pano_id: step.pano_id,
      title: step.title,
      text: step.text,
      audio_file_id: audio,
      azimuthal_angle: step.view.azimuthalAngle,
      polar_angle: step.view.polarAngle,
      focal_length: step.view.focalLength,
      info_point_id: step.info,
      sort,
    }).returning('id');
    await trx('virtual_room_tour_step_translations').insert([
      { tour_step_id: row.id, language: 'DE', title: step.title, description: step.text },
      { tour_step_id: row.id, language: 'EN', title: step.en[0], description: step.en[1] },
    ]);
  }

  // the first stand of the demo hall links the room: its reference point "showroom" (/vr/showroom)
  const stand = await trx('hall_stands as hs')
    .join('halls as h', 'h.id', 'hs.hall_id')
    .where({ 'h.organization_id': organizationId, 'h.slug': 'demo-halle-maschinenbau' })
    .orderBy('hs.order')
    .first('hs.stand_id');
  if (stand) {
    // its /rp/showroom shows the product sheets, as the stand's "Produkte" point does
    const group = await trx('content_groups').where({ organization_id: organizationId, slug: 'demo-produktblaetter' }).first('id');
    const nodes = await trx('stand_nodes').where({ stand_id: stand.stand_id }).select('id', 'language');
    for (const node of nodes as { id: string; language: 'DE' | 'EN' }[]) {
      const order = Number((await trx('points').where({ node_id: node.id }).max('order as max').first())?.max ?? -1) + 1;
      const [point] = await trx('points').insert({
        organization_id: organizationId,
        node_id: node.id,
        cx: 82,
        cy: 58,
        kind: 'REFERENCE',
        name: node.language === 'DE' ? 'Virtueller Showroom' : 'Virtual showroom',
        slug: DEMO_ROOM_POINT_SLUG,
        order,
        content_group_id: group?.id ?? null,
        content_page_id: group ? null : (page?.id ?? null),
        virtual_room_id: room.id,
      }).returning('id');
      await trx('point_translations').insert([
        { point_id: point.id, language: 'DE', title: 'Virtueller Showroom', description: 'Besuchen Sie unseren Showroom in 360° mit geführter Tour.' },
        { point_id: point.id, language: 'EN', title: 'Virtual showroom', description: 'Visit our showroom in 360° with a guided tour.' },
      ]);
    }
  }
  return { roomId: room.id };
}
