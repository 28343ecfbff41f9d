import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as editor from '~/routes/_console.stand.$slug';
import * as rpPreview from '~/routes/_console.stand.standpreview.$standslug.rp.$rpslug';
import * as standRp from '~/routes/convention.$conventionslug.hall.$hallslug.stand.$standslug.rp.$rpslug';
import * as conventionPage from '~/routes/convention.$conventionslug.content.$slug';
import * as conventionLayout from '~/routes/convention.$conventionslug';
import * as dashboard from '~/routes/_console.events.convention.$slug/route';
import * as onDemandItem from '~/routes/convention.$conventionslug.ondemand.$slug';
import { EMPTY_LAYOUT } from '~/lib/content-pages/layout';
import { createTestApp, type TestApp } from '../helpers/app';
import { callRoute } from '../helpers/routes';
import { eventsWorld, image } from './events-halls-world';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Loaded = Awaited<ReturnType<typeof editor.loader>>;
const rand = () => crypto.randomBytes(4).toString('hex');

/**
 * The host's stand with an image view in a hall of the (public, active) convention, and content pages: the host's
 * published, private and unpublished ones and a published page of another organisation.
 */
async function world() {
  const w = await eventsWorld(t);
  const db = t.app.db;
  const page = async (organizationId: string, name: string, state: string) => {
    const slug = `${name.toLowerCase()}-${rand()}`;
    const [row] = await db('content_pages').insert({ organization_id: organizationId, slug, state, publish_token: state === 'PUBLISHED' ? crypto.randomBytes(16).toString('hex') : null }).returning('id');
    await db('content_page_translations').insert({ page_id: row.id, language: 'EN', name, layout: JSON.stringify(EMPTY_LAYOUT) });
    return { id: row.id as string, slug };
  };
  const published = await page(w.host.id, 'Products', 'PUBLISHED');
  const privatePage = await page(w.host.id, 'Drafts', 'PRIVATE');
  const unpublished = await page(w.host.id, 'Old', 'UNPUBLISHED');
  const foreign = await page(w.exhibitor.id, 'Foreign', 'PUBLISHED');
  const [stand] = await db('base_stands').insert({ organization_id: w.host.id, name: 'Nord', slug: `nord-${rand()}` }).returning(['id', 'slug']);
  const imageId = await image(t, w.owner.id, 640, 360);
  await db('files').where({ id: imageId }).update({ is_public: true });
  const [node] = await db('stand_nodes').insert({ organization_id: w.host.id, stand_id: stand.id, type: 'IMAGE', image_id: imageId, language: 'EN' }).returning('id');
  const [hall] = await db('halls').insert({ organization_id: w.host.id, slug: `halle-${rand()}`, name: 'Halle', permission_type: 'PUBLIC' }).returning(['id', 'slug']);
  await db('convention_halls').insert({ organization_id: w.host.id, convention_id: w.convention.id, hall_id: hall.id, order: 0 });
  await db('hall_stands').insert({
    organization_id: w.host.id,
    hall_id: hall.id,
    stand_id: stand.id,
    approved: true,
    stand_accepted: true,
    order: 0,
    slug: stand.slug,
    preview_slug: crypto.randomBytes(16).toString('base64url'),
  });
  return { ...w, published, privatePage, unpublished, foreign, stand: stand as { id: string; slug: string }, nodeId: node.id as string, hall: hall as { slug: string } };
}

type World = Awaited<ReturnType<typeof world>>;

const post = (w: World, form: Record<string, string>) =>
  callRoute(t, editor.action, { url: `/stand/${w.stand.slug}`, userId: w.owner.id, params: { slug: w.stand.slug }, form });

async function editorData(w: World): Promise<Loaded> {
  const res = await callRoute(t, editor.loader, { url: `/stand/${w.stand.slug}`, userId: w.owner.id, params: { slug: w.stand.slug } });
  expect(res.status).toBe(200);
  return res.data as Loaded;
}

const reference = (w: World, contentPageId: string) => ({
  intent: 'addPoint',
  nodeId: w.nodeId,
  cx: '20',
  cy: '30',
  kind: 'REFERENCE',
  name: 'Info',
  contentPageId,
});

