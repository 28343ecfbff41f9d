import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as hubPage from '~/routes/hub';
import { bookmarksOfVisitor } from '~/server/services/hub';
import { createContentGroup, createOrganization, createUser } from '../fixtures/factories';
import { createTestApp, type TestApp } from '../helpers/app';
import { callRoute } from '../helpers/routes';

/**
 * The visitor's hub lists their bookmarks (issue 27, spec 000 point 1): the content groups they liked, with the
 * visitor page each leads to, only those they may still open, never another user's; the list costs a fixed number of
 * queries however many bookmarks there are.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const like = (userId: string, groupId: string) => t.app.db('content_group_likes').insert({ user_id: userId, group_id: groupId });

describe("the hub's bookmarks", () => {
  it('lists the liked content groups the visitor may open, with their pages; a TOKEN group without a key and others\' likes are left out', async () => {
    const org = await createOrganization(t.app.db, { name: 'Muster Messebau' });
    const visitor = await createUser(t.app.db, { default_language: 'EN' });
    const other = await createUser(t.app.db);
    const open = await createContentGroup(t.app.db, { organization_id: org.id, name: 'Catalogue 2027', permission_type: 'PUBLIC' });
    const members = await createContentGroup(t.app.db, { organization_id: org.id, name: 'Price list', permission_type: 'LOGGED_IN' });
    const keyed = await createContentGroup(t.app.db, { organization_id: org.id, name: 'Prototype', permission_type: 'TOKEN' });
    const othersOnly = await createContentGroup(t.app.db, { organization_id: org.id, name: 'Not mine', permission_type: 'PUBLIC' });
    for (const group of [open, members, keyed]) await like(visitor.id, group.id);
    await like(other.id, othersOnly.id);

    const page = await callRoute(t, hubPage.loader, { url: '/hub', userId: visitor.id });
    expect(page.status).toBe(200);
    const { bookmarks } = page.data as { bookmarks: { title: string; path: string; organizationName: string; kind: string }[] };
    expect(bookmarks.map((b) => b.title).sort()).toEqual(['Catalogue 2027', 'Price list']);
    expect(bookmarks.find((b) => b.title === 'Catalogue 2027')).toMatchObject({ kind: 'contentGroup', organizationName: 'Muster Messebau', path: `/old/content/${open.slug}` });
  });

  it('costs the same number of queries for one bookmark as for twenty', async () => {
    const org = await createOrganization(t.app.db);
    const count = async (groups: number) => {
      const visitor = await createUser(t.app.db);
      for (let i = 0; i < groups; i += 1) await like(visitor.id, (await createContentGroup(t.app.db, { organization_id: org.id, permission_type: 'LOGGED_IN' })).id);
      const ctx = await t.serviceContext(visitor.id);
      let queries = 0;
      const onQuery = () => (queries += 1);
      t.app.db.on('query', onQuery);
      try {
        expect(await bookmarksOfVisitor(ctx)).toHaveLength(groups);
      } finally {
        t.app.db.removeListener('query', onQuery);
      }
      return queries;
    };
    expect(await count(20)).toBe(await count(1));
  });

  it('anonymous visitors are sent to the login', async () => {
    const page = await callRoute(t, hubPage.loader, { url: '/hub', userId: null });
    expect(page.status).toBe(302);
    expect(page.location).toMatch(/^\/login\?next=/);
  });
});
