import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PAGE_SLUG } from '~/server/seed/content-pages';
import { seedLeads } from '~/server/seed/leads';
import { Package } from '~/lib/features';
import { leadValuesSchema, type LeadFormSchema } from '~/lib/leads/form-schema';
import { getLead, listLeads } from '~/server/services/leads/leads';
import { listLeadForms } from '~/server/services/leads/forms';
import { informationPage } from '~/server/services/leads/info';
import { createTestApp, type TestApp } from '../helpers/app';
import { addMember, createContentPage, createContentPageTranslation, createOrganization, createUser } from '../fixtures/factories';

/**
 * The demo's leads (issue 18) as the demo sales rep sees them: a lead form whose schema validates, 27 active and 3
 * archived leads with tags, consent, the product page, tracks and the scores those give, so the console is full of life.
 */

let t: TestApp;
let salesId: string;

beforeAll(async () => {
  t = await createTestApp();
  const org = await createOrganization(t.app.db, { name: 'Demo Messe GmbH', suites: Package.BASIC | Package.EVENT | Package.SALES | Package.DATA });
  const sales = await createUser(t.app.db, { first_name: 'Sven', last_name: 'Vertrieb' });
  await addMember(t.app.db, org.id, sales.id, { role: 'sales', sales: true });
  salesId = sales.id;
  const page = await createContentPage(t.app.db, { organization_id: org.id, slug: DEMO_PAGE_SLUG, state: 'PUBLISHED', publish_token: 'token' });
  await createContentPageTranslation(t.app.db, { page_id: page.id, language: 'DE', name: 'Produktseite' });
  await t.app.db.transaction((trx) => seedLeads(trx, { organizationId: org.id, salesUserId: sales.id }));
});
afterAll(async () => {
  await t.close();
});

describe('demo leads', () => {
  it('the sales rep sees 27 active and 3 archived leads, the hottest first when sorted by score', async () => {
    const ctx = await t.serviceContext(salesId, 'DE');
    const active = await listLeads(ctx, { pageSize: 100, sort: 'score', dir: 'desc' });
    expect(active.total).toBe(27);
    expect(active.items[0].score).toBeGreaterThan(30);
    expect(active.items.filter((lead) => lead.score > 0).length).toBeGreaterThanOrEqual(10);
    expect(active.items.every((lead) => lead.tags.includes('Messe 2026'))).toBe(true);
    expect((await listLeads(ctx, { archived: true })).total).toBe(3);
    expect((await listLeads(ctx, { search: 'automation' })).total).toBeGreaterThan(0);
  });

  it('a lead shows its tracks, why its score, the consent proof and its information page', async () => {
    const ctx = await t.serviceContext(salesId, 'DE');
    const [hottest] = (await listLeads(ctx, { sort: 'score', dir: 'desc', pageSize: 1 })).items;
    const detail = await getLead(ctx, hottest.slug);
    expect(detail.tracks.length).toBeGreaterThanOrEqual(2);
    expect(detail.score.score).toBe(hottest.score);
    expect(detail.score.reasons.length).toBeGreaterThanOrEqual(2);
    expect(detail.consent!.items.map((item) => item.kind)).toEqual(['contact', 'material', 'tracking']);
    expect(detail.contentPages.map((page) => page.slug)).toEqual([DEMO_PAGE_SLUG]);
    const info = await informationPage(await t.serviceContext(null), hottest.slug, 'DE');
    expect(info.contact!.name).toBe('Sven Vertrieb');
    expect(info.contentPages).toHaveLength(1);
  });

  it('the lead form\'s schema builds a validating zod schema', async () => {
    const [form] = await listLeadForms(await t.serviceContext(salesId));
    const parsed = leadValuesSchema(form.schema as LeadFormSchema, 'EN').safeParse({ name: 'Test', interest: 'Automation' });
    expect(parsed.success && parsed.data.interest).toBe('automation');
  });
});
