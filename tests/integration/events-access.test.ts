import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as conventionLanding from '~/routes/convention.$conventionslug._index';
import * as tokenPage from '~/routes/_public.token';
import * as conventionConsole from '~/routes/_console.events.convention.$slug/route';
import * as exhibitionConsole from '~/routes/_console.events.exhibition.$exhibitionSlug';
import * as hallBuilder from '~/routes/_console.hall.builder.$slug';
import type { ServiceContext } from '~/server/context.server';
import {
  addObjectPermission,
  assertAccess,
  createObjectToken,
  listObjectPermissions,
  redeemAccessToken,
  suspendObjectPermission,
} from '~/server/services/access/index';
import { conventionBySlug } from '~/server/services/events/conventions';
import { exhibitionForVisitor } from '~/server/services/events/exhibitions';
import { conventionHall } from '~/server/services/events/halls';
import { PARTNER_DAY_KEY, seedPartnerDay } from '~/server/seed/events-access';
import { createTestApp, type TestApp } from '../helpers/app';
import { callRoute } from '../helpers/routes';
import { addMember, createUser } from '../fixtures/factories';
import { eventsWorld } from './events-halls-world';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// GraphQL answers are checked field by field with expect(); a loose JSON type keeps the queries readable
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;
type Access = 'PUBLIC' | 'LOGGED_IN' | 'TOKEN';

const ERR = 'error { code field message } errors { code field message }';
const stamp = () => crypto.randomBytes(4).toString('hex');

/** The events world (a host with owner and sales user, another host, an organisation without the event feature) and three visitors without organisation. */
async function world() {
  const w = await eventsWorld(t);
  const visitors = await Promise.all([1, 2, 3].map(() => createUser(t.app.db, { default_language: 'EN', first_name: 'Vera', last_name: 'Visitor' })));
  return { ...w, visitors };
}

type World = Awaited<ReturnType<typeof world>>;

/** An active convention of the host with EN/DE titles, optionally with a hall, and an in-house fair. */
async function objects(w: World, access: { convention: Access; hall?: Access; exhibition?: Access }) {
  const db = t.app.db;
  const s = stamp();
  const [convention] = await db('conventions')
    .insert({ organization_id: w.host.id, slug: `messe-${s}`, title: `Messe ${s}`, active: true, permission_type: access.convention })
    .returning(['id', 'slug', 'organization_id', 'permission_type']);
  await db('convention_translations').insert([
    { convention_id: convention.id, language: 'EN', title: `Partner fair ${s}` },
    { convention_id: convention.id, language: 'DE', title: `Partnermesse ${s}` },
  ]);
  const [hall] = await db('halls')
    .insert({ organization_id: w.host.id, slug: `halle-${s}`, name: `Halle ${s}`, permission_type: access.hall ?? 'PUBLIC' })
    .returning(['id', 'slug', 'organization_id', 'permission_type']);
  await db('convention_halls').insert({ organization_id: w.host.id, convention_id: convention.id, hall_id: hall.id });
  const [exhibition] = await db('exhibitions')
    .insert({ organization_id: w.host.id, slug: `hausmesse-${s}`, name: `Hausmesse ${s}`, permission_type: access.exhibition ?? 'PUBLIC' })
    .returning(['id', 'slug', 'organization_id', 'permission_type']);
  return { convention, hall, exhibition, conventionTitle: `Partner fair ${s}` };
}

async function ctxOf(userId: string | null, language: 'EN' | 'DE' = 'EN'): Promise<ServiceContext> {
  return t.serviceContext(userId, language);
}

/** 'ok' or the DomainError code a visitor check ends in. */
async function verdict(work: Promise<unknown>): Promise<string> {
  try {
    await work;
    return 'ok';
  } catch (error) {
    return (error as { code?: string }).code ?? String(error);
  }
}

async function gql(userId: string | null, query: string, variables?: Record<string, unknown>): Promise<{ data?: Json; errors?: Json[] }> {
  const headers: Record<string, string> = userId ? { Authorization: `JWT ${await t.accessToken(userId)}` } : {};
  return (await t.graphql(query, variables, { headers })).body as { data?: Json; errors?: Json[] };
}

const REDEEM = `mutation($input: ObjectTokenRedeemInput!) { objectTokenRedeem(input: $input) { ok next ${ERR} } }`;

