import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContentPage, Organization, UploadedFile } from '#db/models/index';
import { Package } from '~/lib/features';
import type { LeadConsentProof } from '~/lib/leads/form-schema';
import * as builderRoute from '~/routes/_console.contentpool.builder_v2.$slug/route';
import * as settingRoute from '~/routes/_console.contentpool.builder_v2.$slug_.personalization';
import * as contentRoute from '~/routes/content.$slug/route';
import * as datapolicyRoute from '~/routes/content.$slug_.datapolicy';
import * as imprintRoute from '~/routes/content.$slug_.imprint';
import * as infoRoute from '~/routes/information-collection.$leadslug/route';
import * as leadformRoute from '~/routes/leadform/route';
import { publishPage } from '~/server/services/content-pages/publish';
import { up as pagesUseDefault } from '../../db/migrations/0022_pages_use_default_personalization';
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
import { createTestApp, type TestApp } from '../helpers/app';
import { callRoute } from '../helpers/routes';

/**
 * Issue 24 items 4 and 5: a personalization's colours reach the pages that use it (contrast-checked CSS custom
 * properties from the server), and a content page shows its personalization (its own, else the organisation's default
 * as it is now): logo, favicon, colours, imprint and data policy. The builder's page settings choose it.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const consent: LeadConsentProof = { items: [{ kind: 'tracking', text: 'x', agreed: false }], formId: null, formVersion: null, givenAt: new Date().toISOString(), language: 'EN' };

async function world() {
  const org = await createOrganization(t.app.db, { suites: Package.BASIC | Package.SALES, imprint: 'Org imprint', data_privacy: 'Org privacy' });
  const admin = await createUser(t.app.db, { default_language: 'EN' });
  await addMember(t.app.db, org.id, admin.id, { role: 'admin', isOwner: true });
  // a 3:1 logo: at 180 px wide its place is 60 px high before it loads
  const logo = await createFile(t.app.db, { organization_id: org.id, is_public: false, width: 600, height: 200 });
  const favicon = await createFile(t.app.db, { organization_id: org.id, is_public: false });
  // a light yellow primary colour: white text on it would fail WCAG AA
  const standard = await createPersonalization(t.app.db, {
    organization_id: org.id,
    title: 'Hausfarben',
    logo_id: logo.id,
    favicon_id: favicon.id,
    logo_width: 180,
    logo_position: 'RIGHT',
    primary_color: '#ffdd00',
    secondary_color: '#1a5e20',
    imprint: 'Standard imprint',
    data_privacy: '',
  });
  await Organization.query(t.app.db).findById(org.id).patch({ default_personalization_id: standard.id });
  // an SVG logo: no pixel size known, so no height is given
  const otherLogo = await createFile(t.app.db, { organization_id: org.id, is_public: false, mime_type: 'image/svg+xml', width: null, height: null });
  const campaign = await createPersonalization(t.app.db, {
    organization_id: org.id,
    title: 'Kampagne',
    logo_id: otherLogo.id,
    primary_color: '#283853',
    secondary_color: '#e45364',
    imprint: 'Campaign imprint',
    data_privacy: 'Campaign privacy',
  });
  const page = await createContentPage(t.app.db, { organization_id: org.id });
  await createContentPageTranslation(t.app.db, { page_id: page.id, language: 'EN', name: 'Product sheet' });
  await publishPage(await t.serviceContext(admin.id), page.id);
  const published = await ContentPage.query(t.app.db).findById(page.id);
  return { org, admin, logo, favicon, standard, otherLogo, campaign, page: published! };
}

type ContentData = Awaited<ReturnType<typeof contentRoute.loader>>;
const visit = async (page: ContentPage) =>
  (await callRoute(t, contentRoute.loader, { url: `/content/${page.slug}?token=${page.publish_token}`, params: { slug: page.slug } })).data as ContentData;

describe('a content page in its personalization', () => {
  it('without a choice of its own shows the organisation default: logo, favicon, contrast-checked colours, imprint; a new default reaches it', async () => {
    const w = await world();
    const shown = await visit(w.page);
    expect(shown.logo).toEqual({ url: `/files/${w.logo.id}`, alt: 'Hausfarben', width: 180, height: 60, position: 'RIGHT' });
    expect(shown.favicon).toBe(`/files/${w.favicon.id}`);
    // white on #ffdd00 is 1.4:1, so the text on the band is dark; yellow links would be unreadable on white: darkened
    expect(shown.theme).toMatchObject({ primary: '#ffdd00', onPrimary: '#283853', secondary: '#1a5e20', onSecondary: '#ffffff' });
    expect(shown.theme?.link).not.toBe('#ffdd00');
    // the logo and favicon head a public page: an anonymous visitor may load them
    const files = await UploadedFile.query(t.app.db).whereIn('id', [w.logo.id, w.favicon.id]);
    expect(files.map((f) => f.is_public)).toEqual([true, true]);

    const legal = async (route: typeof imprintRoute | typeof datapolicyRoute, path: string) =>
      (await callRoute(t, route.loader, { url: `/content/${w.page.slug}/${path}?token=${w.page.publish_token}`, params: { slug: w.page.slug } })).data as {
        info: { imprint: string; dataPrivacy: string };
        look: { logo: { url: string } | null; favicon: string | null; theme: { primary: string } | null } | null;
      };
    const imprint = await legal(imprintRoute, 'imprint');
    expect(imprint.info.imprint).toBe('Standard imprint');
    // the personalization has no privacy text: the organisation's applies
    expect(imprint.info.dataPrivacy).toBe('Org privacy');
    expect(imprint.look).toMatchObject({ logo: { url: `/files/${w.logo.id}` }, favicon: `/files/${w.favicon.id}`, theme: { primary: '#ffdd00' } });

    // the organisation changes its default: the page follows, as it stores no choice of its own
    await Organization.query(t.app.db).findById(w.org.id).patch({ default_personalization_id: w.campaign.id });
    const after = await visit(w.page);
    expect(after.logo?.url).toBe(`/files/${w.otherLogo.id}`);
    expect(after.logo?.height).toBeNull();
    expect(after.theme).toMatchObject({ primary: '#283853', onPrimary: '#ffffff', link: '#283853' });
    expect((await legal(datapolicyRoute, 'datapolicy')).info.dataPrivacy).toBe('Campaign privacy');
  });

  it('migration 0022: a page that copied the default uses the default again; another choice stays', async () => {
    const w = await world();
    await ContentPage.query(t.app.db).findById(w.page.id).patch({ personalization_id: w.standard.id });
    const chosen = await createContentPage(t.app.db, { organization_id: w.org.id, personalization_id: w.campaign.id });
    await pagesUseDefault(t.app.db);
    expect((await ContentPage.query(t.app.db).findById(w.page.id))?.personalization_id).toBeNull();
    expect((await ContentPage.query(t.app.db).findById(chosen.id))?.personalization_id).toBe(w.campaign.id);
  });

  it('an organisation without any personalization keeps the page without logo and colours', async () => {
    const org = await createOrganization(t.app.db, { suites: Package.BASIC });
    const admin = await createUser(t.app.db);
    await addMember(t.app.db, org.id, admin.id, { role: 'admin', isOwner: true });
    const page = await createContentPage(t.app.db, { organization_id: org.id });
    await createContentPageTranslation(t.app.db, { page_id: page.id, language: 'EN' });
    await publishPage(await t.serviceContext(admin.id), page.id);
    const shown = await visit((await ContentPage.query(t.app.db).findById(page.id))!);
    expect(shown).toMatchObject({ logo: null, favicon: null, theme: null });
  });
});

describe('the builder page settings choose the personalization', () => {
  const post = (slug: string, userId: string, form: Record<string, string>) =>
    callRoute(t, settingRoute.action, { url: `/contentpool/builder_v2/${slug}/personalization`, params: { slug }, userId, form });

  it('offers the default and every personalization; a choice is stored, the default is stored as none', async () => {
    const w = await world();
    const builder = await callRoute(t, builderRoute.loader, { url: `/contentpool/builder_v2/${w.page.slug}`, params: { slug: w.page.slug }, userId: w.admin.id });
    expect((builder.data as Awaited<ReturnType<typeof builderRoute.loader>>).personalization).toEqual({
      action: `/contentpool/builder_v2/${w.page.slug}/personalization`,
      current: null,
      options: [
        { id: w.standard.id, title: 'Hausfarben' },
        { id: w.campaign.id, title: 'Kampagne' },
      ],
      defaultTitle: 'Hausfarben',
    });

    // without JavaScript: back to the builder with a toast
    const chosen = await post(w.page.slug, w.admin.id, { personalizationId: w.campaign.id, reply: 'redirect' });
    expect(chosen).toMatchObject({ status: 302, location: `/contentpool/builder_v2/${w.page.slug}` });
    expect(chosen.toast).toMatchObject({ type: 'success', key: 'personalization:pageSettings.saved' });
    expect((await ContentPage.query(t.app.db).findById(w.page.id))?.personalization_id).toBe(w.campaign.id);
    const shown = await visit(w.page);
    expect(shown.logo?.url).toBe(`/files/${w.otherLogo.id}`);
    const imprint = await callRoute(t, imprintRoute.loader, { url: `/content/${w.page.slug}/imprint?token=${w.page.publish_token}`, params: { slug: w.page.slug } });
    expect((imprint.data as { info: { imprint: string } }).info.imprint).toBe('Campaign imprint');

    // the fetcher's answer (JavaScript): data, and back to the default, stored as none
    const back = await post(w.page.slug, w.admin.id, { personalizationId: '', reply: 'data' });
    expect(back).toMatchObject({ status: 200, data: { ok: true, message: "The page's personalisation was saved" } });
    expect((await ContentPage.query(t.app.db).findById(w.page.id))?.personalization_id).toBeNull();
  });

  it("refuses another organisation's personalization and a malformed id (no 500); strangers and sales users get nowhere", async () => {
    const w = await world();
    const foreign = await createPersonalization(t.app.db);
    const refused = await post(w.page.slug, w.admin.id, { personalizationId: foreign.id, reply: 'data' });
    expect(refused).toMatchObject({ status: 400, data: { ok: false, message: 'Not found' } });
    const malformed = await post(w.page.slug, w.admin.id, { personalizationId: 'not-an-id\u0000', reply: 'redirect' });
    expect(malformed).toMatchObject({ status: 302, toast: { type: 'error' } });
    expect((await ContentPage.query(t.app.db).findById(w.page.id))?.personalization_id).toBeNull();

    const stranger = await createUser(t.app.db);
    const otherOrg = await createOrganization(t.app.db, { suites: Package.BASIC });
    await addMember(t.app.db, otherOrg.id, stranger.id, { role: 'admin', isOwner: true });
    expect((await post(w.page.slug, stranger.id, { personalizationId: w.campaign.id })).status).toBe(404);
    const sales = await createUser(t.app.db);
    await addMember(t.app.db, w.org.id, sales.id, { role: 'sales', sales: true });
    expect(await post(w.page.slug, sales.id, { personalizationId: w.campaign.id })).toMatchObject({ status: 302, location: '/missing-feature/content' });
    const anonymous = await callRoute(t, settingRoute.action, { url: `/contentpool/builder_v2/${w.page.slug}/personalization`, params: { slug: w.page.slug }, form: { personalizationId: '' } });
    expect(anonymous.location).toMatch(/^\/login/);
    expect((await ContentPage.query(t.app.db).findById(w.page.id))?.personalization_id).toBeNull();
  });

  it('GraphQL: contentPageUpdate takes a personalization id, and null returns the page to the default', async () => {
    const w = await world();
    const token = await t.accessToken(w.admin.id);
    const update = async (personalizationId: string | null) =>
      (await t.graphql<{ contentPageUpdate: { contentPage: { personalizationId: string | null } | null; error: { code: string } | null } }>(
        `mutation($id: ID!, $p: ID) { contentPageUpdate(id: $id, input: { personalizationId: $p }) { contentPage { personalizationId } error { code } } }`,
        { id: w.page.id, p: personalizationId },
        { headers: { Authorization: `JWT ${token}` } },
      )).body;
    expect((await update(w.campaign.id)).data?.contentPageUpdate).toEqual({ contentPage: { personalizationId: w.campaign.id }, error: null });
    expect((await visit(w.page)).logo?.url).toBe(`/files/${w.otherLogo.id}`);
    expect((await update(null)).data?.contentPageUpdate).toEqual({ contentPage: { personalizationId: null }, error: null });
    expect((await visit(w.page)).logo?.url).toBe(`/files/${w.logo.id}`);
    expect((await update((await createPersonalization(t.app.db)).id)).data?.contentPageUpdate.error?.code).toBe('NOT_FOUND');
  });
});

describe('lead pages in the lead form personalization colours', () => {
  it("the public lead form: the form's personalization, else the organisation's default; the logo is servable to the lead", async () => {
    const w = await world();
    const form = await createLeadForm(t.app.db, { organization_id: w.org.id, personalization_id: w.campaign.id });
    type FormData = Awaited<ReturnType<typeof leadformRoute.loader>>;
    const own = (await callRoute(t, leadformRoute.loader, { url: `/leadform?form=${form.id}` })).data as FormData;
    expect(own.theme).toMatchObject({ primary: '#283853', onPrimary: '#ffffff', secondary: '#e45364', onSecondary: '#000000' });
    expect(own.branding).toMatchObject({ logoUrl: `/files/${w.otherLogo.id}`, imprint: 'Campaign imprint' });
    expect((await UploadedFile.query(t.app.db).findById(w.otherLogo.id))?.is_public).toBe(true);

    const plain = await createLeadForm(t.app.db, { organization_id: w.org.id, personalization_id: null });
    const byDefault = (await callRoute(t, leadformRoute.loader, { url: `/leadform?form=${plain.id}` })).data as FormData;
    expect(byDefault.theme).toMatchObject({ primary: '#ffdd00', onPrimary: '#283853' });
    expect(byDefault.branding.logoUrl).toBe(`/files/${w.logo.id}`);
  });

  it('the information pages carry the same theme', async () => {
    const w = await world();
    const form = await createLeadForm(t.app.db, { organization_id: w.org.id, personalization_id: w.standard.id });
    const lead = await createLead(t.app.db, { organization_id: w.org.id, form_id: form.id, consent });
    await addLeadContentPage(t.app.db, lead.id, w.page.id, 0);
    const shown = await callRoute(t, infoRoute.loader, { url: `/information-collection/${lead.slug}`, params: { leadslug: lead.slug } });
    expect((shown.data as { theme: unknown }).theme).toMatchObject({ primary: '#ffdd00', onPrimary: '#283853', secondary: '#1a5e20', onSecondary: '#ffffff' });
  });
});
