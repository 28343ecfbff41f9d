import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Package } from '~/lib/features';
import {
  addStageToConvention,
  createConvention,
  createConventionByName,
  listConventions,
  updateConvention,
} from '~/server/services/events/conventions';
import { createObjectToken, redeemAccessToken, updateObjectToken } from '~/server/services/access/index';
import { createExhibition, fetchExhibition } from '~/server/services/events/exhibitions';
import { createScheduleEntry } from '~/server/services/events/schedules';
import { createStage, createStageByName, updateStage } from '~/server/services/events/stages';
import { uploadFile } from '~/server/services/files/files.server';
import { createTestApp, type TestApp } from '../helpers/app';
import { addMember, createOrganization, createUser } from '../fixtures/factories';
import { png } from './files-fixtures';

let t: TestApp;

/**
 * Acme hosts events (basic + event suites) with an admin and a sales user; Other Corp also hosts events; Basic
 * GmbH has only the basic suite.
 */
async function world() {
  const db = t.app.db;
  const acme = await createOrganization(db, { suites: Package.BASIC | Package.EVENT });
  const other = await createOrganization(db, { suites: Package.BASIC | Package.EVENT });
  const basic = await createOrganization(db, { suites: Package.BASIC });
  const en = { default_language: 'EN' };
  const admin = await createUser(db, en);
  const sales = await createUser(db, en);
  const stranger = await createUser(db, en);
  const basicUser = await createUser(db, en);
  const loner = await createUser(db, en);
  await addMember(db, acme.id, admin.id, { role: 'admin', isOwner: true });
  await addMember(db, acme.id, sales.id, { role: 'sales', sales: true });
  await addMember(db, other.id, stranger.id, { role: 'admin', isOwner: true });
  await addMember(db, basic.id, basicUser.id, { role: 'admin', isOwner: true });
  return { acme, other, basic, admin, sales, stranger, basicUser, loner };
}

async function auth(userId: string | null): Promise<Record<string, string>> {
  return userId ? { Authorization: `JWT ${await t.accessToken(userId)}` } : {};
}

// GraphQL answers are checked field by field with expect(); a loose JSON type keeps the queries readable
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

async function gql<T = Json>(userId: string | null, query: string, variables?: Record<string, unknown>) {
  const res = await t.graphql<T>(query, variables, { headers: await auth(userId) });
  return res.body;
}

/** Uploads a generated PNG of that size as the user (into their current organisation). */
async function image(userId: string, width: number, height: number): Promise<string> {
  const ctx = await t.serviceContext(userId);
  const file = await uploadFile(ctx, { stream: Readable.from([png(width, height)]), filename: `bild-${width}x${height}.png`, purpose: 'IMAGE' });
  return file.id;
}

