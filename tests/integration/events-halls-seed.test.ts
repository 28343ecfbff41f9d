import fs from 'node:fs';
import path from 'node:path';
import { imageSize } from 'image-size';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedHalls } from '~/server/seed/events-halls';
import { seedDemo } from '~/server/seed/demo';
import { createTestApp, type TestApp } from '../helpers/app';
import { eventsWorld, outcome } from './events-halls-world';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  fs.rmSync(path.resolve(t.app.env.UPLOAD_DIR), { recursive: true, force: true });
});

async function bytesOf(fileId: string): Promise<Buffer> {
  const row = await t.app.db('files').where({ id: fileId }).first('storage_key');
  const stream = await t.app.storage.get(row.storage_key);
  const chunks: Buffer[] = [];
  for await (const c of stream!) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

describe('demo seed: halls and stands', () => {
  it('puts two halls with three ordered, listed stands each into the convention, with real images, a guest stand that applied and a foyer', async () => {
    const w = await eventsWorld(t);
    const result = await t.app.db.transaction((trx) =>
      seedHalls(trx, { organizationId: w.host.id, conventionId: w.convention.id, storage: t.app.storage }),
    );
    expect(result.hallIds).toHaveLength(2);
    expect(result.standIds).toHaveLength(6);

    const res = await t.graphql(
      `query($c: String!, $h: String!) { fetchConventionHall(conventionSlug: $c, hallSlug: $h) {
        convention { navigationMode imageFoyer { image { width height } points { targetType } } }
        hall { name thumbnail { id width height } stands { order approved slug thumbnail { id width height } } } } }`,
      { c: w.convention.slug, h: 'demo-halle-maschinenbau' },
    );
    expect(outcome(res.body, 'fetchConventionHall')).toBe('ok');
    const { convention, hall } = (res.body.data as { fetchConventionHall: { convention: any; hall: any } }).fetchConventionHall; // eslint-disable-line @typescript-eslint/no-explicit-any
    // the foyer's points lead to both halls, a stand and the organiser's address (and the stage, when the convention has one)
    expect(convention).toMatchObject({ navigationMode: 'IMAGE_FOYER', imageFoyer: { image: { width: 2048, height: 1024 } } });
    expect(convention.imageFoyer.points.map((p: { targetType: string }) => p.targetType).filter((type: string) => type !== 'STAGE')).toEqual(['HALL', 'HALL', 'STAND', 'LINK']);
    // visitors see the three listed stands in order; the guest stand applied and waits for the host's approval
    expect(hall.stands.map((s: { order: number; approved: boolean }) => [s.order, s.approved])).toEqual([[0, true], [1, true], [2, true]]);
    expect(hall.thumbnail).toMatchObject({ width: 1280, height: 720 });
    const first = hall.stands[0];
    expect(first.thumbnail).toMatchObject({ width: 1280, height: 720 });
    const standRes = await t.graphql(
      `query($c: String!, $s: String!) { fetchConventionStand(conventionSlug: $c, hallSlug: "demo-halle-maschinenbau", standSlug: $s) {
        hallStand { stand { nodes { type image { id width height } points { kind slug translations { language } } } } } } }`,
      { c: w.convention.slug, s: first.slug },
    );
    expect(outcome(standRes.body, 'fetchConventionStand')).toBe('ok');
    first.stand = (standRes.body.data as { fetchConventionStand: { hallStand: { stand: unknown } } }).fetchConventionStand.hallStand.stand;
    expect(first.stand.nodes[0]).toMatchObject({ type: 'PANO', image: { width: 2048, height: 1024 } });
    // every point is a reference point with texts in both languages (the content pool gives them their content)
    const both = [{ language: 'DE' }, { language: 'EN' }];
    expect(first.stand.nodes[0].points).toEqual([
      { kind: 'REFERENCE', slug: 'produkte', translations: both },
      { kind: 'REFERENCE', slug: 'imagevideo', translations: both },
      { kind: 'REFERENCE', slug: 'broschuere', translations: both },
    ]);
    // the stored bytes are real pictures of the recorded size
    expect(imageSize(await bytesOf(first.thumbnail.id))).toMatchObject({ type: 'webp', width: 1280, height: 720 });
    expect(imageSize(await bytesOf(first.stand.nodes[0].image.id))).toMatchObject({ width: 2048, height: 1024 });

    const pending = await t.app.db('hall_stands as hs').join('base_stands as s', 's.id', 'hs.stand_id').where({ 'hs.approved': false, 'hs.hall_id': result.hallIds[0] }).first('hs.preview_slug', 'hs.stand_accepted', 's.organization_id');
    expect(pending.preview_slug).toBe(result.pendingHallStandPreviewSlug);
    expect(pending.stand_accepted).toBe(true);
    expect(pending.organization_id).not.toBe(w.host.id);
    const preview = await t.graphql(
      `query($c: String!, $p: String) { fetchConventionStand(conventionSlug: $c, hallSlug: "demo-halle-maschinenbau", standSlug: "gastaussteller-sued", previewSlug: $p) { hallStand { approved } } }`,
      { c: w.convention.slug, p: result.pendingHallStandPreviewSlug },
    );
    expect(outcome(preview.body, 'fetchConventionStand')).toBe('ok');
    expect(await t.app.db('convention_halls').where({ convention_id: w.convention.id }).orderBy('order').pluck('hall_id')).toEqual(result.hallIds);
  });

  it('runs as part of the whole demo seed', async () => {
    const previous = process.env.UPLOAD_DIR;
    process.env.UPLOAD_DIR = t.app.env.UPLOAD_DIR;
    try {
      await t.app.db('users').delete();
      await t.app.db('organizations').delete();
      expect(await seedDemo(t.app.db, { force: false })).toEqual({ seeded: true });
    } finally {
      process.env.UPLOAD_DIR = previous;
    }
    const demoOrg = await t.app.db('organizations').where({ slug: 'demo-messe' }).first('id');
    expect(await t.app.db('halls').where({ organization_id: demoOrg.id }).count<{ n: number }[]>('* as n')).toEqual([{ n: 2 }]);
    expect(await t.app.db('hall_stands').where({ organization_id: demoOrg.id, approved: true, stand_accepted: true }).count<{ n: number }[]>('* as n')).toEqual([{ n: 6 }]);
    // "Gastaussteller Süd" applied to hall 1 and waits for the host
    expect(await t.app.db('hall_stands').where({ organization_id: demoOrg.id, slug: 'gastaussteller-sued' }).first('approved', 'stand_accepted')).toEqual({
      approved: false,
      stand_accepted: true,
    });
  }, 120_000);
});
