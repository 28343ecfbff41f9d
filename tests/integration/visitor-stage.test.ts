import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Package } from '~/lib/features';
import * as landing from '~/routes/convention.$conventionslug._index';
import * as onDemandItem from '~/routes/convention.$conventionslug.ondemand.$slug';
import * as onDemandList from '~/routes/convention.$conventionslug.ondemand._index';
import * as conventionStage from '~/routes/convention.$conventionslug.stage.$stageslug';
import * as standaloneStage from '~/routes/stage.$stageslug';
import { createOnDemandContent, updateOnDemandContent } from '~/server/services/events/on-demand';
import { conventionProgramme, stageVisit } from '~/server/services/events/programme';
import { createTestApp, type TestApp } from '../helpers/app';
import { callRoute } from '../helpers/routes';
import { createOrganization } from '../fixtures/factories';
import { eventsWorld } from './events-halls-world';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const rand = () => crypto.randomBytes(4).toString('hex');
const MINUTE = 60_000;

type StageData = Awaited<ReturnType<typeof conventionStage.loader>>;
type LandingData = Awaited<ReturnType<typeof landing.loader>>;
type Texts = { language: 'DE' | 'EN'; title: string; description: string }[];

/**
 * The host's public convention with a stage (DE/EN texts, a stream starting at 0:42) and talks around now: one
 * over, one live (given by the exhibitor), one without any text, one with German texts only. A second
 * convention has a stage of its own.
 */
