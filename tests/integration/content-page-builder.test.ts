import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContentPage, ContentPageTranslation } from '#db/models/index';
import { Feature, Package } from '~/lib/features';
import type { PageLayout } from '~/lib/content-pages/layout';
import * as builder from '~/routes/_console.contentpool.builder_v2.$slug/route';
import * as pagesList from '~/routes/_console.contentpool.pages';
import { createTestApp, type TestApp } from '../helpers/app';
import { callRoute } from '../helpers/routes';
import { addMember, createOrganization, createUser } from '../fixtures/factories';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let counter = 0;
async function world(suites: number = Package.BASIC) {
  const db = t.app.db;
  const org = await createOrganization(db, { suites });
  const user = await createUser(db, { default_language: 'EN' });
  await addMember(db, org.id, user.id, { role: 'admin', isOwner: true });
  counter += 1;
  const slug = `builder-page-${Date.now().toString(36)}-${counter}`;
  const page = await ContentPage.query(db).insert({ organization_id: org.id, slug }).returning('*');
  const translation = await ContentPageTranslation.query(db).insert({ page_id: page.id, language: 'DE', name: 'Produkt', layout: { rows: [] } }).returning('*');
  return { org, user, page, translation };
}

type Data = {
  translation: { id: string; version: number; name: string; layout: PageLayout } | null;
  selected: string | null;
  languages: string[];
  other: { language: string; items: Record<string, unknown> } | null;
  page: { state: string; link: string | null };
};

function door(w: Awaited<ReturnType<typeof world>>, userId = w.user.id) {
  const url = `/contentpool/builder_v2/${w.page.slug}`;
  const params = { slug: w.page.slug };
  const load = async (query = '?language=DE') => (await callRoute(t, builder.loader, { url: `${url}${query}`, userId, params })).data as Data;
  const post = async (form: Record<string, string | File>, lang = 'DE') => {
    const current = (await load(`?language=${lang}`)).translation!;
    return callRoute(t, builder.action, { url, userId, params, form: { translationId: current.id, baseVersion: String(current.version), lang, ...form } });
  };
  return { url, params, load, post };
}

const types = (layout: PageLayout): unknown =>
  layout.rows.map((row) => row.columns.map((c) => (c.item ? c.item.content.type : c.rows.length ? types({ rows: c.rows }) : 'EMPTY')));