const ERR = 'error { code field message } errors { code field message }';

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('conventions', () => {
  it('creates by name with a stable slug, sets dates, video, header image, translations and status', async () => {
    const w = await world();
    const name = `Digitale Fachmesse Köln ${Date.now()}`;
    const created = await gql(w.admin.id, `mutation($input: CreateByNameInput!) { conventionCreateByName(input: $input) { convention { id slug title active status permissionType } ${ERR} } }`, {
      input: { name },
    });
    const convention = created.data!.conventionCreateByName.convention;
    expect(created.data!.conventionCreateByName.error).toBeNull();
    expect(convention).toMatchObject({ title: name, active: false, status: 'NOT_ACTIVE', permissionType: 'LOGGED_IN' });
    expect(convention.slug).toMatch(/^digitale-fachmesse-koeln-\d+$/);

    const again = await gql(w.admin.id, `mutation($input: CreateByNameInput!) { conventionCreateByName(input: $input) { convention { slug } } }`, { input: { name } });
    expect(again.data!.conventionCreateByName.convention.slug).toBe(`${convention.slug}-2`);

    const header = await image(w.admin.id, 1600, 900);
    const start = new Date(Date.now() - 24 * 3600 * 1000).toISOString();
    const end = new Date(Date.now() + 2 * 24 * 3600 * 1000).toISOString();
    const updated = await gql(
      w.admin.id,
      `mutation($id: ID!, $input: ConventionUpdateInput!) { conventionUpdate(id: $id, input: $input) {
        convention { slug title active status startDate endDate video videoEmbedUrl headerImage { id width height isPublic } permissionType shop navigationMode } ${ERR} } }`,
      {
        id: convention.id,
        input: {
          title: 'Umbenannt',
          active: true,
          startDate: start,
          endDate: end,
          video: 'https://youtu.be/dQw4w9WgXcQ?t=30',
          headerImageId: header,
          permissionType: 'PUBLIC',
          shop: true,
          navigationMode: 'IMAGE_FOYER',
        },
      },
    );
    expect(updated.data!.conventionUpdate).toMatchObject({
      error: null,
      convention: {
        slug: convention.slug,
        title: 'Umbenannt',
        status: 'ONGOING',
        startDate: start,
        endDate: end,
        videoEmbedUrl: 'https://www.youtube.com/embed/dQw4w9WgXcQ?start=30',
        headerImage: { id: header, width: 1600, height: 900, isPublic: true },
        permissionType: 'PUBLIC',
        shop: true,
        navigationMode: 'IMAGE_FOYER',
      },
    });

    for (const language of ['DE', 'EN']) {
      const tr = await gql(w.admin.id, `mutation($id: ID!, $input: LocalizedTextInput!) { conventionTranslationUpdate(id: $id, input: $input) { translation { language title description } ${ERR} } }`, {
        id: convention.id,
        input: { language, title: `Titel ${language}`, description: `Beschreibung ${language}` },
      });
      expect(tr.data!.conventionTranslationUpdate).toMatchObject({ error: null, translation: { language, title: `Titel ${language}` } });
    }
    const retitled = await gql(w.admin.id, `mutation($id: ID!, $input: LocalizedTextInput!) { conventionTranslationUpdate(id: $id, input: $input) { translation { title } } }`, {
      id: convention.id,
      input: { language: 'DE', title: 'Neuer Titel' },
    });
    expect(retitled.data!.conventionTranslationUpdate.translation.title).toBe('Neuer Titel');

    // visitors: public, in the asked language
    const visitor = await gql(null, `query($slug: String!) { conventionBySlug(slug: $slug, lang: EN) { title translation { title } translations { language } objectTokens { id } organization { id slug } } }`, {
      slug: convention.slug,
    });
    expect(visitor.data!.conventionBySlug).toMatchObject({
      title: 'Umbenannt',
      translation: { title: 'Titel EN' },
      translations: [{ language: 'DE' }, { language: 'EN' }],
      objectTokens: [],
      organization: { id: w.acme.id, slug: w.acme.slug },
    });
    const landing = await gql(null, `query($org: String!) { fetchLandingpageConvention(orgSlug: $org) { id } latestConvention(orgSlug: $org) { id } }`, { org: w.acme.slug });
    expect(landing.data).toEqual({ fetchLandingpageConvention: { id: convention.id }, latestConvention: { id: convention.id } });

    const dashboard = await gql(w.admin.id, `query($slug: String!) { fetchConvention(slug: $slug) { id } conventions { id } conventionNames { id name } }`, { slug: convention.slug });
    expect(dashboard.data!.fetchConvention.id).toBe(convention.id);
    expect(dashboard.data!.conventions.map((c: { id: string }) => c.id)).toContain(convention.id);
    expect(dashboard.data!.conventionNames).toContainEqual({ id: convention.id, name: 'Umbenannt' });

    const deleted = await gql(w.admin.id, `mutation($id: ID!) { conventionDelete(id: $id) { id ok ${ERR} } }`, { id: convention.id });
    expect(deleted.data!.conventionDelete).toMatchObject({ id: convention.id, ok: true, error: null });
    expect(await t.app.db('conventions').where({ id: convention.id }).first()).toBeUndefined();
  });

  it('refuses a start date after the end date (also against the stored date), in DE and EN', async () => {
    const w = await world();
    const res = await gql(w.admin.id, `mutation($input: ConventionCreateInput!) { conventionCreate(input: $input) { convention { id } ${ERR} } }`, {
      input: { title: 'Zeitreise', startDate: '2026-06-10T09:00:00Z', endDate: '2026-06-01T09:00:00Z' },
    });
    expect(res.data!.conventionCreate).toMatchObject({
      convention: null,
      error: { code: 'INVALID', field: 'endDate', message: 'The start date needs to be before the end date' },
    });
    const ctx = await t.serviceContext(w.admin.id, 'DE');
    const convention = await createConvention(ctx, { title: 'Sommer', startDate: '2026-06-01T09:00:00Z', endDate: '2026-06-03T16:30:00Z' });
    await expect(updateConvention(ctx, convention.id, { startDate: '2026-06-05T09:00:00Z' })).rejects.toMatchObject({
      code: 'INVALID',
      field: 'endDate',
      message: 'Das Startdatum muss vor dem Enddatum liegen',
    });
    await expect(updateConvention(ctx, convention.id, { endDate: '2026-06-01T09:00:00Z' })).rejects.toMatchObject({ field: 'endDate' });
    const cleared = await updateConvention(ctx, convention.id, { endDate: null, startDate: '2026-06-05T09:00:00Z' });
    expect(cleared.end_date).toBeNull();
  });

  it('refuses unrecognised video links, wrong header ratios and other organisations\' images', async () => {
    const w = await world();
    const ctx = await t.serviceContext(w.admin.id, 'EN');
    const convention = await createConventionByName(ctx, { name: 'Bildmesse' });
    const update = (input: Record<string, unknown>) =>
      gql(w.admin.id, `mutation($id: ID!, $input: ConventionUpdateInput!) { conventionUpdate(id: $id, input: $input) { convention { id } ${ERR} } }`, {
        id: convention.id,
        input,
      });
    expect((await update({ video: 'https://example.com/video.mp4' })).data!.conventionUpdate.error).toEqual({
      code: 'INVALID',
      field: 'video',
      message: 'Please enter a YouTube or Vimeo video link',
    });
    const square = await image(w.admin.id, 400, 400);
    expect((await update({ headerImageId: square })).data!.conventionUpdate.error).toEqual({
      code: 'INVALID',
      field: 'headerImageId',
      message: 'The image needs an aspect ratio of 16:9; this one is 400 × 400 pixels.',
    });
    const foreign = await image(w.stranger.id, 1600, 900);
    expect((await update({ headerImageId: foreign })).data!.conventionUpdate.error).toMatchObject({ code: 'NOT_FOUND', field: 'headerImageId' });
    const scaled = await image(w.admin.id, 1366, 768);
    expect((await update({ headerImageId: scaled, video: 'https://vimeo.com/76979871' })).data!.conventionUpdate.error).toBeNull();

    const de = await t.serviceContext(w.admin.id, 'DE');
    await expect(updateConvention(de, convention.id, { video: 'https://www.youtube.com/channel/UC1' })).rejects.toMatchObject({
      message: 'Bitte geben Sie einen YouTube- oder Vimeo-Videolink ein',
    });
    // several broken rules at once come back together
    const many = await gql(w.admin.id, `mutation($input: ConventionCreateInput!) { conventionCreate(input: $input) { convention { id } ${ERR} } }`, {
      input: { title: 'Alles falsch', video: 'https://example.com/x', headerImageId: square, startDate: '2026-02-02T00:00:00Z', endDate: '2026-02-01T00:00:00Z' },
    });
    expect(many.data!.conventionCreate.errors.map((e: { field: string }) => e.field).sort()).toEqual(['endDate', 'headerImageId', 'video']);
    // an image becomes public only with a saved object
    const unused = await image(w.admin.id, 1600, 900);
    await gql(w.admin.id, `mutation($input: ConventionCreateInput!) { conventionCreate(input: $input) { ${ERR} } }`, {
      input: { title: 'Fehlversuch', headerImageId: unused, video: 'https://example.com/x' },
    });
    expect(await t.app.db('files').where({ id: unused }).first('is_public')).toEqual({ is_public: false });
  });

  it('rejects a taken slug', async () => {
    const w = await world();
    const ctx = await t.serviceContext(w.admin.id, 'EN');
    const first = await createConventionByName(ctx, { name: 'Slugmesse' });
    await expect(createConvention(ctx, { title: 'Zweite', slug: first.slug })).rejects.toMatchObject({ code: 'UNIQUE', field: 'slug' });
    const second = await createConventionByName(ctx, { name: 'Andere' });
    await expect(updateConvention(ctx, second.id, { slug: first.slug })).rejects.toMatchObject({ code: 'UNIQUE', field: 'slug' });
  });
});

