import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Feature, Package } from '~/lib/features';
import * as preview from '~/routes/contentpool.preview/route';
import { createTestApp, type TestApp } from '../helpers/app';
import { callRoute } from '../helpers/routes';
import { addMember, createContentGroup, createContentObject, createOrganization, createUser } from '../fixtures/factories';

/**
 * /contentpool/preview is public (spec 000 point 2, issue 24 item 12): a visitor without session or without an
 * organisation is not sent to the login or the onboarding for the route itself; the content feature that counts
 * is the one of the organisation owning the previewed group.
 */

let t: TestApp;
let w: Awaited<ReturnType<typeof world>>;

async function world() {
  const db = t.app.db;
  const acme = await createOrganization(db, { suites: Package.BASIC });
  const noContent = await createOrganization(db, { suites: Feature.lead | Feature.userManagement });
  const en = { default_language: 'EN' as const };
  const editor = await createUser(db, en);
  const visitor = await createUser(db, en); // a user without organisation
  const lacking = await createUser(db, en); // a member of an organisation without the content feature
  await addMember(db, acme.id, editor.id, { role: 'admin', isOwner: true });
  await addMember(db, noContent.id, lacking.id, { role: 'admin', isOwner: true });
  const group = async (organization_id: string, permission_type: 'PUBLIC' | 'LOGGED_IN' | 'TOKEN') => {
    const made = await createContentGroup(db, { organization_id, permission_type });
    await createContentObject(db, { group_id: made.id, value: `<p>Inhalt ${permission_type}</p>` });
    return made;
  };
  return {
    editor,
    visitor,
    lacking,
    pub: await group(acme.id, 'PUBLIC'),
    loggedIn: await group(acme.id, 'LOGGED_IN'),
    token: await group(acme.id, 'TOKEN'),
    withoutFeature: await group(noContent.id, 'PUBLIC'),
  };
}

beforeAll(async () => {
  t = await createTestApp();
  w = await world();
});
afterAll(async () => {
  await t.close();
});

const open = (query: string, userId: string | null) => callRoute(t, preview.loader, { url: `/contentpool/preview?${query}`, userId });

describe('/contentpool/preview is public', () => {
  it('shows a PUBLIC group to a logged-out user and to a visitor without organisation (no login, no onboarding), without the way back to the pool', async () => {
    for (const userId of [null, w.visitor.id, w.lacking.id]) {
      const res = await open(`slug=${w.pub.slug}&width=phone`, userId);
      expect(res).toMatchObject({ status: 200, data: { width: 'phone', editor: false, view: { slug: w.pub.slug } } });
    }
  });

  it('a LOGGED_IN group sends a logged-out user to the login and back; a TOKEN group sends a visitor to the key page and back', async () => {
    const next = (slug: string) => encodeURIComponent(`/contentpool/preview?slug=${slug}`);
    expect(await open(`slug=${w.loggedIn.slug}`, null)).toMatchObject({ status: 302, location: `/login?next=${next(w.loggedIn.slug)}` });
    expect(await open(`slug=${w.loggedIn.slug}`, w.visitor.id)).toMatchObject({ status: 200, data: { view: { slug: w.loggedIn.slug } } });
    expect(await open(`slug=${w.token.slug}`, w.visitor.id)).toMatchObject({ status: 302, location: `/token?next=${next(w.token.slug)}` });
  });

  it('the owning organisation’s editors see every access type, with the way back to the pool', async () => {
    for (const group of [w.pub, w.loggedIn, w.token]) {
      expect(await open(`id=${group.id}`, w.editor.id)).toMatchObject({ status: 200, data: { editor: true, view: { id: group.id } } });
    }
  });

  it('a group of an organisation without the content feature, a missing one or a broken id is 404 for everybody', async () => {
    for (const userId of [null, w.visitor.id, w.lacking.id, w.editor.id]) {
      expect((await open(`slug=${w.withoutFeature.slug}`, userId)).status).toBe(404);
      expect((await open('id=not-a-uuid', userId)).status).toBe(404);
      expect((await open('slug=gibt-es-nicht', userId)).status).toBe(404);
      expect((await open('', userId)).status).toBe(404);
    }
  });
});
