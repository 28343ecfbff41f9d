import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as conventionLayout from '~/routes/convention.$conventionslug';
import * as help from '~/routes/convention.$conventionslug.help.$slug';
import * as infopoint from '~/routes/convention.$conventionslug.infopoint';
import { blockDefaults } from '~/lib/content-pages/blocks';
import type { PageLayout } from '~/lib/content-pages/layout';
import { conventionVisit } from '~/server/services/events/visit';
import { DEMO_HELP_PAGE_SLUG, seedHelpPage } from '~/server/seed/content-pages';
import { createTestApp, type TestApp } from '../helpers/app';
import { callRoute } from '../helpers/routes';
import { as, eventsWorld, image } from './events-halls-world';

/**
 * The visitor side of content pages inside a convention (issue 16): an inactive convention shows its content page,
 * /convention/{c}/help/{slug} shows its help content page, and foyer points on a content group of the old content
 * pool lead to that group.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const rand = () => crypto.randomBytes(4).toString('hex');

const textLayout = (text: string): PageLayout => ({
  rows: [
    {
      id: `r-${rand()}`,
      type: 'ROW',
      columns: [
        { id: `c-${rand()}`, type: 'COL', width: 'N8', rows: [], item: { id: `i-${rand()}`, sort: 0, content: { ...blockDefaults('TEXT'), html: `<p>${text}</p>` } } },
      ],
    },
  ],
});

async function world() {
  const w = await eventsWorld(t);
  const db = t.app.db;
  const page = async (organizationId: string, name: string, state: string, text: string) => {
    const slug = `${name.toLowerCase()}-${rand()}`;
    const [row] = await db('content_pages')
      .insert({ organization_id: organizationId, slug, state, publish_token: state === 'PUBLISHED' ? crypto.randomBytes(16).toString('hex') : null })
      .returning('id');
    await db('content_page_translations').insert({ page_id: row.id, language: 'EN', name, layout: JSON.stringify(textLayout(`${text} (EN)`)) });
    await db('content_page_translations').insert({ page_id: row.id, language: 'DE', name: `${name} DE`, layout: JSON.stringify(textLayout(`${text} (DE)`)) });
    return { id: row.id as string, slug };
  };
  const published = await page(w.host.id, 'Welcome', 'PUBLISHED', 'See you soon');
  const privatePage = await page(w.host.id, 'Draft', 'PRIVATE', 'Not yet');
  const helpPage = await page(w.host.id, 'Help', 'PUBLISHED', 'How to visit');
  return { ...w, published, privatePage, helpPage };
}

type World = Awaited<ReturnType<typeof world>>;

const setConvention = (w: World, values: Record<string, unknown>) => t.app.db('conventions').where({ id: w.convention.id }).update(values);

async function layoutData(w: World, userId?: string) {
  const res = await callRoute(t, conventionLayout.loader, { url: `/convention/${w.convention.slug}`, userId, params: { conventionslug: w.convention.slug } });
  expect(res.status).toBe(200);
  return (res.data as { convention: { navigation: { helpSlug: string | null } | null; inactivePage: { slug: string; name: string; layout: PageLayout } | null } }).convention;
}

const firstText = (layout: PageLayout) => JSON.stringify(layout).match(/<p>([^<]*)<\/p>/)?.[1];

describe('an inactive convention shows its content page (issue 16)', () => {
  it('shows outsiders the published page in their language instead of the event, and no navigation', async () => {
    const w = await world();
    await setConvention(w, { active: false, content_page_id: w.published.id });
    const convention = await layoutData(w);
    expect(convention.navigation).toBeNull();
    expect(convention.inactivePage).toMatchObject({ slug: w.published.slug, name: 'Welcome' });
    expect(firstText(convention.inactivePage!.layout)).toBe('See you soon (EN)');

    const german = await conventionVisit(await t.serviceContext(null, 'DE'), w.convention.slug, 'DE');
    expect(german.inactivePage).toMatchObject({ name: 'Welcome DE', pageLanguage: 'DE' });
    expect(firstText(german.inactivePage!.layout)).toBe('See you soon (DE)');
  });

  it('keeps the inactive notice when the page is not published, when there is none, and while the convention is active', async () => {
    const w = await world();
    await setConvention(w, { active: false, content_page_id: w.privatePage.id });
    expect(await layoutData(w)).toMatchObject({ navigation: null, inactivePage: null });
    await setConvention(w, { content_page_id: null });
    expect(await layoutData(w)).toMatchObject({ navigation: null, inactivePage: null });
    await setConvention(w, { active: true, content_page_id: w.published.id });
    const active = await layoutData(w);
    expect(active.inactivePage).toBeNull();
    expect(active.navigation).not.toBeNull();
  });

  it("shows the organiser's members the event itself, and another organisation's member the page", async () => {
    const w = await world();
    await setConvention(w, { active: false, content_page_id: w.published.id });
    const member = await layoutData(w, w.owner.id);
    expect(member.navigation).not.toBeNull();
    expect(member.inactivePage).toBeNull();
    expect((await layoutData(w, w.stranger.id)).inactivePage).toMatchObject({ slug: w.published.slug });
  });

  it('gives the page through GraphQL as contentpage (published only for outsiders)', async () => {
    const w = await world();
    await setConvention(w, { active: false, content_page_id: w.published.id });
    const query = `query($slug: String!) { conventionBySlug(slug: $slug, lang: EN) { contentpage { slug translation { name } } } }`;
    const anonymous = await t.graphql(query, { slug: w.convention.slug });
    expect(anonymous.body.data).toEqual({ conventionBySlug: { contentpage: { slug: w.published.slug, translation: { name: 'Welcome' } } } });
    await setConvention(w, { content_page_id: w.privatePage.id });
    expect((await t.graphql(query, { slug: w.convention.slug })).body.data).toEqual({ conventionBySlug: { contentpage: null } });
    // its editors see it in every state
    const owner = await t.graphql(query, { slug: w.convention.slug }, { headers: await as(t, w.owner.id) });
    expect(owner.body.data).toEqual({ conventionBySlug: { contentpage: { slug: w.privatePage.slug, translation: { name: 'Draft' } } } });
  });
});

describe("a convention's help content page (issue 16)", () => {
  const helpAt = (w: World, slug: string) =>
    callRoute(t, help.loader, { url: `/convention/${w.convention.slug}/help/${slug}`, params: { conventionslug: w.convention.slug, slug } });

  it("shows the help content page under its slug, the help text under the convention's, and links the page from the navigation and the info point", async () => {
    const w = await world();
    await setConvention(w, { help_page: 'Call us.', help_content_page_id: w.helpPage.id });
    const shown = await helpAt(w, w.helpPage.slug);
    expect(shown.status).toBe(200);
    const data = shown.data as { page: { slug: string; name: string; layout: PageLayout }; title: string };
    expect(data.page).toMatchObject({ slug: w.helpPage.slug, name: 'Help' });
    expect(data.title).toBe('Help');
    expect(firstText(data.page.layout)).toBe('How to visit (EN)');

    const text = await helpAt(w, w.convention.slug);
    expect(text.data).toMatchObject({ page: null, info: { helpPage: 'Call us.', helpSlug: w.helpPage.slug } });
    expect((await helpAt(w, w.published.slug)).status).toBe(404);

    expect((await layoutData(w)).navigation?.helpSlug).toBe(w.helpPage.slug);
    const info = await callRoute(t, infopoint.loader, { url: `/convention/${w.convention.slug}/infopoint`, params: { conventionslug: w.convention.slug } });
    expect(info.data).toMatchObject({ info: { helpSlug: w.helpPage.slug } });
  });

  it('falls back to the help text while the help page is not published, and has no help link without either', async () => {
    const w = await world();
    await setConvention(w, { help_page: 'Call us.', help_content_page_id: w.privatePage.id });
    expect((await helpAt(w, w.privatePage.slug)).status).toBe(404);
    expect((await helpAt(w, w.convention.slug)).data).toMatchObject({ page: null, info: { helpPage: 'Call us.', helpSlug: w.convention.slug } });
    expect((await layoutData(w)).navigation?.helpSlug).toBe(w.convention.slug);

    await setConvention(w, { help_page: '', help_content_page_id: null });
    expect((await layoutData(w)).navigation?.helpSlug).toBeNull();
  });

  it("the demo's help page (text and a picture) becomes the convention's help page in both languages", async () => {
    const w = await world();
    const id = await seedHelpPage(t.app.db, { organizationId: w.host.id, conventionSlug: w.convention.slug });
    expect(await t.app.db('conventions').where({ id: w.convention.id }).first('help_content_page_id')).toEqual({ help_content_page_id: id });
    const shown = await helpAt(w, DEMO_HELP_PAGE_SLUG);
    const page = (shown.data as { page: { name: string; layout: PageLayout; files: Record<string, { mimeType: string }> } }).page;
    expect(page.name).toBe('Help for the Digital Trade Fair 2026');
    const types = JSON.stringify(page.layout).match(/"type":"[A-Z]+"/g)?.filter((m) => !/ROW|COL/.test(m));
    expect([...new Set(types)].sort()).toEqual(['"type":"IMAGE"', '"type":"TEXT"']);
    expect(Object.values(page.files).map((f) => f.mimeType)).toEqual([expect.stringMatching(/^image\//)]);
    const german = await conventionVisit(await t.serviceContext(null, 'DE'), w.convention.slug, 'DE');
    expect(german.navigation?.helpSlug).toBe(DEMO_HELP_PAGE_SLUG);
  });

  it('gives the help page through GraphQL as helpContentpage', async () => {
    const w = await world();
    await setConvention(w, { help_content_page_id: w.helpPage.id });
    const query = `query($slug: String!, $lang: LanguageCodeEnum) { conventionBySlug(slug: $slug, lang: $lang) { helpContentPageId helpContentpage { slug translation { name language } } } }`;
    const en = await t.graphql(query, { slug: w.convention.slug, lang: 'EN' });
    expect(en.body.data).toEqual({
      conventionBySlug: { helpContentPageId: w.helpPage.id, helpContentpage: { slug: w.helpPage.slug, translation: { name: 'Help', language: 'EN' } } },
    });
    const de = await t.graphql(query, { slug: w.convention.slug, lang: 'DE' });
    expect(de.body.data).toMatchObject({ conventionBySlug: { helpContentpage: { translation: { name: 'Help DE', language: 'DE' } } } });
    await setConvention(w, { help_content_page_id: w.privatePage.id });
    expect((await t.graphql(query, { slug: w.convention.slug })).body.data).toMatchObject({ conventionBySlug: { helpContentpage: null } });
  });
});

describe('foyer points leading to a content group (issue 16)', () => {
  it('lead visitors to the group at /old/content/{slug}, named by the group', async () => {
    const w = await world();
    const db = t.app.db;
    const [group] = await db('content_groups').insert({ organization_id: w.host.id, name: 'Brochures', slug: `brochures-${rand()}`, permission_type: 'PUBLIC' }).returning(['id', 'slug']);
    const foyerImage = await image(t, w.owner.id, 800, 400);
    await db('files').where({ id: foyerImage }).update({ is_public: true });
    const [foyer] = await db('image_foyers').insert({ organization_id: w.host.id, convention_id: w.convention.id, image_id: foyerImage }).returning('id');
    await db('foyer_points').insert({ organization_id: w.host.id, foyer_id: foyer.id, x: 10, y: 20, target_type: 'CONTENT', target_id: group.id });
    // a point on a group that no longer exists is not shown
    await db('foyer_points').insert({ organization_id: w.host.id, foyer_id: foyer.id, x: 30, y: 40, target_type: 'CONTENT', target_id: crypto.randomUUID() });
    await setConvention(w, { navigation_mode: 'IMAGE_FOYER' });
    const convention = (await layoutData(w)) as unknown as { navigation: { foyer: { points: unknown[] } } };
    expect(convention.navigation.foyer.points).toEqual([
      expect.objectContaining({ x: 10, y: 20, href: `/old/content/${group.slug}`, label: 'Content: Brochures', external: false }),
    ]);
  });
});
