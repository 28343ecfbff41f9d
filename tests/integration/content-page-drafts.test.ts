import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContentPage, ContentPageTranslation } from '#db/models/index';
import { Package } from '~/lib/features';
import type { PageLayout } from '~/lib/content-pages/layout';
import * as builder from '~/routes/_console.contentpool.builder_v2.$slug/route';
import { discardDraft, draftOf, saveDraft } from '~/server/services/content-pages/drafts';
import { updateTranslation } from '~/server/services/content-pages/translations';
import { isDomainError } from '~/server/services/errors';
import { createTestApp, type TestApp } from '../helpers/app';
import { callRoute } from '../helpers/routes';
import { addMember, createOrganization, createUser } from '../fixtures/factories';

/**
 * The builder's unsaved work kept on the server (issue 24 item 7): sent on a debounce, offered on the next visit
 * (from any browser), removed by saving or answering it, stale once the translation was saved over, refused for a
 * version that is not the stored one, too large or malformed; and only ever the editor's own.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let counter = 0;
async function world() {
  const db = t.app.db;
  const org = await createOrganization(db, { suites: Package.BASIC });
  const user = await createUser(db, { default_language: 'EN' });
  const colleague = await createUser(db, { default_language: 'EN' });
  const sales = await createUser(db, { default_language: 'EN' });
  await addMember(db, org.id, user.id, { role: 'admin', isOwner: true });
  await addMember(db, org.id, colleague.id, { role: 'admin' });
  await addMember(db, org.id, sales.id, { role: 'sales', sales: true });
  const other = await createOrganization(db, { suites: Package.BASIC });
  const stranger = await createUser(db, { default_language: 'EN' });
  await addMember(db, other.id, stranger.id, { role: 'admin', isOwner: true });
  counter += 1;
  const page = await ContentPage.query(db).insert({ organization_id: org.id, slug: `draft-page-${counter}-${Date.now().toString(36)}` }).returning('*');
  const translation = await ContentPageTranslation.query(db).insert({ page_id: page.id, language: 'DE', name: 'Seite', layout: { rows: [] } }).returning('*');
  return { org, user, colleague, sales, stranger, page, translation };
}

const textLayout = (html: string): PageLayout => ({
  rows: [{ id: 'r1', type: 'ROW', columns: [{ id: 'c1', type: 'COL', width: 'N8', rows: [], item: { id: 'i1', sort: 0, content: { type: 'TEXT', html } } }] }],
});

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'ok';
  } catch (error) {
    if (isDomainError(error)) return error.code;
    throw error;
  }
}

describe('the builder’s server draft', () => {
  it('keeps the last draft per editor, offers it on the next load, and removes it when the translation is saved', async () => {
    const w = await world();
    const url = `/contentpool/builder_v2/${w.page.slug}`;
    const params = { slug: w.page.slug };
    const sent = await callRoute(t, builder.action, {
      url,
      userId: w.user.id,
      params,
      form: { intent: 'draft', translationId: w.translation.id, baseVersion: '1', lang: 'DE', layout: JSON.stringify(textLayout('<p>Erster Entwurf</p>')) },
    });
    expect(sent.status).toBe(200);
    await callRoute(t, builder.action, {
      url,
      userId: w.user.id,
      params,
      form: { intent: 'draft', translationId: w.translation.id, baseVersion: '1', lang: 'DE', layout: JSON.stringify(textLayout('<p>Zweiter Entwurf</p>')) },
    });
    expect(await t.app.db('content_page_drafts').where({ translation_id: w.translation.id })).toHaveLength(1);

    const loaded = (await callRoute(t, builder.loader, { url: `${url}?language=DE`, userId: w.user.id, params })).data as { serverDraft: { baseVersion: number; layout: PageLayout; savedAt: string } | null };
    expect(loaded.serverDraft).toMatchObject({ baseVersion: 1 });
    expect(JSON.stringify(loaded.serverDraft!.layout)).toContain('Zweiter Entwurf');
    // a colleague of the same organisation has no draft of their own: nobody sees another's work
    const theirs = (await callRoute(t, builder.loader, { url: `${url}?language=DE`, userId: w.colleague.id, params })).data as { serverDraft: unknown };
    expect(theirs.serverDraft).toBeNull();

    // saving the translation (the builder's save) removes the editor's draft
    const ctx = await t.serviceContext(w.user.id);
    await updateTranslation(ctx, w.translation.id, { baseVersion: 1, contentLayouts: textLayout('<p>Zweiter Entwurf</p>') });
    expect(await t.app.db('content_page_drafts').where({ translation_id: w.translation.id })).toEqual([]);
  });

  it('drops a draft whose version was saved over, refuses one made from an old version, and discards on request', async () => {
    const w = await world();
    const mine = await t.serviceContext(w.user.id);
    await saveDraft(mine, w.translation.id, { baseVersion: 1, layout: textLayout('<p>Meins</p>') });
    // a colleague saves the page: the draft is stale
    await updateTranslation(await t.serviceContext(w.colleague.id), w.translation.id, { baseVersion: 1, contentLayouts: textLayout('<p>Kollege</p>') });
    expect(await draftOf(mine, w.translation.id)).toBeNull();
    expect(await t.app.db('content_page_drafts').where({ translation_id: w.translation.id })).toEqual([]);
    expect(await codeOf(saveDraft(mine, w.translation.id, { baseVersion: 1, layout: textLayout('<p>Alt</p>') }))).toBe('VERSION_CONFLICT');

    await saveDraft(mine, w.translation.id, { baseVersion: 2, layout: textLayout('<p>Neu</p>') });
    expect(await draftOf(mine, w.translation.id)).toMatchObject({ baseVersion: 2 });
    const discarded = await callRoute(t, builder.action, {
      url: `/contentpool/builder_v2/${w.page.slug}`,
      userId: w.user.id,
      params: { slug: w.page.slug },
      form: { intent: 'discardDraft', translationId: w.translation.id, lang: 'DE' },
    });
    expect(discarded.status).toBe(200);
    expect(await draftOf(mine, w.translation.id)).toBeNull();
    await discardDraft(mine, w.translation.id); // nothing left: no error
  });

  it('refuses a malformed or too large layout, and everyone who may not edit the page; nothing is kept', async () => {
    const w = await world();
    const mine = await t.serviceContext(w.user.id);
    expect(await codeOf(saveDraft(mine, w.translation.id, { baseVersion: 1, layout: { rows: 'nope' } }))).toBe('INVALID');
    const duplicate = { rows: [{ id: 'r1', type: 'ROW', columns: [{ id: 'r1', type: 'COL', width: 'N8', rows: [] }] }] };
    expect(await codeOf(saveDraft(mine, w.translation.id, { baseVersion: 1, layout: duplicate }))).toBe('NESTABLE_ERROR');
    expect(await codeOf(saveDraft(mine, w.translation.id, { baseVersion: 1, layout: textLayout(`<p>${'x'.repeat(2_100_000)}</p>`) }))).toBe('INVALID');
    const bad = await callRoute(t, builder.action, {
      url: `/contentpool/builder_v2/${w.page.slug}`,
      userId: w.user.id,
      params: { slug: w.page.slug },
      form: { intent: 'draft', translationId: w.translation.id, baseVersion: '1', lang: 'DE', layout: '{not json' },
    });
    expect(bad.status).toBe(400);

    const layout = textLayout('<p>Fremd</p>');
    expect(await codeOf(saveDraft(await t.serviceContext(w.stranger.id), w.translation.id, { baseVersion: 1, layout }))).toBe('NOT_FOUND');
    expect(await codeOf(saveDraft(await t.serviceContext(w.sales.id), w.translation.id, { baseVersion: 1, layout }))).toBe('PERMISSION_DENIED');
    expect(await codeOf(saveDraft(await t.serviceContext(null), w.translation.id, { baseVersion: 1, layout }))).toBe('UNAUTHENTICATED');
    expect(await t.app.db('content_page_drafts').where({ translation_id: w.translation.id })).toEqual([]);
    // the page door: another organisation's member gets the page's 404
    const foreign = await callRoute(t, builder.action, {
      url: `/contentpool/builder_v2/${w.page.slug}`,
      userId: w.stranger.id,
      params: { slug: w.page.slug },
      form: { intent: 'draft', translationId: w.translation.id, baseVersion: '1', lang: 'DE', layout: JSON.stringify(layout) },
    });
    expect(foreign.status).toBe(404);
  });
});
