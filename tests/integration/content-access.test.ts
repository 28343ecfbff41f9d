import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Feature, Package } from '~/lib/features';
import * as oldContent from '~/routes/old.content.$slug/route';
import * as loginPage from '~/routes/_public.login';
import * as tokenPage from '~/routes/_public.token';
import { addMember, createContentGroup, createConvention, createOrganization, createUser } from '../fixtures/factories';
import { createTestApp, type TestApp } from '../helpers/app';
import { callRoute } from '../helpers/routes';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Err = { code: string; field: string | null; message: string };

async function gql<T>(userId: string | null, query: string, variables: Record<string, unknown> = {}) {
  const headers: Record<string, string> = userId ? { Authorization: `JWT ${await t.accessToken(userId)}` } : {};
  return (await t.graphql<T>(query, variables, { headers })).body;
}

const CREATE = `mutation($input: ObjectTokenCreateInput!) { objectTokenCreate(input: $input) { objectToken { id token limit signedUp } error { code field message } } }`;
const REDEEM = `mutation($input: ObjectTokenRedeemInput!) { objectTokenRedeem(input: $input) { ok next error { code field message } } }`;

async function member(suites: number, orgId?: string, options: { sales?: boolean } = {}) {
  const organizationId = orgId ?? (await createOrganization(t.app.db, { suites })).id;
  const user = await createUser(t.app.db, { default_language: 'EN' });
  await addMember(t.app.db, organizationId, user.id, options.sales ? { role: 'sales', sales: true } : { role: 'admin', isOwner: !orgId });
  return { organizationId, user };
}

const visit = (slug: string, userId: string | null) => callRoute(t, oldContent.loader, { url: `/old/content/${slug}`, params: { slug }, userId });

