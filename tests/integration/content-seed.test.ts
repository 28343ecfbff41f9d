import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '~/server/seed/demo';
import { loadEnv } from '~/server/env.server';
import { createStorage } from '~/server/storage/create-storage.server';
import { createTestApp, type TestApp } from '../helpers/app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  fs.rmSync(path.resolve(t.app.env.UPLOAD_DIR), { recursive: true, force: true });
});

describe('demo seed: content pool', () => {
  it('gives the demo organisation product sheets, a brochure PDF, the image video and a slideshow, public, and links the stands\' "Produkte" points', async () => {
    await seedDemo(t.app.db, { force: true });
    const org = await t.app.db('organizations').where({ slug: 'demo-messe' }).first('id');
    const groups = await t.app.db('content_groups').where({ organization_id: org.id }).orderBy('name').select('name', 'slug', 'permission_type');
    expect(groups.map((g) => g.name)).toEqual(['Broschüre 2026', 'Imagevideo', 'Messeimpressionen', 'Produktblätter']);
    expect(new Set(groups.map((g) => g.permission_type))).toEqual(new Set(['PUBLIC']));

    // a visitor (anonymous) reads the product sheets in English, with the column's bookmark
    const res = await t.graphql<{ localizedContent: { name: string; children: { type: string; children: { type: string; value: string }[] }[] } }>(
      `{ localizedContent(slug: "demo-produktblaetter", lang: EN) { name children { type children { type value } } } }`,
    );
    const [localized, column] = res.body.data!.localizedContent.children;
    expect(localized!.children).toHaveLength(1);
    expect(localized!.children[0]!.value).toContain('Fair system Module X');
    expect(column!.children.map((c) => c.type)).toEqual(['TEXT', 'BOOKMARK']);

    // the brochure is a real PDF in the storage the seed writes to (the configured one)
    const pdf = await t.app.db('content_objects as o').join('files as f', 'f.id', 'o.file_id').where({ 'o.type': 'PDF' }).first('f.storage_key', 'f.mime_type');
    const stream = await createStorage(loadEnv()).get(pdf.storage_key);
    const chunks: Buffer[] = [];
    for await (const c of stream!) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).subarray(0, 5).toString()).toBe('%PDF-');

    // the slideshow's three slides are pictures in the storage
    const slideshow = await t.graphql<{ content: { children: { type: string; count: number; children: { type: string; file: { mimeType: string } | null }[] }[] } }>(
      `{ content(slug: "demo-messeimpressionen") { children { type count children { type file { mimeType } } } } }`,
    );
    const show = slideshow.body.data!.content.children.find((c) => c.type === 'SLIDESHOW')!;
    expect(show.count).toBe(3);
    expect(show.children.map((c) => c.type)).toEqual(['IMAGE', 'IMAGE', 'IMAGE']);
    expect(show.children.every((c) => c.file?.mimeType.startsWith('image/'))).toBe(true);

    // the organisation's default personalization has its logo, AA colours and legal texts; the demo page uses it
    const perso = await t.graphql<{ personalizationBySlug: { title: string; logo: { id: string } | null; primaryColor: string; imprint: string } }>(
      `{ personalizationBySlug(slug: "demo-messe") { title logo { id } primaryColor imprint } }`,
      {},
      { headers: { Authorization: `JWT ${await t.accessToken((await t.app.db('users').where({ email: 'admin@demo.example' }).first('id')).id)}` } },
    );
    expect(perso.body.errors).toBeUndefined();
    expect(perso.body.data!.personalizationBySlug).toMatchObject({ title: 'Demo Messe', primaryColor: '#283853' });
    expect(perso.body.data!.personalizationBySlug.logo).not.toBeNull();
    expect(perso.body.data!.personalizationBySlug.imprint).toContain('Messering 1');
    const demoOrg = await t.app.db('organizations').where({ id: org.id }).first('default_personalization_id');
    const page = await t.app.db('content_pages').where({ slug: 'demo-produktseite' }).first('personalization_id');
    expect(page.personalization_id).toBe(demoOrg.default_personalization_id);

    const points = await t.app.db('points').where({ organization_id: org.id, slug: 'produkte' }).select('content_group_id');
    expect(points.length).toBeGreaterThan(0);
    const sheets = await t.app.db('content_groups').where({ slug: 'demo-produktblaetter' }).first('id');
    expect(points.every((p) => p.content_group_id === sheets.id)).toBe(true);
  });
});