describe('content page picker of reference points (issue 16)', () => {
  it("offers the organisation's published and private pages by name, saves its own page and refuses another organisation's", async () => {
    const w = await world();
    const data = await editorData(w);
    expect(data.pages).toEqual([
      { id: w.privatePage.id, name: 'Drafts' },
      { id: w.published.id, name: 'Products' },
    ]);

    expect(await post(w, reference(w, w.published.id))).toMatchObject({ status: 302, toast: { type: 'success', key: 'events:stand.pointsCreated' } });
    const point = (await editorData(w)).nodes[0]!.points[0]!;
    expect(point).toMatchObject({ kind: 'REFERENCE', contentPageId: w.published.id });

    const refusedAdd = await post(w, reference(w, w.foreign.id));
    expect(refusedAdd.status).toBeGreaterThanOrEqual(400);
    expect(refusedAdd.data).toMatchObject({ result: { error: { contentPageId: [expect.any(String)] } } });

    const update = (contentPageId: string) => post(w, { intent: 'updatePoint', id: point.id, cx: '20', cy: '30', name: 'Info', order: '0', contentPageId });
    const refused = await update(w.foreign.id);
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.data).toMatchObject({ form: `point-edit-${point.id}`, result: { error: { contentPageId: [expect.any(String)] } } });
    expect((await editorData(w)).nodes[0]!.points).toEqual([expect.objectContaining({ id: point.id, contentPageId: w.published.id })]);

    // the "none" option posts an empty value: the link is removed
    expect(await update('')).toMatchObject({ status: 302, toast: { key: 'events:standPages.points.saved' } });
    expect((await editorData(w)).nodes[0]!.points[0]).toMatchObject({ contentPageId: null });
  });

  it("gives visitors the linked page's slug, and the convention opens the page there", async () => {
    const w = await world();
    expect(await post(w, reference(w, w.published.id))).toMatchObject({ status: 302 });
    const standParams = { conventionslug: w.convention.slug, hallslug: w.hall.slug, standslug: w.stand.slug, rpslug: 'info' };
    const rp = await callRoute(t, standRp.loader, {
      url: `/convention/${w.convention.slug}/hall/${w.hall.slug}/stand/${w.stand.slug}/rp/info`,
      params: standParams,
    });
    expect(rp.data).toMatchObject({ point: { name: 'Info', contentPageSlug: w.published.slug } });

    const opened = await callRoute(t, conventionPage.loader, {
      url: `/convention/${w.convention.slug}/content/${w.published.slug}`,
      params: { conventionslug: w.convention.slug, slug: w.published.slug },
    });
    expect(opened.status).toBe(200);
    expect(opened.data).toMatchObject({ name: 'Products' });

    // the console preview shows the link as well
    const preview = await callRoute(t, rpPreview.loader, {
      url: `/stand/standpreview/${w.stand.slug}/rp/info`,
      userId: w.owner.id,
      params: { standslug: w.stand.slug, rpslug: 'info' },
    });
    expect(preview.data).toMatchObject({ point: { contentPageSlug: w.published.slug } });
  });

  it('gives no slug to visitors when the linked page is not published', async () => {
    const w = await world();
    await post(w, reference(w, w.privatePage.id));
    const rp = await callRoute(t, standRp.loader, {
      url: `/convention/${w.convention.slug}/hall/${w.hall.slug}/stand/${w.stand.slug}/rp/info`,
      params: { conventionslug: w.convention.slug, hallslug: w.hall.slug, standslug: w.stand.slug, rpslug: 'info' },
    });
    expect(rp.data).toMatchObject({ point: { name: 'Info', contentPageSlug: null } });
  });
});

describe('content page picker of on-demand items (issue 16)', () => {
  it("saves the organisation's own page on an item, refuses another organisation's, and visitors get a link that opens", async () => {
    const w = await world();
    const url = `/events/convention/${w.convention.slug}`;
    const dashboardPost = (form: Record<string, string>) =>
      callRoute(t, dashboard.action, { url, userId: w.owner.id, params: { slug: w.convention.slug }, form });
    const loaded = await callRoute(t, dashboard.loader, { url, userId: w.owner.id, params: { slug: w.convention.slug } });
    expect((loaded.data as { pages: { name: string }[] }).pages.map((p) => p.name)).toEqual(['Drafts', 'Products']);

    const refused = await dashboardPost({ intent: 'onDemandCreate', title: 'Fremd', contentPageId: w.foreign.id });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.data).toMatchObject({ result: { error: { contentPageId: [expect.any(String)] } } });
    expect(await dashboardPost({ intent: 'onDemandCreate', title: 'Rundgang', contentPageId: w.published.id })).toMatchObject({ status: 302 });
    const rows = await t.app.db('on_demand_contents').where({ convention_id: w.convention.id });
    expect(rows.map((r: { title: string; content_page_id: string | null }) => [r.title, r.content_page_id])).toEqual([['Rundgang', w.published.id]]);

    const item = await callRoute(t, onDemandItem.loader, {
      url: `/convention/${w.convention.slug}/ondemand/${rows[0].slug}`,
      params: { conventionslug: w.convention.slug, slug: rows[0].slug },
    });
    const page = `/convention/${w.convention.slug}/content/${w.published.slug}`;
    expect(item.data).toMatchObject({ item: { contentPageSlug: w.published.slug }, page });
    const opened = await callRoute(t, conventionPage.loader, { url: page, params: { conventionslug: w.convention.slug, slug: w.published.slug } });
    expect(opened.status).toBe(200);

    // the "none" option unlinks it
    expect(await dashboardPost({ intent: 'onDemandUpdate', id: rows[0].id, title: 'Rundgang', contentPageId: '' })).toMatchObject({ status: 302 });
    expect(await t.app.db('on_demand_contents').where({ id: rows[0].id }).first('content_page_id')).toEqual({ content_page_id: null });
  });
});

