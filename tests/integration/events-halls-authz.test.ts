import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceContext } from '~/server/context.server';
import { addFoyerPoint, addImageFoyer, resetNavigation, updateImageFoyer } from '~/server/services/events/foyer';
import {
  hallAddStand,
  hallApproveStand,
  hallRemoveStand,
  hallReorderStands,
  hallStandAccept,
  hallStandById,
  hallStandDecline,
  standApplyToHall,
} from '~/server/services/events/hall-stands';
import { addHallToConvention, createHall, deleteHall, hallBySlug, listHalls, sitemap, updateHall } from '~/server/services/events/halls';
import { createStandNode, deleteStandNode } from '~/server/services/events/nodes';
import { createPoint, deletePoint, updatePoint } from '~/server/services/events/points';
import { createBaseStand, deleteBaseStand, listStands, updateBaseStand } from '~/server/services/events/stands';
import { createTestApp, type TestApp } from '../helpers/app';
import { as, eventsWorld, image, outcome } from './events-halls-world';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  fs.rmSync(path.resolve(t.app.env.UPLOAD_DIR), { recursive: true, force: true });
});

type Who = 'anonymous' | 'stranger' | 'sales' | 'noFeature' | 'owner';
const WHO: Who[] = ['anonymous', 'stranger', 'sales', 'noFeature', 'owner'];

/**
 * The host's objects: a hall in its convention with its own stand, the exhibitor's stand invited into it (the host
 * agreed, the exhibitor not yet), a node, a point and a foyer.
 */
async function fixture() {
  const w = await eventsWorld(t);
  const host = await t.serviceContext(w.owner.id);
  const exhibitor = await t.serviceContext(w.stranger.id);
  const hall = await createHall(host, { name: 'Halle' });
  await addHallToConvention(host, w.convention.id, hall.id);
  const stand = await createBaseStand(host, { name: `Host-Stand ${Date.now()}` });
  const ownPlace = await hallAddStand(host, hall.id, { domain: stand.slug });
  const foreign = await createBaseStand(exhibitor, { name: `Gast-Stand ${Date.now()}` });
  const pending = await hallAddStand(host, hall.id, { domain: foreign.slug });
  const node = await createStandNode(host, stand.id, { type: 'IFRAME', iframe: 'https://embed.example' });
  const point = await createPoint(host, node.id, { cx: 1, cy: 1 });
  const foyer = await addImageFoyer(host, w.convention.id);
  const ids: Record<Who, string | null> = { anonymous: null, stranger: w.stranger.id, sales: w.sales.id, noFeature: w.noFeature.id, owner: w.owner.id };
  return { w, hall, stand, ownPlace, foreign, pending, node, point, foyer, ids };
}

type Fixture = Awaited<ReturnType<typeof fixture>>;

/** Writes: the owner may, a sales user and an organisation without the event feature may not, another organisation finds nothing. */
const WRITE: Record<Who, string> = { anonymous: 'UNAUTHENTICATED', stranger: 'NOT_FOUND', sales: 'PERMISSION_DENIED', noFeature: 'PERMISSION_DENIED', owner: 'ok' };
/** The exhibitor's answers about its own stand: only the stand's organisation may give them, the host finds nothing. */
const EXHIBITOR: Record<Who, string> = { anonymous: 'UNAUTHENTICATED', stranger: 'ok', sales: 'PERMISSION_DENIED', noFeature: 'PERMISSION_DENIED', owner: 'NOT_FOUND' };

