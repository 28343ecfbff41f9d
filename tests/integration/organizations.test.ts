import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Feature, Package } from '~/lib/features';
import { normalizeSuites } from '~/server/services/organizations/suites';
import { createOrganization } from '~/server/services/organizations/organizations';
import { acceptInvitation, inviteUser } from '~/server/services/organizations/invites';
import { createTestApp, type TestApp } from '../helpers/app';
import { addMember, createOrganization as makeOrg, createUser } from '../fixtures/factories';

let t: TestApp;

/** A small world: Acme (owner, admin, sales), Other Corp (its owner), platform staff, a user without org. */
async function world() {
  const db = t.app.db;
  const acme = await makeOrg(db, { name: `Acme ${Math.random()}`, suites: Package.BASIC | Package.EVENT });
  const other = await makeOrg(db, { suites: Package.BASIC });
  const platform = await makeOrg(db, { suites: Package.BASIC | Feature.platformAdmin });
  const en = { default_language: 'EN' };
  const owner = await createUser(db, en);
  const admin = await createUser(db, en);
  const sales = await createUser(db, en);
  const stranger = await createUser(db, en);
  const staff = await createUser(db, { ...en, is_staff: true });
  const loner = await createUser(db, en);
  await addMember(db, acme.id, owner.id, { role: 'admin', isOwner: true });
  await addMember(db, acme.id, admin.id, { role: 'admin' });
  await addMember(db, acme.id, sales.id, { role: 'sales', sales: true });
  await addMember(db, other.id, stranger.id, { role: 'admin', isOwner: true });
  await addMember(db, platform.id, staff.id, { role: 'admin', isOwner: true });
  return { acme, other, platform, owner, admin, sales, stranger, staff, loner };
}

