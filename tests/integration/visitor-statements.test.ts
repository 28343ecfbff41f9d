import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { seedDemo } from '~/server/seed/demo';
import {
  addHallToConvention,
  addStandToHall,
  createExhibition,
  createFoyerPoint,
  createHall,
  createOnDemandContent,
  createOrganization,
  createPoint,
  createScheduleEntry,
  createStand,
  createStandNode,
} from '../fixtures/factories';
import { createTestApp, type TestApp } from '../helpers/app';
import { countStatements, createPageHandler } from '../helpers/remix-pages';

/**
 * Issue 13: a visitor page and a visitor's GraphQL query cost at most 8 SQL statements (the request's viewer
 * included), and the same number however many halls, stands, talks, points and on-demand items the convention
 * has. Pages go through Remix's own request handler with every matched loader, as in production.
 */
const MAX_STATEMENTS = 8;
const CONVENTION = 'digitale-fachmesse-2026';
const HALL = 'demo-halle-maschinenbau';
const STAGE = 'demo-hauptbuehne';
const EXHIBITION = 'demo-hausmesse';

let t: TestApp;
let page: Awaited<ReturnType<typeof createPageHandler>>;
const cookies: Record<'anonymous' | 'visitor' | 'host', string | undefined> = { anonymous: undefined, visitor: undefined, host: undefined };

beforeAll(async () => {
  vi.stubEnv('UPLOAD_DIR', `var/test-uploads/${process.pid}`);
  t = await createTestApp();
  await seedDemo(t.app.db, { force: false });
  page = await createPageHandler(t);
  for (const [who, email] of [
    ['visitor', 'visitor@demo.example'],
    ['host', 'admin@demo.example'],
  ] as const) {
    const user = await t.app.db('users').where({ email }).first('id');
    cookies[who] = await t.sessionCookie(user.id);
  }
  // the whole demo seed: about 15 s on an idle machine, over a minute on a loaded one (a guard, not a measure)
}, 180_000);
afterAll(async () => {
  await t.close();
  fs.rmSync(path.resolve(`var/test-uploads/${process.pid}`), { recursive: true, force: true });
  vi.unstubAllEnvs();
});

/** Every visitor page of the demo data: convention, hall, stand, its sub-pages, stages, in-house fair, preview. */
async function visitorPages(): Promise<string[]> {
  const db = t.app.db;
  const stand = await db('hall_stands as hs')
    .join('halls as h', 'h.id', 'hs.hall_id')
    .where({ 'h.slug': HALL, 'hs.approved': true, 'hs.stand_accepted': true })
    .orderBy('hs.order')
    .first('hs.slug', 'hs.stand_id');
  const point = await db('points as p').join('stand_nodes as n', 'n.id', 'p.node_id').where({ 'n.stand_id': stand.stand_id, 'p.kind': 'REFERENCE' }).orderBy('p.created_at').first('p.slug');
  const pending = await db('hall_stands as hs').join('halls as h', 'h.id', 'hs.hall_id').where({ 'hs.approved': false }).first('hs.slug', 'hs.preview_slug', 'h.slug as hall');
  const onDemand = await db('on_demand_contents').orderBy('created_at').first('slug');
  const fairStand = await db('exhibitions').where({ slug: EXHIBITION }).first('stand_id');
  const fairPoint = await db('points as p').join('stand_nodes as n', 'n.id', 'p.node_id').where({ 'n.stand_id': fairStand.stand_id, 'p.kind': 'REFERENCE' }).orderBy('p.created_at').first('p.slug');
  const c = `/convention/${CONVENTION}`;
  const s = `${c}/hall/${HALL}/stand/${stand.slug}`;
  return [
    c,
    `${c}/hall/${HALL}`,
    s,
    `${s}/rp/${point.slug}`,
    `${s}/datapolicy`,
    `${s}/imprint`,
    `${c}/hall/${HALL}/datapolicy`,
    `${c}/hall/${HALL}/imprint`,
    `${c}/stage/${STAGE}`,
    `${c}/ondemand`,
    `${c}/ondemand/${onDemand.slug}`,
    `${c}/infopoint`,
    `${c}/imprint`,
    `${c}/datapolicy`,
    `/stage/${STAGE}`,
    `/exhibition/${EXHIBITION}`,
    `/exhibition/${EXHIBITION}/rp/${fairPoint.slug}`,
    `/exhibition/${EXHIBITION}/stage/${STAGE}`,
    `/exhibition/${EXHIBITION}/imprint`,
    `/exhibition/${EXHIBITION}/privacy`,
    `/prev/${pending.preview_slug}${c}/hall/${pending.hall}/stand/${pending.slug}`,
  ];
}