describe('visitor access rules', () => {
  it('PUBLIC lets anyone in, LOGGED_IN any logged-in user, TOKEN only holders of a permission; members always', async () => {
    const w = await world();
    const [visitor] = w.visitors;
    const cases: [Access, string | null, string][] = [
      ['PUBLIC', null, 'ok'],
      ['PUBLIC', visitor.id, 'ok'],
      ['LOGGED_IN', null, 'PERMISSION_DENIED'],
      ['LOGGED_IN', visitor.id, 'ok'],
      ['TOKEN', null, 'PERMISSION_DENIED'],
      ['TOKEN', visitor.id, 'PERMISSION_DENIED'],
      ['TOKEN', w.owner.id, 'ok'],
      // a sales user of the host is a member too
      ['TOKEN', w.sales.id, 'ok'],
      ['TOKEN', w.stranger.id, 'PERMISSION_DENIED'],
    ];
    for (const [access, userId, expected] of cases) {
      const o = await objects(w, { convention: 'PUBLIC', hall: access, exhibition: access });
      const ctx = await ctxOf(userId);
      expect(await verdict(conventionBySlug(ctx, o.convention.slug)), `convention ${access}`).toBe('ok');
      expect(await verdict(conventionHall(ctx, o.convention.slug, o.hall.slug)), `hall ${access} as ${userId}`).toBe(expected);
      expect(await verdict(exhibitionForVisitor(ctx, o.exhibition.slug)), `exhibition ${access} as ${userId}`).toBe(expected);
    }
    expect(await verdict(conventionBySlug(await ctxOf(null), 'no-such-convention'))).toBe('NOT_FOUND');
  });

  it('a permission opens a TOKEN object; a suspended one shuts out of any object, but never a member', async () => {
    const w = await world();
    const [visitor] = w.visitors;
    const o = await objects(w, { convention: 'TOKEN', exhibition: 'PUBLIC' });
    const owner = await ctxOf(w.owner.id);
    const entry = await addObjectPermission(owner, o.convention.id, visitor.email);
    expect(await verdict(conventionBySlug(await ctxOf(visitor.id), o.convention.slug))).toBe('ok');

    await suspendObjectPermission(owner, entry.id);
    expect(await verdict(conventionBySlug(await ctxOf(visitor.id), o.convention.slug))).toBe('PERMISSION_DENIED');
    // suspended on a PUBLIC object: out as well
    const onFair = await addObjectPermission(owner, o.exhibition.id, visitor.email);
    await suspendObjectPermission(owner, onFair.id);
    expect(await verdict(exhibitionForVisitor(await ctxOf(visitor.id), o.exhibition.slug))).toBe('PERMISSION_DENIED');
    expect(await verdict(exhibitionForVisitor(await ctxOf(null), o.exhibition.slug))).toBe('ok');

    await suspendObjectPermission(owner, entry.id, false);
    expect(await verdict(conventionBySlug(await ctxOf(visitor.id), o.convention.slug))).toBe('ok');

    // a member of the host with a suspended permission (say, from before joining) still gets in
    const member = await createUser(t.app.db);
    const suspendedMember = await addObjectPermission(owner, o.convention.id, member.email);
    await suspendObjectPermission(owner, suspendedMember.id);
    await addMember(t.app.db, w.host.id, member.id, { role: 'sales', sales: true });
    expect(await verdict(conventionBySlug(await ctxOf(member.id), o.convention.slug))).toBe('ok');
  });

  it("checks a convention and its hall with one query for the viewer's permissions", async () => {
    const w = await world();
    const [visitor] = w.visitors;
    const o = await objects(w, { convention: 'TOKEN', hall: 'TOKEN' });
    const owner = await ctxOf(w.owner.id);
    await addObjectPermission(owner, o.convention.id, visitor.email);
    await addObjectPermission(owner, o.hall.id, visitor.email);
    const ctx = await ctxOf(visitor.id);
    const statements: string[] = [];
    const listener = (q: { sql: string }) => statements.push(q.sql);
    t.app.db.on('query', listener);
    try {
      await conventionBySlug(ctx, o.convention.slug);
      await conventionHall(ctx, o.convention.slug, o.hall.slug);
      await assertAccess(ctx, 'hall', o.hall);
    } finally {
      t.app.db.off('query', listener);
    }
    expect(statements.filter((sql) => sql.includes('object_permissions'))).toHaveLength(1);
  });
});