describe('object tokens and permissions of content groups', () => {
  it('a TOKEN group opens with its own key (GraphQL and the /token page), counts sign-ups, lists and suspends its permissions', async () => {
    // the content team: the content feature without the event feature
    const owner = await member(Package.BASIC);
    const group = await createContentGroup(t.app.db, { organization_id: owner.organizationId, permission_type: 'TOKEN' });
    const created = await gql<{ objectTokenCreate: { objectToken: { id: string; token: string; limit: number; signedUp: number } | null; error: Err | null } }>(
      owner.user.id,
      CREATE,
      { input: { contentGroupId: group.id, token: 'produkt-key', limit: 2 } },
    );
    expect(created.data!.objectTokenCreate).toMatchObject({ error: null, objectToken: { token: 'produkt-key', limit: 2, signedUp: 0 } });
    const taken = await gql<{ objectTokenCreate: { error: Err | null } }>(owner.user.id, CREATE, { input: { contentGroupId: group.id, token: 'produkt-key', limit: 2 } });
    expect(taken.data!.objectTokenCreate.error).toMatchObject({ code: 'UNIQUE', field: 'token' });
    const tokens = await gql<{ objectTokens: { token: string }[] }>(owner.user.id, `query($id: ID!) { objectTokens(objectId: $id) { token signedUp } }`, { id: group.id });
    expect(tokens.data!.objectTokens).toEqual([{ token: 'produkt-key', signedUp: 0 }]);

    const visitorA = await member(Package.BASIC);
    const visitorB = await member(Package.BASIC);
    const next = `/old/content/${group.slug}`;
    // logged in without a key: to the key page, coming back here
    expect(await visit(group.slug, visitorA.user.id)).toMatchObject({ status: 302, location: `/token?next=${encodeURIComponent(next)}` });
    // logged out: to the login, which says what the key is for
    expect(await visit(group.slug, null)).toMatchObject({ status: 302, location: `/login?next=${encodeURIComponent(next)}` });
    const login = await callRoute(t, loginPage.loader, { url: `/login?next=${encodeURIComponent(next)}` });
    expect(login.data).toMatchObject({ protectedBy: { kind: 'content', title: group.name, permissionType: 'TOKEN' } });

    // the /token page names the group and takes its key
    const asking = await callRoute(t, tokenPage.loader, { url: `/token?next=${encodeURIComponent(next)}`, userId: visitorA.user.id });
    expect(asking.data).toMatchObject({ asking: { kind: 'content', title: group.name } });
    const wrong = await callRoute(t, tokenPage.action, { url: '/token', userId: visitorA.user.id, form: { token: 'falsch', next } });
    expect(wrong.status).toBe(400);
    const redeemed = await callRoute(t, tokenPage.action, { url: '/token', userId: visitorA.user.id, form: { token: 'produkt-key', next } });
    expect(redeemed).toMatchObject({ status: 302, location: next, toast: { type: 'success', key: 'access:token.granted' } });
    expect((await visit(group.slug, visitorA.user.id)).status).toBe(200);

    // GraphQL door: the second visitor
    const viaGql = await gql<{ objectTokenRedeem: { ok: boolean; next: string | null; error: Err | null } }>(visitorB.user.id, REDEEM, { input: { token: 'produkt-key', next } });
    expect(viaGql.data!.objectTokenRedeem).toEqual({ ok: true, next, error: null });
    expect((await visit(group.slug, visitorB.user.id)).status).toBe(200);
    // the limit of 2 is reached
    const third = await member(Package.BASIC);
    const full = await gql<{ objectTokenRedeem: { ok: boolean; error: Err | null } }>(third.user.id, REDEEM, { input: { token: 'produkt-key', next } });
    expect(full.data!.objectTokenRedeem).toMatchObject({ ok: false, error: { code: 'INVALID', field: 'token' } });
    expect((await gql<{ objectTokens: { signedUp: number }[] }>(owner.user.id, `query($id: ID!) { objectTokens(objectId: $id) { signedUp } }`, { id: group.id })).data!.objectTokens).toEqual([
      { signedUp: 2 },
    ]);

    const permissions = await gql<{ objectPermissions: { id: string; user: { id: string }; token: string | null }[] }>(
      owner.user.id,
      `query($id: ID!) { objectPermissions(objectId: $id) { id user { id } token } }`,
      { id: group.id },
    );
    expect(permissions.data!.objectPermissions.map((p) => [p.user.id, p.token])).toEqual([
      [visitorA.user.id, 'produkt-key'],
      [visitorB.user.id, 'produkt-key'],
    ]);
    const suspended = await gql<{ objectPermissionSuspend: { objectPermission: { suspended: boolean } | null; error: Err | null } }>(
      owner.user.id,
      `mutation($id: ID!) { objectPermissionSuspend(id: $id) { objectPermission { suspended } error { code } } }`,
      { id: permissions.data!.objectPermissions[0]!.id },
    );
    expect(suspended.data!.objectPermissionSuspend).toEqual({ objectPermission: { suspended: true }, error: null });
    // suspended: to the key page, which says so and that no key helps
    expect(await visit(group.slug, visitorA.user.id)).toMatchObject({ status: 302, location: `/token?next=${encodeURIComponent(next)}` });
    const told = await callRoute(t, tokenPage.loader, { url: `/token?next=${encodeURIComponent(next)}`, userId: visitorA.user.id });
    expect(told.data).toMatchObject({ suspended: `Your access to “${group.name}” was suspended. Please contact the organiser.` });
    const again = await callRoute(t, tokenPage.action, { url: '/token', userId: visitorA.user.id, form: { token: 'produkt-key', next } });
    expect(again.status).toBe(400);

    // the organiser adds someone without a key
    const guest = await member(Package.BASIC);
    const added = await gql<{ objectPermissionAddUser: { error: Err | null } }>(
      owner.user.id,
      `mutation($id: ID!, $email: String!) { objectPermissionAddUser(objectId: $id, email: $email) { error { code } } }`,
      { id: group.id, email: guest.user.email },
    );
    expect(added.data!.objectPermissionAddUser.error).toBeNull();
    expect((await visit(group.slug, guest.user.id)).status).toBe(200);
  });

  it('another organisation NOT_FOUND; a member without the content feature, a sales user and anonymous refused; event objects still need the event feature', async () => {
    const owner = await member(Package.BASIC);
    const group = await createContentGroup(t.app.db, { organization_id: owner.organizationId, permission_type: 'TOKEN' });
    const create = (userId: string | null, input: Record<string, unknown>) =>
      gql<{ objectTokenCreate: { error: Err | null } | null }>(userId, CREATE, { input: { limit: 5, ...input } });

    const stranger = await member(Package.BASIC);
    expect((await create(stranger.user.id, { contentGroupId: group.id })).data!.objectTokenCreate!.error).toMatchObject({ code: 'NOT_FOUND', field: 'contentGroupId' });
    // asked by id alone, a foreign object is NOT_FOUND to a manager of events and content, PERMISSION_DENIED to one
    // of content only (who cannot tell it from an event)
    const objectTokens = (userId: string) => gql<{ objectTokens: unknown }>(userId, `query($id: ID!) { objectTokens(objectId: $id) { id } }`, { id: group.id });
    expect((await objectTokens(stranger.user.id)).errors![0]!.extensions!.code).toBe('PERMISSION_DENIED');
    const both = await member(Package.BASIC | Package.EVENT);
    expect((await objectTokens(both.user.id)).errors![0]!.extensions!.code).toBe('NOT_FOUND');
    // same organisation, event feature only: not the content team
    const eventOnly = await createOrganization(t.app.db, { suites: Feature.event | Feature.userManagement });
    const eventGroup = await createContentGroup(t.app.db, { organization_id: eventOnly.id, permission_type: 'TOKEN' });
    const eventAdmin = await member(0, eventOnly.id);
    expect((await create(eventAdmin.user.id, { contentGroupId: eventGroup.id })).data!.objectTokenCreate!.error).toMatchObject({ code: 'PERMISSION_DENIED' });
    const sales = await member(Package.BASIC, owner.organizationId, { sales: true });
    expect((await create(sales.user.id, { contentGroupId: group.id })).data!.objectTokenCreate!.error).toMatchObject({ code: 'PERMISSION_DENIED' });
    expect((await create(null, { contentGroupId: group.id })).errors![0]!.extensions!.code).toBe('UNAUTHENTICATED');
    // exactly one object per key
    const convention = await createConvention(t.app.db, { organization_id: owner.organizationId, permission_type: 'TOKEN' });
    expect((await create(owner.user.id, { contentGroupId: group.id, conventionId: convention.id })).data!.objectTokenCreate!.error).toMatchObject({ code: 'INVALID' });
    // the content team (no event feature) cannot hand out keys of a convention
    expect((await create(owner.user.id, { conventionId: convention.id })).data!.objectTokenCreate!.error).toMatchObject({ code: 'PERMISSION_DENIED' });
  });
});