const FILE = '{ id url width height }';
const TEXT = '{ id language title description }';
/** What a visitor's client asks: everything the visitor pages show, one query per page kind. */
const VISITOR_QUERIES: Record<string, string> = {
  conventionBySlug: `query($c: String!) { conventionBySlug(slug: $c) { id slug title active status startDate endDate video videoEmbedUrl
    navigationMode permissionType headerImage ${FILE} translation ${TEXT} translations ${TEXT} organization { id slug name supportUrl chatEnabled }
    stage { id slug title streamEmbedUrl thumbnail ${FILE} translation ${TEXT}
      schedule { id timestamp timestampEnd speaker speakerDescription speakerOrganization { id name } thumbnail ${FILE} translation ${TEXT} } }
    onDemandContent { id title description thumbnail ${FILE} } } }`,
  fetchConventionHall: `query($c: String!, $h: String!) { fetchConventionHall(conventionSlug: $c, hallSlug: $h) {
    convention { id slug title navigationMode imageFoyer { id image ${FILE} points { id x y targetType targetId link } } }
    hall { id slug name permissionType thumbnail ${FILE} translations ${TEXT}
      stands { id slug order standName thumbnail ${FILE} stand { id name slug shop shopUrl chatUrl translations ${TEXT} organization { id name supportUrl } } } } } }`,
  fetchConventionStand: `query($c: String!, $h: String!, $s: String!) { fetchConventionStand(conventionSlug: $c, hallSlug: $h, standSlug: $s) {
    convention { id slug title } hall { id slug name }
    hallStand { slug standName stand { id name shop shopUrl translations ${TEXT} organization { id name supportUrl chatEnabled }
      nodes { id type language image ${FILE} points { id cx cy kind name slug translations { language title } } } } } } }`,
  conventionProgramme: `query($c: String!) { conventionProgramme(slug: $c) { now stages { id slug title entries { id title description speaker
    speakerDescription speakerOrganization { id name } thumbnailUrl timestamp timestampEnd live } } } }`,
  stageStandalone: `query($st: String!) { stageStandalone(slug: $st) { id slug title streamEmbedUrl thumbnail ${FILE} translation ${TEXT}
    schedule { id timestamp timestampEnd speaker speakerOrganization { id name } translation ${TEXT} } } }`,
  fetchExhibition: `query($x: String!) { fetchExhibition(slug: $x) { id name slug video videoEmbedUrl meeting permissionType organization { id name }
    stage { id slug title translation ${TEXT} schedule { timestamp speaker translation ${TEXT} } } } }`,
};

type Who = keyof typeof cookies;
const VIEWERS: Who[] = ['anonymous', 'visitor', 'host'];

/** Statements of every page and query for every viewer, with what each answered. */
async function measureAll(): Promise<Map<string, { count: number; outcome: string }>> {
  const counts = new Map<string, { count: number; outcome: string }>();
  for (const url of await visitorPages()) {
    for (const who of VIEWERS) {
      const { result, count } = await countStatements(t, () => page(url, { cookie: cookies[who] }));
      counts.set(`${who} ${url}`, { count, outcome: `${result.status} ${result.location ?? ''}`.trim() });
    }
  }
  const variables = { c: CONVENTION, h: HALL, s: 'mueller-praezisionstechnik', st: STAGE, x: EXHIBITION };
  for (const [name, query] of Object.entries(VISITOR_QUERIES)) {
    for (const who of VIEWERS) {
      const headers: Record<string, string> = cookies[who] ? { cookie: cookies[who]! } : {};
      const { result, count } = await countStatements(t, () => t.graphql(query, variables, { headers }));
      const error = result.body.errors?.[0]?.extensions?.code;
      counts.set(`${who} graphql ${name}`, { count, outcome: error ? String(error) : 'data' });
    }
  }
  return counts;
}

/**
 * More of everything the demo convention's pages list: halls, listed stands of other organisations (some the stand
 * of an in-house fair) that foyer points lead to, views with points, talks of speaker organisations, recordings.
 */
