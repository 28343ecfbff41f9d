import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addHallToConvention, createHall } from '~/server/services/events/halls';
import { hallAddStand, hallStandAccept, standApplyToHall } from '~/server/services/events/hall-stands';
import { createBaseStand } from '~/server/services/events/stands';
import { createStandNode } from '~/server/services/events/nodes';
import { createTestApp, type TestApp } from '../helpers/app';
import { as, eventsWorld, image } from './events-halls-world';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  fs.rmSync(path.resolve(t.app.env.UPLOAD_DIR), { recursive: true, force: true });
});

// the tests walk deep into JSON answers whose shape each query states
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Gql = { data?: Record<string, any>; errors?: { message: string; extensions?: Record<string, unknown> }[] };

async function gql(userId: string | null, query: string, variables: Record<string, unknown> = {}, lang?: string): Promise<Gql> {
  const headers = await as(t, userId);
  const res = await fetch(`${t.url}/graphql/${lang ? `?lang=${lang}` : ''}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json', ...headers },
    body: JSON.stringify({ query, variables }),
  });
  return (await res.json()) as Gql;
}

const ERR = 'error { code field message }';

describe('halls', () => {
  it('creates a hall with a 16:9 thumbnail, a free slug and translations; refuses a wrong ratio and a taken slug', async () => {
    const w = await eventsWorld(t);
    const thumb = await image(t, w.owner.id, 1600, 900);
    const square = await image(t, w.owner.id, 800, 800);
    const create = (input: Record<string, unknown>) =>
      gql(w.owner.id, `mutation($input: HallCreateInput!) { hallCreate(input: $input) { hall { id slug name permissionType thumbnail { width height } } ${ERR} } }`, { input });

    const ok = await create({ name: 'Halle Süd', thumbnailId: thumb, permissionType: 'PUBLIC' });
    expect(ok.data!.hallCreate).toMatchObject({ error: null, hall: { name: 'Halle Süd', permissionType: 'PUBLIC', thumbnail: { width: 1600, height: 900 } } });
    expect(ok.data!.hallCreate.hall.slug).toMatch(/^halle-sued(-\d+)?$/);

    const wrong = await create({ name: 'Halle Quadrat', thumbnailId: square });
    expect(wrong.data!.hallCreate).toMatchObject({
      hall: null,
      error: { code: 'INVALID', field: 'thumbnailId', message: 'The image needs an aspect ratio of 16:9; this one is 800 × 800 pixels.' },
    });

    const taken = await create({ name: 'Noch eine', slug: ok.data!.hallCreate.hall.slug });
    expect(taken.data!.hallCreate.error).toMatchObject({ code: 'UNIQUE', field: 'slug', message: 'This address (slug) is already taken' });

    const hallId = ok.data!.hallCreate.hall.id;
    const tr = await gql(w.owner.id, `mutation($h: ID!) { hallTranslationCreate(hallId: $h, input: { language: DE, title: "Südhalle" }) { translation { id language title } ${ERR} } }`, { h: hallId });
    expect(tr.data!.hallTranslationCreate).toMatchObject({ error: null, translation: { language: 'DE', title: 'Südhalle' } });
    const again = await gql(w.owner.id, `mutation($h: ID!) { hallTranslationCreate(hallId: $h, input: { language: DE, title: "x" }) { ${ERR} } }`, { h: hallId });
    expect(again.data!.hallTranslationCreate.error).toMatchObject({ code: 'UNIQUE', field: 'language' });
    const upd = await gql(w.owner.id, `mutation($id: ID!) { hallTranslationUpdate(id: $id, input: { description: "Große Halle" }) { translation { title description } ${ERR} } }`, { id: tr.data!.hallTranslationCreate.translation.id });
    expect(upd.data!.hallTranslationUpdate).toMatchObject({ error: null, translation: { title: 'Südhalle', description: 'Große Halle' } });

    const hallUpdate = await gql(w.owner.id, `mutation($id: ID!) { hallUpdate(id: $id, input: { name: "Halle Nord", slug: "halle-nord-${Date.now()}" }) { hall { name slug } ${ERR} } }`, { id: hallId });
    expect(hallUpdate.data!.hallUpdate).toMatchObject({ error: null, hall: { name: 'Halle Nord' } });

    const fetched = await gql(w.owner.id, `query($s: String!) { fetchHall(slug: $s) { id translations { language title description } } }`, { s: hallUpdate.data!.hallUpdate.hall.slug });
    expect(fetched.data!.fetchHall.translations).toEqual([{ language: 'DE', title: 'Südhalle', description: 'Große Halle' }]);

    const del = await gql(w.owner.id, `mutation($id: ID!) { hallDelete(id: $id) { id ok ${ERR} } }`, { id: hallId });
    expect(del.data!.hallDelete).toMatchObject({ id: hallId, ok: true, error: null });
    expect(await t.app.db('halls').where({ id: hallId }).first()).toBeUndefined();
    expect(await t.app.db('hall_translations').where({ hall_id: hallId }).first()).toBeUndefined();
  });

  it('adds halls to and removes them from the convention, in order; lists them, flags them and builds the sitemap', async () => {
    const w = await eventsWorld(t);
    const ctx = await t.serviceContext(w.owner.id);
    const a = await createHall(ctx, { name: 'A-Halle' });
    const b = await createHall(ctx, { name: 'B-Halle' });
    const c = await createHall(ctx, { name: 'C-Halle' });
    const [{ id: stageId }] = await t.app.db('stages').insert({ organization_id: w.host.id, slug: `buehne-${Date.now()}`, title: 'Hauptbühne' }).returning('id');
    await t.app.db('convention_stages').insert({ convention_id: w.convention.id, stage_id: stageId });

    const add = (hall: string) =>
      gql(w.owner.id, `mutation($id: ID!, $h: ID!) { addHallToConvention(id: $id, hallID: $h) { convention { id slug } ${ERR} } }`, { id: w.convention.id, h: hall });
    expect((await add(b.id)).data!.addHallToConvention).toMatchObject({ error: null, convention: { id: w.convention.id } });
    await add(a.id);
    await add(b.id); // twice: still once
    const part = await gql(w.owner.id, `query($c: ID!) { hallsPartOfConvention(convId: $c) { name isPartOfConvention(convId: $c) } }`, { c: w.convention.id });
    expect(part.data!.hallsPartOfConvention).toEqual([
      { name: 'B-Halle', isPartOfConvention: true },
      { name: 'A-Halle', isPartOfConvention: true },
    ]);

    const flags = await gql(w.owner.id, `query($o: ID!, $c: ID!) { stagesAndHallsPartOfConvention(orgId: $o, convId: $c) { halls { hall { name } isPartOfConvention } stages { stage { title } isPartOfConvention } } }`, { o: w.host.id, c: w.convention.id });
    expect(flags.data!.stagesAndHallsPartOfConvention).toEqual({
      halls: [
        { hall: { name: 'A-Halle' }, isPartOfConvention: true },
        { hall: { name: 'B-Halle' }, isPartOfConvention: true },
        { hall: { name: 'C-Halle' }, isPartOfConvention: false },
      ],
      stages: [{ stage: { title: 'Hauptbühne' }, isPartOfConvention: true }],
    });

    const removed = await gql(w.owner.id, `mutation($id: ID!, $h: ID!) { removeHallFromConvention(id: $id, hallID: $h) { ${ERR} } }`, { id: w.convention.id, h: b.id });
    expect(removed.data!.removeHallFromConvention.error).toBeNull();
    const notThere = await gql(w.owner.id, `mutation($id: ID!, $h: ID!) { removeHallFromConvention(id: $id, hallID: $h) { ${ERR} } }`, { id: w.convention.id, h: c.id });
    expect(notThere.data!.removeHallFromConvention.error).toMatchObject({ code: 'NOT_FOUND', field: 'hallId' });

    const map = await gql(w.owner.id, `query($s: String!) { sitemap(conventionSlug: $s) { convention { slug } halls { name stands { slug } } stages { title } } }`, { s: w.convention.slug });
    expect(map.data!.sitemap).toEqual({ convention: { slug: w.convention.slug }, halls: [{ name: 'A-Halle', stands: [] }], stages: [{ title: 'Hauptbühne' }] });

    // a hall of another organisation cannot be added
    const foreign = await createHall(await t.serviceContext(w.stranger.id), { name: 'Fremde Halle' });
    expect((await add(foreign.id)).data!.addHallToConvention.error).toMatchObject({ code: 'NOT_FOUND', field: 'hallId' });
  });
});

describe('stands in halls: join, approval, order', () => {
  async function setup() {
    const w = await eventsWorld(t);
    const hostCtx = await t.serviceContext(w.owner.id);
    const exhibitorCtx = await t.serviceContext(w.stranger.id);
    const hall = await createHall(hostCtx, { name: 'Halle 1', permissionType: 'PUBLIC' });
    await addHallToConvention(hostCtx, w.convention.id, hall.id);
    const foreignStand = await createBaseStand(exhibitorCtx, { name: `Aussteller ${Date.now()}` });
    const ownStand = await createBaseStand(hostCtx, { name: `Eigener Stand ${Date.now()}` });
    const thumb = await image(t, w.owner.id, 1920, 1080);
    return { w, hall, foreignStand, ownStand, thumb, hostCtx, exhibitorCtx };
  }

  const ADD = `mutation($id: ID!, $d: String!, $th: ID) { hallAddStand(id: $id, domain: $d, thumbnail: $th) { hallStand { id approved standAccepted order slug previewSlug standName thumbnail { width } stand { slug } } ${ERR} } }`;
  const STAND = `query($c: String!, $h: String!, $s: String!, $p: String) { fetchConventionStand(conventionSlug: $c, hallSlug: $h, standSlug: $s, previewSlug: $p) { hallStand { approved standAccepted stand { name } } } }`;
  const HALL = `query($c: String!, $h: String!) { fetchConventionHall(conventionSlug: $c, hallSlug: $h) { hall { stands { slug previewSlug } } } }`;

  it("invites another organisation's stand (nobody else reads it, the host included, until that organisation accepts) and takes the own stand at once", async () => {
    const { w, hall, foreignStand, ownStand, thumb } = await setup();
    const foreign = await gql(w.owner.id, ADD, { id: hall.id, d: foreignStand.slug, th: thumb });
    const added = foreign.data!.hallAddStand;
    // the host's consent is given by inviting; the stand is not theirs to read yet
    expect(added).toMatchObject({
      error: null,
      hallStand: { approved: true, standAccepted: false, order: 0, slug: foreignStand.slug, standName: foreignStand.name, thumbnail: { width: 1920 }, stand: null },
    });
    expect(added.hallStand.previewSlug).toMatch(/^[\w-]{22}$/);

    const own = await gql(w.owner.id, ADD, { id: hall.id, d: ownStand.slug, th: thumb });
    expect(own.data!.hallAddStand).toMatchObject({ error: null, hallStand: { approved: true, standAccepted: true, order: 1, stand: { slug: ownStand.slug } } });

    // visitors (anonymous, public convention and hall) only see listed stands; the invitation is hidden even with its preview slug
    const visitor = await gql(null, HALL, { c: w.convention.slug, h: hall.slug });
    expect(visitor.data!.fetchConventionHall.hall.stands).toEqual([{ slug: ownStand.slug, previewSlug: null }]);
    const vars = { c: w.convention.slug, h: hall.slug, s: foreignStand.slug };
    expect((await gql(null, STAND, vars)).errors?.[0].extensions?.code).toBe('NOT_FOUND');
    expect((await gql(null, STAND, { ...vars, p: added.hallStand.previewSlug })).errors?.[0].extensions?.code).toBe('NOT_FOUND');
    expect((await gql(w.owner.id, STAND, vars)).errors?.[0].extensions?.code).toBe('NOT_FOUND');
    const hostView = await gql(w.owner.id, `query($id: ID!) { fetchHallStand(id: $id) { standName stand { name nodes { id } } } }`, { id: added.hallStand.id });
    expect(hostView.data!.fetchHallStand).toEqual({ standName: foreignStand.name, stand: null });

    // the exhibitor finds the invitation on its stand, cannot approve in the host's name, and the host cannot accept in theirs
    const theirs = await gql(w.stranger.id, `{ fetchStands { slug approved halls { id approved standAccepted previewSlug hall { name stands { id } } } } }`);
    expect(theirs.data!.fetchStands).toEqual([
      { slug: foreignStand.slug, approved: false, halls: [{ id: added.hallStand.id, approved: true, standAccepted: false, previewSlug: added.hallStand.previewSlug, hall: { name: 'Halle 1', stands: [] } }] },
    ]);
    const selfApprove = await gql(w.stranger.id, `mutation($id: ID!) { hallApproveStand(id: $id) { ${ERR} } }`, { id: added.hallStand.id });
    expect(selfApprove.data!.hallApproveStand.error).toMatchObject({ code: 'NOT_FOUND' });
    const hostAccept = await gql(w.owner.id, `mutation($id: ID!) { hallStandAccept(id: $id) { ${ERR} } }`, { id: added.hallStand.id });
    expect(hostAccept.data!.hallStandAccept.error).toMatchObject({ code: 'NOT_FOUND', field: 'id' });

    const accept = await gql(w.stranger.id, `mutation($id: ID!) { hallStandAccept(id: $id) { hallStand { approved standAccepted stand { approved } } ${ERR} } }`, { id: added.hallStand.id });
    expect(accept.data!.hallStandAccept).toEqual({ error: null, hallStand: { approved: true, standAccepted: true, stand: { approved: true } } });
    expect((await gql(null, STAND, vars)).data!.fetchConventionStand.hallStand).toEqual({ approved: true, standAccepted: true, stand: { name: foreignStand.name } });
    expect((await gql(null, HALL, { c: w.convention.slug, h: hall.slug })).data!.fetchConventionHall.hall.stands.map((s: { slug: string }) => s.slug)).toEqual([
      foreignStand.slug,
      ownStand.slug,
    ]);
    expect((await gql(w.owner.id, `query($id: ID!) { fetchHallStand(id: $id) { stand { name } } }`, { id: added.hallStand.id })).data!.fetchHallStand.stand).toEqual({
      name: foreignStand.name,
    });
  });

  it('lets the exhibitor apply with its stand by the hall slug; the host approves that hall stand only', async () => {
    const { w, hall, foreignStand, hostCtx, exhibitorCtx } = await setup();
    const otherHall = await createHall(hostCtx, { name: 'Halle 2', permissionType: 'PUBLIC' });
    await addHallToConvention(hostCtx, w.convention.id, otherHall.id);
    const APPLY = `mutation($s: ID!, $h: String!) { standApplyToHall(standId: $s, hallSlug: $h) { hallStand { id approved standAccepted slug previewSlug hall { slug } } ${ERR} } }`;

    const unknown = await gql(w.stranger.id, APPLY, { s: foreignStand.id, h: 'keine-halle-hier' });
    expect(unknown.data!.standApplyToHall.error).toEqual({ code: 'NOT_FOUND', field: 'hallSlug', message: 'No hall with this domain was found' });
    const notTheirs = await gql(w.owner.id, APPLY, { s: foreignStand.id, h: hall.slug });
    expect(notTheirs.data!.standApplyToHall.error).toMatchObject({ code: 'NOT_FOUND', field: 'standId' });

    const applied = await gql(w.stranger.id, APPLY, { s: foreignStand.id, h: hall.slug });
    const place = applied.data!.standApplyToHall.hallStand;
    expect(applied.data!.standApplyToHall).toMatchObject({ error: null, hallStand: { approved: false, standAccepted: true, slug: foreignStand.slug, hall: { slug: hall.slug } } });
    const again = await gql(w.stranger.id, APPLY, { s: foreignStand.id, h: hall.slug }, 'de');
    expect(again.data!.standApplyToHall.error).toEqual({ code: 'UNIQUE', field: 'hallSlug', message: 'Dieser Stand ist bereits in der Halle' });
    const second = (await standApplyToHall(exhibitorCtx, foreignStand.id, otherHall.slug)).id;

    // waiting for the host: hidden from visitors, shown by its preview slug, and the host may look at what applied
    const vars = { c: w.convention.slug, h: hall.slug, s: foreignStand.slug };
    expect((await gql(null, STAND, vars)).errors?.[0].extensions?.code).toBe('NOT_FOUND');
    expect((await gql(null, STAND, { ...vars, p: place.previewSlug })).data!.fetchConventionStand.hallStand).toEqual({
      approved: false,
      standAccepted: true,
      stand: { name: foreignStand.name },
    });
    expect((await gql(w.owner.id, `query($id: ID!) { fetchHallStand(id: $id) { stand { name } } }`, { id: place.id })).data!.fetchHallStand.stand).toEqual({
      name: foreignStand.name,
    });

    // the stand has no views and no texts yet: the host approves knowing that (confirm; tests/integration/console-navigation.test.ts)
    const approve = await gql(w.owner.id, `mutation($id: ID!) { hallApproveStand(id: $id, confirm: true) { hallStand { approved standAccepted stand { approved } } ${ERR} } }`, { id: place.id });
    expect(approve.data!.hallApproveStand).toEqual({ error: null, hallStand: { approved: true, standAccepted: true, stand: { approved: true } } });
    expect((await gql(null, STAND, vars)).data!.fetchConventionStand.hallStand.approved).toBe(true);
    // the stand's application to the other hall still waits: approving is about one hall stand
    expect(await t.app.db('hall_stands').where({ id: second }).first('approved', 'stand_accepted')).toEqual({ approved: false, stand_accepted: true });
    expect((await gql(null, STAND, { ...vars, h: otherHall.slug })).errors?.[0].extensions?.code).toBe('NOT_FOUND');
  });

  it('the exhibitor declines an invitation or leaves a hall: the hall stand is gone and the host may invite again', async () => {
    const { w, hall, foreignStand, hostCtx } = await setup();
    const invitation = await hallAddStand(hostCtx, hall.id, { domain: foreignStand.slug });
    const DECLINE = `mutation($id: ID!) { hallStandDecline(id: $id) { id ok ${ERR} } }`;
    expect((await gql(w.owner.id, DECLINE, { id: invitation.id })).data!.hallStandDecline.error).toMatchObject({ code: 'NOT_FOUND' });
    expect((await gql(w.stranger.id, DECLINE, { id: invitation.id })).data!.hallStandDecline).toEqual({ id: invitation.id, ok: true, error: null });
    expect(await t.app.db('hall_stands').where({ id: invitation.id }).first()).toBeUndefined();

    const again = await hallAddStand(hostCtx, hall.id, { domain: foreignStand.slug });
    await gql(w.stranger.id, `mutation($id: ID!) { hallStandAccept(id: $id) { ${ERR} } }`, { id: again.id });
    expect((await gql(null, STAND, { c: w.convention.slug, h: hall.slug, s: foreignStand.slug })).data!.fetchConventionStand.hallStand.standAccepted).toBe(true);
    expect((await gql(w.stranger.id, DECLINE, { id: again.id })).data!.hallStandDecline.ok).toBe(true);
    expect((await gql(null, STAND, { c: w.convention.slug, h: hall.slug, s: foreignStand.slug })).errors?.[0].extensions?.code).toBe('NOT_FOUND');
  });

  it('refuses an unknown domain, a stand already in the hall, a wrong thumbnail ratio and a taken hall slug', async () => {
    const { w, hall, foreignStand, thumb } = await setup();
    const unknown = await gql(w.owner.id, ADD, { id: hall.id, d: 'gibt-es-nicht', th: thumb });
    expect(unknown.data!.hallAddStand.error).toEqual({ code: 'NOT_FOUND', field: 'domain', message: 'No stand with this domain was found' });
    const wide = await image(t, w.owner.id, 2000, 1000);
    const ratio = await gql(w.owner.id, ADD, { id: hall.id, d: foreignStand.slug, th: wide }, 'de');
    expect(ratio.data!.hallAddStand.error).toMatchObject({ code: 'INVALID', field: 'thumbnail' });
    expect(ratio.data!.hallAddStand.error.message).toContain('16:9');
    await gql(w.owner.id, ADD, { id: hall.id, d: foreignStand.slug, th: thumb });
    const twice = await gql(w.owner.id, ADD, { id: hall.id, d: foreignStand.slug, th: thumb });
    expect(twice.data!.hallAddStand.error).toMatchObject({ code: 'UNIQUE', field: 'domain', message: 'This stand is already in the hall' });
    expect(await t.app.db('hall_stands').where({ hall_id: hall.id }).count<{ n: number }[]>('* as n')).toEqual([{ n: 1 }]);
  });

  it('reorders all stands in one call, refuses an incomplete list, moves one with hallUpdateStand and removes one', async () => {
    const { w, hall, hostCtx } = await setup();
    const ids: string[] = [];
    for (const n of [1, 2, 3]) {
      const stand = await createBaseStand(hostCtx, { name: `Stand ${n} ${Date.now()}` });
      ids.push((await hallAddStand(hostCtx, hall.id, { domain: stand.slug })).id);
    }
    const REORDER = `mutation($h: ID!, $ids: [ID!]!) { hallReorderStands(hallId: $h, ids: $ids) { hallStands { id order } ${ERR} } }`;
    const reversed = [...ids].reverse();
    const res = await gql(w.owner.id, REORDER, { h: hall.id, ids: reversed });
    expect(res.data!.hallReorderStands).toEqual({ error: null, hallStands: reversed.map((id, order) => ({ id, order })) });

    const partial = await gql(w.owner.id, REORDER, { h: hall.id, ids: reversed.slice(0, 2) });
    expect(partial.data!.hallReorderStands.error).toMatchObject({ code: 'INVALID', field: 'ids' });
    const dup = await gql(w.owner.id, REORDER, { h: hall.id, ids: [ids[0], ids[0], ids[1]] });
    expect(dup.data!.hallReorderStands.error).toMatchObject({ code: 'INVALID', field: 'ids' });
    const stored = await t.app.db('hall_stands').where({ hall_id: hall.id }).orderBy('order').pluck('id');
    expect(stored).toEqual(reversed);

    const move = await gql(w.owner.id, `mutation($id: ID!) { hallUpdateStand(id: $id, input: { order: 9, slug: "ganz-hinten" }) { hallStand { order slug } ${ERR} } }`, { id: ids[2] });
    expect(move.data!.hallUpdateStand).toEqual({ error: null, hallStand: { order: 9, slug: 'ganz-hinten' } });
    const slugClash = await gql(w.owner.id, `mutation($id: ID!) { hallUpdateStand(id: $id, input: { slug: "ganz-hinten" }) { ${ERR} } }`, { id: ids[0] });
    expect(slugClash.data!.hallUpdateStand.error).toMatchObject({ code: 'UNIQUE', field: 'slug' });
    const listed = await gql(w.owner.id, `query($s: String!) { fetchHall(slug: $s) { stands { id } } }`, { s: hall.slug });
    expect(listed.data!.fetchHall.stands.map((s: { id: string }) => s.id)).toEqual([ids[1], ids[0], ids[2]]);

    const remove = await gql(w.owner.id, `mutation($id: ID!) { hallRemoveStand(id: $id) { id ok ${ERR} } }`, { id: ids[1] });
    expect(remove.data!.hallRemoveStand).toEqual({ id: ids[1], ok: true, error: null });
    expect(await t.app.db('hall_stands').where({ id: ids[1] }).first()).toBeUndefined();
  });
});

describe('base stands, nodes and points', () => {
  it('manages a stand with translations, nodes (ratios checked on the real image), points and reference points', async () => {
    const w = await eventsWorld(t);
    const created = await gql(w.owner.id, `mutation { baseStandCreate(input: { name: "Müller Maschinen", shop: true, shopUrl: "https://shop.example", chatUrl: "https://chat.example" }) { stand { id slug shop shopUrl chatUrl approved organization { id } } ${ERR} } }`);
    const stand = created.data!.baseStandCreate.stand;
    expect(created.data!.baseStandCreate.error).toBeNull();
    expect(stand).toMatchObject({ shop: true, shopUrl: 'https://shop.example', approved: false, organization: { id: w.host.id } });
    expect(stand.slug).toMatch(/^mueller-maschinen/);
    const badUrl = await gql(w.owner.id, `mutation { baseStandCreate(input: { name: "X", chatUrl: "kein link" }) { ${ERR} } }`);
    expect(badUrl.data!.baseStandCreate.error).toMatchObject({ code: 'INVALID', field: 'chatUrl' });

    const tr = await gql(w.owner.id, `mutation($s: ID!) { standTranslationCreate(standId: $s, input: { language: EN, title: "Mueller machines" }) { translation { id } ${ERR} } }`, { s: stand.id });
    const trId = tr.data!.standTranslationCreate.translation.id;
    await gql(w.owner.id, `mutation($id: ID!) { standTranslationUpdate(id: $id, input: { description: "Tools" }) { ${ERR} } }`, { id: trId });
    const pano = await image(t, w.owner.id, 2048, 1024);
    const wide = await image(t, w.owner.id, 1280, 720);
    const NODE = `mutation($s: ID!, $input: StandNodeCreateInput!) { standNodeCreate(standId: $s, input: $input) { node { id type language image { width height } iframe } ${ERR} } }`;
    const panoNode = await gql(w.owner.id, NODE, { s: stand.id, input: { type: 'PANO', language: 'EN', imageId: pano } });
    expect(panoNode.data!.standNodeCreate).toMatchObject({ error: null, node: { type: 'PANO', language: 'EN', image: { width: 2048, height: 1024 } } });
    const wrongPano = await gql(w.owner.id, NODE, { s: stand.id, input: { type: 'PANO', imageId: wide } }, 'de');
    expect(wrongPano.data!.standNodeCreate.error).toMatchObject({ code: 'INVALID', field: 'imageId' });
    expect(wrongPano.data!.standNodeCreate.error.message).toContain('2:1');
    const wrongImage = await gql(w.owner.id, NODE, { s: stand.id, input: { type: 'IMAGE', imageId: pano } });
    expect(wrongImage.data!.standNodeCreate.error).toMatchObject({ code: 'INVALID', field: 'imageId' });
    const imageNode = await gql(w.owner.id, NODE, { s: stand.id, input: { type: 'IMAGE', imageId: wide } });
    expect(imageNode.data!.standNodeCreate.error).toBeNull();
    const noIframe = await gql(w.owner.id, NODE, { s: stand.id, input: { type: 'IFRAME' } });
    expect(noIframe.data!.standNodeCreate.error).toMatchObject({ code: 'REQUIRED', field: 'iframe' });
    const iframe = await gql(w.owner.id, NODE, { s: stand.id, input: { type: 'IFRAME', iframe: 'https://video.example/embed' } });
    expect(iframe.data!.standNodeCreate.node).toMatchObject({ type: 'IFRAME', iframe: 'https://video.example/embed', image: null });
    const nodeId = panoNode.data!.standNodeCreate.node.id;

    const POINT = `mutation($n: ID!, $input: PointCreateInput!) { pointCreate(nodeId: $n, input: $input) { point { id kind cx cy name slug order translations { language title } } ${ERR} } }`;
    const point = await gql(w.owner.id, POINT, { n: nodeId, input: { cx: 10.5, cy: 20 } });
    expect(point.data!.pointCreate).toMatchObject({ error: null, point: { kind: 'POINT', cx: 10.5, cy: 20, slug: null } });
    const outside = await gql(w.owner.id, POINT, { n: nodeId, input: { cx: 120, cy: 20 } });
    expect(outside.data!.pointCreate.error).toMatchObject({ code: 'INVALID', field: 'cx' });
    const refNoName = await gql(w.owner.id, POINT, { n: nodeId, input: { cx: 1, cy: 1, kind: 'REFERENCE' } });
    expect(refNoName.data!.pointCreate.error).toMatchObject({ code: 'REQUIRED', field: 'name' });
    const ref = await gql(w.owner.id, POINT, {
      n: nodeId,
      input: { cx: 50, cy: 50, kind: 'REFERENCE', name: 'Produkt Übersicht', order: 2, translations: [{ language: 'DE', title: 'Übersicht' }, { language: 'EN', title: 'Overview' }] },
    });
    expect(ref.data!.pointCreate).toMatchObject({
      error: null,
      point: { kind: 'REFERENCE', name: 'Produkt Übersicht', slug: 'produkt-uebersicht', order: 2, translations: [{ language: 'DE', title: 'Übersicht' }, { language: 'EN', title: 'Overview' }] },
    });
    const refId = ref.data!.pointCreate.point.id;
    const sameSlug = await gql(w.owner.id, POINT, { n: nodeId, input: { cx: 5, cy: 5, kind: 'REFERENCE', name: 'x', slug: 'produkt-uebersicht' } });
    expect(sameSlug.data!.pointCreate.error).toMatchObject({ code: 'UNIQUE', field: 'slug' });
    const moved = await gql(w.owner.id, `mutation($id: ID!) { pointUpdate(id: $id, input: { cx: 60, translations: [{ language: EN, title: "Products" }] }) { point { cx cy translations { language title } } ${ERR} } }`, { id: refId });
    expect(moved.data!.pointUpdate).toEqual({ error: null, point: { cx: 60, cy: 50, translations: [{ language: 'DE', title: 'Übersicht' }, { language: 'EN', title: 'Products' }] } });
    const fetched = await gql(w.owner.id, `query($id: ID!) { fetchPoint(id: $id) { id name } }`, { id: refId });
    expect(fetched.data!.fetchPoint).toEqual({ id: refId, name: 'Produkt Übersicht' });

    const full = await gql(w.owner.id, `query($s: String!) { fetchStand(slug: $s) { translations { language title description } nodes { type points { kind } } } }`, { s: stand.slug });
    expect(full.data!.fetchStand.translations).toEqual([{ language: 'EN', title: 'Mueller machines', description: 'Tools' }]);
    expect(full.data!.fetchStand.nodes.find((n: { type: string }) => n.type === 'PANO').points).toEqual([{ kind: 'POINT' }, { kind: 'REFERENCE' }]);

    const pDel = await gql(w.owner.id, `mutation($id: ID!) { pointDelete(id: $id) { ok ${ERR} } }`, { id: point.data!.pointCreate.point.id });
    expect(pDel.data!.pointDelete).toEqual({ ok: true, error: null });
    const trDel = await gql(w.owner.id, `mutation($id: ID!) { standTranslationDelete(id: $id) { ok } }`, { id: trId });
    expect(trDel.data!.standTranslationDelete.ok).toBe(true);
    // a personalization of the stand's own organisation (personalizations.test.ts: another one's is NOT_FOUND)
    const [own] = await t.app.db('personalizations').insert({ organization_id: w.host.id, slug: `look-${stand.id}`, title: 'Look' }).returning('id');
    const pers = await gql(w.owner.id, `mutation($id: ID!, $p: ID) { baseStandPersonalizationUpdate(id: $id, personalizationId: $p) { stand { personalizationId } ${ERR} } }`, { id: stand.id, p: own.id });
    expect(pers.data!.baseStandPersonalizationUpdate).toEqual({ error: null, stand: { personalizationId: own.id } });
    const nDel = await gql(w.owner.id, `mutation($id: ID!) { standNodeDelete(id: $id) { ok } }`, { id: nodeId });
    expect(nDel.data!.standNodeDelete.ok).toBe(true);
    expect(await t.app.db('points').where({ node_id: nodeId }).first()).toBeUndefined();
    const sDel = await gql(w.owner.id, `mutation($id: ID!) { baseStandDelete(id: $id) { ok } }`, { id: stand.id });
    expect(sDel.data!.baseStandDelete.ok).toBe(true);
    expect(await t.app.db('stand_nodes').where({ stand_id: stand.id }).first()).toBeUndefined();
  });
});

describe('image foyer', () => {
  it('creates the foyer, sets its image, needs a link or a visible target per point, and resets the navigation', async () => {
    const w = await eventsWorld(t);
    const hostCtx = await t.serviceContext(w.owner.id);
    const hall = await createHall(hostCtx, { name: 'Foyer-Halle' });
    await addHallToConvention(hostCtx, w.convention.id, hall.id);
    const exhibitorCtx = await t.serviceContext(w.stranger.id);
    const approvedStand = await createBaseStand(exhibitorCtx, { name: `Gast ${Date.now()}` });
    const pendingStand = await createBaseStand(exhibitorCtx, { name: `Wartend ${Date.now()}` });
    await hallStandAccept(exhibitorCtx, (await hallAddStand(hostCtx, hall.id, { domain: approvedStand.slug })).id);
    await hallAddStand(hostCtx, hall.id, { domain: pendingStand.slug });
    const foreignHall = await createHall(exhibitorCtx, { name: 'Nicht meine' });

    const add = await gql(w.owner.id, `mutation($c: ID!) { conventionAddImageFoyer(conventionId: $c) { imageFoyer { id conventionId image { id } points { id } } ${ERR} } }`, { c: w.convention.id });
    const foyer = add.data!.conventionAddImageFoyer.imageFoyer;
    expect(foyer).toMatchObject({ conventionId: w.convention.id, image: null, points: [] });
    expect((await t.app.db('conventions').where({ id: w.convention.id }).first('navigation_mode')).navigation_mode).toBe('IMAGE_FOYER');

    const foyerImage = await image(t, w.owner.id, 2000, 1000);
    const upd = await gql(w.owner.id, `mutation($f: ID!, $file: ID!) { conventionUpdateImageFoyer(imageFoyerId: $f, fileId: $file) { imageFoyer { image { width height } } ${ERR} } }`, { f: foyer.id, file: foyerImage });
    expect(upd.data!.conventionUpdateImageFoyer).toEqual({ error: null, imageFoyer: { image: { width: 2000, height: 1000 } } });

    const POINT = `mutation($f: ID!, $p: FoyerPointInput!) { imageFoyerAddPoint(imageFoyerId: $f, point: $p) { point { id x y targetType targetId link } ${ERR} } }`;
    const noLinkDe = await gql(w.owner.id, POINT, { f: foyer.id, p: { x: 10, y: 10 } }, 'de');
    expect(noLinkDe.data!.imageFoyerAddPoint.error).toEqual({ code: 'REQUIRED', field: 'link', message: 'Bitte wählen Sie einen Link für den neuen Punkt aus' });
    const noLinkEn = await gql(w.owner.id, POINT, { f: foyer.id, p: { x: 10, y: 10, targetType: 'HALL' } }, 'en');
    expect(noLinkEn.data!.imageFoyerAddPoint.error).toEqual({ code: 'REQUIRED', field: 'link', message: 'Please select a link for the new point' });
    const emptyLink = await gql(w.owner.id, POINT, { f: foyer.id, p: { x: 10, y: 10, targetType: 'LINK', link: '' } });
    expect(emptyLink.data!.imageFoyerAddPoint.error).toMatchObject({ code: 'REQUIRED', field: 'link' });

    const link = await gql(w.owner.id, POINT, { f: foyer.id, p: { x: 10, y: 20, link: 'https://messe.example/info' } });
    expect(link.data!.imageFoyerAddPoint).toMatchObject({ error: null, point: { x: 10, y: 20, targetType: 'LINK', targetId: null, link: 'https://messe.example/info' } });
    const toHall = await gql(w.owner.id, POINT, { f: foyer.id, p: { x: 30, y: 40, targetType: 'HALL', targetId: hall.id } });
    expect(toHall.data!.imageFoyerAddPoint).toMatchObject({ error: null, point: { targetType: 'HALL', targetId: hall.id, link: null } });
    const toForeignHall = await gql(w.owner.id, POINT, { f: foyer.id, p: { x: 30, y: 40, targetType: 'HALL', targetId: foreignHall.id } });
    expect(toForeignHall.data!.imageFoyerAddPoint.error).toMatchObject({ code: 'NOT_FOUND', field: 'targetId' });
    const toStand = await gql(w.owner.id, POINT, { f: foyer.id, p: { x: 50, y: 50, targetType: 'STAND', targetId: approvedStand.id } });
    expect(toStand.data!.imageFoyerAddPoint.error).toBeNull();
    const toPending = await gql(w.owner.id, POINT, { f: foyer.id, p: { x: 50, y: 50, targetType: 'STAND', targetId: pendingStand.id } });
    expect(toPending.data!.imageFoyerAddPoint.error).toMatchObject({ code: 'NOT_FOUND', field: 'targetId' });
    const toMissingPage = await gql(w.owner.id, POINT, { f: foyer.id, p: { x: 50, y: 50, targetType: 'CONTENTPAGE', targetId: hall.id } });
    expect(toMissingPage.data!.imageFoyerAddPoint.error).toMatchObject({ code: 'NOT_FOUND', field: 'targetId' });

    const del = await gql(w.owner.id, `mutation($id: ID!) { imageFoyerDeletePoint(foyerPointId: $id) { id ok ${ERR} } }`, { id: link.data!.imageFoyerAddPoint.point.id });
    expect(del.data!.imageFoyerDeletePoint).toMatchObject({ ok: true, error: null });
    const read = await gql(w.owner.id, `query($c: ID!) { conventionImageFoyer(conventionId: $c) { points { targetType } } }`, { c: w.convention.id });
    expect(read.data!.conventionImageFoyer.points).toEqual([{ targetType: 'HALL' }, { targetType: 'STAND' }]);

    // deleting a target removes the foyer points that led to it
    await gql(w.stranger.id, `mutation($id: ID!) { baseStandDelete(id: $id) { ok } }`, { id: approvedStand.id });
    const afterDelete = await gql(w.owner.id, `query($c: ID!) { conventionImageFoyer(conventionId: $c) { points { targetType } } }`, { c: w.convention.id });
    expect(afterDelete.data!.conventionImageFoyer.points).toEqual([{ targetType: 'HALL' }]);

    const reset = await gql(w.owner.id, `mutation($c: ID!) { conventionNavigationReset(conventionId: $c) { convention { navigationMode imageFoyer { id } } ${ERR} } }`, { c: w.convention.id });
    expect(reset.data!.conventionNavigationReset).toEqual({ error: null, convention: { navigationMode: 'DEFAULT', imageFoyer: null } });
    expect(await t.app.db('foyer_points').where({ foyer_id: foyer.id }).first()).toBeUndefined();
  });
});

describe('DataLoader: a hall list costs a constant number of SQL statements', () => {
  async function build(halls: number, standsPerHall: number) {
    const w = await eventsWorld(t);
    const ctx = await t.serviceContext(w.owner.id);
    const pano = await image(t, w.owner.id, 200, 100);
    const thumb = await image(t, w.owner.id, 160, 90);
    for (let h = 0; h < halls; h += 1) {
      const hall = await createHall(ctx, { name: `Halle ${h}`, thumbnailId: thumb });
      await t.app.db('hall_translations').insert({ hall_id: hall.id, language: 'DE', title: `Halle ${h}` });
      for (let s = 0; s < standsPerHall; s += 1) {
        const stand = await createBaseStand(ctx, { name: `Stand ${h}-${s}` });
        await t.app.db('stand_translations').insert({ stand_id: stand.id, language: 'EN', title: `Stand ${h}-${s}` });
        const node = await createStandNode(ctx, stand.id, { type: 'PANO', imageId: pano });
        await t.app.db('points').insert({ organization_id: w.host.id, node_id: node.id, cx: 1, cy: 2 });
        await hallAddStand(ctx, hall.id, { domain: stand.slug, thumbnailId: thumb });
      }
    }
    return w;
  }

  const QUERY = `{ fetchHalls { id thumbnail { id } translations { title } stands { id previewSlug thumbnail { id } stand { name translations { title } organization { name } nodes { image { width } } } } } }`;

  const STANDS = `{ fetchStands { name translations { title } nodes { image { width } points { cx } } } }`;

  async function countStandStatements(userId: string): Promise<{ count: number; points: number }> {
    const headers = await as(t, userId);
    let count = 0;
    const listener = () => {
      count += 1;
    };
    t.app.db.on('query', listener);
    try {
      const res = await t.graphql(STANDS, {}, { headers });
      if (!res.body.data) throw new Error(JSON.stringify(res.body.errors));
      const stands = (res.body.data as { fetchStands: { nodes: { points: unknown[] }[] }[] }).fetchStands;
      return { count, points: stands.reduce((n, s) => n + s.nodes.reduce((m, node) => m + node.points.length, 0), 0) };
    } finally {
      t.app.db.removeListener('query', listener);
    }
  }

  async function countStatements(userId: string): Promise<{ count: number; halls: number; stands: number }> {
    const headers = await as(t, userId);
    let count = 0;
    const listener = () => {
      count += 1;
    };
    t.app.db.on('query', listener);
    try {
      const res = await t.graphql(QUERY, {}, { headers });
      if (!res.body.data) throw new Error(JSON.stringify(res.body.errors));
      const halls = (res.body.data as { fetchHalls: { stands: unknown[] }[] }).fetchHalls;
      return { count, halls: halls.length, stands: halls.reduce((n, h) => n + h.stands.length, 0) };
    } finally {
      t.app.db.removeListener('query', listener);
    }
  }

  it('does not grow from 2 halls x 2 stands to 8 halls x 8 stands', async () => {
    const small = await build(2, 2);
    const large = await build(8, 8);
    const a = await countStatements(small.owner.id);
    const b = await countStatements(large.owner.id);
    expect(a).toMatchObject({ halls: 2, stands: 4 });
    expect(b).toMatchObject({ halls: 8, stands: 64 });
    expect(b.count).toBe(a.count);
    expect(a.count).toBeLessThanOrEqual(15);

    const smallStands = await countStandStatements(small.owner.id);
    const largeStands = await countStandStatements(large.owner.id);
    expect([smallStands.points, largeStands.points]).toEqual([4, 64]);
    expect(largeStands.count).toBe(smallStands.count);
  });
});