describe('stages and one stage per convention', () => {
  it('adds one stage, refuses a second (also when two requests race) and removes it', async () => {
    const w = await world();
    const ctx = await t.serviceContext(w.admin.id, 'EN');
    const convention = await createConventionByName(ctx, { name: 'Bühnenmesse' });
    const [a, b, c] = await Promise.all(['Hauptbühne', 'Nebenbühne', 'Dritte Bühne'].map((name) => createStageByName(ctx, { name })));
    const add = (stageId: string) =>
      gql(w.admin.id, `mutation($id: ID!, $stage: ID!) { addStageToConvention(id: $id, stageID: $stage) { convention { stage { id } stages { id } } ${ERR} } }`, {
        id: convention.id,
        stage: stageId,
      });
    expect((await add(a.id)).data!.addStageToConvention).toMatchObject({ error: null, convention: { stage: { id: a.id }, stages: [{ id: a.id }] } });
    expect((await add(b.id)).data!.addStageToConvention).toMatchObject({
      convention: null,
      error: { code: 'INVALID', field: 'stageId', message: 'Convention already has a stage' },
    });
    const de = await t.serviceContext(w.admin.id, 'DE');
    await expect(addStageToConvention(de, convention.id, b.id)).rejects.toMatchObject({ message: 'Die Messe hat bereits eine Bühne' });

    const removed = await gql(w.admin.id, `mutation($id: ID!, $stage: ID!) { removeStageFromConvention(id: $id, stageID: $stage) { convention { stage { id } } ${ERR} } }`, {
      id: convention.id,
      stage: a.id,
    });
    expect(removed.data!.removeStageFromConvention).toMatchObject({ error: null, convention: { stage: null } });
    const again = await gql(w.admin.id, `mutation($id: ID!, $stage: ID!) { removeStageFromConvention(id: $id, stageID: $stage) { ${ERR} } }`, {
      id: convention.id,
      stage: a.id,
    });
    expect(again.data!.removeStageFromConvention.error).toMatchObject({ code: 'NOT_FOUND', message: 'This stage is not part of the convention' });

    // two concurrent requests: exactly one stage gets in, the other gets the rule's message
    const results = await Promise.all([b, c].map((s) => add(s.id)));
    const errors = results.map((r) => r.data!.addStageToConvention.error);
    expect(errors.filter((e) => e === null)).toHaveLength(1);
    expect(errors.find((e) => e !== null)).toMatchObject({ message: 'Convention already has a stage' });
    const [{ count }] = await t.app.db('convention_stages').where({ convention_id: convention.id }).count<{ count: string }[]>('* as count');
    expect(Number(count)).toBe(1);

    const part = await gql(null, `query($org: ID!, $conv: ID!) { stagesPartOfConvention(orgId: $org, convId: $conv) { id } }`, { org: w.acme.id, conv: convention.id });
    expect(part.errors?.[0]?.extensions?.code).toBe('PERMISSION_DENIED');
    const member = await gql(w.admin.id, `query($org: ID!, $conv: ID!) { stagesPartOfConvention(orgId: $org, convId: $conv) { id isPartOfConvention(convId: $conv) } }`, {
      org: w.acme.id,
      conv: convention.id,
    });
    expect(member.data!.stagesPartOfConvention).toHaveLength(1);
    expect(member.data!.stagesPartOfConvention[0].isPartOfConvention).toBe(true);
  });

  it('creates, updates and deletes a stage: stream link, 16:9 thumbnail, translations, standalone page', async () => {
    const w = await world();
    const thumb = await image(w.admin.id, 1920, 1080);
    const res = await gql(w.admin.id, `mutation($input: StageCreateInput!) { stageCreate(input: $input) { stage { id slug title stream streamEmbedUrl thumbnail { id } translations { language title } } ${ERR} } }`, {
      input: {
        title: 'Forum Süd',
        stream: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
        thumbnailId: thumb,
        translations: [{ language: 'DE', title: 'Forum Süd', description: 'Vorträge' }],
      },
    });
    const stage = res.data!.stageCreate.stage;
    expect(res.data!.stageCreate.error).toBeNull();
    expect(stage).toMatchObject({ slug: 'forum-sued', streamEmbedUrl: 'https://www.youtube.com/embed/dQw4w9WgXcQ', thumbnail: { id: thumb }, translations: [{ language: 'DE' }] });

    const bad = await gql(w.admin.id, `mutation($id: ID!, $input: StageUpdateInput!) { updateStage(id: $id, input: $input) { stage { id } ${ERR} } }`, {
      id: stage.id,
      input: { stream: 'https://twitch.tv/somebody' },
    });
    expect(bad.data!.updateStage.error).toEqual({ code: 'INVALID', field: 'stream', message: 'Please enter a YouTube or Vimeo video link' });
    const wide = await image(w.admin.id, 2000, 1000);
    const ratio = await gql(w.admin.id, `mutation($id: ID!, $input: StageUpdateInput!) { stageUpdate(id: $id, input: $input) { stage { id } ${ERR} } }`, {
      id: stage.id,
      input: { thumbnailId: wide },
    });
    expect(ratio.data!.stageUpdate.error).toMatchObject({ code: 'INVALID', field: 'thumbnailId', message: expect.stringContaining('16:9') });
    const renamed = await gql(w.admin.id, `mutation($id: ID!, $input: StageUpdateInput!) { stageUpdate(id: $id, input: $input) { stage { slug title thumbnail { id } } ${ERR} } }`, {
      id: stage.id,
      input: { title: 'Forum Nord', thumbnailId: null },
    });
    expect(renamed.data!.stageUpdate).toMatchObject({ error: null, stage: { slug: 'forum-sued', title: 'Forum Nord', thumbnail: null } });

    const en = await gql(w.admin.id, `mutation($id: ID!) { stageTranslationCreate(stageId: $id, input: { language: EN, title: "South forum" }) { translation { id language title } ${ERR} } }`, { id: stage.id });
    expect(en.data!.stageTranslationCreate).toMatchObject({ error: null, translation: { language: 'EN', title: 'South forum' } });
    const twice = await gql(w.admin.id, `mutation($id: ID!) { stageTranslationCreate(stageId: $id, input: { language: EN, title: "Again" }) { ${ERR} } }`, { id: stage.id });
    expect(twice.data!.stageTranslationCreate.error).toMatchObject({ code: 'UNIQUE', field: 'language' });
    const trUpdate = await gql(w.admin.id, `mutation($id: ID!) { stageTranslationUpdate(id: $id, input: { description: "Talks and panels" }) { translation { title description } ${ERR} } }`, {
      id: en.data!.stageTranslationCreate.translation.id,
    });
    expect(trUpdate.data!.stageTranslationUpdate).toMatchObject({ error: null, translation: { title: 'South forum', description: 'Talks and panels' } });
    const foreignTr = await gql(w.stranger.id, `mutation($id: ID!) { stageTranslationUpdate(id: $id, input: { title: "Hijack" }) { ${ERR} } }`, {
      id: en.data!.stageTranslationCreate.translation.id,
    });
    expect(foreignTr.data!.stageTranslationUpdate.error).toMatchObject({ code: 'NOT_FOUND' });

    const standalone = await gql(null, `query { stageStandalone(slug: "forum-sued", lang: EN) { title translation { title } } }`);
    expect(standalone.data!.stageStandalone).toEqual({ title: 'Forum Nord', translation: { title: 'South forum' } });
    const lists = await gql(w.admin.id, `query { stages { id } stageNames { id name } fetchStage(slug: "forum-sued") { id } fetchStageForDashboard(slug: "forum-sued") { id schedule { id } } }`);
    expect(lists.data!.stageNames).toEqual([{ id: stage.id, name: 'Forum Nord' }]);
    expect(lists.data!.fetchStageForDashboard).toEqual({ id: stage.id, schedule: [] });

    const deleted = await gql(w.admin.id, `mutation($id: ID!) { stageDelete(id: $id) { id ok } }`, { id: stage.id });
    expect(deleted.data!.stageDelete).toEqual({ id: stage.id, ok: true });
    const gone = await gql(null, `query { stageStandalone(slug: "forum-sued") { id } }`);
    expect(gone.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  it('shows a stage standalone only while its organisation has the event feature', async () => {
    const w = await world();
    const stage = await createStageByName(await t.serviceContext(w.admin.id), { name: `Feature-Bühne ${Date.now()}` });
    expect((await gql(null, `query($s: String!) { stageStandalone(slug: $s) { id } }`, { s: stage.slug })).data!.stageStandalone.id).toBe(stage.id);
    await t.app.db('organizations').where({ id: w.acme.id }).update({ suites: Package.BASIC });
    expect((await gql(null, `query($s: String!) { stageStandalone(slug: $s) { id } }`, { s: stage.slug })).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });
});

describe('schedule entries', () => {
  it('creates, updates and deletes entries with speaker organisation and translations; checks times and speaker', async () => {
    const w = await world();
    const stage = await createStageByName(await t.serviceContext(w.admin.id), { name: 'Programmbühne' });
    const create = async (input: Record<string, unknown>) =>
      t.graphql<Json>(
        `mutation($input: ScheduleCreateInput!) { scheduleCreate(input: $input) { scheduleEntry { id timestamp timestampEnd speaker speakerDescription speakerOrganization { id slug name } translations { language title } translation { title } } ${ERR} } }`,
        { input },
        { headers: await auth(w.admin.id) },
      );
    const base = { stageId: stage.id, timestamp: '2026-06-01T10:00:00Z', timestampEnd: '2026-06-01T10:45:00Z' };

    const backwards = await create({ ...base, timestampEnd: '2026-06-01T09:00:00Z' });
    expect(backwards.body.data!.scheduleCreate).toMatchObject({
      scheduleEntry: null,
      error: { code: 'INVALID', field: 'timestampEnd', message: 'The end time needs to be after the start time' },
    });
    const same = await create({ ...base, timestampEnd: base.timestamp });
    expect(same.body.data!.scheduleCreate.error).toMatchObject({ field: 'timestampEnd' });

    const unknown = await create({ ...base, speakerOrganization: 'gibt-es-nicht' });
    expect(unknown.body.data!.scheduleCreate.error).toEqual({
      code: 'NOT_FOUND',
      field: 'speakerOrganization',
      message: 'Organization ID of speaker was not found',
    });
    const de = await t.serviceContext(w.admin.id, 'DE');
    await expect(createScheduleEntry(de, { ...base, speakerOrganization: 'gibt-es-nicht' })).rejects.toMatchObject({
      message: 'Die Organisation des Sprechers wurde nicht gefunden',
    });

    const ok = await create({
      ...base,
      speaker: 'Dr. Anna Schmidt',
      speakerDescription: 'Leiterin Digitalisierung',
      speakerOrganization: w.other.slug,
      translations: [
        { language: 'DE', title: 'Eröffnung', description: 'Begrüßung' },
        { language: 'EN', title: 'Opening', description: 'Welcome' },
      ],
    });
    const entry = ok.body.data!.scheduleCreate.scheduleEntry;
    expect(ok.body.data!.scheduleCreate.error).toBeNull();
    expect(entry).toMatchObject({
      timestamp: '2026-06-01T10:00:00.000Z',
      timestampEnd: '2026-06-01T10:45:00.000Z',
      speaker: 'Dr. Anna Schmidt',
      speakerOrganization: { id: w.other.id, slug: w.other.slug, name: w.other.name },
      translations: [{ language: 'DE', title: 'Eröffnung' }, { language: 'EN', title: 'Opening' }],
      translation: { title: 'Opening' },
    });

    const update = (input: Record<string, unknown>) =>
      gql(w.admin.id, `mutation($id: ID!, $input: ScheduleUpdateInput!) { scheduleUpdate(id: $id, input: $input) { scheduleEntry { timestamp speakerOrganization { id } translations { language title } } ${ERR} } }`, {
        id: entry.id,
        input,
      });
    // only the start is given: checked against the stored end
    expect((await update({ timestamp: '2026-06-01T11:00:00Z' })).data!.scheduleUpdate.error).toMatchObject({ field: 'timestampEnd' });
    const moved = await update({ timestamp: '2026-06-01T10:15:00Z', speakerOrganization: null, translations: [{ language: 'EN', title: 'Keynote' }] });
    expect(moved.data!.scheduleUpdate).toMatchObject({
      error: null,
      scheduleEntry: { timestamp: '2026-06-01T10:15:00.000Z', speakerOrganization: null, translations: [{ title: 'Eröffnung' }, { title: 'Keynote' }] },
    });

    await create({ ...base, timestamp: '2026-06-01T08:00:00Z', timestampEnd: '2026-06-01T08:30:00Z' });
    const schedule = await gql(w.admin.id, `query($slug: String!) { fetchStageForDashboard(slug: $slug) { schedule { timestamp } } }`, { slug: stage.slug });
    expect(schedule.data!.fetchStageForDashboard.schedule.map((e: { timestamp: string }) => e.timestamp)).toEqual([
      '2026-06-01T08:00:00.000Z',
      '2026-06-01T10:15:00.000Z',
    ]);

    const foreign = await gql(w.stranger.id, `mutation($id: ID!) { scheduleDelete(id: $id) { ok ${ERR} } }`, { id: entry.id });
    expect(foreign.data!.scheduleDelete).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    const deleted = await gql(w.admin.id, `mutation($id: ID!) { scheduleDelete(id: $id) { id ok } }`, { id: entry.id });
    expect(deleted.data!.scheduleDelete).toEqual({ id: entry.id, ok: true });
  });

  it('refuses an entry on another organisation\'s stage', async () => {
    const w = await world();
    const stage = await createStageByName(await t.serviceContext(w.stranger.id), { name: 'Fremde Bühne' });
    await expect(
      createScheduleEntry(await t.serviceContext(w.admin.id), { stageId: stage.id, timestamp: '2026-06-01T10:00:00Z', timestampEnd: '2026-06-01T11:00:00Z' }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND', field: 'stageId' });
  });
});

describe('on-demand content', () => {
  it('creates, updates and deletes items of a convention', async () => {
    const w = await world();
    const convention = await createConventionByName(await t.serviceContext(w.admin.id), { name: 'Mediathekmesse' });
    const thumb = await image(w.admin.id, 640, 360);
    const created = await gql(w.admin.id, `mutation($input: OnDemandContentCreateInput!) { onDemandContentCreate(input: $input) { onDemandContent { id title description thumbnail { id } } ${ERR} } }`, {
      input: { conventionId: convention.id, title: 'Aufzeichnung Keynote', description: 'Die Eröffnung zum Nachsehen', thumbnailId: thumb },
    });
    const item = created.data!.onDemandContentCreate.onDemandContent;
    expect(item).toMatchObject({ title: 'Aufzeichnung Keynote', thumbnail: { id: thumb } });
    const empty = await gql(w.admin.id, `mutation($input: OnDemandContentCreateInput!) { onDemandContentCreate(input: $input) { ${ERR} } }`, {
      input: { conventionId: convention.id, title: '  ' },
    });
    expect(empty.data!.onDemandContentCreate.error).toMatchObject({ code: 'REQUIRED', field: 'title' });
    const updated = await gql(w.admin.id, `mutation($id: ID!) { onDemandContentUpdate(id: $id, input: { title: "Keynote (Aufzeichnung)", thumbnailId: null }) { onDemandContent { title thumbnail { id } } ${ERR} } }`, { id: item.id });
    expect(updated.data!.onDemandContentUpdate).toMatchObject({ error: null, onDemandContent: { title: 'Keynote (Aufzeichnung)', thumbnail: null } });
    const list = await gql(w.admin.id, `query($slug: String!) { fetchConvention(slug: $slug) { onDemandContent { id } } }`, { slug: convention.slug });
    expect(list.data!.fetchConvention.onDemandContent).toEqual([{ id: item.id }]);
    const foreign = await gql(w.stranger.id, `mutation($id: ID!) { onDemandContentUpdate(id: $id, input: { title: "x" }) { ${ERR} } }`, { id: item.id });
    expect(foreign.data!.onDemandContentUpdate.error).toMatchObject({ code: 'NOT_FOUND' });
    const deleted = await gql(w.admin.id, `mutation($id: ID!) { onDemandContentDelete(id: $id) { id ok } }`, { id: item.id });
    expect(deleted.data!.onDemandContentDelete).toEqual({ id: item.id, ok: true });
  });
});

describe('exhibitions (in-house fairs)', () => {
  it('creates by name, updates with stage and meeting link, shows visitors by permission type, deletes', async () => {
    const w = await world();
    const ctx = await t.serviceContext(w.admin.id, 'EN');
    const stage = await createStageByName(ctx, { name: 'Hausmessebühne' });
    const created = await gql(w.admin.id, `mutation { exhibitionCreateByName(input: { name: "Hausmesse Frühjahr" }) { exhibition { id slug name permissionType } ${ERR} } }`);
    const exhibition = created.data!.exhibitionCreateByName.exhibition;
    expect(exhibition).toMatchObject({ name: 'Hausmesse Frühjahr', permissionType: 'LOGGED_IN' });
    expect(exhibition.slug).toMatch(/^hausmesse-fruehjahr/);

    const update = (mutation: string, input: Record<string, unknown>, userId = w.admin.id) =>
      gql(userId, `mutation($id: ID!, $input: ExhibitionUpdateInput!) { ${mutation}(id: $id, input: $input) { exhibition { id stage { id } meeting videoEmbedUrl permissionType } ${ERR} } }`, {
        id: exhibition.id,
        input,
      });
    const ok = await update('mutateExhibitionUpdate', {
      stageId: stage.id,
      meeting: 'https://meet.example.com/hausmesse',
      video: 'https://vimeo.com/76979871',
      permissionType: 'PUBLIC',
    });
    expect(ok.data!.mutateExhibitionUpdate).toMatchObject({
      error: null,
      exhibition: { stage: { id: stage.id }, meeting: 'https://meet.example.com/hausmesse', videoEmbedUrl: 'https://player.vimeo.com/video/76979871', permissionType: 'PUBLIC' },
    });
    expect((await update('exhibitionUpdate', { video: 'https://example.com/v' })).data!.exhibitionUpdate.error).toMatchObject({ field: 'video' });
    expect((await update('exhibitionUpdate', { meeting: 'kein link' })).data!.exhibitionUpdate.error).toMatchObject({ code: 'INVALID', field: 'meeting' });
    const foreignStage = await createStageByName(await t.serviceContext(w.stranger.id), { name: 'Fremd' });
    expect((await update('exhibitionUpdate', { stageId: foreignStage.id })).data!.exhibitionUpdate.error).toMatchObject({ code: 'NOT_FOUND', field: 'stageId' });

    const visitor = await gql(null, `query($slug: String) { fetchExhibition(slug: $slug) { id name organization { id } stage { id } } }`, { slug: exhibition.slug });
    expect(visitor.data!.fetchExhibition).toEqual({ id: exhibition.id, name: 'Hausmesse Frühjahr', organization: { id: w.acme.id }, stage: { id: stage.id } });
    await update('exhibitionUpdate', { permissionType: 'LOGGED_IN' });
    const anon = await gql(null, `query($id: ID) { fetchExhibition(id: $id) { id } }`, { id: exhibition.id });
    expect(anon.errors?.[0]?.extensions?.code).toBe('PERMISSION_DENIED');
    expect((await fetchExhibition(await t.serviceContext(w.loner.id), exhibition.id)).id).toBe(exhibition.id);
    await update('exhibitionUpdate', { permissionType: 'TOKEN' });
    await expect(fetchExhibition(await t.serviceContext(w.loner.id), exhibition.slug)).rejects.toMatchObject({ code: 'PERMISSION_DENIED' });
    expect((await fetchExhibition(await t.serviceContext(w.sales.id), exhibition.slug)).id).toBe(exhibition.id);

    const full = await createExhibition(ctx, { name: 'Herbstmesse', stageId: stage.id, permissionType: 'PUBLIC' });
    expect(full).toMatchObject({ stage_id: stage.id, permission_type: 'PUBLIC', slug: 'herbstmesse' });
    const lists = await gql(w.admin.id, `query { exhibitions { id } exhibitionNames { id name } }`);
    expect(lists.data!.exhibitionNames).toEqual([
      { id: exhibition.id, name: 'Hausmesse Frühjahr' },
      { id: full.id, name: 'Herbstmesse' },
    ]);
    expect(lists.data!.exhibitions).toEqual([{ id: full.id }, { id: exhibition.id }]);
    const deleted = await gql(w.admin.id, `mutation($id: ID!) { exhibitionDelete(id: $id) { id ok } }`, { id: exhibition.id });
    expect(deleted.data!.exhibitionDelete).toEqual({ id: exhibition.id, ok: true });
  });
});

describe('object tokens', () => {
  it('creates keys, respects the limit on sign-up and on update, deletes', async () => {
    const w = await world();
    const ctx = await t.serviceContext(w.admin.id, 'EN');
    const convention = await createConvention(ctx, { title: 'Schlüsselmesse', permissionType: 'TOKEN', active: true });
    const created = await gql(w.admin.id, `mutation($input: ObjectTokenCreateInput!) { objectTokenCreate(input: $input) { objectToken { id token limit signedUp } ${ERR} } }`, {
      input: { conventionId: convention.id, token: 'PARTNER-2026', limit: 2 },
    });
    const token = created.data!.objectTokenCreate.objectToken;
    expect(token).toMatchObject({ token: 'PARTNER-2026', limit: 2, signedUp: 0 });
    const generated = await createObjectToken(ctx, { conventionId: convention.id, limit: 10 });
    // 120 random bits, URL-safe (issue 25: generated keys cannot be guessed)
    expect(generated.token).toMatch(/^[\w-]{20}$/);
    const duplicate = await gql(w.admin.id, `mutation($input: ObjectTokenCreateInput!) { objectTokenCreate(input: $input) { ${ERR} } }`, {
      input: { conventionId: convention.id, token: 'PARTNER-2026', limit: 5 },
    });
    expect(duplicate.data!.objectTokenCreate.error).toMatchObject({ code: 'UNIQUE', field: 'token' });
    const zero = await gql(w.admin.id, `mutation($input: ObjectTokenCreateInput!) { objectTokenCreate(input: $input) { ${ERR} } }`, {
      input: { conventionId: convention.id, limit: 0 },
    });
    expect(zero.data!.objectTokenCreate.error).toMatchObject({ code: 'INVALID', field: 'limit' });

    const visitors = await Promise.all([w.loner, w.stranger, w.basicUser].map((u) => t.serviceContext(u.id)));
    const results = await Promise.allSettled(visitors.map((v) => redeemAccessToken(v, { token: 'PARTNER-2026', next: `/convention/${convention.slug}` })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(2);
    expect(results.find((r) => r.status === 'rejected')).toMatchObject({ reason: { code: 'INVALID', message: 'This access key has reached its limit' } });
    await expect(redeemAccessToken(visitors[2], { token: 'WRONG', next: `/convention/${convention.slug}` })).rejects.toMatchObject({ message: 'This access key is not valid' });

    const lower = await gql(w.admin.id, `mutation($id: ID!) { objectTokenUpdate(id: $id, input: { limit: 1 }) { ${ERR} } }`, { id: token.id });
    expect(lower.data!.objectTokenUpdate.error).toEqual({ code: 'INVALID', field: 'limit', message: 'The limit cannot be lower than the 2 sign-ups so far' });
    await expect(updateObjectToken(await t.serviceContext(w.admin.id, 'DE'), token.id, { limit: 1 })).rejects.toMatchObject({
      message: 'Das Limit kann nicht unter den bisher 2 Anmeldungen liegen',
    });
    const raised = await gql(w.admin.id, `mutation($id: ID!) { objectTokenUpdate(id: $id, input: { limit: 50, token: "PARTNER-XL" }) { objectToken { token limit signedUp } ${ERR} } }`, { id: token.id });
    expect(raised.data!.objectTokenUpdate).toMatchObject({ error: null, objectToken: { token: 'PARTNER-XL', limit: 50, signedUp: 2 } });

    await updateConvention(ctx, convention.id, { permissionType: 'LOGGED_IN' });
    const asSales = await gql(w.sales.id, `query($slug: String!) { conventionBySlug(slug: $slug) { objectTokens { token } } }`, { slug: convention.slug });
    expect(asSales.data!.conventionBySlug.objectTokens).toEqual([]);
    await updateConvention(ctx, convention.id, { permissionType: 'TOKEN' });
    const asOwner = await gql(w.admin.id, `query($slug: String!) { fetchConvention(slug: $slug) { objectTokens { token } } }`, { slug: convention.slug });
    expect(asOwner.data!.fetchConvention.objectTokens.map((o: { token: string }) => o.token)).toEqual(['PARTNER-XL', generated.token]);
    const foreign = await gql(w.stranger.id, `mutation($id: ID!) { objectTokenDelete(id: $id) { ok ${ERR} } }`, { id: token.id });
    expect(foreign.data!.objectTokenDelete).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    const deleted = await gql(w.admin.id, `mutation($id: ID!) { objectTokenDelete(id: $id) { id ok } }`, { id: token.id });
    expect(deleted.data!.objectTokenDelete).toEqual({ id: token.id, ok: true });

    // a TOKEN convention is closed to visitors without a key
    const anon = await gql(null, `query($slug: String!) { conventionBySlug(slug: $slug) { id } }`, { slug: convention.slug });
    expect(anon.errors?.[0]?.extensions?.code).toBe('PERMISSION_DENIED');
  });
});

describe('authorization matrix', () => {
  /** Every console call of this domain, on objects of Acme. */
  async function acmeObjects() {
    const w = await world();
    const ctx = await t.serviceContext(w.admin.id, 'EN');
    const convention = await createConvention(ctx, { title: `Matrixmesse ${Date.now()}` });
    const stage = await createStage(ctx, { title: `Matrixbühne ${Date.now()}`, translations: [{ language: 'DE', title: 'Matrix' }] });
    const entry = await createScheduleEntry(ctx, { stageId: stage.id, timestamp: '2026-06-01T10:00:00Z', timestampEnd: '2026-06-01T11:00:00Z' });
    const exhibition = await createExhibition(ctx, { name: `Matrixhausmesse ${Date.now()}` });
    const token = await createObjectToken(ctx, { conventionId: convention.id, limit: 5 });
    const onDemand = await t.app.db('on_demand_contents').insert({ convention_id: convention.id, title: 'Video' }).returning('id');
    const translation = await t.app.db('stage_translations').where({ stage_id: stage.id }).first('id');
    return { w, convention, stage, entry, exhibition, token, onDemandId: onDemand[0].id as string, stageTranslationId: translation.id as string };
  }

  it('lets only members of the owning organisation with the event feature (not sales users) act; others learn nothing', async () => {
    const o = await acmeObjects();
    const { w } = o;
    const mutations: [string, string, Record<string, unknown>][] = [
      ['conventionUpdate', `mutation($id: ID!) { conventionUpdate(id: $id, input: { title: "Hijack" }) { convention { id } ${ERR} } }`, { id: o.convention.id }],
      ['conventionDelete', `mutation($id: ID!) { conventionDelete(id: $id) { ok ${ERR} } }`, { id: o.convention.id }],
      ['conventionTranslationUpdate', `mutation($id: ID!) { conventionTranslationUpdate(id: $id, input: { language: DE, title: "x" }) { ${ERR} } }`, { id: o.convention.id }],
      ['addStageToConvention', `mutation($id: ID!, $s: ID!) { addStageToConvention(id: $id, stageID: $s) { ${ERR} } }`, { id: o.convention.id, s: o.stage.id }],
      ['removeStageFromConvention', `mutation($id: ID!, $s: ID!) { removeStageFromConvention(id: $id, stageID: $s) { ${ERR} } }`, { id: o.convention.id, s: o.stage.id }],
      ['objectTokenCreate', `mutation($id: ID!) { objectTokenCreate(input: { conventionId: $id, limit: 3 }) { ${ERR} } }`, { id: o.convention.id }],
      ['objectTokenUpdate', `mutation($id: ID!) { objectTokenUpdate(id: $id, input: { limit: 9 }) { ${ERR} } }`, { id: o.token.id }],
      ['objectTokenDelete', `mutation($id: ID!) { objectTokenDelete(id: $id) { ${ERR} } }`, { id: o.token.id }],
      ['stageUpdate', `mutation($id: ID!) { stageUpdate(id: $id, input: { title: "x" }) { ${ERR} } }`, { id: o.stage.id }],
      ['updateStage', `mutation($id: ID!) { updateStage(id: $id, input: { title: "x" }) { ${ERR} } }`, { id: o.stage.id }],
      ['stageDelete', `mutation($id: ID!) { stageDelete(id: $id) { ${ERR} } }`, { id: o.stage.id }],
      ['stageTranslationCreate', `mutation($id: ID!) { stageTranslationCreate(stageId: $id, input: { language: EN, title: "x" }) { ${ERR} } }`, { id: o.stage.id }],
      ['stageTranslationUpdate', `mutation($id: ID!) { stageTranslationUpdate(id: $id, input: { title: "x" }) { ${ERR} } }`, { id: o.stageTranslationId }],
      ['scheduleCreate', `mutation($id: ID!) { scheduleCreate(input: { stageId: $id, timestamp: "2026-06-01T10:00:00Z", timestampEnd: "2026-06-01T11:00:00Z" }) { ${ERR} } }`, { id: o.stage.id }],
      ['scheduleUpdate', `mutation($id: ID!) { scheduleUpdate(id: $id, input: { speaker: "x" }) { ${ERR} } }`, { id: o.entry.id }],
      ['scheduleDelete', `mutation($id: ID!) { scheduleDelete(id: $id) { ${ERR} } }`, { id: o.entry.id }],
      ['onDemandContentCreate', `mutation($id: ID!) { onDemandContentCreate(input: { conventionId: $id, title: "x" }) { ${ERR} } }`, { id: o.convention.id }],
      ['onDemandContentUpdate', `mutation($id: ID!) { onDemandContentUpdate(id: $id, input: { title: "x" }) { ${ERR} } }`, { id: o.onDemandId }],
      ['onDemandContentDelete', `mutation($id: ID!) { onDemandContentDelete(id: $id) { ${ERR} } }`, { id: o.onDemandId }],
      ['exhibitionUpdate', `mutation($id: ID!) { exhibitionUpdate(id: $id, input: { name: "x" }) { ${ERR} } }`, { id: o.exhibition.id }],
      ['mutateExhibitionUpdate', `mutation($id: ID!) { mutateExhibitionUpdate(id: $id, input: { name: "x" }) { ${ERR} } }`, { id: o.exhibition.id }],
      ['exhibitionDelete', `mutation($id: ID!) { exhibitionDelete(id: $id) { ${ERR} } }`, { id: o.exhibition.id }],
    ];
    const creates: [string, string][] = [
      ['conventionCreateByName', `mutation { conventionCreateByName(input: { name: "Neu" }) { ${ERR} } }`],
      ['conventionCreate', `mutation { conventionCreate(input: { title: "Neu" }) { ${ERR} } }`],
      ['stageCreateByName', `mutation { stageCreateByName(input: { name: "Neu" }) { ${ERR} } }`],
      ['stageCreate', `mutation { stageCreate(input: { title: "Neu" }) { ${ERR} } }`],
      ['exhibitionCreateByName', `mutation { exhibitionCreateByName(input: { name: "Neu" }) { ${ERR} } }`],
      ['exhibitionCreate', `mutation { exhibitionCreate(input: { name: "Neu" }) { ${ERR} } }`],
    ];
    const expectations: [string, string | null, string][] = [
      ['other organisation', w.stranger.id, 'NOT_FOUND'],
      ['sales user', w.sales.id, 'PERMISSION_DENIED'],
      ['organisation without the event feature', w.basicUser.id, 'PERMISSION_DENIED'],
      ['user without organisation', w.loner.id, 'PERMISSION_DENIED'],
    ];
    for (const [who, userId, code] of expectations) {
      for (const [name, query, variables] of mutations) {
        const body = await gql(userId, query, variables);
        expect(body.data?.[name]?.error, `${name} as ${who}`).toMatchObject({ code });
      }
      for (const [name, query] of creates) {
        const body = await gql(userId, query);
        // creating needs no object, so another organisation with the event feature may create its own
        if (who === 'other organisation') expect(body.data?.[name]?.error, `${name} as ${who}`).toBeNull();
        else expect(body.data?.[name]?.error, `${name} as ${who}`).toMatchObject({ code: 'PERMISSION_DENIED', message: "You don't have permission to perform this action." });
      }
    }
    for (const [name, query, variables] of [...mutations, ...creates.map(([n, q]) => [n, q, {}] as const)]) {
      const body = await gql(null, query, variables as Record<string, unknown>);
      expect(body.errors?.[0]?.extensions?.code, `${name} anonymous`).toBe('UNAUTHENTICATED');
    }

    // nothing of Acme changed
    expect(await t.app.db('conventions').where({ id: o.convention.id }).first('title')).toEqual({ title: o.convention.title });
    expect(await t.app.db('object_tokens').where({ id: o.token.id }).first('limit')).toEqual({ limit: 5 });
    expect(await t.app.db('schedule_entries').where({ id: o.entry.id }).first('speaker')).toEqual({ speaker: '' });

    // console queries: another organisation sees only its own objects, by slug nothing of Acme
    const strangerLists = await gql(w.stranger.id, `query { conventions { id } stages { id } exhibitions { id } conventionNames { id } stageNames { id } exhibitionNames { id } }`);
    const ids = JSON.stringify(strangerLists.data);
    for (const id of [o.convention.id, o.stage.id, o.exhibition.id]) expect(ids).not.toContain(id);
    const bySlug = await gql(w.stranger.id, `query($c: String!) { fetchConvention(slug: $c) { id } }`, { c: o.convention.slug });
    expect(bySlug.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const stageBySlug = await gql(w.stranger.id, `query($s: String!) { fetchStage(slug: $s) { id } }`, { s: o.stage.slug });
    expect(stageBySlug.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    for (const [userId, code] of [[w.sales.id, 'PERMISSION_DENIED'], [w.basicUser.id, 'PERMISSION_DENIED'], [null, 'UNAUTHENTICATED']] as const) {
      for (const field of ['conventions { id }', 'stages { id }', 'exhibitions { id }', 'conventionNames { id }']) {
        const body = await gql(userId, `query { ${field} }`);
        expect(body.errors?.[0]?.extensions?.code, `${field} as ${userId}`).toBe(code);
      }
    }
  });

  it('enforces the same rules at the service level', async () => {
    const o = await acmeObjects();
    const { w } = o;
    const stranger = await t.serviceContext(w.stranger.id);
    const sales = await t.serviceContext(w.sales.id);
    const basic = await t.serviceContext(w.basicUser.id);
    const anon = await t.serviceContext(null);
    await expect(updateConvention(stranger, o.convention.id, { title: 'x' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(updateStage(stranger, o.stage.id, { title: 'x' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(addStageToConvention(stranger, o.convention.id, o.stage.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    // the stranger's own convention cannot take Acme's stage either
    const own = await createConventionByName(stranger, { name: 'Eigene' });
    await expect(addStageToConvention(stranger, own.id, o.stage.id)).rejects.toMatchObject({ code: 'NOT_FOUND', field: 'stageId' });
    for (const ctx of [sales, basic]) {
      await expect(listConventions(ctx)).rejects.toMatchObject({ code: 'PERMISSION_DENIED' });
      await expect(updateConvention(ctx, o.convention.id, { title: 'x' })).rejects.toMatchObject({ code: 'PERMISSION_DENIED' });
      await expect(createStageByName(ctx, { name: 'x' })).rejects.toMatchObject({ code: 'PERMISSION_DENIED' });
    }
    await expect(listConventions(anon)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    await expect(updateConvention(await t.serviceContext(w.admin.id), 'not-a-uuid', { title: 'x' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('DataLoader', () => {
  it('lists conventions with stages, schedules, translations and on-demand content in a constant number of statements', async () => {
    async function statementsFor(conventions: number): Promise<{ statements: number; listed: number }> {
      const org = await createOrganization(t.app.db, { suites: Package.BASIC | Package.EVENT });
      const user = await createUser(t.app.db);
      await addMember(t.app.db, org.id, user.id, { isOwner: true });
      const ctx = await t.serviceContext(user.id);
      for (let i = 0; i < conventions; i += 1) {
        const convention = await createConvention(ctx, {
          title: `Messe ${i}`,
          translations: [{ language: 'DE', title: `Messe ${i}` }, { language: 'EN', title: `Fair ${i}` }],
        });
        const stage = await createStage(ctx, { title: `Bühne ${i}`, translations: [{ language: 'DE', title: `Bühne ${i}` }] });
        await addStageToConvention(ctx, convention.id, stage.id);
        for (let j = 0; j < 3; j += 1) {
          await createScheduleEntry(ctx, {
            stageId: stage.id,
            timestamp: `2026-06-0${j + 1}T10:00:00Z`,
            timestampEnd: `2026-06-0${j + 1}T11:00:00Z`,
            speakerOrganization: org.slug,
            translations: [{ language: 'DE', title: `Vortrag ${j}` }],
          });
        }
        await t.app.db('on_demand_contents').insert({ convention_id: convention.id, title: `Video ${i}` });
      }
      const headers = await auth(user.id);
      let statements = 0;
      const listener = () => {
        statements += 1;
      };
      t.app.db.on('query', listener);
      try {
        const res = await t.graphql<{ conventions: unknown[] }>(
          `query { conventions { id status translations { title } translation { title } organization { name }
            onDemandContent { title } objectTokens { token }
            stage { slug translations { title } schedule { timestamp speakerOrganization { name } translations { title } } } } }`,
          undefined,
          { headers },
        );
        return { statements, listed: res.body.data!.conventions.length };
      } finally {
        t.app.db.removeListener('query', listener);
      }
    }
    const two = await statementsFor(2);
    const ten = await statementsFor(10);
    expect(two.listed).toBe(2);
    expect(ten.listed).toBe(10);
    expect(ten.statements).toBe(two.statements);
    expect(two.statements).toBeLessThanOrEqual(12);
  });
});
