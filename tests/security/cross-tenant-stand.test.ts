import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as hallLayout from '~/routes/convention.$conventionslug.hall.$hallslug';
import * as standPage from '~/routes/convention.$conventionslug.hall.$hallslug.stand.$standslug';
import * as preview from '~/routes/prev.$prevslug.convention.$conventionslug.hall.$hallslug.stand.$standslug';
import { Package } from '~/lib/features';
import { addStandToHall, createExhibition, createHall, createOrganization, createStand, createStandNode } from '../fixtures/factories';
import { createTestApp, type TestApp } from '../helpers/app';
import { callRoute } from '../helpers/routes';
import { as, eventsWorld, outcome } from '../integration/events-halls-world';

/**
 * Issue 11, finding 3: any organisation with the event suite put another organisation's stand into its own
 * public hall with hallAddStand (the stand's slug) and hallApproveStand. Anonymous visitors then read a stand
 * whose own in-house fair needs a login, and the approval changed the stand's own `approved` flag.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  fs.rmSync(path.resolve(t.app.env.UPLOAD_DIR), { recursive: true, force: true });
});

/**
 * Organisation A (the victim, `exhibitor` of the world, member `stranger`) owns a stand that is the stand of its
 * LOGGED_IN in-house fair and applied to a third organisation's hall. Organisation B (the attacker,
 * `host`, member `owner`) runs a public, active convention with a public hall.
 */
async function world() {
  const w = await eventsWorld(t);
  const db = t.app.db;
  const stand = await createStand(db, { organization_id: w.exhibitor.id, name: `Geheimer Stand ${Date.now()}` });
  await createStandNode(db, { stand_id: stand.id, type: 'IFRAME', iframe: 'https://embed.example/internal' });
  await createExhibition(db, { organization_id: w.exhibitor.id, name: 'Interne Hausmesse', permission_type: 'LOGGED_IN', stand_id: stand.id });
  // the stand applied to a third organisation's hall (its consent given, that host's not yet)
  const third = await createOrganization(db, { suites: Package.BASIC | Package.EVENT });
  const thirdHall = await createHall(db, { organization_id: third.id, name: 'Dritte Halle', permission_type: 'LOGGED_IN' });
  await addStandToHall(db, { hall_id: thirdHall.id, stand_id: stand.id, approved: false, stand_accepted: true });
  const hall = await createHall(db, { organization_id: w.host.id, name: 'Öffentliche Halle', permission_type: 'PUBLIC', conventionId: w.convention.id });
  return { ...w, stand, hall };
}

const STAND = `query($c: String!, $h: String!, $s: String!, $p: String) {
  fetchConventionStand(conventionSlug: $c, hallSlug: $h, standSlug: $s, previewSlug: $p) { hallStand { stand { name nodes { iframe } } } } }`;

