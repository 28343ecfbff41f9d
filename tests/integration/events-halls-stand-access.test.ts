import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as tokenPage from '~/routes/_public.token';
import * as hallLayout from '~/routes/convention.$conventionslug.hall.$hallslug';
import * as standPage from '~/routes/convention.$conventionslug.hall.$hallslug.stand.$standslug';
import * as preview from '~/routes/prev.$prevslug.convention.$conventionslug.hall.$hallslug.stand.$standslug';
import { addHallToConvention, createHall } from '~/server/services/events/halls';
import { hallAddStand, hallStandAccept } from '~/server/services/events/hall-stands';
import { createObjectToken } from '~/server/services/access/index';
import { createStandNode } from '~/server/services/events/nodes';
import { createBaseStand } from '~/server/services/events/stands';
import { createTestApp, type TestApp } from '../helpers/app';
import { callRoute } from '../helpers/routes';
import { as, eventsWorld, outcome } from './events-halls-world';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  fs.rmSync(path.resolve(t.app.env.UPLOAD_DIR), { recursive: true, force: true });
});

/**
 * The exhibitor's stand is the stand of its own in-house fair (LOGGED_IN unless said otherwise) and was invited
 * into the host's public hall of a public convention, and accepted: it is listed there.
 */
async function world(permissionType: 'PUBLIC' | 'LOGGED_IN' | 'TOKEN' = 'LOGGED_IN') {
  const w = await eventsWorld(t);
  const host = await t.serviceContext(w.owner.id);
  const exhibitor = await t.serviceContext(w.stranger.id);
  const hall = await createHall(host, { name: 'Offene Halle', permissionType: 'PUBLIC' });
  await addHallToConvention(host, w.convention.id, hall.id);
  const stand = await createBaseStand(exhibitor, { name: `Hausmesse-Stand ${Date.now()}` });
  await createStandNode(exhibitor, stand.id, { type: 'IFRAME', iframe: 'https://embed.example/stand' });
  const [fair] = await t.app
    .db('exhibitions')
    .insert({ organization_id: w.exhibitor.id, name: 'Hausmesse Süd', slug: `hausmesse-${Date.now()}`, permission_type: permissionType, stand_id: stand.id })
    .returning(['id', 'slug']);
  const place = await hallAddStand(host, hall.id, { domain: stand.slug });
  await hallStandAccept(exhibitor, place.id);
  const standPath = `/convention/${w.convention.slug}/hall/${hall.slug}/stand/${place.slug}`;
  const standParams = { conventionslug: w.convention.slug, hallslug: hall.slug, standslug: place.slug };
  return { ...w, hall, stand, fair: fair as { id: string; slug: string }, place, standPath, standParams };
}

type World = Awaited<ReturnType<typeof world>>;

const STAND = `query($c: String!, $h: String!, $s: String!, $p: String) {
  fetchConventionStand(conventionSlug: $c, hallSlug: $h, standSlug: $s, previewSlug: $p) { hallStand { stand { name nodes { iframe } } } } }`;
const HALL = `query($c: String!, $h: String!) { fetchConventionHall(conventionSlug: $c, hallSlug: $h) { hall { stands { slug stand { name } } } } }`;

async function standThroughHall(w: World, userId: string | null, previewSlug?: string): Promise<string> {
  const res = await t.graphql(STAND, { c: w.convention.slug, h: w.hall.slug, s: w.place.slug, p: previewSlug ?? null }, { headers: await as(t, userId) });
  return outcome(res.body, 'fetchConventionStand');
}

async function hallListing(w: World, userId: string | null): Promise<string[]> {
  const res = await t.graphql(HALL, { c: w.convention.slug, h: w.hall.slug }, { headers: await as(t, userId) });
  return (res.body.data as { fetchConventionHall: { hall: { stands: { slug: string }[] } } }).fetchConventionHall.hall.stands.map((s) => s.slug);
}

