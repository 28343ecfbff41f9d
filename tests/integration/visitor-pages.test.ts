import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as layout from '~/routes/convention.$conventionslug';
import * as landing from '~/routes/convention.$conventionslug._index';
import * as hallLayout from '~/routes/convention.$conventionslug.hall.$hallslug';
import * as stand from '~/routes/convention.$conventionslug.hall.$hallslug.stand.$standslug';
import * as standRp from '~/routes/convention.$conventionslug.hall.$hallslug.stand.$standslug.rp.$rpslug';
import * as standImprint from '~/routes/convention.$conventionslug.hall.$hallslug.stand.$standslug_.imprint';
import * as conventionImprint from '~/routes/convention.$conventionslug.imprint';
import * as hallDataPolicy from '~/routes/convention.$conventionslug.hall.$hallslug_.datapolicy';
import * as preview from '~/routes/prev.$prevslug.convention.$conventionslug.hall.$hallslug.stand.$standslug';
import { createTestApp, type TestApp } from '../helpers/app';
import { callRoute } from '../helpers/routes';
import { eventsWorld, image } from './events-halls-world';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type LayoutData = Awaited<ReturnType<typeof layout.loader>>;
type HallData = Awaited<ReturnType<typeof hallLayout.loader>>;
type StandData = Awaited<ReturnType<typeof stand.loader>>;

const rand = () => crypto.randomBytes(4).toString('hex');

/**
 * A public, active convention of the host with two halls (the second LOGGED_IN), stands of the host and of the
 * exhibitor (one approved with an image view and a reference point, one waiting for approval), a stage and legal
 * texts of both organisations.
 */
async function world() {
  const w = await eventsWorld(t);
  const db = t.app.db;
  await db('organizations').where({ id: w.host.id }).update({ imprint: 'Host GmbH, Messeweg 1', data_privacy: 'Host privacy text' });
  await db('organizations').where({ id: w.exhibitor.id }).update({ imprint: 'Exhibitor AG, Standgasse 2' });
  const hall = async (name: string, permission: string, order: number) => {
    const [row] = await db('halls').insert({ organization_id: w.host.id, slug: `${name}-${rand()}`, name, permission_type: permission }).returning(['id', 'slug']);
    await db('convention_halls').insert({ organization_id: w.host.id, convention_id: w.convention.id, hall_id: row.id, order });
    return row as { id: string; slug: string };
  };
  const open = await hall('offen', 'PUBLIC', 0);
  const members = await hall('mitglieder', 'LOGGED_IN', 1);
  await db('hall_translations').insert({ hall_id: open.id, language: 'EN', title: 'Open hall', description: 'All visitors welcome' });
  const baseStand = async (organizationId: string, name: string) => {
    const [row] = await db('base_stands').insert({ organization_id: organizationId, name, slug: `${name.toLowerCase()}-${rand()}` }).returning(['id', 'slug']);
    return row as { id: string; slug: string };
  };
  const second = await baseStand(w.host.id, 'Zweiter');
  const first = await baseStand(w.exhibitor.id, 'Erster');
  const pending = await baseStand(w.exhibitor.id, 'Wartend');
  const hallStand = async (s: { id: string; slug: string }, approved: boolean, order: number) => {
    const previewSlug = crypto.randomBytes(16).toString('base64url');
    // the stand's organisation agreed (it applied); `approved` is the host's answer
    await db('hall_stands').insert({ organization_id: w.host.id, hall_id: open.id, stand_id: s.id, approved, stand_accepted: true, order, slug: s.slug, preview_slug: previewSlug });
    return previewSlug;
  };
  await hallStand(second, true, 1);
  await hallStand(first, true, 0);
  const pendingPreview = await hallStand(pending, false, 2);
  await db('stand_translations').insert({ stand_id: first.id, language: 'EN', title: 'First stand', description: 'Machines' });
  const imageId = await image(t, w.stranger.id, 1280, 720);
  await db('files').where({ id: imageId }).update({ is_public: true });
  const [node] = await db('stand_nodes').insert({ organization_id: w.exhibitor.id, stand_id: first.id, type: 'IMAGE', image_id: imageId, language: 'EN' }).returning('id');
  const [rp] = await db('points')
    .insert({ organization_id: w.exhibitor.id, node_id: node.id, cx: 40, cy: 60, kind: 'REFERENCE', name: 'Products', slug: 'products', order: 0 })
    .returning('id');
  await db('point_translations').insert({ point_id: rp.id, language: 'EN', title: 'Our products', description: 'Lathes and mills' });
  const [stage] = await db('stages').insert({ organization_id: w.host.id, slug: `buehne-${rand()}`, title: 'Main stage' }).returning(['id', 'slug']);
  await db('convention_stages').insert({ convention_id: w.convention.id, stage_id: stage.id });
  return { ...w, open, members, first, second, pending, pendingPreview, stage };
}