describe("content page pickers of a convention's settings (issue 16)", () => {
  it("saves the organisation's own pages as the convention's page and help page and refuses another organisation's", async () => {
    const w = await world();
    const url = `/events/convention/${w.convention.slug}`;
    const save = (over: Record<string, string>) =>
      callRoute(t, dashboard.action, {
        url,
        userId: w.owner.id,
        params: { slug: w.convention.slug },
        form: { intent: 'settings', title: 'Messe', active: 'on', permissionType: 'PUBLIC', ...over },
      });
    const stored = () => t.app.db('conventions').where({ id: w.convention.id }).first('content_page_id', 'help_content_page_id');

    expect(await save({ contentPageId: w.published.id, helpContentPageId: w.privatePage.id })).toMatchObject({ status: 302 });
    expect(await stored()).toEqual({ content_page_id: w.published.id, help_content_page_id: w.privatePage.id });
    const loaded = await callRoute(t, dashboard.loader, { url, userId: w.owner.id, params: { slug: w.convention.slug } });
    expect(loaded.data).toMatchObject({ convention: { contentPageId: w.published.id, helpContentPageId: w.privatePage.id } });

    const refused = await save({ contentPageId: w.published.id, helpContentPageId: w.foreign.id });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.data).toMatchObject({ result: { error: { helpContentPageId: [expect.any(String)] } } });
    expect(await stored()).toEqual({ content_page_id: w.published.id, help_content_page_id: w.privatePage.id });

    // "none" in both pickers unlinks them
    expect(await save({ contentPageId: '', helpContentPageId: '' })).toMatchObject({ status: 302 });
    expect(await stored()).toEqual({ content_page_id: null, help_content_page_id: null });
  });
});

describe('foyer points leading to a content page (issue 16)', () => {
  it("offers the organisation's pages as targets, places a point on its own page and refuses another organisation's", async () => {
    const w = await world();
    await t.app.db('image_foyers').insert({ organization_id: w.host.id, convention_id: w.convention.id });
    const url = `/events/convention/${w.convention.slug}`;
    const add = (target: string) =>
      callRoute(t, dashboard.action, { url, userId: w.owner.id, params: { slug: w.convention.slug }, form: { intent: 'addPoint', x: '10', y: '20', target } });
    const loaded = await callRoute(t, dashboard.loader, { url, userId: w.owner.id, params: { slug: w.convention.slug } });
    const groups = (loaded.data as { foyerTargets: { options: { value: string; label: string }[] }[] }).foyerTargets;
    expect(groups.flatMap((g) => g.options).filter((o) => o.value.startsWith('CONTENTPAGE:'))).toEqual([
      { value: `CONTENTPAGE:${w.privatePage.id}`, label: 'Drafts' },
      { value: `CONTENTPAGE:${w.published.id}`, label: 'Products' },
    ]);

    const refused = await add(`CONTENTPAGE:${w.foreign.id}`);
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(await add(`CONTENTPAGE:${w.published.id}`)).toMatchObject({ status: 302 });
    const points = await t.app.db('foyer_points').where({ organization_id: w.host.id });
    expect(points.map((p: { target_type: string; target_id: string }) => [p.target_type, p.target_id])).toEqual([['CONTENTPAGE', w.published.id]]);

    // visitors: the point leads to the page inside the convention; a point on a private page is not shown to them
    await t.app.db('foyer_points').insert({ organization_id: w.host.id, foyer_id: points[0].foyer_id, x: 50, y: 50, target_type: 'CONTENTPAGE', target_id: w.privatePage.id });
    const foyerImage = await image(t, w.owner.id, 800, 400);
    await t.app.db('files').where({ id: foyerImage }).update({ is_public: true });
    await t.app.db('image_foyers').where({ convention_id: w.convention.id }).update({ image_id: foyerImage });
    await t.app.db('conventions').where({ id: w.convention.id }).update({ navigation_mode: 'IMAGE_FOYER' });
    const visit = await callRoute(t, conventionLayout.loader, { url: `/convention/${w.convention.slug}`, params: { conventionslug: w.convention.slug } });
    const foyer = (visit.data as { convention: { navigation: { foyer: { points: { href: string; label: string }[] } } } }).convention.navigation.foyer;
    expect(foyer.points).toEqual([
      expect.objectContaining({ href: `/convention/${w.convention.slug}/content/${w.published.slug}`, label: 'Content page: Products', external: false }),
    ]);
  });
});