describe('authorization matrix (GraphQL)', () => {
  const operations: { name: string; expected: Record<Who, string>; run: (f: Fixture, headers: Record<string, string>) => Promise<string> }[] = [
    {
      name: 'hallUpdate',
      expected: WRITE,
      run: async (f, headers) => outcome((await t.graphql(`mutation($id: ID!) { hallUpdate(id: $id, input: { name: "Neu" }) { error { code } } }`, { id: f.hall.id }, { headers })).body, 'hallUpdate'),
    },
    {
      name: 'hallDelete',
      expected: WRITE,
      run: async (f, headers) => outcome((await t.graphql(`mutation($id: ID!) { hallDelete(id: $id) { error { code } } }`, { id: f.hall.id }, { headers })).body, 'hallDelete'),
    },
    {
      name: 'hallAddStand (own stand into the host hall)',
      expected: WRITE,
      run: async (f, headers) => {
        await t.app.db('hall_stands').where({ id: f.ownPlace.id }).delete();
        const r = await t.graphql(`mutation($id: ID!, $d: String!) { hallAddStand(id: $id, domain: $d) { error { code } } }`, { id: f.hall.id, d: f.stand.slug }, { headers });
        return outcome(r.body, 'hallAddStand');
      },
    },
    {
      name: 'hallApproveStand (the pending stand; the exhibitor owns it but not the hall)',
      expected: WRITE,
      run: async (f, headers) => outcome((await t.graphql(`mutation($id: ID!) { hallApproveStand(id: $id) { error { code } } }`, { id: f.pending.id }, { headers })).body, 'hallApproveStand'),
    },
    {
      name: 'hallStandAccept (the invitation; only the stand organisation accepts it)',
      expected: EXHIBITOR,
      run: async (f, headers) => outcome((await t.graphql(`mutation($id: ID!) { hallStandAccept(id: $id) { error { code } } }`, { id: f.pending.id }, { headers })).body, 'hallStandAccept'),
    },
    {
      name: 'hallStandDecline (the invitation; only the stand organisation declines it)',
      expected: EXHIBITOR,
      run: async (f, headers) => outcome((await t.graphql(`mutation($id: ID!) { hallStandDecline(id: $id) { error { code } } }`, { id: f.pending.id }, { headers })).body, 'hallStandDecline'),
    },
    {
      name: 'standApplyToHall (the exhibitor stand to the host hall)',
      expected: { ...EXHIBITOR, owner: 'NOT_FOUND' },
      run: async (f, headers) => {
        await t.app.db('hall_stands').where({ id: f.pending.id }).delete();
        const r = await t.graphql(`mutation($s: ID!, $h: String!) { standApplyToHall(standId: $s, hallSlug: $h) { error { code } } }`, { s: f.foreign.id, h: f.hall.slug }, { headers });
        return outcome(r.body, 'standApplyToHall');
      },
    },
    {
      name: "cross-organisation stand: the host's invitation and approval of another organisation's stand show it to nobody but that organisation",
      expected: { anonymous: 'NOT_FOUND', stranger: 'ok', sales: 'NOT_FOUND', noFeature: 'NOT_FOUND', owner: 'NOT_FOUND' },
      run: async (f, headers) => {
        await t.app.db('halls').where({ id: f.hall.id }).update({ permission_type: 'PUBLIC' });
        const owner = await as(t, f.w.owner.id);
        await t.graphql(`mutation($id: ID!) { hallApproveStand(id: $id) { error { code } } }`, { id: f.pending.id }, { headers: owner });
        const r = await t.graphql(
          `query($c: String!, $h: String!, $s: String!) { fetchConventionStand(conventionSlug: $c, hallSlug: $h, standSlug: $s) { hallStand { stand { nodes { id } } } } }`,
          { c: f.w.convention.slug, h: f.hall.slug, s: f.pending.slug },
          { headers },
        );
        return outcome(r.body, 'fetchConventionStand');
      },
    },
    {
      name: "cross-organisation stand: the hall stand of an invitation carries its stand only for the stand's organisation",
      expected: { anonymous: 'UNAUTHENTICATED', stranger: 'ok', sales: 'PERMISSION_DENIED', noFeature: 'PERMISSION_DENIED', owner: 'hidden' },
      run: async (f, headers) => {
        const r = await t.graphql(`query($id: ID!) { fetchHallStand(id: $id) { stand { id } } }`, { id: f.pending.id }, { headers });
        if (r.body.errors) return String(r.body.errors[0].extensions?.code);
        return (r.body.data as { fetchHallStand: { stand: unknown } }).fetchHallStand.stand ? 'ok' : 'hidden';
      },
    },
    {
      name: 'hallReorderStands',
      expected: WRITE,
      run: async (f, headers) =>
        outcome((await t.graphql(`mutation($h: ID!, $ids: [ID!]!) { hallReorderStands(hallId: $h, ids: $ids) { error { code } } }`, { h: f.hall.id, ids: [f.pending.id, f.ownPlace.id] }, { headers })).body, 'hallReorderStands'),
    },
    {
      name: 'hallRemoveStand',
      expected: WRITE,
      run: async (f, headers) => outcome((await t.graphql(`mutation($id: ID!) { hallRemoveStand(id: $id) { error { code } } }`, { id: f.pending.id }, { headers })).body, 'hallRemoveStand'),
    },
    {
      name: 'baseStandUpdate',
      expected: WRITE,
      run: async (f, headers) => outcome((await t.graphql(`mutation($id: ID!) { baseStandUpdate(id: $id, input: { shop: true }) { error { code } } }`, { id: f.stand.id }, { headers })).body, 'baseStandUpdate'),
    },
    {
      name: 'standNodeCreate',
      expected: WRITE,
      run: async (f, headers) =>
        outcome((await t.graphql(`mutation($s: ID!) { standNodeCreate(standId: $s, input: { type: IFRAME, iframe: "https://x.example" }) { error { code } } }`, { s: f.stand.id }, { headers })).body, 'standNodeCreate'),
    },
    {
      name: 'pointDelete',
      expected: WRITE,
      run: async (f, headers) => outcome((await t.graphql(`mutation($id: ID!) { pointDelete(id: $id) { error { code } } }`, { id: f.point.id }, { headers })).body, 'pointDelete'),
    },
    {
      name: 'addHallToConvention',
      expected: WRITE,
      run: async (f, headers) =>
        outcome((await t.graphql(`mutation($id: ID!, $h: ID!) { addHallToConvention(id: $id, hallID: $h) { error { code } } }`, { id: f.w.convention.id, h: f.hall.id }, { headers })).body, 'addHallToConvention'),
    },
    {
      name: 'imageFoyerAddPoint',
      expected: WRITE,
      run: async (f, headers) =>
        outcome((await t.graphql(`mutation($f: ID!) { imageFoyerAddPoint(imageFoyerId: $f, point: { x: 1, y: 1, link: "https://a.example" }) { error { code } } }`, { f: f.foyer.id }, { headers })).body, 'imageFoyerAddPoint'),
    },
    {
      name: 'conventionNavigationReset',
      expected: WRITE,
      run: async (f, headers) =>
        outcome((await t.graphql(`mutation($c: ID!) { conventionNavigationReset(conventionId: $c) { error { code } } }`, { c: f.w.convention.id }, { headers })).body, 'conventionNavigationReset'),
    },
    {
      name: 'fetchHall (console read)',
      expected: WRITE,
      run: async (f, headers) => outcome((await t.graphql(`query($s: String!) { fetchHall(slug: $s) { id } }`, { s: f.hall.slug }, { headers })).body, 'fetchHall'),
    },
    {
      name: 'sitemap',
      expected: WRITE,
      run: async (f, headers) => outcome((await t.graphql(`query($s: String!) { sitemap(conventionSlug: $s) { halls { id } } }`, { s: f.w.convention.slug }, { headers })).body, 'sitemap'),
    },
    {
      name: 'fetchHalls lists only the own organisation',
      expected: { anonymous: 'UNAUTHENTICATED', stranger: 'hidden', sales: 'PERMISSION_DENIED', noFeature: 'PERMISSION_DENIED', owner: 'ok' },
      run: async (f, headers) => {
        const r = await t.graphql(`{ fetchHalls { id } }`, {}, { headers });
        if (r.body.errors) return String(r.body.errors[0].extensions?.code);
        return (r.body.data as { fetchHalls: { id: string }[] }).fetchHalls.some((h) => h.id === f.hall.id) ? 'ok' : 'hidden';
      },
    },
    {
      name: 'fetchHallStand of the pending stand: host and exhibitor see it',
      expected: { anonymous: 'UNAUTHENTICATED', stranger: 'ok', sales: 'PERMISSION_DENIED', noFeature: 'PERMISSION_DENIED', owner: 'ok' },
      run: async (f, headers) => outcome((await t.graphql(`query($id: ID!) { fetchHallStand(id: $id) { id } }`, { id: f.pending.id }, { headers })).body, 'fetchHallStand'),
    },
  ];

  for (const op of operations) {
    it(op.name, async () => {
      const actual: Record<string, string> = {};
      for (const who of WHO) {
        const f = await fixture();
        actual[who] = await op.run(f, await as(t, f.ids[who]));
      }
      expect(actual).toEqual(op.expected);
    });
  }

  it('visitor reads follow the convention access type: PUBLIC for anyone, LOGGED_IN needs a login, inactive ones are hidden', async () => {
    const f = await fixture();
    const QUERY = `query($c: String!, $h: String!) { fetchConventionHall(conventionSlug: $c, hallSlug: $h) { hall { id } } }`;
    const vars = { c: f.w.convention.slug, h: f.hall.slug };
    await t.app.db('halls').where({ id: f.hall.id }).update({ permission_type: 'PUBLIC' });
    expect(outcome((await t.graphql(QUERY, vars)).body, 'fetchConventionHall')).toBe('ok');
    await t.app.db('conventions').where({ id: f.w.convention.id }).update({ permission_type: 'LOGGED_IN' });
    expect(outcome((await t.graphql(QUERY, vars)).body, 'fetchConventionHall')).toBe('PERMISSION_DENIED');
    expect(outcome((await t.graphql(QUERY, vars, { headers: await as(t, f.w.noFeature.id) })).body, 'fetchConventionHall')).toBe('ok');
    await t.app.db('conventions').where({ id: f.w.convention.id }).update({ permission_type: 'TOKEN' });
    expect(outcome((await t.graphql(QUERY, vars, { headers: await as(t, f.w.noFeature.id) })).body, 'fetchConventionHall')).toBe('PERMISSION_DENIED');
    expect(outcome((await t.graphql(QUERY, vars, { headers: await as(t, f.w.owner.id) })).body, 'fetchConventionHall')).toBe('ok');
    await t.app.db('conventions').where({ id: f.w.convention.id }).update({ permission_type: 'PUBLIC', active: false });
    expect(outcome((await t.graphql(QUERY, vars)).body, 'fetchConventionHall')).toBe('NOT_FOUND');
  });
});