const params = (c: string, extra: Record<string, string> = {}) => ({ conventionslug: c, ...extra });

describe('convention layout and landing', () => {
  it('shows a public convention to a logged-out visitor with its halls in order and its stage', async () => {
    const w = await world();
    const res = await callRoute(t, layout.loader, { url: `/convention/${w.convention.slug}`, params: params(w.convention.slug) });
    expect(res.status).toBe(200);
    const data = res.data as LayoutData;
    expect(data.viewer).toBeNull();
    expect(data.convention.navigation?.halls.map((h) => h.title)).toEqual(['Open hall', 'mitglieder']);
    expect(data.convention.navigation?.stages).toEqual([{ slug: w.stage.slug, title: 'Main stage' }]);
    expect(data.cardRequired).toBe(false);
    const page = await callRoute(t, landing.loader, { url: `/convention/${w.convention.slug}`, params: params(w.convention.slug) });
    expect(page.status).toBe(200);
  });

  it("gives the organiser's logo its height at the top bar's width by the picture's proportions, so the bar keeps its place before it loads", async () => {
    const w = await world();
    const load = async () => ((await callRoute(t, layout.loader, { url: `/convention/${w.convention.slug}`, params: params(w.convention.slug) })).data as LayoutData).convention;
    // without a logo: the fallback (the shell gives it the fallback's own proportions)
    expect(await load()).toMatchObject({ logoUrl: null, logoHeight: null });
    // a public 800 by 200 avatar: 50 px high at 200 px
    const logoId = await image(t, w.owner.id, 800, 200);
    await t.app.db('files').where({ id: logoId }).update({ is_public: true });
    await t.app.db('organizations').where({ id: w.host.id }).update({ avatar_id: logoId });
    expect(await load()).toMatchObject({ logoUrl: `/files/${logoId}`, logoHeight: 50 });
    // a picture without a known size (an SVG): no height, the shell's default applies
    await t.app.db('files').where({ id: logoId }).update({ width: null, height: null });
    expect(await load()).toMatchObject({ logoUrl: `/files/${logoId}`, logoHeight: null });
  });

  it('sends a logged-out visitor of a LOGGED_IN convention to login and back; a logged-in one gets in', async () => {
    const w = await world();
    await t.app.db('conventions').where({ id: w.convention.id }).update({ permission_type: 'LOGGED_IN' });
    const url = `/convention/${w.convention.slug}`;
    for (const fn of [layout.loader, landing.loader]) {
      const out = await callRoute(t, fn, { url, params: params(w.convention.slug) });
      expect(out).toMatchObject({ status: 302, location: `/login?next=${encodeURIComponent(url)}` });
    }
    const inside = await callRoute(t, layout.loader, { url, userId: w.noFeature.id, params: params(w.convention.slug) });
    expect(inside.status).toBe(200);
    const data = inside.data as LayoutData;
    // the card is required and empty, so the page brings it (the visitor's own data: the page is theirs alone)
    expect(data.viewer?.card?.email).toBeTruthy();
    // a convention that is not public wants the visitor's business card; this visitor has none yet
    expect(data.cardRequired).toBe(true);
    expect(data.viewer?.cardComplete).toBe(false);
  });

  it('gives the 404 page for an unknown convention', async () => {
    const res = await callRoute(t, layout.loader, { url: '/convention/gibt-es-nicht', params: params('gibt-es-nicht') });
    expect(res.status).toBe(404);
  });

  it('shows an inactive convention as its page to outsiders, with title and dates but no navigation, and sends its halls there', async () => {
    const w = await world();
    await t.app.db('conventions').where({ id: w.convention.id }).update({
      active: false,
      start_date: new Date('2026-03-01T08:00:00Z'),
      end_date: new Date('2026-03-03T16:00:00Z'),
    });
    const res = await callRoute(t, layout.loader, { url: `/convention/${w.convention.slug}`, params: params(w.convention.slug) });
    const data = res.data as LayoutData;
    expect(res.status).toBe(200);
    expect(data.convention).toMatchObject({ title: 'Messe', active: false, status: 'NOT_ACTIVE', navigation: null, startDate: '2026-03-01T08:00:00.000Z' });
    const hall = await callRoute(t, hallLayout.loader, {
      url: `/convention/${w.convention.slug}/hall/${w.open.slug}`,
      params: params(w.convention.slug, { hallslug: w.open.slug }),
    });
    expect(hall).toMatchObject({ status: 302, location: `/convention/${w.convention.slug}` });
    // the organiser still sees everything
    const member = await callRoute(t, layout.loader, { url: `/convention/${w.convention.slug}`, userId: w.owner.id, params: params(w.convention.slug) });
    expect((member.data as LayoutData).convention.navigation?.halls).toHaveLength(2);
  });

  it('saves the business card from the convention and returns to the page; mistakes come back per field', async () => {
    const w = await world();
    const url = `/convention/${w.convention.slug}`;
    const anonymous = await callRoute(t, layout.action, { url, form: { intent: 'address' }, params: params(w.convention.slug) });
    expect(anonymous.status).toBe(401);
    const bad = await callRoute(t, layout.action, {
      url,
      userId: w.noFeature.id,
      form: { intent: 'address', companyName: 'ACME', streetAddress1: '', houseNo: '1', postalCode: '12345', city: 'Köln', phone: 'abc', country: 'DE' },
      params: params(w.convention.slug),
    });
    expect(bad.status).toBe(400);
    const errors = (bad.data as { cardResult: { error: Record<string, string[]> } }).cardResult.error;
    expect(Object.keys(errors)).toEqual(expect.arrayContaining(['streetAddress1', 'phone']));
    const back = `${url}/hall/${w.open.slug}`;
    const good = await callRoute(t, layout.action, {
      url,
      userId: w.noFeature.id,
      form: { intent: 'address', companyName: 'ACME', streetAddress1: 'Domstraße', houseNo: '1', postalCode: '50667', city: 'Köln', phone: '+49 221 123456', country: 'DE', redirectTo: back },
      params: params(w.convention.slug),
    });
    expect(good).toMatchObject({ status: 302, location: back, toast: { type: 'success', key: 'auth:contact.addressAdded' } });
    // a complete card is not sent with every page (issue 26); the page that opens its dialog brings it
    const after = await callRoute(t, layout.loader, { url, userId: w.noFeature.id, params: params(w.convention.slug) });
    expect((after.data as LayoutData).viewer).toEqual({ cardComplete: true, card: null });
    const opened = await callRoute(t, layout.loader, { url: `${url}?dialog=card`, userId: w.noFeature.id, params: params(w.convention.slug) });
    expect((opened.data as LayoutData).viewer).toMatchObject({ cardComplete: true, card: { companyName: 'ACME', city: 'Köln' } });
    // an outside redirect target is not followed
    const outside = await callRoute(t, layout.action, {
      url,
      userId: w.noFeature.id,
      form: { intent: 'address', companyName: 'ACME', streetAddress1: 'Domstraße', houseNo: '1', postalCode: '50667', city: 'Köln', phone: '+49 221 123456', country: 'DE', redirectTo: 'https://evil.example/' },
      params: params(w.convention.slug),
    });
    expect(outside.location).toBe(url);
  });
});

