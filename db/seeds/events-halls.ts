import crypto from 'node:crypto';
import zlib from 'node:zlib';
import type { Knex } from 'knex';
import { Package } from '../../app/lib/features';
import { loadEnv } from '../../app/server/env.server';
import { createStorage } from '../../app/server/storage/create-storage.server';
import type { Storage } from '../../app/server/storage/storage.server';

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG of one colour with a lighter band across the middle (so it reads as a picture, not a gap). */
export function solidPng(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour RGB
  const row = 1 + width * 3;
  const raw = Buffer.alloc(row * height);
  const light = (v: number) => Math.min(255, v + 60);
  for (let y = 0; y < height; y += 1) {
    const band = y > height * 0.4 && y < height * 0.6;
    for (let x = 0; x < width; x += 1) {
      const at = y * row + 1 + x * 3;
      raw[at] = band ? light(r) : r;
      raw[at + 1] = band ? light(g) : g;
      raw[at + 2] = band ? light(b) : b;
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const COLOURS: [number, number, number][] = [
  [0x28, 0x38, 0x53],
  [0xe4, 0x53, 0x64],
  [0x77, 0xbf, 0x70],
  [0x3a, 0x6e, 0xa5],
  [0xf0, 0xa2, 0x02],
  [0x6c, 0x4a, 0x9e],
  [0x2a, 0x9d, 0x8f],
];

/** Stores a PNG of one colour as a public file of the organisation (demo images). */
export async function storeImage(
  trx: Knex,
  storage: Storage,
  organizationId: string,
  filename: string,
  width: number,
  height: number,
  colour: [number, number, number],
): Promise<string> {
  const bytes = solidPng(width, height, colour);
  const key = `org/${organizationId}/${crypto.randomUUID()}.png`;
  await storage.put(key, bytes, 'image/png');
  const [row] = await trx('files')
    .insert({
      organization_id: organizationId,
      storage_key: key,
      filename,
      mime_type: 'image/png',
      size: bytes.length,
      width,
      height,
      // shown to the visitors of the public demo convention
      is_public: true,
    })
    .returning('id');
  return row.id;
}

const translations = (de: [string, string], en: [string, string]) => [
  { language: 'DE', title: de[0], description: de[1] },
  { language: 'EN', title: en[0], description: en[1] },
];

const HALLS = [
  {
    slug: 'demo-halle-maschinenbau',
    name: 'Halle 1 – Maschinenbau',
    texts: translations(['Maschinenbau', 'Werkzeugmaschinen, Antriebe und Automation'], ['Mechanical engineering', 'Machine tools, drives and automation']),
    stands: ['Müller Präzisionstechnik', 'Antriebswerk Rhein', 'Roboter & Co.'],
  },
  {
    slug: 'demo-halle-digital',
    name: 'Halle 2 – Digitalisierung',
    texts: translations(['Digitalisierung', 'Software, Cloud und Sensorik'], ['Digitalisation', 'Software, cloud and sensors']),
    stands: ['Datenfluss GmbH', 'Sensorik Nord', 'Cloudwerk AG'],
  },
];

const slugOf = (name: string) =>
  name
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/**
 * Demo halls and stands (issue 5): two halls in the demo convention with three listed stands each (real 16:9
 * PNG thumbnails, a 2:1 panorama node with a point and a reference point), one stand of another demo
 * organisation that applied to hall 1 and waits for the host's approval (with its preview slug), and an image
 * foyer (2:1) with points to a hall, a stand and a link. Without `conventionId` the organisation's first convention is used, if there is one.
 */
export async function seedHalls(
  trx: Knex,
  options: { organizationId: string; conventionId?: string | null; storage?: Storage },
): Promise<{ hallIds: string[]; standIds: string[]; pendingHallStandPreviewSlug: string }> {
  const { organizationId } = options;
  const storage = options.storage ?? createStorage(loadEnv());
  const conventionId =
    options.conventionId ??
    ((await trx('conventions').where({ organization_id: organizationId }).orderBy('created_at').first('id'))?.id as string | undefined) ??
    null;

  const hallIds: string[] = [];
  const standIds: string[] = [];
  let colour = 0;
  const nextColour = () => COLOURS[colour++ % COLOURS.length];

  for (const [index, spec] of HALLS.entries()) {
    const thumbnail = await storeImage(trx, storage, organizationId, `${spec.slug}.png`, 1280, 720, nextColour());
    const [hall] = await trx('halls')
      .insert({ organization_id: organizationId, slug: spec.slug, name: spec.name, thumbnail_id: thumbnail, permission_type: 'PUBLIC' })
      .returning('id');
    hallIds.push(hall.id);
    await trx('hall_translations').insert(spec.texts.map((t) => ({ ...t, hall_id: hall.id })));
    if (conventionId) await trx('convention_halls').insert({ organization_id: organizationId, convention_id: conventionId, hall_id: hall.id, order: index });

    for (const [order, name] of spec.stands.entries()) {
      const slug = slugOf(name);
      const [stand] = await trx('base_stands')
        .insert({ organization_id: organizationId, name, slug, chat_url: '', shop: order === 0, shop_url: order === 0 ? `https://shop.example/${slug}` : '' })
        .returning('id');
      standIds.push(stand.id);
      await trx('stand_translations').insert(
        translations([name, `Willkommen am Stand von ${name}`], [name, `Welcome to the stand of ${name}`]).map((t) => ({ ...t, stand_id: stand.id })),
      );
      const standColour = nextColour();
      const standThumb = await storeImage(trx, storage, organizationId, `${slug}.png`, 1280, 720, standColour);
      await trx('hall_stands').insert({
        organization_id: organizationId,
        hall_id: hall.id,
        stand_id: stand.id,
        approved: true,
        stand_accepted: true,
        order,
        slug,
        thumbnail_id: standThumb,
        preview_slug: crypto.randomBytes(16).toString('base64url'),
      });
      const pano = await storeImage(trx, storage, organizationId, `${slug}-360.png`, 2048, 1024, standColour);
      const [node] = await trx('stand_nodes').insert({ organization_id: organizationId, stand_id: stand.id, type: 'PANO', image_id: pano, language: 'DE' }).returning('id');
      await trx('points').insert({ organization_id: organizationId, node_id: node.id, cx: 30, cy: 55, kind: 'POINT' });
      const [reference] = await trx('points')
        .insert({ organization_id: organizationId, node_id: node.id, cx: 62, cy: 48, kind: 'REFERENCE', name: 'Produkte', slug: 'produkte', order: 0 })
        .returning('id');
      await trx('point_translations').insert(
        translations(['Unsere Produkte', 'Ein Überblick über das Sortiment'], ['Our products', 'An overview of the range']).map((t) => ({ ...t, point_id: reference.id })),
      );
    }
  }

  // another organisation applied with its stand to hall 1 (its consent is given) and waits for the host's approval
  const [guestOrg] = await trx('organizations')
    .insert({ name: 'Gastaussteller Süd GmbH', slug: 'gastaussteller-sued', email: 'kontakt@gast.example', suites: Package.BASIC | Package.EVENT })
    .returning('id');
  const [guestStand] = await trx('base_stands')
    .insert({ organization_id: guestOrg.id, name: 'Gastaussteller Süd', slug: 'gastaussteller-sued' })
    .returning('id');
  await trx('stand_translations').insert(
    translations(['Gastaussteller Süd', 'Neu dabei – wartet auf Freigabe'], ['Guest exhibitor South', 'New here – waiting for approval']).map((t) => ({ ...t, stand_id: guestStand.id })),
  );
  const pendingHallStandPreviewSlug = crypto.randomBytes(16).toString('base64url');
  await trx('hall_stands').insert({
    organization_id: organizationId,
    hall_id: hallIds[0],
    stand_id: guestStand.id,
    approved: false,
    stand_accepted: true,
    order: HALLS[0].stands.length,
    slug: 'gastaussteller-sued',
    thumbnail_id: await storeImage(trx, storage, organizationId, 'gastaussteller-sued.png', 1280, 720, nextColour()),
    preview_slug: pendingHallStandPreviewSlug,
  });

  if (conventionId) {
    // the stage's own 16:9 picture: the player shows it before the stream is started
    const stage = await trx('convention_stages').where({ convention_id: conventionId }).first('stage_id');
    if (stage) {
      const stageImage = await storeImage(trx, storage, organizationId, 'hauptbuehne.png', 1280, 720, COLOURS[0]);
      await trx('stages').where({ id: stage.stage_id }).update({ thumbnail_id: stageImage });
    }
    const foyerImage = await storeImage(trx, storage, organizationId, 'foyer.png', 2000, 1000, COLOURS[0]);
    const [foyer] = await trx('image_foyers').insert({ organization_id: organizationId, convention_id: conventionId, image_id: foyerImage }).returning('id');
    await trx('foyer_points').insert([
      { organization_id: organizationId, foyer_id: foyer.id, x: 25, y: 50, target_type: 'HALL', target_id: hallIds[0] },
      { organization_id: organizationId, foyer_id: foyer.id, x: 50, y: 45, target_type: 'STAND', target_id: standIds[0] },
      { organization_id: organizationId, foyer_id: foyer.id, x: 75, y: 50, target_type: 'LINK', link: 'https://demo-messe.example/programm' },
    ]);
    await trx('conventions').where({ id: conventionId }).update({ navigation_mode: 'IMAGE_FOYER' });
  }
  return { hallIds, standIds, pendingHallStandPreviewSlug };
}