describe("cross-tenant stand: another organisation's stand in someone's hall", () => {
  it("the probe's attack (hallAddStand by slug, then hallApproveStand) shows the stand to nobody and changes nothing outside that hall stand", async () => {
    const w = await world();
    const attacker = await as(t, w.owner.id);
    const before = {
      stand: await t.app.db('base_stands').where({ id: w.stand.id }).first(),
      places: await t.app.db('hall_stands').where({ stand_id: w.stand.id }).orderBy('id').select('*'),
    };
    const victimView = async () =>
      (await t.graphql(`{ fetchStands { id approved } }`, {}, { headers: await as(t, w.stranger.id) })).body.data as { fetchStands: { approved: boolean }[] };
    expect((await victimView()).fetchStands).toEqual([{ id: w.stand.id, approved: false }]);

    const added = await t.graphql(
      `mutation($h: ID!, $d: String!) { hallAddStand(id: $h, domain: $d) { hallStand { id slug previewSlug stand { name } } error { code } } }`,
      { h: w.hall.id, d: w.stand.slug },
      { headers: attacker },
    );
    const hallStand = (added.body.data as { hallAddStand: { hallStand: { id: string; slug: string; previewSlug: string; stand: unknown } } }).hallAddStand.hallStand;
    // adding by slug reveals no content to the attacker
    expect(hallStand.stand).toBeNull();
    const approved = await t.graphql(`mutation($id: ID!) { hallApproveStand(id: $id) { error { code } } }`, { id: hallStand.id }, { headers: attacker });
    expect(outcome(approved.body, 'hallApproveStand')).toBe('ok');

    // GraphQL: anonymous visitors, the attacker and its preview link find nothing
    const vars = { c: w.convention.slug, h: w.hall.slug, s: hallStand.slug };
    expect(outcome((await t.graphql(STAND, vars)).body, 'fetchConventionStand')).toBe('NOT_FOUND');
    expect(outcome((await t.graphql(STAND, vars, { headers: attacker })).body, 'fetchConventionStand')).toBe('NOT_FOUND');
    expect(outcome((await t.graphql(STAND, { ...vars, p: hallStand.previewSlug })).body, 'fetchConventionStand')).toBe('NOT_FOUND');
    const listing = await t.graphql(`query($c: String!, $h: String!) { fetchConventionHall(conventionSlug: $c, hallSlug: $h) { hall { stands { id } } } }`, vars);
    expect(listing.body.data).toEqual({ fetchConventionHall: { hall: { stands: [] } } });
    const consoleView = await t.graphql(`query($id: ID!) { fetchHallStand(id: $id) { stand { nodes { iframe } } } }`, { id: hallStand.id }, { headers: attacker });
    expect(consoleView.body.data).toEqual({ fetchHallStand: { stand: null } });

    // pages: the stand page and its preview are 404, the hall page lists nothing
    const params = { conventionslug: w.convention.slug, hallslug: w.hall.slug, standslug: hallStand.slug };
    const url = `/convention/${w.convention.slug}/hall/${w.hall.slug}/stand/${hallStand.slug}`;
    expect((await callRoute(t, standPage.loader, { url, params })).status).toBe(404);
    expect((await callRoute(t, standPage.loader, { url, params, userId: w.owner.id })).status).toBe(404);
    expect((await callRoute(t, preview.loader, { url: `/prev/${hallStand.previewSlug}${url}`, params: { ...params, prevslug: hallStand.previewSlug } })).status).toBe(404);
    const hallPage = await callRoute(t, hallLayout.loader, { url: `/convention/${w.convention.slug}/hall/${w.hall.slug}`, params });
    expect((hallPage.data as { hall: { stands: unknown[] } }).hall.stands).toEqual([]);

    // nothing of organisation A changed: its base stand and its place in the other hall are as they were
    expect(await t.app.db('base_stands').where({ id: w.stand.id }).first()).toEqual(before.stand);
    expect(await t.app.db('hall_stands').where({ stand_id: w.stand.id }).whereNot({ id: hallStand.id }).orderBy('id').select('*')).toEqual(before.places);
    expect((await victimView()).fetchStands).toEqual([{ id: w.stand.id, approved: false }]);
  });

  it("even with the stand organisation's consent, an anonymous visitor of the public hall cannot read a stand whose in-house fair needs a login", async () => {
    const w = await world();
    const attacker = await as(t, w.owner.id);
    const added = await t.graphql(`mutation($h: ID!, $d: String!) { hallAddStand(id: $h, domain: $d) { hallStand { id slug } } }`, { h: w.hall.id, d: w.stand.slug }, { headers: attacker });
    const hallStand = (added.body.data as { hallAddStand: { hallStand: { id: string; slug: string } } }).hallAddStand.hallStand;
    const accepted = await t.graphql(`mutation($id: ID!) { hallStandAccept(id: $id) { error { code } } }`, { id: hallStand.id }, { headers: await as(t, w.stranger.id) });
    expect(outcome(accepted.body, 'hallStandAccept')).toBe('ok');

    const vars = { c: w.convention.slug, h: w.hall.slug, s: hallStand.slug };
    expect(outcome((await t.graphql(STAND, vars)).body, 'fetchConventionStand')).toBe('PERMISSION_DENIED');
    const params = { conventionslug: w.convention.slug, hallslug: w.hall.slug, standslug: hallStand.slug };
    const url = `/convention/${w.convention.slug}/hall/${w.hall.slug}/stand/${hallStand.slug}`;
    expect(await callRoute(t, standPage.loader, { url, params })).toMatchObject({ status: 302, location: `/login?next=${encodeURIComponent(url)}` });
    // a logged-in visitor passes the fair's rule, as on the fair itself
    const visitor = await t.graphql(STAND, vars, { headers: await as(t, w.noFeature.id) });
    expect(visitor.body.data).toMatchObject({ fetchConventionStand: { hallStand: { stand: { nodes: [{ iframe: 'https://embed.example/internal' }] } } } });
  });
});
