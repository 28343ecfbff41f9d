import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '~/server/seed/demo';
import { deadPoints } from '~/server/seed/demo-finish';
import { boothPicture, foyerPicture } from '~/server/seed/pictures';
import * as layout from '~/routes/convention.$conventionslug';
import { createTestApp, type TestApp } from '../helpers/app';
import { callRoute } from '../helpers/routes';

/**
 * What a visitor of the demo sees (issue 14): pictures that look like a fair (real images of the recorded size,
 * not boxes of one colour), texts in both languages, and no point that leads nowhere.
 */

let t: TestApp;
let demoOrgId: string;

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
  demoOrgId = (await t.app.db('organizations').where({ slug: 'demo-messe' }).first('id')).id;
}, 120_000);
afterAll(async () => {
  await t.close();
  fs.rmSync(path.resolve(t.app.env.UPLOAD_DIR), { recursive: true, force: true });
});

async function bytesOf(fileId: string): Promise<Buffer> {
  const row = await t.app.db('files').where({ id: fileId }).first('storage_key');
  const stream = await t.app.storage.get(row.storage_key);
  expect(stream, `the bytes of file ${fileId}`).not.toBeNull();
  const chunks: Buffer[] = [];
  for await (const c of stream!) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** How many different colours a 64-pixel-wide copy of the picture has (a flat box with a band has two). */
async function colourCount(bytes: Buffer): Promise<number> {
  const { data, info } = await sharp(bytes).resize(64).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const colours = new Set<number>();
  for (let i = 0; i < data.length; i += info.channels) colours.add(((data[i]! >> 3) << 10) | ((data[i + 1]! >> 3) << 5) | (data[i + 2]! >> 3));
  return colours.size;
}

/** Checks that the file is a real picture of the recorded and the expected size that shows a scene. */
async function expectScene(fileId: string, size: { width: number; height: number }, what: string) {
  const row = await t.app.db('files').where({ id: fileId }).first('width', 'height', 'mime_type', 'is_public');
  expect(row, what).toMatchObject({ ...size, mime_type: 'image/webp', is_public: true });
  const bytes = await bytesOf(fileId);
  const meta = await sharp(bytes).metadata();
  expect({ format: meta.format, width: meta.width, height: meta.height }, what).toEqual({ format: 'webp', ...size });
  const stats = await sharp(bytes).stats();
  expect(stats.entropy, `${what}: entropy`).toBeGreaterThan(3.5);
  expect(Math.max(...stats.channels.slice(0, 3).map((c) => c.stdev)), `${what}: contrast`).toBeGreaterThan(30);
  expect(await colourCount(bytes), `${what}: colours`).toBeGreaterThan(40);
}

const BOOTH = { width: 1280, height: 720 };
const PANORAMA = { width: 2048, height: 1024 };

describe('demo seed: what a visitor sees', () => {
  it('gives every hall, stand, stage, talk, the foyer, the organisations, the content groups and a recording a drawn picture', async () => {
    const db = t.app.db;
    const halls = await db('halls').where({ organization_id: demoOrgId }).select('name', 'thumbnail_id');
    expect(halls).toHaveLength(2);
    for (const hall of halls) await expectScene(hall.thumbnail_id, BOOTH, `hall ${hall.name}`);

    const hallStands = await db('hall_stands').where({ organization_id: demoOrgId }).select('slug', 'thumbnail_id');
    expect(hallStands).toHaveLength(7);
    for (const hs of hallStands) await expectScene(hs.thumbnail_id, BOOTH, `stand front ${hs.slug}`);

    // every demo stand (in the halls, waiting for approval, the in-house fair's) has a view with a picture in each language
    const stands = await db('base_stands as s')
      .join('organizations as o', 'o.id', 's.organization_id')
      .whereIn('o.slug', ['demo-messe', 'gastaussteller-sued'])
      .select('s.id', 's.slug');
    expect(stands).toHaveLength(8);
    for (const stand of stands) {
      const nodes = await db('stand_nodes').where({ stand_id: stand.id }).whereNotNull('image_id').select('type', 'image_id', 'language');
      expect(new Set(nodes.map((n) => n.language)), `views of ${stand.slug}`).toEqual(new Set(['DE', 'EN']));
      for (const node of nodes) await expectScene(node.image_id, node.type === 'PANO' ? PANORAMA : BOOTH, `${node.type} view of ${stand.slug}`);
    }

    const foyer = await db('image_foyers').where({ organization_id: demoOrgId }).first('image_id');
    await expectScene(foyer.image_id, PANORAMA, 'foyer');
    const stage = await db('stages').where({ organization_id: demoOrgId, slug: 'demo-hauptbuehne' }).first('thumbnail_id');
    await expectScene(stage.thumbnail_id, BOOTH, 'stage');

    const organizations = await db('organizations').whereIn('slug', ['demo-messe', 'plattform', 'gastaussteller-sued']).select('slug', 'avatar_id');
    expect(organizations).toHaveLength(3);
    for (const o of organizations) await expectScene(o.avatar_id, { width: 512, height: 512 }, `logo of ${o.slug}`);

    const groups = await db('content_groups').where({ organization_id: demoOrgId }).select('slug', 'preview_id');
    expect(groups.length).toBeGreaterThanOrEqual(3);
    for (const g of groups) await expectScene(g.preview_id, BOOTH, `preview of ${g.slug}`);

    const recording = await db('on_demand_contents').where({ slug: 'aufzeichnung-predictive-maintenance' }).first('thumbnail_id');
    await expectScene(recording.thumbnail_id, BOOTH, 'recording');
    const talks = await db('schedule_entries as e').join('stages as s', 's.id', 'e.stage_id').where('s.organization_id', demoOrgId).select('e.speaker', 'e.thumbnail_id');
    expect(talks.length).toBeGreaterThanOrEqual(5);
    for (const talk of talks) await expectScene(talk.thumbnail_id, BOOTH, `talk of ${talk.speaker}`);
  });

  it('writes every convention, hall, stand, stage, point and talk of the demo in German and English', async () => {
    const db = t.app.db;
    const demoOrgs = db('organizations').whereIn('slug', ['demo-messe', 'gastaussteller-sued']).select('id');
    const languagesOf = async (table: string, key: string, ids: string[]) => {
      const rows = await db(table).whereIn(key, ids).select(key, 'language', 'title', 'description');
      for (const id of ids) {
        const texts = rows.filter((row) => row[key] === id);
        expect(texts.map((row) => row.language).sort(), `${table} of ${id}`).toEqual(['DE', 'EN']);
        for (const row of texts) expect(row.title, `${table} ${row.language} title of ${id}`).not.toBe('');
      }
      return rows;
    };
    const conventions = await db('conventions').where({ organization_id: demoOrgId }).pluck('id');
    expect(conventions.length).toBeGreaterThanOrEqual(2);
    await languagesOf('convention_translations', 'convention_id', conventions);
    await languagesOf('hall_translations', 'hall_id', await db('halls').where({ organization_id: demoOrgId }).pluck('id'));
    const standTexts = await languagesOf('stand_translations', 'stand_id', await db('base_stands').whereIn('organization_id', demoOrgs).pluck('id'));
    for (const row of standTexts) expect(row.description, `stand text ${row.language}`).not.toBe('');
    const stages = await db('stages').where({ organization_id: demoOrgId }).pluck('id');
    await languagesOf('stage_translations', 'stage_id', stages);
    await languagesOf('schedule_entry_translations', 'schedule_entry_id', await db('schedule_entries').whereIn('stage_id', stages).pluck('id'));
    const points = await db('points').whereIn('organization_id', demoOrgs).pluck('id');
    expect(points.length).toBeGreaterThanOrEqual(6 * 2 * 3);
    await languagesOf('point_translations', 'point_id', points);
    // the views in English name their points in English
    const english = await db('points as p').join('stand_nodes as n', 'n.id', 'p.node_id').where({ 'n.language': 'EN', 'p.slug': 'produkte' }).distinct('p.name');
    expect(english.map((row) => row.name)).toEqual(['Products']);
  });

  it('leaves no point that leads nowhere: foyer points reach halls, the stage, a stand and help; stand points show content', async () => {
    const db = t.app.db;
    expect(await deadPoints(db, demoOrgId)).toEqual([]);
    const guest = await db('organizations').where({ slug: 'gastaussteller-sued' }).first('id');
    expect(await deadPoints(db, guest.id)).toEqual([]);

    // as a visitor sees the foyer: every point is offered, with its way
    const base = '/convention/digitale-fachmesse-2026';
    const visit = await callRoute(t, layout.loader, { url: base, params: { conventionslug: 'digitale-fachmesse-2026' } });
    const nav = (visit.data as { convention: { navigation: { foyer: { points: { href: string }[] } } } }).convention.navigation;
    expect(nav.foyer.points.map((p) => p.href)).toEqual([
      `${base}/hall/demo-halle-maschinenbau`,
      `${base}/stage/demo-hauptbuehne`,
      `${base}/hall/demo-halle-digital`,
      `${base}/hall/demo-halle-maschinenbau/stand/mueller-praezisionstechnik`,
      'mailto:kontakt@demo.example',
    ]);
    const res = await t.graphql<{ conventionBySlug: { imageFoyer: { points: { targetType: string; targetId: string | null; link: string | null }[] } } }>(
      `{ conventionBySlug(slug: "digitale-fachmesse-2026") { imageFoyer { points { targetType targetId link } } } }`,
    );
    const points = res.body.data?.conventionBySlug.imageFoyer.points ?? [];
    expect(points.map((p) => p.targetType).sort()).toEqual(['HALL', 'HALL', 'LINK', 'STAGE', 'STAND']);
    const hallIds = await db('halls').where({ organization_id: demoOrgId }).pluck('id');
    expect(points.filter((p) => p.targetType === 'HALL').map((p) => p.targetId).sort()).toEqual([...hallIds].sort());
    expect(points.find((p) => p.targetType === 'LINK')?.link).toBe('mailto:kontakt@demo.example');

    // every stand point has content: the reference points show a content group of the demo organisation
    const standPoints = await db('points as p')
      .join('stand_nodes as n', 'n.id', 'p.node_id')
      .where('n.organization_id', demoOrgId)
      .select('p.kind', 'p.slug', 'p.content_group_id');
    expect(standPoints.length).toBeGreaterThan(0);
    for (const p of standPoints) expect(p, `point ${p.slug}`).toMatchObject({ kind: 'REFERENCE', content_group_id: expect.any(String) });

    // the hall tour has its stops: each hall lists its three approved stands
    for (const hall of ['demo-halle-maschinenbau', 'demo-halle-digital']) {
      const tour = await t.graphql<{ fetchConventionHall: { hall: { stands: { slug: string }[] } } }>(
        `query($h: String!) { fetchConventionHall(conventionSlug: "digitale-fachmesse-2026", hallSlug: $h) { hall { stands { slug } } } }`,
        { h: hall },
      );
      expect(tour.body.data?.fetchConventionHall.hall.stands, hall).toHaveLength(3);
    }
  });

  it('finds dead points: a plain point, a reference point without content and a foyer point to a hall that is gone', async () => {
    const db = t.app.db;
    await db.transaction(async (trx) => {
      const node = await trx('stand_nodes').where({ organization_id: demoOrgId }).first('id');
      const [plain] = await trx('points').insert({ organization_id: demoOrgId, node_id: node.id, cx: 1, cy: 1, kind: 'POINT' }).returning('id');
      const [empty] = await trx('points')
        .insert({ organization_id: demoOrgId, node_id: node.id, cx: 2, cy: 2, kind: 'REFERENCE', name: 'Leer', slug: 'leer' })
        .returning('id');
      const foyer = await trx('image_foyers').where({ organization_id: demoOrgId }).first('id');
      const [lost] = await trx('foyer_points')
        .insert({ organization_id: demoOrgId, foyer_id: foyer.id, x: 5, y: 5, target_type: 'HALL', target_id: '00000000-0000-4000-8000-000000000000' })
        .returning('id');
      const dead = await deadPoints(trx, demoOrgId);
      expect(dead.map((d) => d.id).sort()).toEqual([plain.id, empty.id, lost.id].sort());
      await trx.rollback();
    }).catch((error: unknown) => {
      // the rollback above ends the transaction with its own error
      if (!(error instanceof Error) || !/rollback/i.test(error.message)) throw error;
    });
    expect(await deadPoints(db, demoOrgId)).toEqual([]);
  });

  it('draws the same picture for the same seed text and another for another one', async () => {
    const [a, b, c] = await Promise.all([boothPicture('Sensorik Nord', 'Messen, was zählt'), boothPicture('Sensorik Nord', 'Messen, was zählt'), boothPicture('Cloudwerk AG', 'Messen, was zählt')]);
    expect(a.bytes.equals(b.bytes)).toBe(true);
    expect(a.bytes.equals(c.bytes)).toBe(false);
    const foyer = await foyerPicture('Digitale Fachmesse 2026', [{ key: 'stage', label: 'Hauptbühne', place: 'back-centre' }]);
    // the point of the portal in the middle of the back wall sits in the middle of the picture
    expect(foyer.anchors.stage!.x).toBe(50);
    expect(foyer.anchors.stage!.y).toBeGreaterThan(30);
    expect(foyer.anchors.stage!.y).toBeLessThan(70);
  });
});
