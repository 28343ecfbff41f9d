import fs from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PAGE_SLUG } from '~/server/seed/content-pages';
import { seedDemo } from '~/server/seed/demo';
import { deadPoints } from '~/server/seed/demo-finish';
import { DEMO_ROOM_POINT_SLUG, DEMO_ROOM_SLUG } from '~/server/seed/virtual-rooms';
import { listRooms, roomForEditor } from '~/server/services/virtual-rooms/rooms';
import { roomForVisitor, roomOfReferencePoint } from '~/server/services/virtual-rooms/visit';
import { createTestApp, type TestApp } from '../helpers/app';

/**
 * The demo's virtual showroom (issue 17): three real-looking 2:1 panoramas, nav points between them, info points on
 * the demo product page, a three-step tour with audio, the sales rep's room in the console, and the stand's /vr link.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  const previous = process.env.UPLOAD_DIR;
  process.env.UPLOAD_DIR = t.app.env.UPLOAD_DIR;
  try {
    await t.app.db('users').delete();
    await t.app.db('organizations').delete();
    expect(await seedDemo(t.app.db, { force: false })).toEqual({ seeded: true });
  } finally {
    process.env.UPLOAD_DIR = previous;
  }
}, 240_000);
afterAll(async () => {
  await t.close();
  fs.rmSync(t.app.env.UPLOAD_DIR, { recursive: true, force: true });
});

async function bytesOf(url: string): Promise<Buffer> {
  const row = await t.app.db('files').where({ id: url.replace('/files/', '').split('?')[0] }).first('storage_key');
  const stream = await t.app.storage.get(row.storage_key);
  const chunks: Buffer[] = [];
  for await (const c of stream!) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

const userId = async (email: string) => (await t.app.db('users').where({ email }).first('id')).id as string;

describe('the demo showroom', () => {
  it('is the sales rep’s room in the console, complete, with three panoramas, points and a tour with audio', async () => {
    const sales = await t.serviceContext(await userId('sales@demo.example'), 'DE');
    const rooms = await listRooms(sales);
    expect(rooms).toEqual([expect.objectContaining({ slug: DEMO_ROOM_SLUG, accessType: 'PUBLIC', panoCount: 3 })]);
    const editor = await roomForEditor(sales, DEMO_ROOM_SLUG);
    expect(editor.view.setup).toBe('COMPLETE');
    expect(editor.destinations.contentPages.length).toBeGreaterThan(0);

    const view = await roomForVisitor(await t.serviceContext(null, 'EN'), DEMO_ROOM_SLUG);
    expect(view.panos.map((p) => p.name)).toEqual(['Showroom', 'Produktgalerie', 'Lounge']);
    for (const pano of view.panos) {
      expect(pano.picture).toMatchObject({ width: 4096, height: 2048 });
      expect(pano.navPoints.filter((p) => p.destination.kind === 'PANO')).toHaveLength(2);
      // a real scene: many colours, the recorded size
      const bytes = await bytesOf(pano.picture.url);
      const meta = await sharp(bytes).metadata();
      expect([meta.width, meta.height]).toEqual([4096, 2048]);
      const { data } = await sharp(bytes).resize(64).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      const colours = new Set<number>();
      for (let i = 0; i < data.length; i += 3) colours.add(((data[i]! >> 3) << 10) | ((data[i + 1]! >> 3) << 5) | (data[i + 2]! >> 3));
      expect(colours.size).toBeGreaterThan(40);
    }
    const infos = view.panos.flatMap((p) => p.infoPoints);
    expect(infos.length).toBeGreaterThanOrEqual(3);
    // anonymous visitors: the auth point asks to log in, the others open the published product page
    expect(infos.filter((p) => p.auth).every((p) => p.target === null)).toBe(true);
    expect(infos.find((p) => !p.auth)!.target).toMatchObject({ kind: 'CONTENT_PAGE', slug: DEMO_PAGE_SLUG, href: expect.stringContaining(`/content/${DEMO_PAGE_SLUG}?token=`) });

    expect(view.tourSteps).toHaveLength(3);
    // the tour speaks the visitor's language (issue 24 item 21): English here, German for a German visitor
    expect(view.tourSteps[0]!.title).toBe('Welcome to the showroom');
    const german = await roomForVisitor(await t.serviceContext(null, 'DE'), DEMO_ROOM_SLUG);
    expect(german.tourSteps[0]!.title).toBe('Willkommen im Showroom');
    for (const step of view.tourSteps) {
      expect(step.audioUrl).toMatch(/^\/files\//);
      const wav = await bytesOf(step.audioUrl!);
      expect(wav.subarray(0, 4).toString()).toBe('RIFF');
      expect(wav.length).toBeGreaterThan(20_000);
    }
    expect(view.tourSteps[1]!.infoPointId).toBe(infos.find((p) => p.id === view.tourSteps[1]!.infoPointId)?.id);
  });

  it('opens from the first demo stand’s reference point at /vr/showroom, and no point of the demo leads nowhere', async () => {
    const stand = await t.app.db('points as p').join('stand_nodes as n', 'n.id', 'p.node_id').where({ 'p.slug': DEMO_ROOM_POINT_SLUG }).first('n.stand_id');
    const view = await roomOfReferencePoint(await t.serviceContext(null, 'DE'), stand.stand_id, DEMO_ROOM_POINT_SLUG);
    expect(view.slug).toBe(DEMO_ROOM_SLUG);
    const orgId = (await t.app.db('organizations').where({ slug: 'demo-messe' }).first('id')).id;
    expect(await deadPoints(t.app.db, orgId)).toEqual([]);
  });
});
