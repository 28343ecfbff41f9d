import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Feature, Package } from '~/lib/features';
import * as editOrganisation from '~/routes/_console.edit-organisation';
import * as orgDetail from '~/routes/_console.orgmanagement.$orgSlug';
import { invitesOf } from '~/server/services/organizations/invites';
import { membersOf } from '~/server/services/organizations/members';
import { createTestApp, type TestApp } from '../helpers/app';
import { callRoute } from '../helpers/routes';
import { addMember, createInvite, createOrganization, createUser } from '../fixtures/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/**
 * Acme has booked user management (BASIC); Lean has only the event bits (a staff member can book single
 * features), so its admins may not manage users. Both have an owner, an admin and a pending invite.
 */
async function world() {
  const db = t.app.db;
  const en = { default_language: 'EN' };
  const acme = await createOrganization(db, { suites: Package.BASIC | Package.EVENT });
  const lean = await createOrganization(db, { suites: Feature.event | Feature.content });
  const platform = await createOrganization(db, { suites: Package.BASIC | Feature.platformAdmin });
  const [acmeOwner, acmeAdmin, acmeSales, leanOwner, leanAdmin, staff] = await Promise.all(
    [en, en, en, en, en, { ...en, is_staff: true }].map((o) => createUser(db, o)),
  );
  await addMember(db, acme.id, acmeOwner.id, { isOwner: true });
  await addMember(db, acme.id, acmeAdmin.id);
  await addMember(db, acme.id, acmeSales.id, { role: 'sales', sales: true });
  await addMember(db, lean.id, leanOwner.id, { isOwner: true });
  await addMember(db, lean.id, leanAdmin.id);
  await addMember(db, platform.id, staff.id, { isOwner: true });
  const { invite: acmeInvite } = await createInvite(db, { organization_id: acme.id, invited_by_id: acmeOwner.id });
  await createInvite(db, { organization_id: lean.id, invited_by_id: leanOwner.id });
  return { acme, lean, acmeOwner, acmeAdmin, acmeSales, leanOwner, leanAdmin, staff, acmeInvite };
}

const jwt = async (userId: string) => ({ Authorization: `JWT ${await t.accessToken(userId)}` });

type Payload = { error: { code: string } | null };
const codeOf = (body: { data?: unknown; errors?: { extensions?: Record<string, unknown> }[] }, field: string) => {
  if (body.errors?.length) return String(body.errors[0].extensions?.code);
  const payload = (body.data as Record<string, Payload>)[field];
  return payload.error?.code ?? 'ok';
};

describe('user management needs the feature through both doors', () => {
  it('organizationUpdate: GraphQL refuses an admin whose organisation lacks user management; the page sends them to missing-feature', async () => {
    const w = await world();
    const UPDATE = `mutation($id: ID!) { organizationUpdate(id: $id, input: { city: "Bonn" }) { organization { id } error { code } } }`;
    const denied = await t.graphql(UPDATE, { id: w.lean.id }, { headers: await jwt(w.leanOwner.id) });
    expect(codeOf(denied.body, 'organizationUpdate')).toBe('PERMISSION_DENIED');
    const allowed = await t.graphql(UPDATE, { id: w.acme.id }, { headers: await jwt(w.acmeOwner.id) });
    expect(codeOf(allowed.body, 'organizationUpdate')).toBe('ok');

    const page = await callRoute(t, editOrganisation.action, {
      url: '/edit-organisation',
      userId: w.leanOwner.id,
      form: { intent: 'update', name: 'Lean Renamed' },
    });
    expect(page).toMatchObject({ status: 302, location: '/missing-feature/userManagement' });
    expect(await t.app.db('organizations').where({ id: w.lean.id }).first('city', 'name')).toMatchObject({ city: '', name: w.lean.name });
  });

  it('organizationUpdate of another organisation the viewer administers counts that organisation’s suites', async () => {
    const w = await world();
    // the Lean owner also administers Acme, but works in Lean (its default organisation)
    await addMember(t.app.db, w.acme.id, w.leanOwner.id);
    const UPDATE = `mutation($id: ID!) { organizationUpdate(id: $id, input: { city: "Bonn" }) { organization { address { city } } error { code } } }`;
    const res = await t.graphql(UPDATE, { id: w.acme.id }, { headers: await jwt(w.leanOwner.id) });
    expect(res.body.data).toMatchObject({ organizationUpdate: { organization: { address: { city: 'Bonn' } }, error: null } });
  });

  it('removeUser: GraphQL and the page refuse without user management and keep the member', async () => {
    const w = await world();
    const REMOVE = `mutation($u: ID!) { removeUser(id: $u) { ok error { code } } }`;
    const denied = await t.graphql(REMOVE, { u: w.leanAdmin.id }, { headers: await jwt(w.leanOwner.id) });
    expect(codeOf(denied.body, 'removeUser')).toBe('PERMISSION_DENIED');
    const page = await callRoute(t, editOrganisation.action, {
      url: '/edit-organisation',
      userId: w.leanOwner.id,
      form: { intent: 'remove', id: w.leanAdmin.id, name: 'Admin' },
    });
    expect(page).toMatchObject({ status: 302, location: '/missing-feature/userManagement' });
    expect(await t.app.db('organization_members').where({ organization_id: w.lean.id, user_id: w.leanAdmin.id }).first('id')).toBeTruthy();

    const allowed = await t.graphql(REMOVE, { u: w.acmeAdmin.id }, { headers: await jwt(w.acmeOwner.id) });
    expect(codeOf(allowed.body, 'removeUser')).toBe('ok');
  });

  it('salesUserUpdate: GraphQL and the page refuse without user management and keep the role', async () => {
    const w = await world();
    const SALES = `mutation($u: ID!) { salesUserUpdate(userId: $u, sales: true) { member { id role } error { code } } }`;
    const denied = await t.graphql(SALES, { u: w.leanAdmin.id }, { headers: await jwt(w.leanOwner.id) });
    expect(codeOf(denied.body, 'salesUserUpdate')).toBe('PERMISSION_DENIED');
    const page = await callRoute(t, editOrganisation.action, {
      url: '/edit-organisation',
      userId: w.leanOwner.id,
      form: { intent: 'makeSales', id: w.leanAdmin.id, name: 'Admin' },
    });
    expect(page).toMatchObject({ status: 302, location: '/missing-feature/userManagement' });
    expect(await t.app.db('organization_members').where({ organization_id: w.lean.id, user_id: w.leanAdmin.id }).first('role')).toEqual({ role: 'admin' });

    const allowed = await t.graphql(SALES, { u: w.acmeAdmin.id }, { headers: await jwt(w.acmeOwner.id) });
    expect(allowed.body.data).toMatchObject({ salesUserUpdate: { member: { id: w.acmeAdmin.id, role: 'SALES' }, error: null } });
  });
});