describe('hall, stand, reference point, legal pages and preview', () => {
  it('lists only approved stands in their order, and 404s for a hall that is not part of the convention', async () => {
    const w = await world();
    const res = await callRoute(t, hallLayout.loader, {
      url: `/convention/${w.convention.slug}/hall/${w.open.slug}`,
      params: params(w.convention.slug, { hallslug: w.open.slug }),
    });
    expect(res.status).toBe(200);
    const { hall } = res.data as HallData;
    expect(hall).toMatchObject({ title: 'Open hall', description: 'All visitors welcome' });
    expect(hall.stands.map((s) => s.title)).toEqual(['First stand', 'Zweiter']);
    const [other] = await t.app.db('halls').insert({ organization_id: w.host.id, slug: `fremd-${rand()}`, name: 'Fremd', permission_type: 'PUBLIC' }).returning('slug');
    const missing = await callRoute(t, hallLayout.loader, {
      url: `/convention/${w.convention.slug}/hall/${other.slug}`,
      params: params(w.convention.slug, { hallslug: other.slug }),
    });
    expect(missing.status).toBe(404);
  });

  it('applies the hall access type inside a public convention', async () => {
    const w = await world();
    const url = `/convention/${w.convention.slug}/hall/${w.members.slug}`;
    const out = await callRoute(t, hallLayout.loader, { url, params: params(w.convention.slug, { hallslug: w.members.slug }) });
    expect(out).toMatchObject({ status: 302, location: `/login?next=${encodeURIComponent(url)}` });
    const inside = await callRoute(t, hallLayout.loader, { url, userId: w.noFeature.id, params: params(w.convention.slug, { hallslug: w.members.slug }) });
    expect(inside.status).toBe(200);
  });

  it('shows an approved stand with its views and reference points in the language; a pending one only to insiders', async () => {
    const w = await world();
    const at = (s: { slug: string }) => ({
      url: `/convention/${w.convention.slug}/hall/${w.open.slug}/stand/${s.slug}`,
      params: params(w.convention.slug, { hallslug: w.open.slug, standslug: s.slug }),
    });
    const res = await callRoute(t, stand.loader, at(w.first));
    expect(res.status).toBe(200);
    const data = res.data as StandData;
    expect(data.stand).toMatchObject({ title: 'First stand', description: 'Machines' });
    expect(data.nodes).toHaveLength(1);
    expect(data.nodes[0]!.points[0]).toMatchObject({ kind: 'REFERENCE', slug: 'products', name: 'Products' });
    expect(data.standPath).toBe(at(w.first).url);

    expect((await callRoute(t, stand.loader, at(w.pending))).status).toBe(404);
    expect((await callRoute(t, stand.loader, { ...at(w.pending), userId: w.noFeature.id })).status).toBe(404);
    // the exhibitor and the host see their stand before approval
    expect((await callRoute(t, stand.loader, { ...at(w.pending), userId: w.stranger.id })).status).toBe(200);
    expect((await callRoute(t, stand.loader, { ...at(w.pending), userId: w.owner.id })).status).toBe(200);

    const rp = await callRoute(t, standRp.loader, {
      url: `${at(w.first).url}/rp/products`,
      params: { ...at(w.first).params, rpslug: 'products' },
    });
    expect(rp.data).toMatchObject({ point: { name: 'Products', title: 'Our products', description: 'Lathes and mills' } });
    const noRp = await callRoute(t, standRp.loader, { url: `${at(w.first).url}/rp/nope`, params: { ...at(w.first).params, rpslug: 'nope' } });
    expect(noRp.status).toBe(404);
  });

  it('gives imprint and data policy of the responsible organisation: exhibitor for stands, host for convention and halls', async () => {
    const w = await world();
    const standImp = await callRoute(t, standImprint.loader, {
      url: `/convention/${w.convention.slug}/hall/${w.open.slug}/stand/${w.first.slug}/imprint`,
      params: params(w.convention.slug, { hallslug: w.open.slug, standslug: w.first.slug }),
    });
    expect(standImp.data).toMatchObject({ info: { imprint: 'Exhibitor AG, Standgasse 2' } });
    const conv = await callRoute(t, conventionImprint.loader, { url: `/convention/${w.convention.slug}/imprint`, params: params(w.convention.slug) });
    expect(conv.data).toMatchObject({ info: { imprint: 'Host GmbH, Messeweg 1' } });
    const hallPolicy = await callRoute(t, hallDataPolicy.loader, {
      url: `/convention/${w.convention.slug}/hall/${w.open.slug}/datapolicy`,
      params: params(w.convention.slug, { hallslug: w.open.slug }),
    });
    expect(hallPolicy.data).toMatchObject({ info: { dataPrivacy: 'Host privacy text' } });
    const pendingImprint = await callRoute(t, standImprint.loader, {
      url: `/convention/${w.convention.slug}/hall/${w.open.slug}/stand/${w.pending.slug}/imprint`,
      params: params(w.convention.slug, { hallslug: w.open.slug, standslug: w.pending.slug }),
    });
    expect(pendingImprint.status).toBe(404);
  });

  it('opens a stand waiting for approval by its preview slug, and 404s with a wrong one', async () => {
    const w = await world();
    const at = (prevslug: string) => ({
      url: `/prev/${prevslug}/convention/${w.convention.slug}/hall/${w.open.slug}/stand/${w.pending.slug}`,
      params: params(w.convention.slug, { prevslug, hallslug: w.open.slug, standslug: w.pending.slug }),
    });
    const ok = await callRoute(t, preview.loader, at(w.pendingPreview));
    expect(ok.status).toBe(200);
    expect(ok.data).toMatchObject({ approved: false, stand: { name: 'Wartend' }, standPath: at(w.pendingPreview).url });
    expect((await callRoute(t, preview.loader, at('falsch'))).status).toBe(404);
    expect((await callRoute(t, preview.loader, at(''))).status).toBe(404);
  });

  it('keeps a preview link working before the convention opens, while the stand page itself stays closed', async () => {
    const w = await world();
    await t.app.db('conventions').where({ id: w.convention.id }).update({ active: false });
    const prevParams = params(w.convention.slug, { prevslug: w.pendingPreview, hallslug: w.open.slug, standslug: w.pending.slug });
    const url = `/prev/${w.pendingPreview}/convention/${w.convention.slug}/hall/${w.open.slug}/stand/${w.pending.slug}`;
    const ok = await callRoute(t, preview.loader, { url, params: prevParams });
    expect(ok.status).toBe(200);
    expect(ok.data).toMatchObject({ approved: false, stand: { name: 'Wartend' } });
    const wrong = await callRoute(t, preview.loader, { url, params: { ...prevParams, prevslug: 'falsch' } });
    expect(wrong.status).toBe(404);
    const stand2 = await callRoute(t, stand.loader, {
      url: `/convention/${w.convention.slug}/hall/${w.open.slug}/stand/${w.first.slug}`,
      params: params(w.convention.slug, { hallslug: w.open.slug, standslug: w.first.slug }),
    });
    expect(stand2).toMatchObject({ status: 302, location: `/convention/${w.convention.slug}` });
    // the access type still applies: a LOGGED_IN convention asks a logged-out holder of the link to log in
    await t.app.db('conventions').where({ id: w.convention.id }).update({ permission_type: 'LOGGED_IN' });
    const login = await callRoute(t, preview.loader, { url, params: prevParams });
    expect(login).toMatchObject({ status: 302, location: `/login?next=${encodeURIComponent(url)}` });
  });
});