async function world() {
  const w = await eventsWorld(t);
  const db = t.app.db;
  const stage = async (title: string, conventionId: string, texts: Texts = []) => {
    const [row] = await db('stages')
      .insert({ organization_id: w.host.id, slug: `buehne-${rand()}`, title, stream: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ&t=42' })
      .returning(['id', 'slug']);
    if (texts.length) await db('stage_translations').insert(texts.map((tr) => ({ ...tr, stage_id: row.id })));
    await db('convention_stages').insert({ convention_id: conventionId, stage_id: row.id });
    return row as { id: string; slug: string };
  };
  const main = await stage('Bühne intern', w.convention.id, [
    { language: 'DE', title: 'Hauptbühne', description: 'Vorträge live' },
    { language: 'EN', title: 'Main stage', description: '' },
  ]);
  const now = Date.now();
  const talk = async (stageId: string, fromMinutes: number, toMinutes: number, texts: Texts, extra: Record<string, unknown> = {}) => {
    const [row] = await db('schedule_entries')
      .insert({ stage_id: stageId, starts_at: new Date(now + fromMinutes * MINUTE), ends_at: new Date(now + toMinutes * MINUTE), ...extra })
      .returning('id');
    if (texts.length) await db('schedule_entry_translations').insert(texts.map((tr) => ({ ...tr, schedule_entry_id: row.id })));
    return row.id as string;
  };
  const over = await talk(main.id, -120, -60, [{ language: 'EN', title: 'Over', description: '' }]);
  const live = await talk(
    main.id,
    -15,
    30,
    [
      { language: 'DE', title: 'Live-Vortrag', description: 'Jetzt auf der Bühne' },
      { language: 'EN', title: 'Live talk', description: 'On stage now' },
    ],
    { speaker: 'Lena Hoffmann', speaker_description: 'Digitalisierung', speaker_organization_id: w.exhibitor.id },
  );
  const untitled = await talk(main.id, 60, 90, []);
  const germanOnly = await talk(main.id, 120, 150, [{ language: 'DE', title: 'Nur auf Deutsch', description: 'Ein Vortrag' }]);

  const [other] = await db('conventions')
    .insert({ organization_id: w.host.id, slug: `andere-${rand()}`, title: 'Andere Messe', active: true, permission_type: 'PUBLIC' })
    .returning(['id', 'slug']);
  const otherStage = await stage('Nebenbühne', other.id);
  return { ...w, main, otherStage, other: other as { id: string; slug: string }, talks: { over, live, untitled, germanOnly }, talk };
}

const stageParams = (conventionslug: string, stageslug: string) => ({ conventionslug, stageslug });

describe('conventionProgramme (service and GraphQL)', () => {
  it('lists the talks ending in the future, marks the running one live and falls back between languages', async () => {
    const w = await world();
    const en = await conventionProgramme(await t.serviceContext(null, 'EN'), w.convention.slug, 'EN');
    expect(en.stages.map((s) => s.title)).toEqual(['Main stage']);
    const entries = en.stages[0]!.entries;
    expect(entries.map((e) => e.id)).toEqual([w.talks.live, w.talks.untitled, w.talks.germanOnly]);
    expect(entries.map((e) => e.live)).toEqual([true, false, false]);
    expect(entries[0]).toMatchObject({
      title: 'Live talk',
      description: 'On stage now',
      speaker: 'Lena Hoffmann',
      speakerDescription: 'Digitalisierung',
      speakerOrganization: { id: w.exhibitor.id, name: w.exhibitor.name },
    });
    // no text in any language: null, the page shows "No title" / "No description"
    expect(entries[1]).toMatchObject({ title: null, description: null, speakerOrganization: null });
    // English asked, only German there: the German text
    expect(entries[2]).toMatchObject({ title: 'Nur auf Deutsch', description: 'Ein Vortrag' });

    const de = await conventionProgramme(await t.serviceContext(null, 'DE'), w.convention.slug, 'DE');
    expect(de.stages[0]).toMatchObject({ title: 'Hauptbühne', entries: [{ title: 'Live-Vortrag' }, { title: null }, { title: 'Nur auf Deutsch' }] });

    // a moment later the live talk is over and the next one runs
    const later = await conventionProgramme(await t.serviceContext(null, 'EN'), w.convention.slug, 'EN', new Date(Date.now() + 65 * MINUTE));
    expect(later.stages[0]!.entries.map((e) => [e.id, e.live])).toEqual([
      [w.talks.untitled, true],
      [w.talks.germanOnly, false],
    ]);
  });

  it('answers the GraphQL query in the requested language, with times and live flags', async () => {
    const w = await world();
    const res = await t.graphql<{ conventionProgramme: { now: string; stages: { slug: string; title: string; entries: Record<string, unknown>[] }[] } }>(
      `query($slug: String!) { conventionProgramme(slug: $slug, lang: DE) { now stages { slug title entries {
        id title description speaker speakerOrganization { slug name } timestamp timestampEnd live } } } }`,
      { slug: w.convention.slug },
    );
    expect(res.body.errors).toBeUndefined();
    const programme = res.body.data!.conventionProgramme;
    expect(programme.stages).toHaveLength(1);
    expect(programme.stages[0]).toMatchObject({ slug: w.main.slug, title: 'Hauptbühne' });
    const [live, untitled] = programme.stages[0]!.entries;
    expect(live).toMatchObject({ id: w.talks.live, title: 'Live-Vortrag', live: true, speakerOrganization: { slug: w.exhibitor.slug } });
    expect(Date.parse(live!.timestamp as string)).toBeLessThan(Date.parse(programme.now));
    expect(Date.parse(live!.timestampEnd as string)).toBeGreaterThan(Date.parse(programme.now));
    expect(untitled).toMatchObject({ title: null, description: null, live: false });
  });

  it('keeps to the access rules: LOGGED_IN needs a login, an inactive convention shows outsiders no stages', async () => {
    const w = await world();
    await t.app.db('conventions').where({ id: w.convention.id }).update({ permission_type: 'LOGGED_IN' });
    const anonymous = await t.graphql(`query($slug: String!) { conventionProgramme(slug: $slug) { now } }`, { slug: w.convention.slug });
    expect(anonymous.body.errors?.[0]?.extensions?.code).toBe('PERMISSION_DENIED');
    expect((await conventionProgramme(await t.serviceContext(w.stranger.id), w.convention.slug, 'EN')).stages).toHaveLength(1);

    await t.app.db('conventions').where({ id: w.convention.id }).update({ active: false });
    expect((await conventionProgramme(await t.serviceContext(w.stranger.id), w.convention.slug, 'EN')).stages).toEqual([]);
    expect((await conventionProgramme(await t.serviceContext(w.owner.id), w.convention.slug, 'EN')).stages).toHaveLength(1);
    await expect(conventionProgramme(await t.serviceContext(null), 'no-such-convention', 'EN')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('reads a programme with a constant number of queries, however many talks and speaker organisations', async () => {
    async function statementsFor(talks: number) {
      const w = await world();
      for (let i = 0; i < talks; i += 1) {
        const org = await createOrganization(t.app.db);
        await w.talk(w.main.id, 200 + i * 30, 220 + i * 30, [{ language: 'DE', title: `Vortrag ${i}`, description: '' }], { speaker_organization_id: org.id });
      }
      const ctx = await t.serviceContext(null, 'EN');
      let statements = 0;
      const listener = () => {
        statements += 1;
      };
      t.app.db.on('query', listener);
      try {
        const programme = await conventionProgramme(ctx, w.convention.slug, 'EN');
        return { statements, entries: programme.stages[0]!.entries.length };
      } finally {
        t.app.db.removeListener('query', listener);
      }
    }
    const two = await statementsFor(2);
    const eight = await statementsFor(8);
    expect([two.entries, eight.entries]).toEqual([5, 11]);
    expect(eight.statements).toBe(two.statements);
  });
});

describe('stage pages (page door)', () => {
  it('shows the convention stage with its stream, texts in the language and the programme', async () => {
    const w = await world();
    const url = `/convention/${w.convention.slug}/stage/${w.main.slug}`;
    const res = await callRoute(t, conventionStage.loader, { url, params: stageParams(w.convention.slug, w.main.slug) });
    expect(res.status).toBe(200);
    const data = res.data as StageData;
    expect(data.stage).toMatchObject({
      slug: w.main.slug,
      title: 'Main stage',
      // the English description is empty: the German one
      description: 'Vorträge live',
      stream: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ&t=42',
      thumbnailUrl: null,
    });
    expect(data.path).toBe(url);
    expect(data.programme.stages[0]!.entries.map((e) => [e.title, e.live])).toEqual([
      ['Live talk', true],
      [null, false],
      ['Nur auf Deutsch', false],
    ]);
  });

  it('is a 404 for a stage that is not part of the convention, and for an unknown one', async () => {
    const w = await world();
    for (const stageSlug of [w.otherStage.slug, 'no-such-stage']) {
      const res = await callRoute(t, conventionStage.loader, {
        url: `/convention/${w.convention.slug}/stage/${stageSlug}`,
        params: stageParams(w.convention.slug, stageSlug),
      });
      expect(res.status, stageSlug).toBe(404);
    }
    await expect(stageVisit(await t.serviceContext(null), { conventionSlug: w.other.slug, stageSlug: w.main.slug }, 'EN')).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    const own = await stageVisit(await t.serviceContext(null), { conventionSlug: w.other.slug, stageSlug: w.otherStage.slug }, 'EN');
    // no translations at all: the stage's own name, no description (the page shows "No description")
    expect(own).toMatchObject({ title: 'Nebenbühne', description: null, programme: { stages: [{ entries: [] }] } });
  });

  it('sends logged-out visitors of a LOGGED_IN convention to the login and back; logged-in ones see the stage', async () => {
    const w = await world();
    await t.app.db('conventions').where({ id: w.convention.id }).update({ permission_type: 'LOGGED_IN' });
    const url = `/convention/${w.convention.slug}/stage/${w.main.slug}`;
    const params = stageParams(w.convention.slug, w.main.slug);
    const anonymous = await callRoute(t, conventionStage.loader, { url, params });
    expect(anonymous).toMatchObject({ status: 302, location: `/login?next=${encodeURIComponent(url)}` });
    const visitor = await callRoute(t, conventionStage.loader, { url, params, userId: w.stranger.id });
    expect(visitor.status).toBe(200);
  });

  it('hides the stage of an inactive convention from outsiders; the landing then has no programme', async () => {
    const w = await world();
    await t.app.db('conventions').where({ id: w.convention.id }).update({ active: false });
    const url = `/convention/${w.convention.slug}/stage/${w.main.slug}`;
    const params = stageParams(w.convention.slug, w.main.slug);
    expect((await callRoute(t, conventionStage.loader, { url, params })).status).toBe(404);
    expect((await callRoute(t, conventionStage.loader, { url, params, userId: w.owner.id })).status).toBe(200);
    const outsider = await callRoute(t, landing.loader, { url: `/convention/${w.convention.slug}`, params: { conventionslug: w.convention.slug } });
    expect(outsider.status).toBe(200);
    expect((outsider.data as LandingData).programme.stages).toEqual([]);
  });

  it('gives the landing page the programme of every stage', async () => {
    const w = await world();
    const res = await callRoute(t, landing.loader, { url: `/convention/${w.convention.slug}`, params: { conventionslug: w.convention.slug } });
    const { programme } = res.data as LandingData;
    expect(programme.stages.map((s) => [s.slug, s.entries.length])).toEqual([[w.main.slug, 3]]);
  });

  it('shows a standalone stage publicly while its organisation has the event feature and is active', async () => {
    const w = await world();
    const url = `/stage/${w.main.slug}`;
    const open = await callRoute(t, standaloneStage.loader, { url, params: { stageslug: w.main.slug } });
    expect(open.status).toBe(200);
    expect(open.data).toMatchObject({
      path: url,
      stage: { title: 'Main stage', organizationName: w.host.name },
      programme: { stages: [{ entries: [{ id: w.talks.live, live: true }, {}, {}] }] },
    });
    // the stage of the other convention is a stage of the same organisation: it has its own page too
    expect((await callRoute(t, standaloneStage.loader, { url: `/stage/${w.otherStage.slug}`, params: { stageslug: w.otherStage.slug } })).status).toBe(200);

    await t.app.db('organizations').where({ id: w.host.id }).update({ suites: Package.BASIC });
    expect((await callRoute(t, standaloneStage.loader, { url, params: { stageslug: w.main.slug } })).status).toBe(404);
    await t.app.db('organizations').where({ id: w.host.id }).update({ suites: Package.BASIC | Package.EVENT, is_active: false });
    expect((await callRoute(t, standaloneStage.loader, { url, params: { stageslug: w.main.slug } })).status).toBe(404);
    expect((await callRoute(t, standaloneStage.loader, { url: '/stage/no-such-stage', params: { stageslug: 'no-such-stage' } })).status).toBe(404);
  });
});

describe('on-demand content', () => {
  it('gets a slug unique within its convention; a new title keeps it, an explicit one must be free', async () => {
    const w = await world();
    const ctx = await t.serviceContext(w.owner.id);
    const first = await createOnDemandContent(ctx, { conventionId: w.convention.id, title: 'Aufzeichnung: Eröffnung' });
    const second = await createOnDemandContent(ctx, { conventionId: w.convention.id, title: 'Aufzeichnung: Eröffnung' });
    const elsewhere = await createOnDemandContent(ctx, { conventionId: w.other.id, title: 'Aufzeichnung: Eröffnung' });
    expect([first.slug, second.slug, elsewhere.slug]).toEqual(['aufzeichnung-eroeffnung', 'aufzeichnung-eroeffnung-2', 'aufzeichnung-eroeffnung']);

    expect((await updateOnDemandContent(ctx, first.id, { title: 'Eröffnung (gekürzt)' })).slug).toBe('aufzeichnung-eroeffnung');
    await expect(updateOnDemandContent(ctx, second.id, { slug: 'aufzeichnung-eroeffnung' })).rejects.toMatchObject({ code: 'UNIQUE', field: 'slug' });
    expect((await updateOnDemandContent(ctx, second.id, { slug: 'Kurzfassung' })).slug).toBe('kurzfassung');
    await expect(createOnDemandContent(ctx, { conventionId: w.convention.id, title: 'X', slug: 'kurzfassung' })).rejects.toMatchObject({
      code: 'UNIQUE',
      field: 'slug',
    });

    const res = await t.graphql<{ conventionBySlug: { onDemandContent: { slug: string; title: string }[] } }>(
      `query($slug: String!) { conventionBySlug(slug: $slug) { onDemandContent { slug title } } }`,
      { slug: w.convention.slug },
    );
    expect(res.body.data!.conventionBySlug.onDemandContent).toEqual([
      { slug: 'aufzeichnung-eroeffnung', title: 'Eröffnung (gekürzt)' },
      { slug: 'kurzfassung', title: 'Aufzeichnung: Eröffnung' },
    ]);
  });

  it('lists the items of the convention and shows one with the video linked in its description', async () => {
    const w = await world();
    const ctx = await t.serviceContext(w.owner.id);
    await createOnDemandContent(ctx, {
      conventionId: w.convention.id,
      title: 'Eröffnung',
      description: 'Die Begrüßung zum Nachsehen.\nhttps://youtu.be/aqz-KE-bpKQ?t=30',
    });
    await createOnDemandContent(ctx, { conventionId: w.convention.id, title: 'Folien' });
    await createOnDemandContent(ctx, { conventionId: w.other.id, title: 'Nur in der anderen Messe' });
    const c = w.convention.slug;

    const list = await callRoute(t, onDemandList.loader, { url: `/convention/${c}/ondemand`, params: { conventionslug: c } });
    expect(list.status).toBe(200);
    expect(list.data).toEqual({
      base: `/convention/${c}/ondemand`,
      items: [
        { slug: 'eroeffnung', title: 'Eröffnung', description: 'Die Begrüßung zum Nachsehen.', thumbnailUrl: null },
        { slug: 'folien', title: 'Folien', description: '', thumbnailUrl: null },
      ],
    });

    const item = (slug: string, conventionslug = c) =>
      callRoute(t, onDemandItem.loader, { url: `/convention/${conventionslug}/ondemand/${slug}`, params: { conventionslug, slug } });
    expect((await item('eroeffnung')).data).toMatchObject({
      back: `/convention/${c}/ondemand`,
      item: { title: 'Eröffnung', description: 'Die Begrüßung zum Nachsehen.', videoUrl: 'https://youtu.be/aqz-KE-bpKQ?t=30', contentPageId: null },
    });
    // no video link: the page shows the thumbnail
    expect((await item('folien')).data).toMatchObject({ item: { videoUrl: null } });
    expect((await item('nur-in-der-anderen-messe')).status).toBe(404);
    expect((await item('nur-in-der-anderen-messe', w.other.slug)).status).toBe(200);

    await t.app.db('conventions').where({ id: w.convention.id }).update({ permission_type: 'LOGGED_IN' });
    expect(await item('folien')).toMatchObject({ status: 302, location: `/login?next=${encodeURIComponent(`/convention/${c}/ondemand/folien`)}` });
  });
});