describe('which members and invites of an organisation a viewer reads is decided by the service', () => {
  const ORG = `query($s: String!) { organization(slug: $s) { users { id } invites { id email organization { name } } } }`;
  type Org = { organization: { users: { id: string }[]; invites: { id: string; organization: { name: string } }[] } | null };

  it('members see the members, only admins working in it and staff see the invites (GraphQL)', async () => {
    const w = await world();
    const read = async (userId: string) => (await t.graphql<Org>(ORG, { s: w.acme.slug }, { headers: await jwt(userId) })).body.data!.organization;
    const owner = await read(w.acmeOwner.id);
    expect(owner?.users).toHaveLength(3);
    expect(owner?.invites).toEqual([{ id: w.acmeInvite.id, email: w.acmeInvite.email, organization: { name: w.acme.name } }]);
    const sales = await read(w.acmeSales.id);
    expect(sales?.users).toHaveLength(3);
    expect(sales?.invites).toEqual([]);
    const staff = await read(w.staff.id);
    expect(staff?.users).toHaveLength(3);
    expect(staff?.invites).toHaveLength(1);
    expect(await read(w.leanOwner.id)).toBeNull();
  });

  it('the service hands out no rows to a viewer who may not see them', async () => {
    const w = await world();
    const outsider = await t.serviceContext(w.leanOwner.id);
    expect(await membersOf(outsider, w.acme.id)).toEqual([]);
    expect(await invitesOf(outsider, w.acme.id)).toEqual([]);
    const sales = await t.serviceContext(w.acmeSales.id);
    expect((await membersOf(sales, w.acme.id)).map((m) => m.user_id).sort()).toEqual([w.acmeOwner.id, w.acmeAdmin.id, w.acmeSales.id].sort());
    expect(await invitesOf(sales, w.acme.id)).toEqual([]);
    const anonymous = await t.serviceContext(null);
    expect(await membersOf(anonymous, w.acme.id)).toEqual([]);
  });

  it('the staff page lists the members through the same rule', async () => {
    const w = await world();
    const page = await callRoute(t, orgDetail.loader, { url: `/orgmanagement/${w.acme.slug}`, userId: w.staff.id, params: { orgSlug: w.acme.slug } });
    expect(page.status).toBe(200);
    const members = (page.data as { members: { id: string; role: string }[] }).members;
    expect(members.map((m) => m.id).sort()).toEqual([w.acmeOwner.id, w.acmeAdmin.id, w.acmeSales.id].sort());
    expect(members.find((m) => m.id === w.acmeOwner.id)?.role).toBe('owner');
  });
});