describe('/contentpool/builder_v2/{slug} without JavaScript (issue 16)', () => {
  it('starts from template t1, adds a block at the end, edits the selected item, moves and deletes; each saved with the version', async () => {
    const w = await world();
    const { load, post } = door(w);
    expect((await load()).translation).toMatchObject({ name: 'Produkt', version: 1, layout: { rows: [] } });

    expect(await post({ intent: 'template', template: 't1' })).toMatchObject({ status: 302, toast: { type: 'success', key: 'pages:messages.saved' } });
    let data = await load();
    expect(types(data.translation!.layout)).toEqual([['HERO'], ['TEXT'], ['IMAGE', 'TEXT']]);
    expect(data.translation!.version).toBe(2);

    const added = await post({ intent: 'add', block: 'VIDEO' });
    expect(added.status).toBe(302);
    const selected = new URL(added.location!, 'http://localhost').searchParams.get('item')!;
    data = await load(`?language=DE&item=${selected}`);
    expect(data.selected).toBe(selected);
    expect(types(data.translation!.layout)).toEqual([['HERO'], ['TEXT'], ['IMAGE', 'TEXT'], ['VIDEO']]);

    const hero = data.translation!.layout.rows[0]!.columns[0]!;
    const edited = await post({ intent: 'edit', columnId: hero.id, 'content.headline.text': 'Unser Produkt', 'content.url': 'https://example.com/', 'content.btnColor': '#112233', 'content.paddingXaxis': '8' });
    expect(edited.status).toBe(302);
    data = await load();
    expect(data.translation!.layout.rows[0]!.columns[0]!.item!.content).toMatchObject({
      type: 'HERO',
      headline: { text: 'Unser Produkt' },
      url: 'https://example.com/',
      btnColor: '#112233',
      paddingXaxis: 8,
      showExample: false,
    });

    const invalid = await post({ intent: 'edit', columnId: hero.id, 'content.url': 'not a link', 'content.btnColor': 'red' });
    expect(invalid.status).toBe(400);
    expect(invalid.data).toMatchObject({ form: 'edit', fieldErrors: { 'content.url': expect.any(String), 'content.btnColor': expect.any(String) } });

    expect((await post({ intent: 'move', columnId: selected, direction: 'up' })).status).toBe(302);
    expect(types((await load()).translation!.layout)).toEqual([['HERO'], ['TEXT'], ['VIDEO'], ['IMAGE', 'TEXT']]);
    const top = await post({ intent: 'move', columnId: hero.id, direction: 'up' });
    expect(top.status).toBe(400);
    expect(JSON.stringify(top.data)).toContain('cannot move further');

    const image = (await load()).translation!.layout.rows[3]!.columns[0]!;
    expect(await post({ intent: 'delete', columnId: image.id })).toMatchObject({ status: 302, toast: { key: 'pages:messages.itemDeleted' } });
    const text = (await load()).translation!.layout.rows[3]!.columns[0]!;
    await post({ intent: 'delete', columnId: text.id });
    expect(types((await load()).translation!.layout)).toEqual([['HERO'], ['TEXT'], ['VIDEO']]);
  });

  it('an empty cell is deleted only after confirming; a block fills an empty cell', async () => {
    const w = await world();
    const { load, post } = door(w);
    await post({ intent: 'template', template: 's2' });
    const [left, right] = (await load()).translation!.layout.rows[0]!.columns;
    expect(await post({ intent: 'add', block: 'TEXT', fillColumnId: left!.id })).toMatchObject({ status: 302 });
    const ask = await post({ intent: 'delete', columnId: right!.id });
    expect(ask).toMatchObject({ status: 200, data: { confirm: { intent: 'delete', id: right!.id } } });
    expect(types((await load()).translation!.layout)).toEqual([['TEXT', 'EMPTY']]);
    expect(await post({ intent: 'delete', columnId: right!.id, confirmed: 'yes' })).toMatchObject({ status: 302, toast: { key: 'pages:messages.cellDeleted' } });
    expect(types((await load()).translation!.layout)).toEqual([['TEXT']]);
  });

  it('saves the whole layout with its base version; an older version is refused with the clear message and nothing is overwritten', async () => {
    const w = await world();
    const { load, url, params } = door(w);
    const first = (await load()).translation!;
    const layout: PageLayout = {
      rows: [{ id: 'r1', type: 'ROW', columns: [{ id: 'c1', type: 'COL', width: 'N8', rows: [], item: { id: 'i1', sort: 0, content: { type: 'TEXT', html: '<p>Hallo</p>' } } }] }],
    };
    const save = (version: number, body: PageLayout, name = 'Produktseite') =>
      callRoute(t, builder.action, {
        url,
        params,
        userId: w.user.id,
        form: { intent: 'save', translationId: first.id, baseVersion: String(version), lang: 'DE', name, layout: JSON.stringify(body) },
      });
    expect(await save(first.version, layout)).toMatchObject({ status: 302, toast: { key: 'pages:messages.saved' } });
    const saved = (await load()).translation!;
    expect(saved).toMatchObject({ version: first.version + 1, name: 'Produktseite' });
    expect(types(saved.layout)).toEqual([['TEXT']]);

    const stale = await save(first.version, { rows: [] }, 'Anders');
    expect(stale.status).toBe(409);
    expect(stale.data).toMatchObject({ form: 'save', conflict: true, error: expect.stringContaining('Someone else saved this page') });
    expect((await load()).translation).toMatchObject({ version: saved.version, name: 'Produktseite' });
    expect(types((await load()).translation!.layout)).toEqual([['TEXT']]);

    const broken = await save(saved.version, { rows: 'nope' } as unknown as PageLayout);
    expect(broken.status).toBe(400);
  });

  it('a second language starts as a copy; items show whether the other language has them and copy their content over', async () => {
    const w = await world();
    const { load, post } = door(w);
    await post({ intent: 'template', template: 't1' });
    const missing = await load('?language=EN');
    expect(missing.translation).toBeNull();
    expect(missing.languages).toEqual(['DE']);
    const created = await callRoute(t, builder.action, { url: door(w).url, params: door(w).params, userId: w.user.id, form: { intent: 'translate', fromLang: 'DE', toLang: 'EN' } });
    expect(created).toMatchObject({ status: 302, toast: { key: 'pages:messages.translationCreated' } });
    expect(created.location).toContain('language=EN');
    const en = await load('?language=EN');
    expect(types(en.translation!.layout)).toEqual([['HERO'], ['TEXT'], ['IMAGE', 'TEXT']]);
    const hero = en.translation!.layout.rows[0]!.columns[0]!;
    expect(Object.keys(en.other!.items)).toContain(hero.item!.id);

    await post({ intent: 'edit', columnId: hero.id, 'content.headline.text': 'Unser Produkt' }, 'DE');
    await post({ intent: 'edit', columnId: hero.id, 'content.headline.text': 'Our product' }, 'EN');
    expect(await post({ intent: 'copyItem', columnId: hero.id }, 'EN')).toMatchObject({ status: 302 });
    expect((await load('?language=EN')).translation!.layout.rows[0]!.columns[0]!.item!.content).toMatchObject({ headline: { text: 'Unser Produkt' } });
  });

  it('publishes and unpublishes the page with its token link', async () => {
    const w = await world();
    const { load, post } = door(w);
    expect(await post({ intent: 'publish' })).toMatchObject({ status: 302, toast: { key: 'pages:messages.published' } });
    const published = await load();
    expect(published.page.state).toBe('PUBLISHED');
    expect(published.page.link).toContain(`/content/${w.page.slug}?token=`);
    expect(await post({ intent: 'unpublish' })).toMatchObject({ status: 302, toast: { key: 'pages:messages.unpublished' } });
    expect((await load()).page).toMatchObject({ state: 'UNPUBLISHED', link: null });
  });

  it("another organisation's page is a 404, also through a translation id of another page; no content feature goes to /missing-feature/content", async () => {
    const w = await world();
    const other = await world();
    expect((await callRoute(t, builder.loader, { url: `/contentpool/builder_v2/${w.page.slug}`, userId: other.user.id, params: { slug: w.page.slug } })).status).toBe(404);
    const foreign = await callRoute(t, builder.action, {
      url: `/contentpool/builder_v2/${w.page.slug}`,
      userId: other.user.id,
      params: { slug: w.page.slug },
      form: { intent: 'add', block: 'TEXT', translationId: w.translation.id, baseVersion: '1' },
    });
    expect(foreign.status).toBe(404);
    // the other editor's own page, with this page's translation id
    const mixed = await callRoute(t, builder.action, {
      url: `/contentpool/builder_v2/${other.page.slug}`,
      userId: other.user.id,
      params: { slug: other.page.slug },
      form: { intent: 'add', block: 'TEXT', translationId: w.translation.id, baseVersion: '1' },
    });
    expect(mixed.status).toBe(404);
    expect(types((await door(w).load()).translation!.layout)).toEqual([]);

    const lacking = await world(Feature.lead);
    expect(await callRoute(t, builder.loader, { url: `/contentpool/builder_v2/${lacking.page.slug}`, userId: lacking.user.id, params: { slug: lacking.page.slug } })).toMatchObject({
      status: 302,
      location: '/missing-feature/content',
    });
    expect(
      await callRoute(t, builder.action, {
        url: `/contentpool/builder_v2/${lacking.page.slug}`,
        userId: lacking.user.id,
        params: { slug: lacking.page.slug },
        form: { intent: 'publish' },
      }),
    ).toMatchObject({ status: 302, location: '/missing-feature/content' });
  });

  it("'add block here' beside a lone cell wraps it in a nested row, in place of a cell replaces it; a foreign place is refused", async () => {
    const w = await world();
    const { load, post } = door(w);
    await post({ intent: 'add', block: 'TEXT' });
    let layout = (await load()).translation!.layout;
    const text = layout.rows[0]!.columns[0]!;
    expect(await post({ intent: 'add', block: 'VIDEO', afterColumnId: text.id, where: 'right' })).toMatchObject({ status: 302 });
    layout = (await load()).translation!.layout;
    expect(types(layout)).toEqual([[[['TEXT', 'VIDEO']]]]);
    expect(layout.rows[0]!.columns[0]!.rows[0]!.columns[0]!.item!.id).toBe(text.item!.id);
    const video = layout.rows[0]!.columns[0]!.rows[0]!.columns[1]!;
    expect((await post({ intent: 'add', block: 'PDF', afterColumnId: video.id, where: 'replace' })).status).toBe(302);
    expect((await post({ intent: 'add', block: 'HERO', afterColumnId: text.id, where: 'above' })).status).toBe(302);
    expect(types((await load()).translation!.layout)).toEqual([['HERO'], [[['TEXT', 'PDF']]]]);
    expect((await post({ intent: 'add', block: 'HERO', afterColumnId: text.id, where: 'sideways' })).status).toBe(400);
    expect((await post({ intent: 'add', block: 'HERO', afterColumnId: 'missing', where: 'left' })).status).toBe(404);
  });

  it('list fields post as sub-forms: entries in order, removed and blank ones dropped, one moved; a bad entry is refused at its field', async () => {
    const w = await world();
    const { load, post } = door(w);
    await post({ intent: 'add', block: 'SOCIALMEDIA' });
    const column = (await load()).translation!.layout.rows[0]!.columns[0]!;
    const list = (entries: Record<string, string>) => ({ intent: 'edit', columnId: column.id, blockType: 'SOCIALMEDIA', 'content.socialLinks.__present': '1', ...entries });
    expect(
      await post(
        list({
          'content.socialLinks.0.type': 'XING',
          'content.socialLinks.0.link': 'https://www.xing.com/pages/example',
          'content.socialLinks.1.type': 'LINKEDIN',
          'content.socialLinks.1.link': 'https://www.linkedin.com/company/example',
          'content.socialLinks.2.type': 'YOUTUBE',
          'content.socialLinks.2.link': '',
          'content.socialLinks.__move': '1:up',
        }),
      ),
    ).toMatchObject({ status: 302 });
    let links = (await load()).translation!.layout.rows[0]!.columns[0]!.item!.content as unknown as { socialLinks: { id: string; type: string; link: string }[] };
    expect(links.socialLinks.map((link) => link.type)).toEqual(['LINKEDIN', 'XING']);
    const [first, second] = links.socialLinks;
    expect(
      await post(
        list({
          'content.socialLinks.0.id': first!.id,
          'content.socialLinks.0.type': 'LINKEDIN',
          'content.socialLinks.0.link': first!.link,
          'content.socialLinks.0.__remove': 'on',
          'content.socialLinks.1.id': second!.id,
          'content.socialLinks.1.type': 'XING',
          'content.socialLinks.1.link': second!.link,
        }),
      ),
    ).toMatchObject({ status: 302 });
    links = (await load()).translation!.layout.rows[0]!.columns[0]!.item!.content as unknown as typeof links;
    expect(links.socialLinks).toEqual([second]);
    const refused = await post(list({ 'content.socialLinks.0.id': second!.id, 'content.socialLinks.0.type': 'XING', 'content.socialLinks.0.link': 'no link' }));
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({ form: 'edit', fieldErrors: { 'content.socialLinks.0.link': expect.any(String) } });
    expect(((await load()).translation!.layout.rows[0]!.columns[0]!.item!.content as unknown as typeof links).socialLinks).toEqual([second]);
  });

  it('a file chosen at a file field is stored with the item form (no JavaScript); a file of the wrong kind is refused at its field and nothing is saved', async () => {
    const w = await world();
    const { load, post } = door(w);
    await post({ intent: 'add', block: 'IMAGE' });
    const column = (await load()).translation!.layout.rows[0]!.columns[0]!;
    const png = await sharp({ create: { width: 32, height: 18, channels: 3, background: '#283853' } }).png().toBuffer();
    const stored = await post({ intent: 'edit', columnId: column.id, blockType: 'IMAGE', 'content.text': 'Foto', 'content.file.__upload': new File([png], 'foto.png', { type: 'image/png' }) });
    expect(stored).toMatchObject({ status: 302, toast: { key: 'pages:messages.saved' } });
    const content = (await load()).translation!.layout.rows[0]!.columns[0]!.item!.content as unknown as { file: string; text: string };
    expect(content.text).toBe('Foto');
    const file = await t.app.db('files').where({ id: content.file }).first();
    expect(file).toMatchObject({ organization_id: w.org.id, filename: 'foto.png' });

    const wrong = await post({ intent: 'edit', columnId: column.id, blockType: 'IMAGE', 'content.text': 'Anders', 'content.file.__upload': new File(['just text'], 'notes.txt', { type: 'text/plain' }) });
    expect(wrong.status).toBe(400);
    expect(wrong.data).toMatchObject({ form: 'edit', fieldErrors: { 'content.file': expect.any(String) } });
    expect((await load()).translation!.layout.rows[0]!.columns[0]!.item!.content).toMatchObject({ file: content.file, text: 'Foto' });
  });

  it('deleting a translation asks first, then opens the first remaining language; the last one stays; another organisation cannot', async () => {
    const w = await world();
    const { load, post } = door(w);
    expect(await post({ intent: 'translate', fromLang: 'DE', toLang: 'EN' })).toMatchObject({ status: 302 });
    const asked = await post({ intent: 'deleteTranslation', translationId: w.translation.id });
    expect(asked).toMatchObject({ status: 200, data: { form: 'deleteTranslation', confirm: { intent: 'deleteTranslation', id: w.translation.id } } });
    expect((await load()).languages).toEqual(['DE', 'EN']);

    const other = await world();
    const foreign = await callRoute(t, builder.action, {
      url: `/contentpool/builder_v2/${other.page.slug}`,
      userId: other.user.id,
      params: { slug: other.page.slug },
      form: { intent: 'deleteTranslation', translationId: w.translation.id, confirmed: 'yes' },
    });
    expect(foreign.status).toBe(404);

    const deleted = await post({ intent: 'deleteTranslation', translationId: w.translation.id, confirmed: 'yes' });
    expect(deleted).toMatchObject({ status: 302, toast: { key: 'pages:messages.translationDeleted' } });
    expect(deleted.location).toBe(`/contentpool/builder_v2/${w.page.slug}?language=EN`);
    const remaining = await load('?language=EN');
    expect(remaining.languages).toEqual(['EN']);
    const last = await post({ intent: 'deleteTranslation', translationId: remaining.translation!.id, confirmed: 'yes' }, 'EN');
    expect(last.status).toBe(400);
    expect((last.data as { error: string }).error).toBeTruthy();
    expect((await load('?language=EN')).languages).toEqual(['EN']);
  });

  it('/contentpool/pages lists the pages and creates one from a template, opening it in the builder', async () => {
    const w = await world();
    const created = await callRoute(t, pagesList.action, { url: '/contentpool/pages', userId: w.user.id, form: { intent: 'create', name: 'Messeprodukt', template: 't2', language: 'EN' } });
    expect(created).toMatchObject({ status: 302, toast: { key: 'pages:messages.created' } });
    expect(created.location).toMatch(/^\/contentpool\/builder_v2\/messeprodukt[a-z0-9-]*\?language=EN$/);
    const slug = decodeURIComponent(created.location!.split('/')[3]!.split('?')[0]!);
    const opened = (await callRoute(t, builder.loader, { url: created.location!, userId: w.user.id, params: { slug } })).data as Data;
    expect(types(opened.translation!.layout)).toEqual([['IMAGE', 'TEXT'], ['FEATURE'], ['CONTACT']]);
    const list = (await callRoute(t, pagesList.loader, { url: '/contentpool/pages', userId: w.user.id })).data as { pages: { slug: string; name: string }[] };
    expect(list.pages.map((p) => p.name)).toEqual(['Messeprodukt', 'Produkt']);
    const lacking = await world(Feature.lead);
    expect(await callRoute(t, pagesList.loader, { url: '/contentpool/pages', userId: lacking.user.id })).toMatchObject({ status: 302, location: '/missing-feature/content' });
  });
});