describe("a stand's own access rules hold in every hall it is shown in", () => {
  it('the stand of a LOGGED_IN in-house fair: hidden from anonymous visitors of a public hall, shown after login (GraphQL)', async () => {
    const w = await world('LOGGED_IN');
    expect(await standThroughHall(w, null)).toBe('PERMISSION_DENIED');
    expect(await hallListing(w, null)).toEqual([]);
    // a preview link does not get around them either
    expect(await standThroughHall(w, null, w.place.preview_slug)).toBe('PERMISSION_DENIED');
    // any logged-in visitor, the host and the exhibitor
    for (const userId of [w.noFeature.id, w.owner.id, w.stranger.id]) {
      expect(await standThroughHall(w, userId)).toBe('ok');
      expect(await hallListing(w, userId)).toEqual([w.place.slug]);
    }
    await t.app.db('exhibitions').where({ id: w.fair.id }).update({ permission_type: 'PUBLIC' });
    expect(await standThroughHall(w, null)).toBe('ok');
    expect(await hallListing(w, null)).toEqual([w.place.slug]);
  });

  it('the stand of a TOKEN in-house fair: only for holders of a permission on the fair, the stand organisation and, in the console, nobody else', async () => {
    const w = await world('TOKEN');
    expect(await standThroughHall(w, w.noFeature.id)).toBe('PERMISSION_DENIED');
    expect(await hallListing(w, w.noFeature.id)).toEqual([]);
    expect(await standThroughHall(w, w.stranger.id)).toBe('ok');
    // the host agreed to show it, but the stand's rules refuse the host too: its hall stand carries no stand
    expect(await standThroughHall(w, w.owner.id)).toBe('PERMISSION_DENIED');
    const hostView = await t.graphql(`query($id: ID!) { fetchHallStand(id: $id) { standAccepted stand { name } } }`, { id: w.place.id }, { headers: await as(t, w.owner.id) });
    expect(hostView.body.data).toEqual({ fetchHallStand: { standAccepted: true, stand: null } });

    // a stand of several fairs is readable by whoever may enter one of them
    await t.app
      .db('exhibitions')
      .insert({ organization_id: w.exhibitor.id, name: 'Offene Hausmesse', slug: `offen-${Date.now()}`, permission_type: 'LOGGED_IN', stand_id: w.stand.id });
    expect(await standThroughHall(w, w.noFeature.id)).toBe('ok');
    expect(await standThroughHall(w, null)).toBe('PERMISSION_DENIED');
  });

  it('pages: the stand page sends an anonymous visitor to log in and a visitor without the key to /token, where the fair key opens it; the hall page leaves it out', async () => {
    const w = await world('TOKEN');
    const anonymous = await callRoute(t, standPage.loader, { url: w.standPath, params: w.standParams });
    expect(anonymous).toMatchObject({ status: 302, location: `/login?next=${encodeURIComponent(w.standPath)}` });
    const hall = await callRoute(t, hallLayout.loader, {
      url: `/convention/${w.convention.slug}/hall/${w.hall.slug}`,
      params: { conventionslug: w.convention.slug, hallslug: w.hall.slug },
    });
    expect((hall.data as { hall: { stands: unknown[] } }).hall.stands).toEqual([]);

    const visitor = w.noFeature.id;
    const denied = await callRoute(t, standPage.loader, { url: w.standPath, userId: visitor, params: w.standParams });
    expect(denied).toMatchObject({ status: 302, location: `/token?next=${encodeURIComponent(w.standPath)}` });
    const tokenUrl = `/token?next=${encodeURIComponent(w.standPath)}`;
    const page = await callRoute(t, tokenPage.loader, { url: tokenUrl, userId: visitor });
    expect(page).toMatchObject({ status: 200, data: { next: w.standPath, asking: { kind: 'exhibition', title: 'Hausmesse Süd' } } });

    await createObjectToken(await t.serviceContext(w.stranger.id), { exhibitionId: w.fair.id, token: 'HAUSMESSE-KEY', limit: 5 });
    const redeemed = await callRoute(t, tokenPage.action, { url: tokenUrl, userId: visitor, form: { token: 'HAUSMESSE-KEY', next: w.standPath } });
    expect(redeemed).toMatchObject({ status: 302, location: w.standPath, toast: { type: 'success', key: 'access:token.granted', values: { title: 'Hausmesse Süd' } } });
    const open = await callRoute(t, standPage.loader, { url: w.standPath, userId: visitor, params: w.standParams });
    expect(open.status).toBe(200);
    expect((open.data as { stand: { title: string } }).stand.title).toBe(w.stand.name);
  });

  it('pages: a preview link of an application keeps the rules (login first), and the token page knows the fair on the preview path', async () => {
    const w = await world('TOKEN');
    await t.app.db('hall_stands').where({ id: w.place.id }).update({ approved: false });
    const prevPath = `/prev/${w.place.preview_slug}${w.standPath}`;
    const prevParams = { ...w.standParams, prevslug: w.place.preview_slug };
    expect(await callRoute(t, preview.loader, { url: prevPath, params: prevParams })).toMatchObject({
      status: 302,
      location: `/login?next=${encodeURIComponent(prevPath)}`,
    });
    expect(await callRoute(t, preview.loader, { url: prevPath, userId: w.noFeature.id, params: prevParams })).toMatchObject({
      status: 302,
      location: `/token?next=${encodeURIComponent(prevPath)}`,
    });
    const page = await callRoute(t, tokenPage.loader, { url: `/token?next=${encodeURIComponent(prevPath)}`, userId: w.noFeature.id });
    expect(page.data).toMatchObject({ asking: { kind: 'exhibition', title: 'Hausmesse Süd' } });
    // without its preview slug the unapproved stand names nothing to unlock
    const plain = await callRoute(t, tokenPage.loader, { url: `/token?next=${encodeURIComponent(w.standPath)}`, userId: w.noFeature.id });
    expect(plain.data).toMatchObject({ asking: null });
  });

  it('filtering the hall by the stands’ own rules costs a constant number of SQL statements', async () => {
    const count = async (stands: number) => {
      const w = await world('LOGGED_IN');
      const host = await t.serviceContext(w.owner.id);
      const exhibitor = await t.serviceContext(w.stranger.id);
      for (let i = 1; i < stands; i += 1) {
        const stand = await createBaseStand(exhibitor, { name: `Stand ${i} ${Date.now()}` });
        await t.app.db('exhibitions').insert({ organization_id: w.exhibitor.id, name: `Messe ${i}`, slug: `messe-${i}-${Date.now()}`, permission_type: i % 2 ? 'TOKEN' : 'PUBLIC', stand_id: stand.id });
        await hallStandAccept(exhibitor, (await hallAddStand(host, w.hall.id, { domain: stand.slug })).id);
      }
      const headers = await as(t, w.noFeature.id);
      let statements = 0;
      const listener = () => {
        statements += 1;
      };
      t.app.db.on('query', listener);
      try {
        const res = await t.graphql(HALL, { c: w.convention.slug, h: w.hall.slug }, { headers });
        const listed = (res.body.data as { fetchConventionHall: { hall: { stands: unknown[] } } }).fetchConventionHall.hall.stands;
        return { statements, listed: listed.length };
      } finally {
        t.app.db.removeListener('query', listener);
      }
    };
    const small = await count(2);
    const large = await count(8);
    // the TOKEN fairs' stands stay out for a visitor without their keys
    expect([small.listed, large.listed]).toEqual([1, 4]);
    expect(large.statements).toBe(small.statements);
  });
});