describe('redeeming an access key', () => {
  it('needs a login, a path naming an object and a valid key; counts once per person and grants access', async () => {
    const w = await world();
    const [visitor, second] = w.visitors;
    const o = await objects(w, { convention: 'TOKEN' });
    const owner = await ctxOf(w.owner.id);
    const key = await createObjectToken(owner, { conventionId: o.convention.id, token: 'PARTNER-2026', limit: 5 });
    const next = `/convention/${o.convention.slug}/hall/${o.hall.slug}?tab=stands`;

    await expect(redeemAccessToken(await ctxOf(null), { token: 'PARTNER-2026', next })).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    for (const path of ['/events', '/convention/no-such-fair', `/convention/${o.convention.slug}/hall/no-such-hall`, 'https://evil.example/convention/x', '']) {
      await expect(redeemAccessToken(await ctxOf(visitor.id), { token: 'PARTNER-2026', next: path }), path).rejects.toMatchObject({
        code: 'NOT_FOUND',
        field: 'next',
        message: 'There is no protected content at this address',
      });
    }
    await expect(redeemAccessToken(await ctxOf(visitor.id), { token: 'partner-2026', next })).rejects.toMatchObject({
      code: 'INVALID',
      field: 'token',
      message: 'This access key is not valid',
    });
    await expect(redeemAccessToken(await ctxOf(visitor.id, 'DE'), { token: '  ', next })).rejects.toMatchObject({ code: 'REQUIRED', field: 'token' });

    const ctx = await ctxOf(visitor.id);
    expect(await verdict(conventionBySlug(ctx, o.convention.slug))).toBe('PERMISSION_DENIED');
    const redeemed = await redeemAccessToken(ctx, { token: ' PARTNER-2026 ', next });
    expect(redeemed).toEqual({ next, granted: [{ kind: 'convention', title: o.conventionTitle }] });
    // the same context (request) sees the new permission at once
    expect(await verdict(conventionBySlug(ctx, o.convention.slug))).toBe('ok');
    // entering the key again does not count a second sign-up
    expect(await redeemAccessToken(await ctxOf(visitor.id), { token: 'PARTNER-2026', next })).toEqual({ next, granted: [] });
    await expect(redeemAccessToken(await ctxOf(visitor.id), { token: 'OTHER', next })).rejects.toMatchObject({ code: 'INVALID' });
    await redeemAccessToken(await ctxOf(second.id), { token: 'PARTNER-2026', next: `/convention/${o.convention.slug}` });
    expect(await t.app.db('object_tokens').where({ id: key.id }).first('signed_up')).toEqual({ signed_up: 2 });

    const list = await listObjectPermissions(owner, o.convention.id);
    expect(list.map((p) => [p.email, p.token, p.suspended])).toEqual([
      [visitor.email, 'PARTNER-2026', false],
      [second.email, 'PARTNER-2026', false],
    ]);
  });

  it('refuses a key at its limit and cannot re-activate a suspended permission', async () => {
    const w = await world();
    const [first, second] = w.visitors;
    const o = await objects(w, { convention: 'TOKEN' });
    const owner = await ctxOf(w.owner.id);
    await createObjectToken(owner, { conventionId: o.convention.id, token: 'ONE-ONLY', limit: 1 });
    const next = `/convention/${o.convention.slug}`;
    await redeemAccessToken(await ctxOf(first.id), { token: 'ONE-ONLY', next });
    await expect(redeemAccessToken(await ctxOf(second.id, 'DE'), { token: 'ONE-ONLY', next })).rejects.toMatchObject({
      code: 'INVALID',
      field: 'token',
      message: 'Dieser Zugangsschlüssel hat sein Limit erreicht',
    });
    expect(await t.app.db('object_permissions').where({ user_id: second.id }).first()).toBeUndefined();

    const [entry] = await listObjectPermissions(owner, o.convention.id);
    await suspendObjectPermission(owner, entry.id);
    await createObjectToken(owner, { conventionId: o.convention.id, token: 'FRESH', limit: 10 });
    await expect(redeemAccessToken(await ctxOf(first.id), { token: 'FRESH', next })).rejects.toMatchObject({
      code: 'PERMISSION_DENIED',
      message: `Your access to “${o.conventionTitle}” was suspended. Please contact the organiser.`,
    });
    expect(await t.app.db('object_tokens').where({ token: 'FRESH', convention_id: o.convention.id }).first('signed_up')).toEqual({ signed_up: 0 });
    expect(await t.app.db('object_permissions').where({ id: entry.id }).first('suspended')).toEqual({ suspended: true });
  });

  it('opens the convention first and then the hall, each with its own key', async () => {
    const w = await world();
    const [visitor] = w.visitors;
    const o = await objects(w, { convention: 'TOKEN', hall: 'TOKEN' });
    const owner = await ctxOf(w.owner.id);
    await createObjectToken(owner, { conventionId: o.convention.id, token: 'FAIR-KEY', limit: 10 });
    const hallKey = await createObjectToken(owner, { hallId: o.hall.id, token: 'HALL-KEY', limit: 10 });
    const next = `/convention/${o.convention.slug}/hall/${o.hall.slug}`;

    expect((await redeemAccessToken(await ctxOf(visitor.id), { token: 'FAIR-KEY', next })).granted.map((g) => g.kind)).toEqual(['convention']);
    expect(await verdict(conventionHall(await ctxOf(visitor.id), o.convention.slug, o.hall.slug))).toBe('PERMISSION_DENIED');
    // the convention's key does not open the hall
    await expect(redeemAccessToken(await ctxOf(visitor.id), { token: 'FAIR-KEY', next })).rejects.toMatchObject({ code: 'INVALID' });
    expect((await redeemAccessToken(await ctxOf(visitor.id), { token: 'HALL-KEY', next })).granted.map((g) => g.kind)).toEqual(['hall']);
    expect(await verdict(conventionHall(await ctxOf(visitor.id), o.convention.slug, o.hall.slug))).toBe('ok');
    expect(await t.app.db('object_tokens').where({ id: hallKey.id }).first('signed_up')).toEqual({ signed_up: 1 });
  });

  it('lets exactly one of two visitors racing for the last place in', async () => {
    const w = await world();
    const o = await objects(w, { convention: 'TOKEN' });
    const owner = await ctxOf(w.owner.id);
    const key = await createObjectToken(owner, { conventionId: o.convention.id, token: 'LAST-SEAT', limit: 1 });
    const next = `/convention/${o.convention.slug}`;
    const contexts = await Promise.all(w.visitors.slice(0, 2).map((v) => ctxOf(v.id)));
    const results = await Promise.allSettled(contexts.map((ctx) => redeemAccessToken(ctx, { token: 'LAST-SEAT', next })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.find((r) => r.status === 'rejected')).toMatchObject({ reason: { code: 'INVALID', message: 'This access key has reached its limit' } });
    expect(await t.app.db('object_tokens').where({ id: key.id }).first('signed_up')).toEqual({ signed_up: 1 });
    expect(await t.app.db('object_permissions').where({ convention_id: o.convention.id }).count<{ n: number }[]>('* as n')).toEqual([{ n: 1 }]);

    // one person entering the key twice at once counts once
    const fresh = await objects(w, { convention: 'TOKEN' });
    const twice = await createObjectToken(owner, { conventionId: fresh.convention.id, token: 'TWICE', limit: 5 });
    const visitor = w.visitors[2];
    await Promise.all([1, 2].map(async () => redeemAccessToken(await ctxOf(visitor.id), { token: 'TWICE', next: `/convention/${fresh.convention.slug}` })));
    expect(await t.app.db('object_tokens').where({ id: twice.id }).first('signed_up')).toEqual({ signed_up: 1 });
  });
});

describe('GraphQL door', () => {
  it('objectTokenRedeem answers ok and next, or the error; logged out it is UNAUTHENTICATED', async () => {
    const w = await world();
    const [visitor] = w.visitors;
    const o = await objects(w, { convention: 'TOKEN', exhibition: 'TOKEN' });
    const created = await gql(w.owner.id, `mutation($id: ID!) { objectTokenCreate(input: { exhibitionId: $id, token: "HAUS", limit: 3 }) { objectToken { token limit signedUp } ${ERR} } }`, {
      id: o.exhibition.id,
    });
    expect(created.data!.objectTokenCreate).toMatchObject({ error: null, objectToken: { token: 'HAUS', limit: 3, signedUp: 0 } });

    const next = `/exhibition/${o.exhibition.slug}`;
    const anonymous = await gql(null, REDEEM, { input: { token: 'HAUS', next } });
    expect(anonymous.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const wrong = await gql(visitor.id, REDEEM, { input: { token: 'NOPE', next } });
    expect(wrong.data!.objectTokenRedeem).toMatchObject({ ok: false, next: null, error: { code: 'INVALID', field: 'token', message: 'This access key is not valid' } });
    const offSite = await gql(visitor.id, REDEEM, { input: { token: 'HAUS', next: '//evil.example/exhibition/x' } });
    expect(offSite.data!.objectTokenRedeem.error).toMatchObject({ code: 'NOT_FOUND', field: 'next' });

    const before = await gql(visitor.id, `query($id: String!) { fetchExhibition(slug: $id) { id } }`, { id: o.exhibition.slug });
    expect(before.errors?.[0]?.extensions?.code).toBe('PERMISSION_DENIED');
    const ok = await gql(visitor.id, REDEEM, { input: { token: 'HAUS', next } });
    expect(ok.data!.objectTokenRedeem).toEqual({ ok: true, next, error: null, errors: [] });
    const after = await gql(visitor.id, `query($id: String!) { fetchExhibition(slug: $id) { id objectTokens { token } } }`, { id: o.exhibition.slug });
    // in, but the keys stay the organiser's business
    expect(after.data!.fetchExhibition).toEqual({ id: o.exhibition.id, objectTokens: [] });
    const asOwner = await gql(w.owner.id, `query($id: String!) { fetchExhibition(slug: $id) { objectTokens { token signedUp } } }`, { id: o.exhibition.slug });
    expect(asOwner.data!.fetchExhibition.objectTokens).toEqual([{ token: 'HAUS', signedUp: 1 }]);
  });

  it('creates keys for exactly one convention, hall or in-house fair of the own organisation', async () => {
    const w = await world();
    const o = await objects(w, { convention: 'TOKEN', hall: 'TOKEN' });
    const create = (userId: string, input: Json) =>
      gql(userId, `mutation($input: ObjectTokenCreateInput!) { objectTokenCreate(input: $input) { objectToken { token } ${ERR} } }`, { input });
    expect((await create(w.owner.id, { limit: 5 })).data!.objectTokenCreate.error).toMatchObject({ code: 'INVALID', field: 'conventionId' });
    expect((await create(w.owner.id, { conventionId: o.convention.id, hallId: o.hall.id, limit: 5 })).data!.objectTokenCreate.error).toMatchObject({
      code: 'INVALID',
      field: 'hallId',
      message: 'Choose exactly one convention, hall or in-house fair for the key',
    });
    expect((await create(w.stranger.id, { hallId: o.hall.id, limit: 5 })).data!.objectTokenCreate.error).toMatchObject({ code: 'NOT_FOUND', field: 'hallId' });
    expect((await create(w.noFeature.id, { hallId: o.hall.id, limit: 5 })).data!.objectTokenCreate.error).toMatchObject({ code: 'PERMISSION_DENIED' });
    expect((await create(w.owner.id, { hallId: o.hall.id, token: 'HALLE', limit: 5 })).data!.objectTokenCreate).toMatchObject({ error: null, objectToken: { token: 'HALLE' } });
    // the same key may open another object, but not twice the same
    expect((await create(w.owner.id, { conventionId: o.convention.id, token: 'HALLE', limit: 5 })).data!.objectTokenCreate.error).toBeNull();
    expect((await create(w.owner.id, { hallId: o.hall.id, token: 'HALLE', limit: 9 })).data!.objectTokenCreate.error).toMatchObject({ code: 'UNIQUE', field: 'token' });

    const hallTokens = `query($c: String!, $h: String!) { fetchConventionHall(conventionSlug: $c, hallSlug: $h) { hall { objectTokens { token } } } }`;
    const asOwner = await gql(w.owner.id, hallTokens, { c: o.convention.slug, h: o.hall.slug });
    expect(asOwner.data!.fetchConventionHall.hall.objectTokens).toEqual([{ token: 'HALLE' }]);
    const asSales = await gql(w.sales.id, hallTokens, { c: o.convention.slug, h: o.hall.slug });
    expect(asSales.data!.fetchConventionHall.hall.objectTokens).toEqual([]);
  });

  it('manages object permissions; other organisations, organisations without the event feature and anonymous callers cannot', async () => {
    const w = await world();
    const [visitor, other] = w.visitors;
    const o = await objects(w, { convention: 'TOKEN' });
    const list = `query($id: ID!) { objectPermissions(objectId: $id) { id suspended token user { email firstName lastName } } }`;
    const add = `mutation($id: ID!, $email: String!) { objectPermissionAddUser(objectId: $id, email: $email) { objectPermission { id suspended user { email } } ${ERR} } }`;
    const suspend = `mutation($id: ID!, $s: Boolean) { objectPermissionSuspend(id: $id, suspended: $s) { objectPermission { id suspended } ${ERR} } }`;
    const suspendDefault = `mutation($id: ID!) { objectPermissionSuspend(id: $id) { objectPermission { suspended } ${ERR} } }`;
    const remove = `mutation($id: ID!) { objectPermissionRemoveUser(id: $id) { id ok ${ERR} } }`;

    const added = await gql(w.owner.id, add, { id: o.convention.id, email: visitor.email.toUpperCase() });
    expect(added.data!.objectPermissionAddUser).toMatchObject({ error: null, objectPermission: { suspended: false, user: { email: visitor.email } } });
    const permissionId = added.data!.objectPermissionAddUser.objectPermission.id;
    expect((await gql(w.owner.id, add, { id: o.convention.id, email: visitor.email })).data!.objectPermissionAddUser.error).toMatchObject({
      code: 'UNIQUE',
      field: 'email',
    });
    expect((await gql(w.owner.id, add, { id: o.convention.id, email: 'nobody@nowhere.example' })).data!.objectPermissionAddUser.error).toEqual({
      code: 'NOT_FOUND',
      field: 'email',
      message: 'No user with this e-mail address was found',
    });
    expect((await gql(w.owner.id, add, { id: o.convention.id, email: 'not-an-address' })).data!.objectPermissionAddUser.error).toMatchObject({
      code: 'INVALID',
      field: 'email',
    });
    expect((await gql(w.owner.id, list, { id: o.convention.id })).data!.objectPermissions).toEqual([
      { id: permissionId, suspended: false, token: null, user: { email: visitor.email, firstName: 'Vera', lastName: 'Visitor' } },
    ]);
    expect((await gql(w.owner.id, suspendDefault, { id: permissionId })).data!.objectPermissionSuspend).toMatchObject({ error: null, objectPermission: { suspended: true } });
    expect(await verdict(conventionBySlug(await ctxOf(visitor.id), o.convention.slug))).toBe('PERMISSION_DENIED');
    expect((await gql(w.owner.id, suspend, { id: permissionId, s: false })).data!.objectPermissionSuspend.objectPermission).toEqual({ id: permissionId, suspended: false });
    expect(await verdict(conventionBySlug(await ctxOf(visitor.id), o.convention.slug))).toBe('ok');

    const callers: [string, string, string][] = [
      ['other organisation', w.stranger.id, 'NOT_FOUND'],
      ['sales user', w.sales.id, 'PERMISSION_DENIED'],
      ['organisation without the event feature', w.noFeature.id, 'PERMISSION_DENIED'],
      ['visitor', other.id, 'PERMISSION_DENIED'],
    ];
    for (const [who, userId, code] of callers) {
      expect((await gql(userId, list, { id: o.convention.id })).errors?.[0]?.extensions?.code, `list as ${who}`).toBe(code);
      expect((await gql(userId, add, { id: o.convention.id, email: other.email })).data!.objectPermissionAddUser.error, `add as ${who}`).toMatchObject({ code });
      expect((await gql(userId, suspend, { id: permissionId, s: true })).data!.objectPermissionSuspend.error, `suspend as ${who}`).toMatchObject({ code });
      expect((await gql(userId, remove, { id: permissionId })).data!.objectPermissionRemoveUser, `remove as ${who}`).toMatchObject({ ok: false, error: { code } });
    }
    for (const query of [list, add, suspend, remove]) {
      const body = await gql(null, query, { id: query === list || query === add ? o.convention.id : permissionId, email: other.email, s: true });
      expect(body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    }
    // nothing changed
    expect(await t.app.db('object_permissions').where({ convention_id: o.convention.id }).select('id', 'suspended')).toEqual([{ id: permissionId, suspended: false }]);

    expect((await gql(w.owner.id, remove, { id: permissionId })).data!.objectPermissionRemoveUser).toEqual({ id: permissionId, ok: true, error: null, errors: [] });
    expect(await verdict(conventionBySlug(await ctxOf(visitor.id), o.convention.slug))).toBe('PERMISSION_DENIED');
    expect((await gql(w.owner.id, remove, { id: permissionId })).data!.objectPermissionRemoveUser.error).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('page door', () => {
  it('sends visitors of a TOKEN convention to login or /token, takes the key there and lets them in', async () => {
    const w = await world();
    const [visitor] = w.visitors;
    const o = await objects(w, { convention: 'TOKEN' });
    await createObjectToken(await ctxOf(w.owner.id), { conventionId: o.convention.id, token: 'PARTNER-2026', limit: 10 });
    const path = `/convention/${o.convention.slug}`;
    const landing = (userId: string | null) =>
      callRoute(t, conventionLanding.loader, { url: path, userId, params: { conventionslug: o.convention.slug } });
    const tokenUrl = `/token?next=${encodeURIComponent(path)}`;

    expect(await landing(null)).toMatchObject({ status: 302, location: `/login?next=${encodeURIComponent(path)}` });
    expect(await landing(visitor.id)).toMatchObject({ status: 302, location: tokenUrl });
    // logged out, the key page asks the visitor to log in first and come back with next (issue 24 item 21)
    expect(await callRoute(t, tokenPage.loader, { url: tokenUrl, userId: null })).toMatchObject({
      status: 200,
      data: { login: `/login?next=${encodeURIComponent(tokenUrl)}` },
    });
    const page = await callRoute(t, tokenPage.loader, { url: tokenUrl, userId: visitor.id });
    expect(page).toMatchObject({ status: 200, data: { next: path, asking: { kind: 'convention', title: o.conventionTitle }, suspended: null } });

    const post = (token: string, userId = visitor.id) => callRoute(t, tokenPage.action, { url: tokenUrl, userId, form: { token, next: path } });
    const wrong = await post('WRONG');
    expect(wrong.status).toBe(400);
    expect(wrong.data).toMatchObject({ result: { status: 'error', error: { token: ['This access key is not valid'] } } });
    const empty = await post('');
    expect(empty.data).toMatchObject({ result: { error: { token: ['This field is required'] } } });

    expect(await post('PARTNER-2026')).toMatchObject({
      status: 302,
      location: path,
      toast: { type: 'success', key: 'access:token.granted', values: { title: o.conventionTitle } },
    });
    expect(await landing(visitor.id)).toMatchObject({ status: 200 });

    // an off-site next is never followed
    const offSite = await callRoute(t, tokenPage.action, { url: '/token', userId: visitor.id, form: { token: 'PARTNER-2026', next: 'https://evil.example/' } });
    expect(offSite).toMatchObject({ status: 400, data: { result: { error: { '': ['There is no protected content at this address'] } } } });
  });

  it('shows why a suspended visitor cannot get in, and a key at its limit', async () => {
    const w = await world();
    const [first, second] = w.visitors;
    const o = await objects(w, { convention: 'TOKEN' });
    const owner = await ctxOf(w.owner.id);
    await createObjectToken(owner, { conventionId: o.convention.id, token: 'SOLO', limit: 1 });
    const path = `/convention/${o.convention.slug}`;
    const tokenUrl = `/token?next=${encodeURIComponent(path)}`;
    const post = (userId: string) => callRoute(t, tokenPage.action, { url: tokenUrl, userId, form: { token: 'SOLO', next: path } });

    expect(await post(first.id)).toMatchObject({ status: 302, location: path });
    const full = await post(second.id);
    expect(full).toMatchObject({ status: 400, data: { result: { error: { token: ['This access key has reached its limit'] } } } });

    const [entry] = await listObjectPermissions(owner, o.convention.id);
    await suspendObjectPermission(owner, entry.id);
    const landing = await callRoute(t, conventionLanding.loader, { url: path, userId: first.id, params: { conventionslug: o.convention.slug } });
    expect(landing).toMatchObject({ status: 302, location: tokenUrl });
    const page = await callRoute(t, tokenPage.loader, { url: tokenUrl, userId: first.id });
    expect(page.data).toMatchObject({ suspended: `Your access to “${o.conventionTitle}” was suspended. Please contact the organiser.` });
    const again = await post(first.id);
    expect(again).toMatchObject({ status: 400, data: { result: { error: { '': [`Your access to “${o.conventionTitle}” was suspended. Please contact the organiser.`] } } } });
  });

  it('lets the organiser add, suspend, reactivate and (after confirming) remove people on the convention page', async () => {
    const w = await world();
    const [visitor] = w.visitors;
    const o = await objects(w, { convention: 'TOKEN' });
    const url = `/events/convention/${o.convention.slug}`;
    const params = { slug: o.convention.slug };
    const post = (form: Record<string, string>) => callRoute(t, conventionConsole.action, { url, userId: w.owner.id, params, form });
    const load = async () =>
      ((await callRoute(t, conventionConsole.loader, { url, userId: w.owner.id, params })).data as { permissions: { id: string; email: string; suspended: boolean; token: string | null }[] })
        .permissions;

    expect(await post({ intent: 'addPermission', email: 'nobody@nowhere.example' })).toMatchObject({
      status: 404,
      data: { form: 'addPermission', result: { error: { email: ['No user with this e-mail address was found'] } } },
    });
    expect(await post({ intent: 'addPermission', email: visitor.email })).toMatchObject({
      status: 302,
      location: url,
      toast: { key: 'access:permissions.toast.added', values: { email: visitor.email } },
    });
    const [entry] = await load();
    expect(entry).toMatchObject({ email: visitor.email, suspended: false, token: null });

    expect(await post({ intent: 'suspendPermission', id: entry.id })).toMatchObject({ status: 302, toast: { key: 'access:permissions.toast.suspended' } });
    expect((await load())[0].suspended).toBe(true);
    expect(await post({ intent: 'reactivatePermission', id: entry.id })).toMatchObject({ status: 302, toast: { key: 'access:permissions.toast.reactivated' } });
    expect((await load())[0].suspended).toBe(false);

    expect(await post({ intent: 'removePermission', id: entry.id, name: visitor.email })).toMatchObject({
      status: 200,
      data: { confirm: { intent: 'removePermission', id: entry.id } },
    });
    expect(await load()).toHaveLength(1);
    expect(await post({ intent: 'removePermission', id: entry.id, name: visitor.email, confirmed: 'yes' })).toMatchObject({
      status: 302,
      toast: { key: 'access:permissions.toast.removed' },
    });
    expect(await load()).toEqual([]);
  });

  it('manages keys and people of a hall on its builder and of an in-house fair on its dashboard', async () => {
    const w = await world();
    const [visitor, other] = w.visitors;
    const o = await objects(w, { convention: 'PUBLIC', hall: 'TOKEN', exhibition: 'TOKEN' });
    type AccessData = { tokens: { id: string; token: string; signedUp: number }[]; permissions: { email: string; token: string | null }[] };
    const hallUrl = `/hall/builder/${o.hall.slug}`;
    const hallParams = { slug: o.hall.slug };
    const postHall = (form: Record<string, string>) => callRoute(t, hallBuilder.action, { url: hallUrl, userId: w.owner.id, params: hallParams, form });
    const loadHall = async () => (await callRoute(t, hallBuilder.loader, { url: hallUrl, userId: w.owner.id, params: hallParams })).data as AccessData;

    expect(await postHall({ intent: 'createToken', token: 'HALLE-1', limit: '0' })).toMatchObject({ status: 400, data: { form: 'createToken' } });
    expect(await postHall({ intent: 'createToken', token: 'HALLE-1', limit: '20' })).toMatchObject({
      status: 302,
      location: hallUrl,
      toast: { key: 'access:tokens.toast.created', values: { token: 'HALLE-1' } },
    });
    await redeemAccessToken(await ctxOf(visitor.id), { token: 'HALLE-1', next: `/convention/${o.convention.slug}/hall/${o.hall.slug}` });
    const hallData = await loadHall();
    expect(hallData.tokens).toMatchObject([{ token: 'HALLE-1', signedUp: 1 }]);
    expect(hallData.permissions).toEqual([expect.objectContaining({ email: visitor.email, token: 'HALLE-1' })]);
    expect(await postHall({ intent: 'deleteToken', id: hallData.tokens[0].id, name: 'HALLE-1' })).toMatchObject({ status: 200, data: { confirm: { intent: 'deleteToken' } } });
    expect(await postHall({ intent: 'deleteToken', id: hallData.tokens[0].id, name: 'HALLE-1', confirmed: 'yes' })).toMatchObject({
      status: 302,
      toast: { key: 'access:tokens.toast.deleted' },
    });
    // the person who joined with the deleted key keeps the access
    const afterDelete = await loadHall();
    expect(afterDelete.tokens).toEqual([]);
    expect(afterDelete.permissions).toEqual([expect.objectContaining({ email: visitor.email, token: null })]);
    expect(await verdict(conventionHall(await ctxOf(visitor.id), o.convention.slug, o.hall.slug))).toBe('ok');

    const fairUrl = `/events/exhibition/${o.exhibition.slug}`;
    const fairParams = { exhibitionSlug: o.exhibition.slug };
    const postFair = (form: Record<string, string>) => callRoute(t, exhibitionConsole.action, { url: fairUrl, userId: w.owner.id, params: fairParams, form });
    expect(await postFair({ intent: 'addPermission', email: other.email })).toMatchObject({ status: 302, toast: { key: 'access:permissions.toast.added' } });
    const fairData = (await callRoute(t, exhibitionConsole.loader, { url: fairUrl, userId: w.owner.id, params: fairParams })).data as AccessData;
    expect(fairData.permissions).toEqual([expect.objectContaining({ email: other.email, token: null })]);
    expect(await verdict(exhibitionForVisitor(await ctxOf(other.id), o.exhibition.slug))).toBe('ok');
  });
});

describe('demo seed: Partnertag', () => {
  it('is an active TOKEN convention running now that the documented key opens', async () => {
    const w = await world();
    const now = new Date();
    const seeded = await t.app.db.transaction((trx) => seedPartnerDay(trx, { organizationId: w.host.id, now }));
    const visitor = w.visitors[0];
    const answer = await gql(w.owner.id, `query { fetchConvention(slug: "partnertag-2026") { id status permissionType translation(language: EN) { title } objectTokens { token limit } } }`);
    expect(answer.data!.fetchConvention).toEqual({
      id: seeded.conventionId,
      status: 'ONGOING',
      permissionType: 'TOKEN',
      translation: { title: 'Partner Day 2026' },
      objectTokens: [{ token: 'PARTNER-2026', limit: 100 }],
    });
    expect(await verdict(conventionBySlug(await ctxOf(visitor.id), 'partnertag-2026'))).toBe('PERMISSION_DENIED');
    await redeemAccessToken(await ctxOf(visitor.id), { token: PARTNER_DAY_KEY, next: '/convention/partnertag-2026' });
    expect(await verdict(conventionBySlug(await ctxOf(visitor.id), 'partnertag-2026'))).toBe('ok');
  });
});
