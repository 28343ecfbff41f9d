import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as standPage from '~/routes/convention.$conventionslug.hall.$hallslug.stand.$standslug';
import { hallStandAccept } from '~/server/services/events/hall-stands';
import { addStandToHall, createHall, createStand } from '../fixtures/factories';
import { createTestApp, type TestApp } from '../helpers/app';
import { callRoute } from '../helpers/routes';
import { as, eventsWorld, image, outcome } from './events-halls-world';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  fs.rmSync(path.resolve(t.app.env.UPLOAD_DIR), { recursive: true, force: true });
});

/**
 * A public hall of the host's public convention with the exhibitor's stand invited into it: the host's consent
 * given, the stand organisation's not yet (built with the factories; the consent itself goes through the service).
 */
async function world() {
  const w = await eventsWorld(t);
  const db = t.app.db;
  const exhibitor = await t.serviceContext(w.stranger.id);
  const hall = await createHall(db, { organization_id: w.host.id, name: 'Halle', permission_type: 'PUBLIC', conventionId: w.convention.id });
  const stand = await createStand(db, { organization_id: w.exhibitor.id });
  const place = await addStandToHall(db, { hall_id: hall.id, stand_id: stand.id, approved: true, stand_accepted: false });
  const standPath = `/convention/${w.convention.slug}/hall/${hall.slug}/stand/${place.slug}`;
  const standParams = { conventionslug: w.convention.slug, hallslug: hall.slug, standslug: place.slug };
  return { ...w, exhibitorCtx: exhibitor, hall, stand, place, standPath, standParams };
}
type World = Awaited<ReturnType<typeof world>>;

const STAND = `query($c: String!, $h: String!, $s: String!, $p: String) {
  fetchConventionStand(conventionSlug: $c, hallSlug: $h, standSlug: $s, previewSlug: $p) {
    hall { thumbnail { url } } hallStand { thumbnail { url } stand { name } } } }`;

async function standQuery(w: World, userId: string | null, previewSlug?: string) {
  const res = await t.graphql(STAND, { c: w.convention.slug, h: w.hall.slug, s: w.place.slug, p: previewSlug ?? null }, { headers: await as(t, userId) });
  return { outcome: outcome(res.body, 'fetchConventionStand'), data: res.body.data as { fetchConventionStand: { hall: { thumbnail: { url: string } | null }; hallStand: { thumbnail: { url: string } | null } } } | null };
}

async function standPageStatus(w: World, userId: string | null): Promise<number> {
  return (await callRoute(t, standPage.loader, { url: w.standPath, userId, params: w.standParams })).status;
}

describe('events policy: unlisted stands (one rule, both doors)', () => {
  it('a stand invited but not accepted is seen by its organisation only; once accepted by everyone', async () => {
    const w = await world();
    for (const userId of [null, w.owner.id, w.noFeature.id]) {
      expect((await standQuery(w, userId)).outcome).toBe('NOT_FOUND');
      expect(await standPageStatus(w, userId)).toBe(404);
    }
    // a preview link does not get around the stand organisation's consent
    expect((await standQuery(w, null, w.place.preview_slug)).outcome).toBe('NOT_FOUND');
    expect((await standQuery(w, w.stranger.id)).outcome).toBe('ok');
    expect(await standPageStatus(w, w.stranger.id)).toBe(200);

    await hallStandAccept(w.exhibitorCtx, w.place.id);
    for (const userId of [null, w.owner.id, w.noFeature.id, w.stranger.id]) {
      expect((await standQuery(w, userId)).outcome).toBe('ok');
      expect(await standPageStatus(w, userId)).toBe(200);
    }
  });
});

describe('events policy: a file reached through a field passes the same check as /files/{id}', () => {
  it('a private file of another organisation is null in the hall and hall stand thumbnails and 404 at /files; public, both show it', async () => {
    const w = await world();
    await hallStandAccept(w.exhibitorCtx, w.place.id);
    // a private picture of the exhibitor's organisation, put behind the host's hall and hall stand by hand
    const fileId = await image(t, w.stranger.id, 160, 90);
    await t.app.db('halls').where({ id: w.hall.id }).update({ thumbnail_id: fileId });
    await t.app.db('hall_stands').where({ id: w.place.id }).update({ thumbnail_id: fileId });
    const fileStatus = async (userId: string | null) => (await fetch(`${t.url}/files/${fileId}`, { headers: await as(t, userId) })).status;

    for (const userId of [null, w.owner.id, w.noFeature.id]) {
      const { outcome: result, data } = await standQuery(w, userId);
      expect(result).toBe('ok');
      expect(data!.fetchConventionStand.hall.thumbnail).toBeNull();
      expect(data!.fetchConventionStand.hallStand.thumbnail).toBeNull();
      expect(await fileStatus(userId)).toBe(404);
    }
    const owners = await standQuery(w, w.stranger.id);
    expect(owners.data!.fetchConventionStand.hall.thumbnail).toEqual({ url: `/files/${fileId}` });
    expect(await fileStatus(w.stranger.id)).toBe(200);

    await t.app.db('files').where({ id: fileId }).update({ is_public: true });
    const anonymous = await standQuery(w, null);
    expect(anonymous.data!.fetchConventionStand.hallStand.thumbnail).toEqual({ url: `/files/${fileId}` });
    expect(await fileStatus(null)).toBe(200);
  });
});
