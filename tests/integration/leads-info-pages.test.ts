import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Address, LeadTrack, User } from '#db/models/index';
import { Package } from '~/lib/features';
import type { LeadConsentProof } from '~/lib/leads/form-schema';
import * as infoRoute from '~/routes/information-collection.$leadslug/route';
import * as siteRoute from '~/routes/information-collection.$leadslug_.site.$slug/route';
import { publishPage } from '~/server/services/content-pages/publish';
import { createTestApp, type TestApp } from '../helpers/app';
import { callRoute } from '../helpers/routes';
import {
  addLeadContentPage,
  addMember,
  createContentPage,
  createContentPageTranslation,
  createFile,
  createLead,
  createLeadForm,
  createOrganization,
  createPersonalization,
  createUser,
} from '../fixtures/factories';

/**
 * The lead's information pages through the page door (issue 18): /information-collection/{leadslug} shows the
 * contact person and the published pages chosen for the lead with the form's personalization and the organisation
 * as title, noindex; .../site/{slug} renders one chosen page. Opening them records tracks only with the lead's
 * consent and the lead-tracking suite; unknown slugs, pages not chosen and organisations without leads are 404.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const consent = (tracking: boolean): LeadConsentProof => ({
  items: [{ kind: 'tracking', text: 'x', agreed: tracking }],
  formId: null,
  formVersion: null,
  givenAt: new Date().toISOString(),
  language: 'EN',
});

async function world(suites = Package.SALES | Package.DATA, tracking = true) {
  const org = await createOrganization(t.app.db, { suites, imprint: 'Org imprint', data_privacy: 'Org privacy' });
  const rep = await createUser(t.app.db, { first_name: 'Rita', last_name: 'Rep', default_language: 'EN' });
  await addMember(t.app.db, org.id, rep.id, { role: 'admin', isOwner: true });
  const avatar = await createFile(t.app.db, { organization_id: null, uploaded_by_id: rep.id, is_public: false });
  await User.query(t.app.db).patch({ avatar_id: avatar.id }).where('id', rep.id);
  await Address.query(t.app.db).insert({ user_id: rep.id, phone: '+49 30 1234567' });
  const logo = await createFile(t.app.db, { organization_id: org.id, is_public: false });
  const personalization = await createPersonalization(t.app.db, { organization_id: org.id, logo_id: logo.id, imprint: 'Form imprint' });
  const form = await createLeadForm(t.app.db, { organization_id: org.id, personalization_id: personalization.id });
  const lead = await createLead(t.app.db, { organization_id: org.id, name: 'Lars Lead', contact_id: rep.id, form_id: form.id, consent: consent(tracking) });
  const published = await createContentPage(t.app.db, { organization_id: org.id });
  await createContentPageTranslation(t.app.db, { page_id: published.id, language: 'EN', name: 'Product sheet' });
  await publishPage(await t.serviceContext(rep.id), published.id);
  const privatePage = await createContentPage(t.app.db, { organization_id: org.id });
  await createContentPageTranslation(t.app.db, { page_id: privatePage.id, language: 'EN', name: 'Draft' });
  const notChosen = await createContentPage(t.app.db, { organization_id: org.id });
  await createContentPageTranslation(t.app.db, { page_id: notChosen.id, language: 'EN', name: 'Other' });
  await publishPage(await t.serviceContext(rep.id), notChosen.id);
  await addLeadContentPage(t.app.db, lead.id, published.id, 0);
  await addLeadContentPage(t.app.db, lead.id, privatePage.id, 1);
  return { org, rep, avatar, logo, lead, published, privatePage, notChosen };
}

const info = (slug: string, userId?: string) =>
  callRoute(t, infoRoute.loader, { url: `/information-collection/${slug}`, params: { leadslug: slug }, userId });
const site = (slug: string, page: string) =>
  callRoute(t, siteRoute.loader, { url: `/information-collection/${slug}/site/${page}`, params: { leadslug: slug, slug: page } });

describe('/information-collection/{leadslug}', () => {
  it('shows the contact person with photo and phone and the published chosen pages, and records the visit', async () => {
    const { org, avatar, logo, lead, published } = await world();
    const answer = await info(lead.slug);
    expect(answer.status).toBe(200);
    const data = answer.data as Awaited<ReturnType<typeof infoRoute.loader>>;
    expect(data.organization).toMatchObject({ name: org.name, imprint: 'Form imprint', dataPrivacy: 'Org privacy' });
    expect(data.logo).toMatchObject({ url: `/files/${logo.id}` });
    expect(data.contact).toMatchObject({ name: 'Rita Rep', phone: '+49 30 1234567', photo: `/files/${avatar.id}` });
    expect(data.contentPages.map((page) => [page.slug, page.name])).toEqual([[published.slug, 'Product sheet']]);
    expect(data.lead.name).toBe('Lars Lead');
    // the contact person's photo (a personal, private file) is servable to the lead now
    expect((await t.app.db('files').where({ id: avatar.id }).first()).is_public).toBe(true);
    const tracks = await LeadTrack.query(t.app.db).where('lead_id', lead.id);
    expect(tracks).toMatchObject([{ link_type: 'LEADINFORMATION_LINK', link: `/information-collection/${lead.slug}`, content: org.name }]);
    // meta reads only its loader's data
    expect(infoRoute.meta({ data } as unknown as Parameters<typeof infoRoute.meta>[0])).toEqual([{ title: org.name }, { name: 'robots', content: 'noindex, nofollow' }]);
    expect(infoRoute.headers()).toEqual({ 'X-Robots-Tag': 'noindex, nofollow' });
  });

  it('records nothing without tracking consent, or when a member of the organisation looks at it', async () => {
    const { lead } = await world(Package.SALES | Package.DATA, false);
    expect((await info(lead.slug)).status).toBe(200);
    const tracked = await world();
    expect((await info(tracked.lead.slug, tracked.rep.id)).status).toBe(200);
    expect(await LeadTrack.query(t.app.db).whereIn('lead_id', [lead.id, tracked.lead.id]).resultSize()).toBe(0);
  });

  it('is a 404 for an unknown slug and for an organisation without the lead suite', async () => {
    expect((await info('not-a-lead')).status).toBe(404);
    const { lead } = await world(Package.EVENT);
    expect((await info(lead.slug)).status).toBe(404);
  });
});

describe('/information-collection/{leadslug}/site/{slug}', () => {
  it('renders a published chosen page and records a CONTENT_LINK track', async () => {
    const { lead, published } = await world();
    const answer = await site(lead.slug, published.slug);
    expect(answer.status).toBe(200);
    const data = answer.data as Awaited<ReturnType<typeof siteRoute.loader>>;
    expect(data.page.name).toBe('Product sheet');
    expect(data.page.layout.rows).toHaveLength(1);
    expect(data.back).toBe(`/information-collection/${lead.slug}`);
    const tracks = await LeadTrack.query(t.app.db).where('lead_id', lead.id);
    expect(tracks).toMatchObject([{ link_type: 'CONTENT_LINK', content: 'Product sheet' }]);
    expect((await LeadTrack.query(t.app.db).findOne({ lead_id: lead.id }))!.link).toBe(`/information-collection/${lead.slug}/site/${published.slug}`);
  });

  it('is a 404 for a page not chosen for the lead, an unpublished one, or another lead\'s', async () => {
    const { lead, privatePage, notChosen, published } = await world();
    expect((await site(lead.slug, notChosen.slug)).status).toBe(404);
    expect((await site(lead.slug, privatePage.slug)).status).toBe(404);
    const other = await world();
    expect((await site(other.lead.slug, published.slug)).status).toBe(404);
    expect(await LeadTrack.query(t.app.db).where('lead_id', lead.id).resultSize()).toBe(0);
  });
});
