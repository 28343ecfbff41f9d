import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Package } from '~/lib/features';
import * as tokenPage from '~/routes/_public.token';
import * as roomEditor from '~/routes/_console.virtual-rooms.$slug/route';
import * as roomPage from '~/routes/virtual-room.$slug';
import { createObjectToken, redeemAccessToken } from '~/server/services/access/index';
import { createTestApp, type TestApp } from '../helpers/app';
import { callRoute } from '../helpers/routes';
import { addMember, createAccessKey as createKey, createConvention, createOrganization, createUser, createVirtualRoom } from '../fixtures/factories';

/**
 * Issue 25, holes 3 and 4: access keys cannot be guessed (wrong keys are throttled per person, per client address
 * and per object, with a clear message; generated keys are long), and a TOKEN virtual room's access can be managed
 * and revoked like every other protected kind's (objectPermissions, suspend, the editor's access section).
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Err = { code: string; field: string | null; message: string } | null;

async function gql<T>(userId: string | null, query: string, variables: Record<string, unknown> = {}) {
  const headers: Record<string, string> = userId ? { Authorization: `JWT ${await t.accessToken(userId)}` } : {};
  return (await t.graphql<T>(query, variables, { headers })).body;
}

const REDEEM = 'mutation($input: ObjectTokenRedeemInput!) { objectTokenRedeem(input: $input) { ok error { code field message } } }';

async function tokenConvention() {
  const org = await createOrganization(t.app.db, { suites: Package.EVENT });
  const convention = await createConvention(t.app.db, { organization_id: org.id, permission_type: 'TOKEN', active: true });
  await createKey(t.app.db, { convention_id: convention.id, token: 'RICHTIGER-SCHLUESSEL', limit: 1000 });
  return { org, convention, path: `/convention/${convention.slug}` };
}

const visitor = () => createUser(t.app.db, { default_language: 'EN' });

describe('guessing access keys (hole 3)', () => {
  it('throttles one person after a few wrong keys, with the wait in their language; while locked even the right key waits', async () => {
    const { path } = await tokenConvention();
    const guesser = await visitor();
    const codes: string[] = [];
    let throttled: Err = null;
    for (let attempt = 0; attempt < 8 && !throttled; attempt += 1) {
      const answer = await gql<{ objectTokenRedeem: { error: Err } }>(guesser.id, REDEEM, { input: { token: `falsch-${attempt}`, next: path } });
      const error = answer.data!.objectTokenRedeem.error!;
      codes.push(error.code);
      if (error.code === 'THROTTLED') throttled = error;
    }
    // three free mistakes, then the lock: a typo costs nothing, 300 guesses in 5 s are impossible
    expect(codes.slice(0, 4)).toEqual(['INVALID', 'INVALID', 'INVALID', 'INVALID']);
    expect(throttled).toMatchObject({ code: 'THROTTLED', field: 'token' });
    expect(throttled!.message).toMatch(/^Too many wrong access keys\. Please wait \d+ seconds and try again\.$/);
    const right = await gql<{ objectTokenRedeem: { error: Err } }>(guesser.id, REDEEM, { input: { token: 'RICHTIGER-SCHLUESSEL', next: path } });
    expect(right.data!.objectTokenRedeem.error?.code).toBe('THROTTLED');

    // the page door says the same, in German for a German visitor
    await t.app.db('users').where({ id: guesser.id }).update({ default_language: 'DE' });
    const page = await callRoute(t, tokenPage.action, { url: '/token', userId: guesser.id, form: { token: 'RICHTIGER-SCHLUESSEL', next: path } });
    expect(page.status).toBe(400);
    expect(JSON.stringify(page.data)).toMatch(/Zu viele falsche Zugangsschlüssel\. Bitte warten Sie \d+ Sekunden/);
    // nothing was granted while locked
    expect(await t.app.db('object_permissions').where({ user_id: guesser.id }).first()).toBeUndefined();
  });

  it('throttles a client address that tries keys under many accounts', async () => {
    const { convention, path } = await tokenConvention();
    const ctxOf = async (userId: string) => t.serviceContext(userId, 'EN');
    const attempt = async (userId: string, token: string) => {
      try {
        await redeemAccessToken(await ctxOf(userId), { token, next: path }, { ip: '203.0.113.7' });
        return 'ok';
      } catch (error) {
        return (error as { code: string }).code;
      }
    };
    // 7 accounts x 3 wrong keys (each account within its own free mistakes) = 21 failures from one address
    for (let i = 0; i < 7; i += 1) {
      const user = await visitor();
      for (let k = 0; k < 3; k += 1) expect(await attempt(user.id, `rate-${i}-${k}`)).toBe('INVALID');
    }
    const fresh = await visitor();
    expect(await attempt(fresh.id, 'RICHTIGER-SCHLUESSEL')).toBe('THROTTLED');
    // from another address the same key works
    expect(await redeemAccessToken(await ctxOf(fresh.id), { token: 'RICHTIGER-SCHLUESSEL', next: path }, { ip: '198.51.100.1' })).toMatchObject({
      next: path,
      granted: [{ kind: 'convention' }],
    });
    expect(await t.app.db('object_permissions').where({ user_id: fresh.id, convention_id: convention.id }).first('id')).toBeTruthy();
  });

  it('throttles guessing at one object spread over many accounts and addresses', async () => {
    const { path } = await tokenConvention();
    let failures = 0;
    for (let i = 0; failures < 101; i += 1) {
      const user = await visitor();
      const ctx = await t.serviceContext(user.id, 'EN');
      for (let k = 0; k < 3 && failures < 101; k += 1) {
        await expect(redeemAccessToken(ctx, { token: `spread-${i}-${k}`, next: path }, { ip: `10.1.${i}.1` })).rejects.toMatchObject({ code: 'INVALID' });
        failures += 1;
      }
    }
    const fresh = await visitor();
    await expect(redeemAccessToken(await t.serviceContext(fresh.id, 'EN'), { token: 'RICHTIGER-SCHLUESSEL', next: path }, { ip: '10.9.9.9' })).rejects.toMatchObject({
      code: 'THROTTLED',
    });
  });

  it('generates keys of 20 URL-safe characters (120 random bits) when the organiser leaves the key empty', async () => {
    const { org, convention } = await tokenConvention();
    const owner = await createUser(t.app.db);
    await addMember(t.app.db, org.id, owner.id, { role: 'admin', isOwner: true });
    const keys = await Promise.all([1, 2, 3].map(async () => createObjectToken(await t.serviceContext(owner.id), { conventionId: convention.id, limit: 5 })));
    for (const key of keys) expect(key.token).toMatch(/^[A-Za-z0-9_-]{20}$/);
    expect(new Set(keys.map((k) => k.token)).size).toBe(3);
  });
});

describe('a TOKEN virtual room’s access is managed like every protected kind’s (hole 4)', () => {
  async function tokenRoom() {
    const org = await createOrganization(t.app.db, { suites: Package.SALES });
    const owner = await createUser(t.app.db, { default_language: 'EN' });
    await addMember(t.app.db, org.id, owner.id, { role: 'admin', isOwner: true });
    const room = await createVirtualRoom(t.app.db, { organization_id: org.id, access_type: 'TOKEN' });
    return { org, owner, room };
  }

  it('lists, suspends and removes the people of a room through GraphQL; a suspended person is sent to the key page', async () => {
    const { owner, room } = await tokenRoom();
    const guest = await visitor();
    const key = await gql<{ objectTokenCreate: { objectToken: { token: string }; error: Err } }>(
      owner.id,
      'mutation($input: ObjectTokenCreateInput!) { objectTokenCreate(input: $input) { objectToken { token } error { code field message } } }',
      { input: { virtualRoomId: room.id, limit: 10 } },
    );
    expect(key.data!.objectTokenCreate.error).toBeNull();
    const redeemed = await gql<{ objectTokenRedeem: { ok: boolean } }>(guest.id, REDEEM, {
      input: { token: key.data!.objectTokenCreate.objectToken.token, next: `/virtual-room/${room.slug}` },
    });
    expect(redeemed.data!.objectTokenRedeem.ok).toBe(true);
    const open = () => callRoute(t, roomPage.loader, { url: `/virtual-room/${room.slug}`, userId: guest.id, params: { slug: room.slug } });
    expect((await open()).status).toBe(200);

    const listed = await gql<{ objectPermissions: { id: string; suspended: boolean; user: { email: string } }[] }>(
      owner.id,
      'query($id: ID!) { objectPermissions(objectId: $id) { id suspended user { email } } }',
      { id: room.id },
    );
    expect(listed.errors).toBeUndefined();
    expect(listed.data!.objectPermissions).toEqual([{ id: expect.any(String), suspended: false, user: { email: guest.email } }]);
    const permissionId = listed.data!.objectPermissions[0].id;

    const suspended = await gql<{ objectPermissionSuspend: { objectPermission: { suspended: boolean }; error: Err } }>(
      owner.id,
      'mutation($id: ID!) { objectPermissionSuspend(id: $id) { objectPermission { suspended } error { code field message } } }',
      { id: permissionId },
    );
    expect(suspended.data!.objectPermissionSuspend).toEqual({ objectPermission: { suspended: true }, error: null });
    expect(await open()).toMatchObject({ status: 302, location: `/token?next=${encodeURIComponent(`/virtual-room/${room.slug}`)}` });

    // another organisation cannot see or touch them
    const { owner: stranger } = await tokenRoom();
    const foreign = await gql(stranger.id, 'query($id: ID!) { objectPermissions(objectId: $id) { id } }', { id: room.id });
    expect(foreign.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');

    const removed = await gql<{ objectPermissionRemoveUser: { ok: boolean } }>(owner.id, 'mutation($id: ID!) { objectPermissionRemoveUser(id: $id) { ok } }', { id: permissionId });
    expect(removed.data!.objectPermissionRemoveUser.ok).toBe(true);
    expect(await open()).toMatchObject({ status: 302 });
  });

  it('the room editor has the access section: keys with limits and sign-ups, people added by e-mail, suspended and reactivated', async () => {
    const { owner, room } = await tokenRoom();
    const guest = await visitor();
    const url = `/virtual-rooms/${room.slug}`;
    const created = await callRoute(t, roomEditor.action, { url, userId: owner.id, params: { slug: room.slug }, form: { intent: 'createToken', token: 'SHOWROOM-KEY-2026', limit: '25' } });
    expect(created).toMatchObject({ status: 302, toast: { type: 'success' } });
    const added = await callRoute(t, roomEditor.action, { url, userId: owner.id, params: { slug: room.slug }, form: { intent: 'addPermission', email: guest.email } });
    expect(added.status).toBe(302);
    const page = await callRoute(t, roomEditor.loader, { url, userId: owner.id, params: { slug: room.slug } });
    const data = page.data as { access: { tokens: { token: string; limit: number; signedUp: number }[]; permissions: { id: string; email: string; suspended: boolean }[] } };
    expect(data.access.tokens).toEqual([{ id: expect.any(String), token: 'SHOWROOM-KEY-2026', limit: 25, signedUp: 0 }]);
    expect(data.access.permissions).toEqual([expect.objectContaining({ email: guest.email, suspended: false })]);
    const suspend = await callRoute(t, roomEditor.action, {
      url,
      userId: owner.id,
      params: { slug: room.slug },
      form: { intent: 'suspendPermission', id: data.access.permissions[0].id },
    });
    expect(suspend.status).toBe(302);
    expect(await t.app.db('object_permissions').where({ id: data.access.permissions[0].id }).first('suspended')).toEqual({ suspended: true });
    // a sales user of another organisation gets the 404 page, not the section
    const { owner: stranger } = await tokenRoom();
    expect((await callRoute(t, roomEditor.loader, { url, userId: stranger.id, params: { slug: room.slug } })).status).toBe(404);
  });
});