async function growTheConvention(times: number) {
  const db = t.app.db;
  const convention = await db('conventions').where({ slug: CONVENTION }).first('id', 'organization_id');
  const hall = await db('halls').where({ slug: HALL }).first('id');
  const stage = await db('stages').where({ slug: STAGE }).first('id');
  const foyer = await db('image_foyers').where({ convention_id: convention.id }).first('id');
  const texts = { DE: { title: 'Titel', description: 'Text' }, EN: { title: 'Title', description: 'Text' } };
  for (let i = 0; i < times; i += 1) {
    const extra = await createHall(db, { organization_id: convention.organization_id, translations: texts });
    await addHallToConvention(db, { convention_id: convention.id, hall_id: extra.id });
  }
  for (let i = 0; i < 2 * times; i += 1) {
    const exhibitor = await createOrganization(db);
    const stand = await createStand(db, { organization_id: exhibitor.id, translations: texts });
    // after the demo's stands, so the pages measured stay the same
    await addStandToHall(db, { hall_id: hall.id, stand_id: stand.id, order: 100 + (await db('hall_stands').where({ hall_id: hall.id }).count<{ n: number }[]>('* as n'))[0]!.n });
    // half of them are also the stand of a public in-house fair (their own access rules apply on top)
    if (i % 2) await createExhibition(db, { organization_id: exhibitor.id, stand_id: stand.id });
    await createFoyerPoint(db, { foyer_id: foyer.id, target_type: 'STAND', target_id: stand.id, link: null });
  }
  const shown = await db('hall_stands').where({ hall_id: hall.id, approved: true, stand_accepted: true }).orderBy('order').first('stand_id');
  for (const language of ['DE', 'EN'] as const) {
    const node = await createStandNode(db, { stand_id: shown.stand_id, language });
    for (let i = 0; i < 2 * times; i += 1) await createPoint(db, { node_id: node.id, kind: i % 2 ? 'REFERENCE' : 'POINT', translations: texts });
  }
  const speakers = await Promise.all([createOrganization(db), createOrganization(db)]);
  for (let i = 0; i < 3 * times; i += 1) {
    const start = new Date(Date.now() + (i + 1) * 3600_000);
    await createScheduleEntry(db, { stage_id: stage.id, starts_at: start, ends_at: new Date(start.getTime() + 1800_000), speaker_organization_id: speakers[i % 2]!.id });
  }
  for (let i = 0; i < times; i += 1) await createOnDemandContent(db, { convention_id: convention.id });
}

describe('SQL statements per visitor page and visitor query', () => {
  it(`stay at most ${MAX_STATEMENTS} for anonymous visitors, logged-in visitors and the host, and do not grow with the convention`, async () => {
    const demo = await measureAll();
    for (const [what, { count }] of demo) expect(count, what).toBeLessThanOrEqual(MAX_STATEMENTS);
    // the pages and queries really answered (a page that 404s or a query that fails would be cheap for nothing)
    expect(demo.get(`anonymous /convention/${CONVENTION}/hall/${HALL}`)?.outcome).toBe('200');
    expect(demo.get(`visitor /exhibition/${EXHIBITION}`)?.outcome).toBe('200');
    expect(demo.get(`anonymous /exhibition/${EXHIBITION}`)?.outcome).toBe(`302 /login?next=${encodeURIComponent(`/exhibition/${EXHIBITION}`)}`);
    for (const name of Object.keys(VISITOR_QUERIES)) expect(demo.get(`visitor graphql ${name}`)?.outcome, name).toBe('data');

    // one more of every kind, then many more: the second growth changes no count
    await growTheConvention(1);
    const small = await measureAll();
    for (const [what, { count }] of small) expect(count, what).toBeLessThanOrEqual(MAX_STATEMENTS);
    await growTheConvention(5);
    const hallPage = await page(`/convention/${CONVENTION}/hall/${HALL}`);
    const { hall } = hallPage.loaderData['routes/convention.$conventionslug.hall.$hallslug'] as { hall: { stands: unknown[] } };
    const { convention } = hallPage.loaderData['routes/convention.$conventionslug'] as { convention: { navigation: { halls: unknown[]; foyer: { points: unknown[] } } } };
    expect(hall.stands.length).toBeGreaterThanOrEqual(15);
    expect(convention.navigation.halls.length).toBeGreaterThanOrEqual(8);
    expect(convention.navigation.foyer.points.length).toBeGreaterThanOrEqual(12);
    const landing = await page(`/convention/${CONVENTION}`);
    const { programme } = landing.loaderData['routes/convention.$conventionslug._index'] as { programme: { stages: { entries: unknown[] }[] } };
    expect(programme.stages[0]!.entries.length).toBeGreaterThanOrEqual(18);

    const large = await measureAll();
    const counts = (m: Map<string, { count: number }>) => Object.fromEntries([...m].map(([what, { count }]) => [what, count]));
    const outcomes = (m: Map<string, { outcome: string }>) => Object.fromEntries([...m].map(([what, { outcome }]) => [what, outcome]));
    expect(counts(large)).toEqual(counts(small));
    expect(outcomes(large)).toEqual(outcomes(small));
  });
});
