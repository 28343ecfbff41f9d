import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LeadTrack } from '#db/models/index';
import { Package } from '~/lib/features';
import type { LeadConsentProof } from '~/lib/leads/form-schema';
import * as standRoute from '~/routes/convention.$conventionslug.hall.$hallslug.stand.$standslug';
import * as vrRoute from '~/routes/convention.$conventionslug.hall.$hallslug.stand.$standslug.vr.$rpslug';
import * as standaloneRoute from '~/routes/standalone-room.$slug';
import * as roomRoute from '~/routes/virtual-room.$slug';
import { createTestApp, type TestApp } from '../helpers/app';
import { callRoute } from '../helpers/routes';
import {
  addMember,
  addStandToHall,
  createConvention,
  createHall,
  createLead,
  createOrganization,
  createPoint,
  createStand,
  createStandNode,
  createUser,
  createVirtualRoom,
  createVirtualRoomPano,
} from '../fixtures/factories';

/**
 * The glue between rooms, stands and leads (issues 17/18) through the page door: a stand's reference point with a
 * room carries it to the stand page (which links it to /vr/{rpslug}); logging in from /vr/{rpslug} returns there;
 * a room opened with ?lead={leadslug} records the lead's SALESHUB_LINK track (consent, feature and organisation
 * honoured, never a failing page).
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function roomOf(organizationId: string, accessType: 'PUBLIC' | 'LOGGED_IN' = 'PUBLIC') {
  const room = await createVirtualRoom(t.app.db, { organization_id: organizationId, access_type: accessType, name: `Showroom ${accessType}` });
  const pano = await createVirtualRoomPano(t.app.db, { virtual_room_id: room.id });
  await t.app.db('virtual_rooms').where({ id: room.id }).update({ initial_pano_id: pano.id, initial_azimuthal_angle: 0, initial_polar_angle: 1.57, initial_focal_length: 35 });
  return room;
}

async function standWorld(accessType: 'PUBLIC' | 'LOGGED_IN' = 'PUBLIC') {
  const host = await createOrganization(t.app.db, { suites: Package.SALES });
  const convention = await createConvention(t.app.db, { organization_id: host.id });
  const hall = await createHall(t.app.db, { organization_id: host.id, conventionId: convention.id });
  const stand = await createStand(t.app.db, { organization_id: host.id });
  await addStandToHall(t.app.db, { hall_id: hall.id, stand_id: stand.id });
  const node = await createStandNode(t.app.db, { stand_id: stand.id, language: 'EN' });
  const room = await roomOf(host.id, accessType);
  const withRoom = await createPoint(t.app.db, { node_id: node.id, kind: 'REFERENCE', slug: 'showroom', name: 'Showroom', virtual_room_id: room.id });
  const plain = await createPoint(t.app.db, { node_id: node.id, kind: 'REFERENCE', slug: 'products', name: 'Products' });
  const params = { conventionslug: convention.slug, hallslug: hall.slug, standslug: stand.slug };
  const standPath = `/convention/${convention.slug}/hall/${hall.slug}/stand/${stand.slug}`;
  return { host, room, withRoom, plain, params, standPath };
}

describe("the stand's reference point with a room", () => {
  it('reaches the stand page with its room, so it links to /vr/{rpslug}; other points keep /rp/', async () => {
    const w = await standWorld();
    const answer = await callRoute(t, standRoute.loader, { url: w.standPath, params: w.params });
    expect(answer.status).toBe(200);
    const data = answer.data as Awaited<ReturnType<typeof standRoute.loader>>;
    const points = data.nodes.flatMap((n) => n.points);
    expect(points.map((p) => [p.slug, p.virtualRoomId]).sort()).toEqual([
      ['products', null],
      ['showroom', w.room.id],
    ]);
    expect(data.standPath).toBe(w.standPath);
  });

  it('/vr/{rpslug}: logging in returns to the stand path, not to /virtual-room/{slug}', async () => {
    const open = await standWorld();
    const path = `${open.standPath}/vr/showroom`;
    const shown = await callRoute(t, vrRoute.loader, { url: path, params: { ...open.params, rpslug: 'showroom' } });
    expect(shown.status).toBe(200);
    const room = (shown.data as { room: { slug: string; loginHref: string } }).room;
    expect(room.slug).toBe(open.room.slug);
    expect(room.loginHref).toBe(`/login?next=${encodeURIComponent(path)}`);

    const closed = await standWorld('LOGGED_IN');
    const closedPath = `${closed.standPath}/vr/showroom`;
    const anonymous = await callRoute(t, vrRoute.loader, { url: closedPath, params: { ...closed.params, rpslug: 'showroom' } });
    expect(anonymous).toMatchObject({ status: 302, location: `/login?next=${encodeURIComponent(closedPath)}` });
    // a point without a room is the room-not-found 404
    await expect(
      callRoute(t, vrRoute.loader, { url: `${open.standPath}/vr/products`, params: { ...open.params, rpslug: 'products' } }),
    ).rejects.toMatchObject({ data: { roomNotFound: true }, init: { status: 404 } });
  });
});

const consent = (tracking: boolean): LeadConsentProof => ({
  items: [{ kind: 'tracking', text: 'x', agreed: tracking }],
  formId: null,
  formVersion: null,
  givenAt: new Date().toISOString(),
  language: 'EN',
});

describe('a room shared with a lead (?lead=)', () => {
  async function leadWorld(suites = Package.SALES | Package.DATA) {
    const org = await createOrganization(t.app.db, { suites });
    const rep = await createUser(t.app.db);
    await addMember(t.app.db, org.id, rep.id, { isOwner: true });
    const room = await roomOf(org.id);
    const lead = await createLead(t.app.db, { organization_id: org.id, consent: consent(true) });
    const untracked = await createLead(t.app.db, { organization_id: org.id, consent: consent(false) });
    return { org, rep, room, lead, untracked };
  }
  const visit = (slug: string, lead: string, userId?: string) =>
    callRoute(t, roomRoute.loader, { url: `/virtual-room/${slug}?lead=${encodeURIComponent(lead)}`, params: { slug }, userId });
  const tracksOf = (leadId: string) => LeadTrack.query(t.app.db).where('lead_id', leadId);

  it('records a SALESHUB_LINK track for the lead, and raises the score', async () => {
    const w = await leadWorld();
    const answer = await visit(w.room.slug, w.lead.slug);
    expect(answer.status).toBe(200);
    expect(await tracksOf(w.lead.id)).toMatchObject([
      { link_type: 'SALESHUB_LINK', activity: 'OPENED', link: `/virtual-room/${w.room.slug}?lead=${w.lead.slug}`, content: w.room.name },
    ]);
    expect((await t.app.db('leads').where({ id: w.lead.id }).first('score')).score).toBeGreaterThan(0);

    // the standalone page of the room counts the same way
    const slug = w.room.slug;
    const standalone = await callRoute(t, standaloneRoute.loader, { url: `/standalone-room/${slug}?lead=${w.lead.slug}`, params: { slug } });
    expect(standalone.status).toBe(200);
    expect((await tracksOf(w.lead.id)).map((track) => track.link).sort()).toEqual([`/standalone-room/${slug}?lead=${w.lead.slug}`, `/virtual-room/${slug}?lead=${w.lead.slug}`]);
  });

  it('records nothing without tracking consent, without the tracking feature, for the own members or a foreign lead; never fails', async () => {
    const w = await leadWorld();
    expect((await visit(w.room.slug, w.untracked.slug)).status).toBe(200);
    expect(await tracksOf(w.untracked.id)).toEqual([]);

    expect((await visit(w.room.slug, w.lead.slug, w.rep.id)).status).toBe(200);
    expect(await tracksOf(w.lead.id)).toEqual([]);

    const other = await leadWorld();
    expect((await visit(w.room.slug, other.lead.slug)).status).toBe(200);
    expect(await tracksOf(other.lead.id)).toEqual([]);

    const noFeature = await leadWorld(Package.SALES);
    expect((await visit(noFeature.room.slug, noFeature.lead.slug)).status).toBe(200);
    expect(await tracksOf(noFeature.lead.id)).toEqual([]);

    expect((await visit(w.room.slug, 'gibt-es-nicht')).status).toBe(200);
    expect((await visit(w.room.slug, 'x'.repeat(500))).status).toBe(200);
  });
});
