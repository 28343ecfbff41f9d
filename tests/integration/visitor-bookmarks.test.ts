import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as hubPage from '~/routes/hub';
import * as standPage from '~/routes/convention.$conventionslug.hall.$hallslug.stand.$standslug';
import * as contentPagePage from '~/routes/content.$slug/route';
import * as standMarkState from '~/routes/resources.stand-mark';
import { likePage } from '~/server/services/content-pages/likes';
import { markStand } from '~/server/services/events/stand-marks';
import { bookmarksOfVisitor } from '~/server/services/hub';
import {
  addMember,
  addStandToHall,
  createContentGroup,
  createContentPage,
  createContentPageTranslation,
  createConvention,
  createExhibition,
  createHall,
  createOrganization,
  createStand,
  createUser,
  grantAccess,
} from '../fixtures/factories';
import { createTestApp, type TestApp } from '../helpers/app';
import { callRoute } from '../helpers/routes';

/**
 * The visitor's bookmarks beyond liked content groups (issue 27, spec 000 point 1): visitors like content pages and
 * mark stands, idempotently, only what they may see (the access module's rules: a page's publication and its link's
 * token, a stand's convention, hall and own rules), never anonymously; the hub lists the three kinds newest first with
 * their visitor pages, leaving out what they may no longer open. Both doors: the pages' forms and GraphQL.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function fairWithStand(options: { standOptions?: { organization_id?: string } } = {}) {
  const host = await createOrganization(t.app.db);
  const exhibitor = await createOrganization(t.app.db);
  const convention = await createConvention(t.app.db, { organization_id: host.id });
  const hall = await createHall(t.app.db, { conventionId: convention.id });
  const stand = await createStand(t.app.db, { organization_id: exhibitor.id, name: 'Müller Stand', translations: { EN: { title: 'Müller booth' } }, ...options.standOptions });
  const hallStand = await addStandToHall(t.app.db, { hall_id: hall.id, stand_id: stand.id });
  const address = { conventionSlug: convention.slug, hallSlug: hall.slug, standSlug: hallStand.slug };
  const path = `/convention/${convention.slug}/hall/${hall.slug}/stand/${hallStand.slug}`;
  return { host, exhibitor, convention, hall, stand, hallStand, address, path };
}

async function publishedPage(name = 'Produktblatt Modul X') {
  const org = await createOrganization(t.app.db);
  const page = await createContentPage(t.app.db, { organization_id: org.id, state: 'PUBLISHED', publish_token: `tok-${Math.random().toString(36).slice(2)}`, published_at: new Date() });
  await createContentPageTranslation(t.app.db, { page_id: page.id, language: 'EN', name });
  return { org, page };
}

const marks = (userId: string) => t.app.db('stand_marks').where({ user_id: userId }).count<{ count: string }[]>('* as count').first();
const likes = (userId: string) => t.app.db('content_page_likes').where({ user_id: userId }).count<{ count: string }[]>('* as count').first();

describe('marking stands', () => {
  it('marks and unmarks a stand the visitor may see, idempotently, and the stand page shows the mark', async () => {
    const fair = await fairWithStand();
    const visitor = await createUser(t.app.db);
    const ctx = await t.serviceContext(visitor.id);
    expect((await markStand(ctx, fair.address, true)).marked).toBe(true);
    await markStand(await t.serviceContext(visitor.id), fair.address, true);
    expect(Number((await marks(visitor.id))?.count)).toBe(1);

    const params = { conventionslug: fair.convention.slug, hallslug: fair.hall.slug, standslug: fair.hallStand.slug };
    type Mark = { mark: { hallStandId: string; marked: boolean | null } | null };
    const page = await callRoute(t, standPage.loader, { url: fair.path, userId: visitor.id, params });
    expect((page.data as Mark).mark).toEqual({ hallStandId: fair.hallStand.id, marked: true });
    // while the visitor cache means to keep the page for the viewer's audience, the viewer's own mark stays out of
    // it (the page is not made personal) and the browser asks /resources/stand-mark for it
    const shared = await callRoute(t, standPage.loader, { url: fair.path, userId: visitor.id, params, mayBeShared: true });
    expect((shared.data as Mark).mark).toEqual({ hallStandId: fair.hallStand.id, marked: null });
    const own = await callRoute(t, standMarkState.loader, { url: `/resources/stand-mark?id=${fair.hallStand.id}`, userId: visitor.id });
    expect(own.data).toEqual({ pressed: true });
    // another visitor's answer is their own
    const other = await createUser(t.app.db);
    expect((await callRoute(t, standMarkState.loader, { url: `/resources/stand-mark?id=${fair.hallStand.id}`, userId: other.id })).data).toEqual({ pressed: false });
    // no login: null; not an id: 400
    expect((await callRoute(t, standMarkState.loader, { url: `/resources/stand-mark?id=${fair.hallStand.id}`, userId: null })).data).toEqual({ pressed: null });
    expect((await callRoute(t, standMarkState.loader, { url: '/resources/stand-mark?id=x%00', userId: visitor.id })).status).toBe(400);

    await markStand(await t.serviceContext(visitor.id), fair.address, false);
    await markStand(await t.serviceContext(visitor.id), fair.address, false);
    expect(Number((await marks(visitor.id))?.count)).toBe(0);
    const after = await callRoute(t, standPage.loader, { url: fair.path, userId: visitor.id, params });
    expect((after.data as Mark).mark?.marked).toBe(false);
    expect((await callRoute(t, standMarkState.loader, { url: `/resources/stand-mark?id=${fair.hallStand.id}`, userId: visitor.id })).data).toEqual({ pressed: false });
    // anonymous visitors get no toggle
    const anonymous = await callRoute(t, standPage.loader, { url: fair.path, userId: null, params });
    expect((anonymous.data as Mark).mark).toBeNull();
  });

  it('refuses a stand the visitor may not see: not listed (NOT_FOUND), a TOKEN in-house fair\'s stand without a key (PERMISSION_DENIED), anonymous (UNAUTHENTICATED)', async () => {
    const unlisted = await fairWithStand();
    await t.app.db('hall_stands').where({ id: unlisted.hallStand.id }).update({ approved: false });
    const keyed = await fairWithStand();
    await createExhibition(t.app.db, { organization_id: keyed.exhibitor.id, stand_id: keyed.stand.id, permission_type: 'TOKEN' });
    const visitor = await createUser(t.app.db);
    await expect(markStand(await t.serviceContext(visitor.id), unlisted.address, true)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(markStand(await t.serviceContext(visitor.id), keyed.address, true)).rejects.toMatchObject({ code: 'PERMISSION_DENIED' });
    await expect(markStand(await t.serviceContext(null), keyed.address, true)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(Number((await marks(visitor.id))?.count)).toBe(0);
  });

  it('marks through the page form without JavaScript (redirect back with a toast), answers the fetcher with data, sends anonymous visitors to the login', async () => {
    const fair = await fairWithStand();
    const visitor = await createUser(t.app.db);
    const params = { conventionslug: fair.convention.slug, hallslug: fair.hall.slug, standslug: fair.hallStand.slug };
    const plain = await callRoute(t, standPage.action, { url: fair.path, userId: visitor.id, params, form: { bookmark: 'true', back: `${fair.path}/rp/produkte` } });
    expect([plain.status, plain.location, plain.toast?.key]).toEqual([302, `${fair.path}/rp/produkte`, 'visitor:bookmarks.standMarked']);
    expect(Number((await marks(visitor.id))?.count)).toBe(1);
    // another site as the way back is not followed
    const away = await callRoute(t, standPage.action, { url: fair.path, userId: visitor.id, params, form: { bookmark: 'true', back: '//evil.example/x' } });
    expect(away.location).toBe(fair.path);
    const fetcher = await callRoute(t, standPage.action, { url: fair.path, userId: visitor.id, params, form: { bookmark: 'false', back: fair.path, via: 'fetcher' } });
    expect([fetcher.status, fetcher.data]).toEqual([200, { pressed: false, error: null }]);
    expect(Number((await marks(visitor.id))?.count)).toBe(0);
    const anonymous = await callRoute(t, standPage.action, { url: fair.path, userId: null, params, form: { bookmark: 'true', back: fair.path } });
    expect([anonymous.status, anonymous.location]).toEqual([302, `/login?next=${encodeURIComponent(fair.path)}`]);
  });
});

describe('liking content pages', () => {
  it('likes with the link\'s token and unlikes, idempotently; a page without the current token is NOT_FOUND; anonymous UNAUTHENTICATED', async () => {
    const { page } = await publishedPage();
    const visitor = await createUser(t.app.db);
    await likePage(await t.serviceContext(visitor.id), { slug: page.slug, token: page.publish_token }, true);
    await likePage(await t.serviceContext(visitor.id), { slug: page.slug, token: page.publish_token }, true);
    expect(await t.app.db('content_page_likes').where({ user_id: visitor.id }).select('page_id', 'token')).toEqual([{ page_id: page.id, token: page.publish_token }]);
    await expect(likePage(await t.serviceContext(visitor.id), { slug: page.slug, token: null }, true)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(likePage(await t.serviceContext(visitor.id), { slug: page.slug, token: 'old' }, true)).rejects.toMatchObject({ code: 'NOT_FOUND', field: 'token' });
    await expect(likePage(await t.serviceContext(null), { slug: page.slug, token: page.publish_token }, true)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    await likePage(await t.serviceContext(visitor.id), { slug: page.slug, token: page.publish_token }, false);
    await likePage(await t.serviceContext(visitor.id), { slug: page.slug, token: page.publish_token }, false);
    expect(Number((await likes(visitor.id))?.count)).toBe(0);
  });

  it('likes through the page form with the token of the address, and the page shows the like', async () => {
    const { page } = await publishedPage();
    const visitor = await createUser(t.app.db);
    const url = `/content/${page.slug}?token=${page.publish_token}`;
    const posted = await callRoute(t, contentPagePage.action, { url, userId: visitor.id, params: { slug: page.slug }, form: { bookmark: 'true', back: url } });
    expect([posted.status, posted.location, posted.toast?.key]).toEqual([302, url, 'visitor:bookmarks.pageLiked']);
    const shown = await callRoute(t, contentPagePage.loader, { url, userId: visitor.id, params: { slug: page.slug } });
    expect((shown.data as { liked: boolean | null }).liked).toBe(true);
    const anonymous = await callRoute(t, contentPagePage.loader, { url, userId: null, params: { slug: page.slug } });
    expect((anonymous.data as { liked: boolean | null }).liked).toBeNull();
    // without the token the page is not theirs to like: an error toast, nothing saved
    const refused = await callRoute(t, contentPagePage.action, { url: `/content/${page.slug}`, userId: (await createUser(t.app.db)).id, params: { slug: page.slug }, form: { bookmark: 'true' } });
    expect([refused.status, refused.toast?.type]).toEqual([302, 'error']);
  });
});

describe("the hub's bookmarks of three kinds", () => {
  it('lists liked groups and pages and marked stands newest first with their visitor pages; what the visitor may no longer open drops out', async () => {
    const visitor = await createUser(t.app.db, { default_language: 'EN' });
    const group = await createContentGroup(t.app.db, { name: 'Catalogue 2027', permission_type: 'PUBLIC' });
    await t.app.db('content_group_likes').insert({ user_id: visitor.id, group_id: group.id, created_at: new Date(Date.now() - 30_000) });
    const { org: pageOrg, page } = await publishedPage('Modul X product sheet');
    await likePage(await t.serviceContext(visitor.id), { slug: page.slug, token: page.publish_token }, true);
    await t.app.db('content_page_likes').where({ user_id: visitor.id }).update({ created_at: new Date(Date.now() - 20_000) });
    const fair = await fairWithStand();
    await markStand(await t.serviceContext(visitor.id), fair.address, true);
    // a page later republished (its old links no longer open it) and a stand later taken off the hall
    const { page: republished } = await publishedPage('Old sheet');
    await likePage(await t.serviceContext(visitor.id), { slug: republished.slug, token: republished.publish_token }, true);
    await t.app.db('content_pages').where({ id: republished.id }).update({ publish_token: 'fresh-token' });
    const gone = await fairWithStand();
    await markStand(await t.serviceContext(visitor.id), gone.address, true);
    await t.app.db('hall_stands').where({ id: gone.hallStand.id }).update({ approved: false });
    // another visitor's marks are theirs
    await markStand(await t.serviceContext((await createUser(t.app.db)).id), (await fairWithStand()).address, true);

    const hub = await callRoute(t, hubPage.loader, { url: '/hub', userId: visitor.id });
    expect(hub.status).toBe(200);
    expect((hub.data as { bookmarks: unknown[] }).bookmarks).toEqual([
      { id: fair.hallStand.id, kind: 'stand', title: 'Müller booth', organizationName: fair.exhibitor.name, path: fair.path },
      { id: page.id, kind: 'contentPage', title: 'Modul X product sheet', organizationName: pageOrg.name, path: `/content/${page.slug}?token=${page.publish_token}` },
      { id: group.id, kind: 'contentGroup', title: 'Catalogue 2027', organizationName: expect.any(String), path: `/old/content/${group.slug}` },
    ]);
  });

  it('leaves out stands of a TOKEN convention whose key the visitor no longer holds, and of a convention closed since', async () => {
    const visitor = await createUser(t.app.db);
    const keyed = await fairWithStand();
    await t.app.db('conventions').where({ id: keyed.convention.id }).update({ permission_type: 'TOKEN' });
    const permission = await grantAccess(t.app.db, { user_id: visitor.id, convention_id: keyed.convention.id });
    await markStand(await t.serviceContext(visitor.id), keyed.address, true);
    const closed = await fairWithStand();
    await markStand(await t.serviceContext(visitor.id), closed.address, true);
    expect((await bookmarksOfVisitor(await t.serviceContext(visitor.id))).map((b) => b.id).sort()).toEqual([keyed.hallStand.id, closed.hallStand.id].sort());
    await t.app.db('object_permissions').where({ id: permission.id }).delete();
    await t.app.db('conventions').where({ id: closed.convention.id }).update({ active: false });
    expect(await bookmarksOfVisitor(await t.serviceContext(visitor.id))).toEqual([]);
  });

  it('costs the same number of queries for one bookmark of each kind as for ten', async () => {
    const count = async (n: number) => {
      const visitor = await createUser(t.app.db);
      for (let i = 0; i < n; i += 1) {
        const fair = await fairWithStand();
        await markStand(await t.serviceContext(visitor.id), fair.address, true);
        const { page } = await publishedPage();
        await likePage(await t.serviceContext(visitor.id), { slug: page.slug, token: page.publish_token }, true);
        await t.app.db('content_group_likes').insert({ user_id: visitor.id, group_id: (await createContentGroup(t.app.db, { permission_type: 'LOGGED_IN' })).id });
      }
      const ctx = await t.serviceContext(visitor.id);
      let queries = 0;
      const onQuery = () => (queries += 1);
      t.app.db.on('query', onQuery);
      try {
        expect(await bookmarksOfVisitor(ctx)).toHaveLength(3 * n);
      } finally {
        t.app.db.removeListener('query', onQuery);
      }
      return queries;
    };
    expect(await count(10)).toBe(await count(1));
  });

  it("the page's editors like it without a token and find it at its plain address", async () => {
    const { org, page } = await publishedPage('Editors page');
    const editor = await createUser(t.app.db);
    await addMember(t.app.db, org.id, editor.id, { role: 'admin' });
    await likePage(await t.serviceContext(editor.id), { slug: page.slug }, true);
    expect((await bookmarksOfVisitor(await t.serviceContext(editor.id))).map((b) => b.path)).toEqual([`/content/${page.slug}`]);
  });
});

describe('the GraphQL door', () => {
  const STAND_MARK = `mutation($c: String!, $h: String!, $s: String!, $m: Boolean!) { standMark(conventionSlug: $c, hallSlug: $h, standSlug: $s, marked: $m) { hallStand { id marked } error { code } } }`;
  const PAGE_LIKE = `mutation($id: ID!, $token: String, $liked: Boolean!) { contentPageLike(id: $id, token: $token, liked: $liked) { contentPage { id liked } error { code field } } }`;

  /** One call's data by field (what the payload tests read), and its top-level errors. */
  async function call(query: string, variables: Record<string, unknown>, headers?: Record<string, string>) {
    const { body } = await t.graphql(query, variables, headers ? { headers } : undefined);
    return { data: (body.data ?? {}) as Record<string, Record<string, unknown>>, errors: body.errors };
  }

  it('standMark and HallStand.marked; contentPageLike and ContentPage.liked; refusals as payload errors', async () => {
    const fair = await fairWithStand();
    const { page } = await publishedPage();
    const visitor = await createUser(t.app.db);
    const headers = { Authorization: `JWT ${await t.accessToken(visitor.id)}` };
    const vars = { c: fair.convention.slug, h: fair.hall.slug, s: fair.hallStand.slug };

    expect((await call(STAND_MARK, { ...vars, m: true }, headers)).data.standMark).toEqual({ hallStand: { id: fair.hallStand.id, marked: true }, error: null });
    const read = await call(
      `query($c: String!, $h: String!, $s: String!) { fetchConventionStand(conventionSlug: $c, hallSlug: $h, standSlug: $s) { hallStand { marked } } }`,
      vars,
      headers,
    );
    expect(read.data.fetchConventionStand).toEqual({ hallStand: { marked: true } });
    expect((await call(STAND_MARK, { ...vars, m: false }, headers)).data.standMark).toMatchObject({ hallStand: { marked: false } });

    expect((await call(PAGE_LIKE, { id: page.id, token: page.publish_token, liked: true }, headers)).data.contentPageLike).toEqual({
      contentPage: { id: page.id, liked: true },
      error: null,
    });
    expect((await call(PAGE_LIKE, { id: page.id, liked: true }, headers)).data.contentPageLike).toMatchObject({ contentPage: null, error: { code: 'NOT_FOUND' } });

    await t.app.db('hall_stands').where({ id: fair.hallStand.id }).update({ stand_accepted: false });
    expect((await call(STAND_MARK, { ...vars, m: true }, headers)).data.standMark).toMatchObject({ hallStand: null, error: { code: 'NOT_FOUND' } });
    const anonymous = await call(PAGE_LIKE, { id: page.id, token: page.publish_token, liked: true });
    expect(anonymous.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect(Number((await likes(visitor.id))?.count)).toBe(1);
  });
});
