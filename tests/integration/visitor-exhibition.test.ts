import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as layout from '~/routes/exhibition.$slug';
import * as landing from '~/routes/exhibition.$slug._index';
import * as rp from '~/routes/exhibition.$slug.rp.$rpslug';
import * as stage from '~/routes/exhibition.$slug.stage.$stageslug';
import * as imprint from '~/routes/exhibition.$slug.imprint';
import * as privacy from '~/routes/exhibition.$slug.privacy';
import * as infopoint from '~/routes/convention.$conventionslug.infopoint';
import * as help from '~/routes/convention.$conventionslug.help.$slug';
import * as content from '~/routes/convention.$conventionslug.content.$slug';
import { seedConventions } from '~/server/seed/events-conventions';
import { seedExhibitionStand } from '~/server/seed/events-exhibition';
import { createTestApp, type TestApp } from '../helpers/app';
import { callRoute } from '../helpers/routes';
import { addMember, createOrganization, createUser } from '../fixtures/factories';
import { Package } from '~/lib/features';
import { as, eventsWorld, image, outcome } from './events-halls-world';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  fs.rmSync(path.resolve(t.app.env.UPLOAD_DIR), { recursive: true, force: true });
});

type LayoutData = Awaited<ReturnType<typeof layout.loader>>;
type LandingData = Awaited<ReturnType<typeof landing.loader>>;
type RpData = Awaited<ReturnType<typeof rp.loader>>;
type StageData = Awaited<ReturnType<typeof stage.loader>>;
type LegalData = Awaited<ReturnType<typeof imprint.loader>>;
type InfoData = Awaited<ReturnType<typeof infopoint.loader>>;

const rand = () => crypto.randomBytes(4).toString('hex');
const HOUR = 3600 * 1000;

/**
 * The host's PUBLIC in-house fair with its stand (an English image view with a plain point and the reference
 * point "products"), its stage with a talk to come, a meeting link and a welcome video; a LOGGED_IN fair of the
 * host without stand or stage; the exhibitor's fair with its own stand and stage. Both organisations have legal
 * texts of their own.
 */
