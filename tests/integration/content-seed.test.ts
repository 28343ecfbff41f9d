import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '~/server/seed/demo';
import { loadEnv } from '~/server/env.server';
import { createStorage } from '~/server/storage/create-storage.server';
import * as contentRoute from '~/routes/content.$slug/route';
import * as leadformRoute from '~/routes/leadform/route';
import { createTestApp, type TestApp } from '../helpers/app';
import { callRoute } from '../helpers/routes';

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
    // the demo page and the lead form name no personalization: they show the organisation's default (issue 24),
    // its logo and colours, on the public page and the public lead form alike
    const demoOrg = await t.app.db('organizations').where({ id: org.id }).first('default_personalization_id');
    const personalization = await t.app.db('personalizations').where({ id: demoOrg.default_personalization_id }).first('logo_id', 'slug');
    expect(personalization.slug).toBe('demo-messe');
    const page = await t.app.db('content_pages').where({ slug: 'demo-produktseite' }).first('personalization_id', 'publish_token');
    expect(page.personalization_id).toBeNull();
    const shown = (await callRoute(t, contentRoute.loader, { url: `/content/demo-produktseite?token=${page.publish_token}`, params: { slug: 'demo-produktseite' } }))
      .data as Awaited<ReturnType<typeof contentRoute.loader>>;
    expect(shown.logo?.url).toBe(`/files/${personalization.logo_id}`);
    expect(shown.theme).toMatchObject({ primary: '#283853', onPrimary: '#ffffff' });
    const form = await t.app.db('lead_forms').where({ organization_id: org.id }).first('id', 'personalization_id');
    expect(form.personalization_id).toBeNull();
    const leadform = (await callRoute(t, leadformRoute.loader, { url: `/leadform?form=${form.id}` })).data as Awaited<ReturnType<typeof leadformRoute.loader>>;
    expect(leadform.branding.logoUrl).toBe(`/files/${personalization.logo_id}`);
    expect(leadform.theme).toMatchObject({ primary: '#283853' });
    // the form's heading suits the lead filling it in and the sales rep capturing a lead alike
    expect(JSON.stringify(leadform.schema)).not.toMatch(/Ihre Kontaktdaten|Your contact details/);

    const points = await t.app.db('points').where({ organization_id: org.id, slug: 'produkte' }).select('content_group_id');
    expect(points.length).toBeGreaterThan(0);
    const sheets = await t.app.db('content_groups').where({ slug: 'demo-produktblaetter' }).first('id');
    expect(points.every((p) => p.content_group_id === sheets.id)).toBe(true);
  }, 120_000);
});