describe('authorization matrix (services)', () => {
  const calls: { name: string; run: (ctx: ServiceContext, f: Fixture) => Promise<unknown> }[] = [
    { name: 'updateHall', run: (ctx, f) => updateHall(ctx, f.hall.id, { name: 'x' }) },
    { name: 'deleteHall', run: (ctx, f) => deleteHall(ctx, f.hall.id) },
    { name: 'hallBySlug', run: (ctx, f) => hallBySlug(ctx, f.hall.slug) },
    { name: 'hallApproveStand', run: (ctx, f) => hallApproveStand(ctx, f.pending.id) },
    { name: 'hallRemoveStand', run: (ctx, f) => hallRemoveStand(ctx, f.pending.id) },
    { name: 'hallReorderStands', run: (ctx, f) => hallReorderStands(ctx, f.hall.id, [f.pending.id, f.ownPlace.id]) },
    { name: 'updateBaseStand', run: (ctx, f) => updateBaseStand(ctx, f.stand.id, { shop: true }) },
    { name: 'deleteBaseStand', run: (ctx, f) => deleteBaseStand(ctx, f.stand.id) },
    { name: 'deleteStandNode', run: (ctx, f) => deleteStandNode(ctx, f.node.id) },
    { name: 'updatePoint', run: (ctx, f) => updatePoint(ctx, f.point.id, { cx: 5 }) },
    { name: 'deletePoint', run: (ctx, f) => deletePoint(ctx, f.point.id) },
    { name: 'addFoyerPoint', run: (ctx, f) => addFoyerPoint(ctx, f.foyer.id, { x: 1, y: 1, link: 'https://a.example' }) },
    { name: 'resetNavigation', run: (ctx, f) => resetNavigation(ctx, f.w.convention.id) },
    { name: 'sitemap', run: (ctx, f) => sitemap(ctx, f.w.convention.slug) },
  ];
  const exhibitorCalls: { name: string; run: (ctx: ServiceContext, f: Fixture) => Promise<unknown> }[] = [
    { name: 'hallStandAccept', run: (ctx, f) => hallStandAccept(ctx, f.pending.id) },
    { name: 'hallStandDecline', run: (ctx, f) => hallStandDecline(ctx, f.pending.id) },
    {
      name: 'standApplyToHall',
      run: async (ctx, f) => {
        await t.app.db('hall_stands').where({ id: f.pending.id }).delete();
        return standApplyToHall(ctx, f.foreign.id, f.hall.slug);
      },
    },
  ];

  it.each(exhibitorCalls.map((c) => [c.name, c] as const))('%s (the exhibitor side)', async (_name, call) => {
    const actual: Record<string, string> = {};
    for (const who of WHO) {
      const f = await fixture();
      const ctx = await t.serviceContext(f.ids[who]);
      actual[who] = await call.run(ctx, f).then(
        () => 'ok',
        (error: { code?: string }) => error.code ?? String(error),
      );
    }
    expect(actual).toEqual(EXHIBITOR);
  });

  it.each(calls.map((c) => [c.name, c] as const))('%s', async (_name, call) => {
    const actual: Record<string, string> = {};
    for (const who of WHO) {
      const f = await fixture();
      const ctx = await t.serviceContext(f.ids[who]);
      actual[who] = await call.run(ctx, f).then(
        () => 'ok',
        (error: { code?: string }) => error.code ?? String(error),
      );
    }
    expect(actual).toEqual(WRITE);
  });

  it('lists only the own organisation and refuses without the event feature', async () => {
    const f = await fixture();
    const stranger = await t.serviceContext(f.w.stranger.id);
    expect((await listHalls(stranger)).map((h) => h.id)).not.toContain(f.hall.id);
    expect((await listStands(stranger)).map((s) => s.id)).toEqual([f.foreign.id]);
    await expect(listHalls(await t.serviceContext(f.w.noFeature.id))).rejects.toMatchObject({ code: 'PERMISSION_DENIED' });
    await expect(listStands(await t.serviceContext(f.w.sales.id))).rejects.toMatchObject({ code: 'PERMISSION_DENIED' });
    await expect(listHalls(await t.serviceContext(null))).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    // the exhibitor sees the pending place of their stand, a third organisation does not
    expect((await hallStandById(stranger, f.pending.id)).id).toBe(f.pending.id);
    await expect(hallStandById(await t.serviceContext(f.w.noFeature.id), f.pending.id)).rejects.toMatchObject({ code: 'PERMISSION_DENIED' });
  });

  it("refuses another organisation's files as images", async () => {
    const f = await fixture();
    const foreignImage = await image(t, f.w.stranger.id, 1600, 900);
    const host = await t.serviceContext(f.w.owner.id);
    await expect(updateHall(host, f.hall.id, { thumbnailId: foreignImage })).rejects.toMatchObject({ code: 'NOT_FOUND', field: 'thumbnailId' });
    await expect(updateImageFoyer(host, f.foyer.id, foreignImage)).rejects.toMatchObject({ code: 'NOT_FOUND', field: 'fileId' });
  });
});