async function world() {
  const w = await eventsWorld(t);
  const db = t.app.db;
  await db('organizations').where({ id: w.host.id }).update({ imprint: 'Host GmbH, Messeweg 1, Köln', data_privacy: '', data_privacy_url: 'https://host.example/privacy' });
  await db('organizations').where({ id: w.exhibitor.id }).update({ imprint: 'Exhibitor AG, Standgasse 2', data_privacy: 'We keep your data safe.' });

  const stand = async (organizationId: string, userId: string, name: string, point: string) => {
    const [row] = await db('base_stands').insert({ organization_id: organizationId, name, slug: `${name.toLowerCase()}-${rand()}` }).returning(['id', 'slug']);
    await db('stand_translations').insert({ stand_id: row.id, language: 'EN', title: `${name} stand`, description: `Welcome to ${name}` });
    const imageId = await image(t, userId, 1280, 720);
    await db('files').where({ id: imageId }).update({ is_public: true });
    const [node] = await db('stand_nodes').insert({ organization_id: organizationId, stand_id: row.id, type: 'IMAGE', image_id: imageId, language: 'EN' }).returning('id');
    await db('points').insert({ organization_id: organizationId, node_id: node.id, cx: 20, cy: 30, kind: 'POINT' });
    const [ref] = await db('points')
      .insert({ organization_id: organizationId, node_id: node.id, cx: 40, cy: 60, kind: 'REFERENCE', name: point, slug: point.toLowerCase(), order: 0 })
      .returning('id');
    await db('point_translations').insert({ point_id: ref.id, language: 'EN', title: `Our ${point}`, description: `All about ${point}` });
    return row as { id: string; slug: string };
  };
  const stageOf = async (organizationId: string, title: string) => {
    const [row] = await db('stages').insert({ organization_id: organizationId, slug: `buehne-${rand()}`, title, stream: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ' }).returning(['id', 'slug']);
    await db('stage_translations').insert({ stage_id: row.id, language: 'EN', title: `${title} (EN)`, description: 'Talks all day' });
    return row as { id: string; slug: string };
  };
  const hostStand = await stand(w.host.id, w.owner.id, 'Host', 'Products');
  const hostStage = await stageOf(w.host.id, 'Hausbühne');
  const startsAt = new Date(Date.now() + HOUR);
  const [talk] = await db('schedule_entries').insert({ stage_id: hostStage.id, starts_at: startsAt, ends_at: new Date(startsAt.getTime() + HOUR), speaker: 'Ada' }).returning('id');
  await db('schedule_entry_translations').insert({ schedule_entry_id: talk.id, language: 'EN', title: 'Keynote', description: '' });
  const otherStand = await stand(w.exhibitor.id, w.stranger.id, 'Other', 'Secrets');
  const otherStage = await stageOf(w.exhibitor.id, 'Fremde Bühne');

  const exhibition = async (organizationId: string, name: string, values: Record<string, unknown>) => {
    const [row] = await db('exhibitions')
      .insert({ organization_id: organizationId, name, slug: `hausmesse-${rand()}`, ...values })
      .returning(['id', 'slug']);
    return row as { id: string; slug: string };
  };
  const open = await exhibition(w.host.id, 'Open house', {
    permission_type: 'PUBLIC',
    stand_id: hostStand.id,
    stage_id: hostStage.id,
    meeting: 'https://meet.example/host',
    video: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
  });
  const members = await exhibition(w.host.id, 'Members only', { permission_type: 'LOGGED_IN' });
  const foreign = await exhibition(w.exhibitor.id, 'Exhibitor fair', { permission_type: 'PUBLIC', stand_id: otherStand.id, stage_id: otherStage.id });
  return { ...w, hostStand, hostStage, otherStand, otherStage, open, members, foreign };
}

const at = (slug: string, rest = '', params: Record<string, string> = {}) => ({ url: `/exhibition/${slug}${rest}`, params: { slug, ...params } });

describe('in-house fair for visitors', () => {
  it('shows a PUBLIC fair to a logged-out visitor: organiser, stage, meeting, video and the stand with its points', async () => {
    const w = await world();
    const res = await callRoute(t, layout.loader, at(w.open.slug));
    expect(res.status).toBe(200);
    const { exhibition, viewer } = res.data as LayoutData;
    expect(viewer).toBeNull();
    expect(exhibition).toMatchObject({
      name: 'Open house',
      permissionType: 'PUBLIC',
      meeting: 'https://meet.example/host',
      video: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
      organization: { name: w.host.name, logoUrl: null },
      stage: { slug: w.hostStage.slug, title: 'Hausbühne (EN)', description: 'Talks all day' },
      hasStand: true,
    });

    const page = await callRoute(t, landing.loader, at(w.open.slug));
    expect(page.status).toBe(200);
    const { stand } = page.data as LandingData;
    expect(stand?.stand).toMatchObject({ title: 'Host stand', description: 'Welcome to Host' });
    expect(stand?.nodes).toHaveLength(1);
    expect(stand?.nodes[0]!.points.map((p) => [p.kind, p.slug])).toEqual([
      ['POINT', null],
      ['REFERENCE', 'products'],
    ]);

    // the GraphQL door answers the same
    const gql = await t.graphql<{ fetchExhibition: { name: string; standId: string; stage: { slug: string } } }>(
      `query($slug: String) { fetchExhibition(slug: $slug) { name standId stage { slug } } }`,
      { slug: w.open.slug },
    );
    expect(gql.body.data?.fetchExhibition).toEqual({ name: 'Open house', standId: w.hostStand.id, stage: { slug: w.hostStage.slug } });
  });

  it('sends a logged-out visitor of a LOGGED_IN fair to login with the page to come back to; a logged-in visitor gets in', async () => {
    const w = await world();
    for (const [fn, rest, params] of [
      [layout.loader, '', {}],
      [landing.loader, '', {}],
      [imprint.loader, '/imprint', {}],
      [rp.loader, '/rp/products', { rpslug: 'products' }],
    ] as const) {
      const out = await callRoute(t, fn, at(w.members.slug, rest, params));
      expect(out).toMatchObject({ status: 302, location: `/login?next=${encodeURIComponent(`/exhibition/${w.members.slug}${rest}`)}` });
    }
    const gql = await t.graphql(`query($slug: String) { fetchExhibition(slug: $slug) { id } }`, { slug: w.members.slug });
    expect(outcome(gql.body, 'fetchExhibition')).toBe('PERMISSION_DENIED');

    const inside = await callRoute(t, layout.loader, { ...at(w.members.slug), userId: w.noFeature.id });
    expect(inside.status).toBe(200);
    expect((inside.data as LayoutData).viewer).not.toBeNull();
    // this fair has neither stand nor stage: the page says so instead of failing
    expect((inside.data as LayoutData).exhibition).toMatchObject({ hasStand: false, stage: null, meeting: '' });
    const page = await callRoute(t, landing.loader, { ...at(w.members.slug), userId: w.noFeature.id });
    expect(page).toMatchObject({ status: 200, data: { stand: null } });
    const noPoint = await callRoute(t, rp.loader, { ...at(w.members.slug, '/rp/products', { rpslug: 'products' }), userId: w.noFeature.id });
    expect(noPoint.status).toBe(404);
  });

  it('gives the 404 page for an unknown fair on every page', async () => {
    for (const [fn, rest, params] of [
      [layout.loader, '', {}],
      [landing.loader, '', {}],
      [privacy.loader, '/privacy', {}],
      [stage.loader, '/stage/x', { stageslug: 'x' }],
    ] as const) {
      const res = await callRoute(t, fn, at('gibt-es-nicht', rest, params));
      expect(res.status).toBe(404);
    }
  });

  it('opens a reference point of the fair’s stand with its text, and 404s for unknown points and points of other stands', async () => {
    const w = await world();
    const res = await callRoute(t, rp.loader, at(w.open.slug, '/rp/products', { rpslug: 'products' }));
    expect(res.status).toBe(200);
    const data = res.data as RpData;
    expect(data.point).toEqual({ name: 'Products', title: 'Our Products', description: 'All about Products', contentPageId: null, contentPageSlug: null, content: null });
    expect(data.stand.stand.title).toBe('Host stand');
    expect(data.language).toBe('EN');

    const unknown = await callRoute(t, rp.loader, at(w.open.slug, '/rp/nope', { rpslug: 'nope' }));
    expect(unknown.status).toBe(404);
    // the exhibitor's stand has "secrets"; the host's fair does not show it
    const foreign = await callRoute(t, rp.loader, at(w.open.slug, '/rp/secrets', { rpslug: 'secrets' }));
    expect(foreign.status).toBe(404);
    const own = await callRoute(t, rp.loader, at(w.foreign.slug, '/rp/secrets', { rpslug: 'secrets' }));
    expect(own.status).toBe(200);
  });

  it('shows only the fair’s own stage with its stream and programme; another fair’s stage is not found here', async () => {
    const w = await world();
    const res = await callRoute(t, stage.loader, at(w.open.slug, `/stage/${w.hostStage.slug}`, { stageslug: w.hostStage.slug }));
    expect(res.status).toBe(200);
    const data = res.data as StageData;
    expect(data.stage).toMatchObject({ slug: w.hostStage.slug, title: 'Hausbühne (EN)', description: 'Talks all day', stream: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ' });
    expect(data.programme.stages[0]!.entries.map((e) => [e.title, e.speaker])).toEqual([['Keynote', 'Ada']]);
    expect(data.path).toBe(`/exhibition/${w.open.slug}/stage/${w.hostStage.slug}`);

    const other = await callRoute(t, stage.loader, at(w.open.slug, `/stage/${w.otherStage.slug}`, { stageslug: w.otherStage.slug }));
    expect(other.status).toBe(404);
    const none = await callRoute(t, stage.loader, { ...at(w.members.slug, `/stage/${w.hostStage.slug}`, { stageslug: w.hostStage.slug }), userId: w.noFeature.id });
    expect(none.status).toBe(404);
  });

  it('shows the imprint and data policy of the organisation that runs the fair', async () => {
    const w = await world();
    const hostImprint = await callRoute(t, imprint.loader, at(w.open.slug, '/imprint'));
    expect(hostImprint.data as LegalData).toEqual({
      kind: 'imprint',
      back: `/exhibition/${w.open.slug}`,
      info: { organizationName: w.host.name, imprint: 'Host GmbH, Messeweg 1, Köln', dataPrivacy: '', dataPrivacyUrl: 'https://host.example/privacy' },
      title: 'Imprint',
    });
    const hostPrivacy = await callRoute(t, privacy.loader, at(w.open.slug, '/privacy'));
    expect((hostPrivacy.data as LegalData).title).toBe('Data policy');
    expect((hostPrivacy.data as LegalData).info).toMatchObject({ dataPrivacy: '', dataPrivacyUrl: 'https://host.example/privacy' });
    const exhibitorPrivacy = await callRoute(t, privacy.loader, at(w.foreign.slug, '/privacy'));
    expect((exhibitorPrivacy.data as LegalData).info).toMatchObject({ organizationName: w.exhibitor.name, dataPrivacy: 'We keep your data safe.', imprint: 'Exhibitor AG, Standgasse 2' });
  });

  it('never turns a stored non-web meeting address into a link', async () => {
    const w = await world();
    await t.app.db('exhibitions').where({ id: w.open.id }).update({ meeting: 'javascript:alert(1)' });
    const res = await callRoute(t, layout.loader, at(w.open.slug));
    expect((res.data as LayoutData).exhibition.meeting).toBe('');
  });
});

describe('convention info point, help and content pages', () => {
  async function convention(values: Record<string, unknown> = {}) {
    const w = await eventsWorld(t);
    await t.app.db('organizations').where({ id: w.host.id }).update({ support_url: 'https://host.example/support', chat_enabled: true });
    await t.app.db('conventions').where({ id: w.convention.id }).update({ help_page: 'Use the menu on the left.', ...values });
    return w;
  }
  const inConvention = (slug: string, rest: string, params: Record<string, string> = {}) => ({
    url: `/convention/${slug}${rest}`,
    params: { conventionslug: slug, ...params },
  });

  it('gives visitors the organiser’s help text, support page and chat note', async () => {
    const w = await convention();
    const res = await callRoute(t, infopoint.loader, inConvention(w.convention.slug, '/infopoint'));
    expect(res.status).toBe(200);
    expect(res.data as InfoData).toEqual({
      info: {
        organizationName: w.host.name,
        helpPage: 'Use the menu on the left.',
        supportUrl: 'https://host.example/support',
        chatEnabled: true,
        // no help content page: the help links lead to the help text under the convention's slug (issue 16)
        helpSlug: w.convention.slug,
      },
      title: 'Info point',
    });
  });

  it('applies the convention’s access type and hides an inactive convention’s info from outsiders', async () => {
    const w = await convention({ permission_type: 'LOGGED_IN' });
    const url = `/convention/${w.convention.slug}/infopoint`;
    const out = await callRoute(t, infopoint.loader, inConvention(w.convention.slug, '/infopoint'));
    expect(out).toMatchObject({ status: 302, location: `/login?next=${encodeURIComponent(url)}` });
    await t.app.db('conventions').where({ id: w.convention.id }).update({ permission_type: 'PUBLIC', active: false });
    const inactive = await callRoute(t, infopoint.loader, inConvention(w.convention.slug, '/infopoint'));
    expect(inactive.status).toBe(404);
    const organiser = await callRoute(t, infopoint.loader, { ...inConvention(w.convention.slug, '/infopoint'), userId: w.owner.id });
    expect(organiser.status).toBe(200);
  });

  it('shows the help page under the convention’s own slug and 404s for any other help or content page', async () => {
    const w = await convention();
    const own = await callRoute(t, help.loader, inConvention(w.convention.slug, `/help/${w.convention.slug}`, { slug: w.convention.slug }));
    expect(own.status).toBe(200);
    expect(own.data).toMatchObject({ info: { helpPage: 'Use the menu on the left.' }, title: 'Help' });
    const other = await callRoute(t, help.loader, inConvention(w.convention.slug, '/help/faq', { slug: 'faq' }));
    expect(other.status).toBe(404);
    const page = await callRoute(t, content.loader, inConvention(w.convention.slug, '/content/agenda', { slug: 'agenda' }));
    expect(page.status).toBe(404);
    // the access check still comes first: a protected convention asks for login before saying anything
    await t.app.db('conventions').where({ id: w.convention.id }).update({ permission_type: 'LOGGED_IN' });
    const guarded = await callRoute(t, content.loader, inConvention(w.convention.slug, '/content/agenda', { slug: 'agenda' }));
    expect(guarded).toMatchObject({ status: 302, location: `/login?next=${encodeURIComponent(`/convention/${w.convention.slug}/content/agenda`)}` });
  });
});

describe('demo in-house fair', () => {
  it('shows the seeded stand with two reference points in the visitor’s language and its stage', async () => {
    const org = await createOrganization(t.app.db, { suites: Package.BASIC | Package.EVENT });
    const visitor = await createUser(t.app.db, { default_language: 'EN' });
    const owner = await createUser(t.app.db, { default_language: 'DE' });
    await addMember(t.app.db, org.id, owner.id, { isOwner: true });
    const seeded = await t.app.db.transaction(async (trx) => {
      const events = await seedConventions(trx, { organizationId: org.id });
      const { standId } = await seedExhibitionStand(trx, { organizationId: org.id, storage: t.app.storage });
      return { ...events, standId };
    });
    const asVisitor = { ...at('demo-hausmesse'), userId: visitor.id };
    const page = await callRoute(t, landing.loader, asVisitor);
    const { stand } = page.data as LandingData;
    expect(stand?.stand.title).toBe('Demo Messe GmbH – in-house fair');
    expect(stand?.nodes.map((n) => n.language)).toEqual(['EN']);
    expect(stand?.nodes[0]!.points.filter((p) => p.kind === 'REFERENCE').map((p) => p.name)).toEqual(['New in 2026', 'Service & advice']);
    const point = await callRoute(t, rp.loader, { ...at('demo-hausmesse', '/rp/neuheiten-2026', { rpslug: 'neuheiten-2026' }), userId: visitor.id });
    expect((point.data as RpData).point).toMatchObject({ name: 'New in 2026', title: 'New in 2026' });
    const layoutData = (await callRoute(t, layout.loader, asVisitor)).data as LayoutData;
    expect(layoutData.exhibition).toMatchObject({ permissionType: 'LOGGED_IN', hasStand: true, stage: { slug: 'demo-hauptbuehne' } });

    // the organiser's console sees the stand chosen for the fair
    const admin = await t.graphql<{ exhibitions: { id: string; standId: string }[] }>(`query { exhibitions { id standId } }`, undefined, { headers: await as(t, owner.id) });
    expect(admin.body.data?.exhibitions).toEqual([{ id: seeded.exhibitionId, standId: seeded.standId }]);
  });
});