async function as(userId: string | null): Promise<Record<string, string>> {
  return userId ? { Authorization: `JWT ${await t.accessToken(userId)}` } : {};
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('organizationCreate (onboarding)', () => {
  it('creates the organisation with the viewer as owner and default organisation', async () => {
    const user = await createUser(t.app.db);
    const name = `Müller & Söhne GmbH ${Date.now()}`;
    const res = await t.graphql(
      `mutation($input: OrganizationCreateInput!) { organizationCreate(input: $input) {
        organization { id name slug suites packages users { email isOwner role } } error { code field message } } }`,
      { input: { name } },
      { headers: await as(user.id) },
    );
    const payload = (res.body.data as { organizationCreate: { organization: Record<string, unknown>; error: unknown } }).organizationCreate;
    expect(payload.error).toBeNull();
    expect(payload.organization).toMatchObject({ name, packages: ['BASIC'], users: [{ email: user.email, isOwner: true, role: 'ADMIN' }] });
    expect(payload.organization.slug).toMatch(/^mueller-und-soehne-gmbh-\d+$/);
    const row = await t.app.db('users').where({ id: user.id }).first('default_organization_id');
    expect(row.default_organization_id).toBe(payload.organization.id);
  });

  it('rejects a taken name (any case) and a taken slug with the spec texts, writing nothing', async () => {
    const first = await createUser(t.app.db);
    const ctx = await t.serviceContext(first.id, 'EN');
    const org = await createOrganization(ctx, { name: `Unique Fair ${Date.now()}` });
    const second = await createUser(t.app.db);
    const before = await t.app.db('organizations').count<{ count: number }[]>('* as count');
    const error = await createOrganization(await t.serviceContext(second.id, 'EN'), {
      name: org.name.toUpperCase(),
      slug: org.slug,
    }).catch((e) => e);
    expect(error.errors).toEqual([
      { code: 'UNIQUE', field: 'name', message: 'An organisation with this name already exists' },
      { code: 'UNIQUE', field: 'slug', message: 'This address (slug) is already taken' },
    ]);
    const de = await createOrganization(await t.serviceContext(second.id, 'DE'), { name: org.name }).catch((e) => e);
    expect(de.message).toBe('Eine Organisation mit diesem Namen existiert bereits');
    const after = await t.app.db('organizations').count<{ count: number }[]>('* as count');
    expect(after[0].count).toBe(before[0].count);
  });

  it('needs a logged-in user', async () => {
    const res = await t.graphql(`mutation { organizationCreate(input: { name: "Anon GmbH" }) { error { code } } }`);
    expect(res.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('organizationUpdate', () => {
  it('validates the phone number and saves it formatted', async () => {
    const w = await world();
    const update = async (phone: string) =>
      t.graphql(
        `mutation($id: ID!, $input: OrganizationUpdateInput!) { organizationUpdate(id: $id, input: $input) {
          organization { address { phone city } supportUrl } error { code field message } } }`,
        { id: w.acme.id, input: { phone, city: 'Köln', supportUrl: 'https://support.acme.example' } },
        { headers: await as(w.admin.id) },
      );
    const bad = await update('12');
    expect(bad.body.data).toMatchObject({
      organizationUpdate: { organization: null, error: { code: 'INVALID', field: 'phone', message: 'The phone number entered is not valid' } },
    });
    const good = await update('0221 1234567');
    expect(good.body.data).toMatchObject({
      organizationUpdate: { organization: { address: { phone: '+49 221 1234567', city: 'Köln' } }, error: null },
    });
  });
});

describe('invites', () => {
  it('invites by e-mail with a mail in the outbox, refuses duplicates and members, and lets the invitee join', async () => {
    const w = await world();
    const invitee = await createUser(t.app.db, { default_language: 'EN' });
    const adminCtx = await t.serviceContext(w.admin.id, 'EN');
    const invite = await inviteUser(adminCtx, { email: invitee.email.toUpperCase(), role: 'sales' });
    expect(invite).toMatchObject({ email: invitee.email, role: 'sales', state: 'CREATED' });

    const mail = await t.app.db('outbox').whereRaw("payload->>'to' = ?", [invitee.email]).first('payload');
    expect(mail.payload.subject).toBe('You are invited to join an organisation');
    const link = /https?:\/\/\S+\/invites\?email=[^\s"]+&token=[\w-]+/.exec(mail.payload.text)?.[0];
    expect(link).toBeTruthy();
    const token = new URL(link!).searchParams.get('token')!;

    await expect(inviteUser(adminCtx, { email: invitee.email, role: 'admin' })).rejects.toMatchObject({
      code: 'UNIQUE',
      message: 'An invitation for this e-mail address already exists',
    });
    await expect(inviteUser(adminCtx, { email: w.sales.email })).rejects.toMatchObject({
      message: 'This user is already a member of the organisation',
    });

    // someone else cannot use the link
    await expect(acceptInvitation(await t.serviceContext(w.loner.id, 'EN'), invitee.email, token)).rejects.toMatchObject({
      code: 'PERMISSION_DENIED',
    });

    const res = await t.graphql(
      `mutation($email: String!, $token: String!) { acceptInvitation(email: $email, token: $token) { invite { accepted role organization { id } } error { code } } }`,
      { email: invitee.email, token },
      { headers: await as(invitee.id) },
    );
    expect(res.body.data).toMatchObject({ acceptInvitation: { invite: { accepted: true, role: 'SALES', organization: { id: w.acme.id } }, error: null } });
    const membership = await t.app.db('organization_members').where({ user_id: invitee.id }).first('role', 'organization_id');
    expect(membership).toEqual({ role: 'sales', organization_id: w.acme.id });

    // single use
    await expect(acceptInvitation(await t.serviceContext(invitee.id, 'EN'), invitee.email, token)).rejects.toMatchObject({ code: 'INVALID' });
  });

  it('lets admins cancel their own pending invites only', async () => {
    const w = await world();
    const invite = await inviteUser(await t.serviceContext(w.owner.id, 'EN'), { email: `cancel-${Date.now()}@test.example` });
    const fromOther = await t.graphql(`mutation($id: ID!) { cancelInvite(id: $id) { ok error { code } } }`, { id: invite.id }, { headers: await as(w.stranger.id) });
    expect(fromOther.body.data).toMatchObject({ cancelInvite: { ok: false, error: { code: 'NOT_FOUND' } } });
    const fromAdmin = await t.graphql(`mutation($id: ID!) { cancelInvite(id: $id) { ok id error { code } } }`, { id: invite.id }, { headers: await as(w.admin.id) });
    expect(fromAdmin.body.data).toMatchObject({ cancelInvite: { ok: true, id: invite.id, error: null } });
    expect(await t.app.db('invites').where({ id: invite.id }).first()).toBeUndefined();
  });
});

describe('members', () => {
  it('sets a member as sales user, who then only gets the sales features', async () => {
    const w = await world();
    const res = await t.graphql(
      `mutation($u: ID!) { salesUserUpdate(userId: $u, sales: true) { member { id role sales } error { code } } }`,
      { u: w.admin.id },
      { headers: await as(w.owner.id) },
    );
    expect(res.body.data).toMatchObject({ salesUserUpdate: { member: { id: w.admin.id, role: 'SALES', sales: true }, error: null } });
    const viewer = (await t.serviceContext(w.admin.id)).viewer!;
    expect(viewer.sales).toBe(true);
    expect(viewer.features & Feature.event).toBe(0);
    expect(viewer.features & Feature.lead).toBe(Feature.lead);
  });

  it('never removes the owner or makes them sales', async () => {
    const w = await world();
    const remove = await t.graphql(`mutation($u: ID!) { removeUser(id: $u) { ok error { code message } } }`, { u: w.owner.id }, { headers: await as(w.admin.id) });
    expect(remove.body.data).toMatchObject({ removeUser: { ok: false, error: { code: 'PERMISSION_DENIED', message: 'The owner of the organisation cannot be removed' } } });
    const demote = await t.graphql(`mutation($u: ID!) { salesUserUpdate(userId: $u, sales: true) { error { code } } }`, { u: w.owner.id }, { headers: await as(w.admin.id) });
    expect(demote.body.data).toMatchObject({ salesUserUpdate: { error: { code: 'PERMISSION_DENIED' } } });
  });

  it('removes a member and moves their default organisation', async () => {
    const w = await world();
    await addMember(t.app.db, w.other.id, w.admin.id, { role: 'admin' });
    const res = await t.graphql(`mutation($u: ID!) { removeUser(id: $u) { ok id } }`, { u: w.admin.id }, { headers: await as(w.owner.id) });
    expect(res.body.data).toMatchObject({ removeUser: { ok: true, id: w.admin.id } });
    const user = await t.app.db('users').where({ id: w.admin.id }).first('default_organization_id');
    expect(user.default_organization_id).toBe(w.other.id);
  });
});

describe('suites', () => {
  it('follows the package rules', () => {
    const all = Package.BASIC | Package.EVENT | Package.SALES;
    // removing basic also removes event and sales
    const withoutBasic = all & ~Feature.lead;
    const result = normalizeSuites(all, withoutBasic);
    expect('mask' in result && result.mask & (Feature.event | Feature.salesHub | Feature.chats)).toBe(0);
    // event without basic is refused
    expect(normalizeSuites(0, Package.EVENT)).toEqual({ error: 'suitesNeedBasic' });
    expect(normalizeSuites(0, Package.BASIC | Package.EVENT)).toEqual({ mask: Package.BASIC | Package.EVENT });
    expect(normalizeSuites(0, Feature.dlg)).toEqual({ mask: Feature.dlg });
  });

  it('lets platform staff set suites by packages; members see the change on their next request', async () => {
    const w = await world();
    const res = await t.graphql(
      `mutation($id: ID!) { setOrganizationSuites(id: $id, packages: [BASIC, SALES]) { organization { packages features } error { code } } }`,
      { id: w.other.id },
      { headers: await as(w.staff.id) },
    );
    expect(res.body.data).toMatchObject({ setOrganizationSuites: { organization: { packages: ['BASIC', 'SALES'] }, error: null } });
    const strangerViewer = (await t.serviceContext(w.stranger.id)).viewer!;
    expect(strangerViewer.features & Feature.salesHub).toBe(Feature.salesHub);

    const refused = await t.graphql(
      `mutation($id: ID!) { setOrganizationSuites(id: $id, features: [EVENT]) { error { code message } } }`,
      { id: w.loner.id },
      { headers: await as(w.staff.id) },
    );
    expect(refused.body.data).toMatchObject({ setOrganizationSuites: { error: { code: 'NOT_FOUND' } } });
  });
});

describe('setDefaultOrganization', () => {
  it('switches between own organisations only', async () => {
    const w = await world();
    await addMember(t.app.db, w.other.id, w.admin.id);
    const ok = await t.graphql(`mutation($id: ID!) { setDefaultOrganization(id: $id) { ok error { code } } }`, { id: w.other.id }, { headers: await as(w.admin.id) });
    expect(ok.body.data).toMatchObject({ setDefaultOrganization: { ok: true, error: null } });
    expect((await t.serviceContext(w.admin.id)).viewer!.organization!.id).toBe(w.other.id);
    const denied = await t.graphql(`mutation($id: ID!) { setDefaultOrganization(id: $id) { ok error { code message } } }`, { id: w.platform.id }, { headers: await as(w.admin.id) });
    expect(denied.body.data).toMatchObject({
      setDefaultOrganization: { ok: false, error: { code: 'PERMISSION_DENIED', message: "You don't have permission to perform this action." } },
    });
  });
});

describe('authorization matrix (GraphQL)', () => {
  type Who = 'anonymous' | 'stranger' | 'sales' | 'admin' | 'owner' | 'staff';
  const WHO: Who[] = ['anonymous', 'stranger', 'sales', 'admin', 'owner', 'staff'];

  /** What each operation answers per identity: "ok", an error code, or "hidden" (null / empty, no leak). */
  const operations: {
    name: string;
    expected: Record<Who, string>;
    run: (w: Awaited<ReturnType<typeof world>>, headers: Record<string, string>) => Promise<string>;
  }[] = [
    {
      name: 'organizationUpdate of Acme',
      expected: { anonymous: 'UNAUTHENTICATED', stranger: 'PERMISSION_DENIED', sales: 'PERMISSION_DENIED', admin: 'ok', owner: 'ok', staff: 'PERMISSION_DENIED' },
      run: async (w, headers) => {
        const r = await t.graphql(`mutation($id: ID!) { organizationUpdate(id: $id, input: { city: "Bonn" }) { organization { id } error { code } } }`, { id: w.acme.id }, { headers });
        return outcome(r, 'organizationUpdate');
      },
    },
    {
      name: 'inviteUser into the viewer organisation',
      expected: { anonymous: 'UNAUTHENTICATED', stranger: 'ok', sales: 'PERMISSION_DENIED', admin: 'ok', owner: 'ok', staff: 'ok' },
      run: async (_w, headers) => {
        const r = await t.graphql(`mutation($e: String!) { inviteUser(email: $e) { invite { id } error { code } } }`, { e: `m-${Math.random()}@test.example` }, { headers });
        return outcome(r, 'inviteUser');
      },
    },
    {
      name: 'salesUserUpdate of an Acme admin',
      expected: { anonymous: 'UNAUTHENTICATED', stranger: 'NOT_FOUND', sales: 'PERMISSION_DENIED', admin: 'ok', owner: 'ok', staff: 'NOT_FOUND' },
      run: async (w, headers) => {
        const r = await t.graphql(`mutation($u: ID!) { salesUserUpdate(userId: $u, sales: false) { member { id } error { code } } }`, { u: w.admin.id }, { headers });
        return outcome(r, 'salesUserUpdate');
      },
    },
    {
      name: 'removeUser of the Acme sales user',
      expected: { anonymous: 'UNAUTHENTICATED', stranger: 'NOT_FOUND', sales: 'PERMISSION_DENIED', admin: 'ok', owner: 'ok', staff: 'NOT_FOUND' },
      run: async (w, headers) => {
        const r = await t.graphql(`mutation($u: ID!) { removeUser(id: $u) { ok error { code } } }`, { u: w.sales.id }, { headers });
        return outcome(r, 'removeUser');
      },
    },
    {
      name: 'setOrganizationSuites of Acme',
      expected: { anonymous: 'UNAUTHENTICATED', stranger: 'PERMISSION_DENIED', sales: 'PERMISSION_DENIED', admin: 'PERMISSION_DENIED', owner: 'PERMISSION_DENIED', staff: 'ok' },
      run: async (w, headers) => {
        const r = await t.graphql(`mutation($id: ID!) { setOrganizationSuites(id: $id, packages: [BASIC, EVENT]) { organization { id } error { code } } }`, { id: w.acme.id }, { headers });
        return outcome(r, 'setOrganizationSuites');
      },
    },
    {
      name: 'organization(slug) of Acme with members',
      expected: { anonymous: 'UNAUTHENTICATED', stranger: 'hidden', sales: 'ok', admin: 'ok', owner: 'ok', staff: 'ok' },
      run: async (w, headers) => {
        const r = await t.graphql(`query($s: String!) { organization(slug: $s) { id users { id } } }`, { s: w.acme.slug }, { headers });
        if (r.body.errors) return String(r.body.errors[0].extensions?.code);
        const org = (r.body.data as { organization: { users: unknown[] } | null }).organization;
        return org && org.users.length === 3 ? 'ok' : 'hidden';
      },
    },
    {
      name: 'organizations (staff list)',
      expected: { anonymous: 'UNAUTHENTICATED', stranger: 'PERMISSION_DENIED', sales: 'PERMISSION_DENIED', admin: 'PERMISSION_DENIED', owner: 'PERMISSION_DENIED', staff: 'ok' },
      run: async (w, headers) => {
        const r = await t.graphql(`query($s: String) { organizations(search: $s) { totalCount items { slug } } }`, { s: w.acme.name }, { headers });
        if (r.body.errors) return String(r.body.errors[0].extensions?.code);
        const page = (r.body.data as { organizations: { items: { slug: string }[] } }).organizations;
        return page.items.some((o) => o.slug === w.acme.slug) ? 'ok' : 'hidden';
      },
    },
    {
      name: 'orgInvites',
      expected: { anonymous: 'UNAUTHENTICATED', stranger: 'ok', sales: 'PERMISSION_DENIED', admin: 'ok', owner: 'ok', staff: 'ok' },
      run: async (_w, headers) => {
        const r = await t.graphql(`{ orgInvites { id } }`, {}, { headers });
        return r.body.errors ? String(r.body.errors[0].extensions?.code) : 'ok';
      },
    },
  ];

  function outcome(r: { body: { data?: unknown; errors?: { extensions?: Record<string, unknown> }[] } }, field: string): string {
    if (r.body.errors?.length) return String(r.body.errors[0].extensions?.code);
    const p = (r.body.data as Record<string, { error: { code: string } | null }>)[field];
    return p.error ? p.error.code : 'ok';
  }

  for (const op of operations) {
    it(op.name, async () => {
      const actual: Record<string, string> = {};
      for (const who of WHO) {
        const w = await world();
        const ids: Record<Who, string | null> = {
          anonymous: null,
          stranger: w.stranger.id,
          sales: w.sales.id,
          admin: w.admin.id,
          owner: w.owner.id,
          staff: w.staff.id,
        };
        actual[who] = await op.run(w, await as(ids[who]));
      }
      expect(actual).toEqual(op.expected);
    });
  }

  it('page door and GraphQL door agree: session-cookie callers get the same answers', async () => {
    const w = await world();
    const cookie = await t.sessionCookie(w.sales.id);
    const r = await t.graphql(`{ orgInvites { id } }`, {}, { headers: { cookie } });
    expect(r.body.errors?.[0]?.extensions?.code).toBe('PERMISSION_DENIED');
  });
});
