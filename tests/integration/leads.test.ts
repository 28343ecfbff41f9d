import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Lead, LeadTrack } from '#db/models/index';
import { Package } from '~/lib/features';
import type { LeadFormField } from '~/lib/leads/form-schema';
import { listMails } from '~/server/mail/outbox.server';
import { listLeads } from '~/server/services/leads/leads';
import { createTestApp, type TestApp } from '../helpers/app';
import {
  addLeadContentPage,
  addMember,
  createContentPage,
  createContentPageTranslation,
  createLead,
  createLeadForm,
  createLeadTrack,
  createOrganization,
  createUser,
} from '../fixtures/factories';

/**
 * Leads through GraphQL (issue 18, spec 001 points 5-8): every call, its rules and errors, and who may not
 * (anonymous, another organisation, an organisation without the lead suite, a sales user, who sees only their
 * organisation's leads). Tracks need the lead-tracking suite and the lead's consent; the score follows the tracks.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const TRACKING = Package.SALES | Package.DATA;

async function member(suites: number = Package.SALES, membership: { sales?: boolean; role?: 'admin' | 'sales' } = {}, language: 'DE' | 'EN' = 'EN') {
  const org = await createOrganization(t.app.db, { suites });
  const user = await createUser(t.app.db, { default_language: language });
  await addMember(t.app.db, org.id, user.id, { role: membership.role ?? 'admin', isOwner: membership.role !== 'sales', sales: membership.sales });
  return { org, user };
}

async function joinAs(orgId: string, membership: { sales?: boolean; role?: 'admin' | 'sales' } = {}) {
  const user = await createUser(t.app.db, { default_language: 'EN' });
  await addMember(t.app.db, orgId, user.id, { role: membership.role ?? 'sales', sales: membership.sales });
  return user;
}

type Err = { code: string; field: string | null; message: string };

async function gql<T = Record<string, unknown>>(userId: string | null, query: string, variables: Record<string, unknown> = {}) {
  const headers: Record<string, string> = userId ? { Authorization: `JWT ${await t.accessToken(userId)}` } : {};
  return (await t.graphql<T>(query, variables, { headers })).body as { data?: T; errors?: { message: string; extensions?: { code?: string } }[] };
}

const LEAD = `id slug name email company tags archived score language values { name value } formId
  contentpages { id slug name } consent { items { kind text agreed } formId formVersion language givenAt }
  contact { id email } user { id } informationLink scoreReasons { kind count points text } tracks { linkType link }`;

const field = (over: Partial<LeadFormField>): LeadFormField => ({
  id: crypto.randomUUID(),
  type: 'TEXT',
  name: 'x',
  label: 'X',
  langlabel: {},
  required: false,
  selects: [],
  langselects: {},
  headline: '',
  langheadline: {},
  searchable: false,
  standard: null,
  ...over,
});

const SCHEMA: LeadFormField[] = [
  field({ type: 'HEADLINE', name: '', label: '', headline: 'Kontakt', langheadline: { EN: 'Contact' } }),
  field({ name: 'name', label: 'Name', required: true, standard: 'name', searchable: true }),
  field({ type: 'EMAIL', name: 'email', label: 'E-Mail', langlabel: { EN: 'E-mail' }, standard: 'email' }),
  field({ type: 'SELECT', name: 'interest', label: 'Interesse', langlabel: { EN: 'Interest' }, selects: ['a', 'b'], langselects: { DE: ['Produkt A', 'Produkt B'], EN: ['Product A', 'Product B'] }, searchable: true }),
  field({ name: 'note', label: 'Notiz', langlabel: { EN: 'Note' } }),
];

/** RFC 4180 as a spreadsheet reads it: quoted cells with doubled quotes and line breaks, CRLF between rows. */
function parseCsv(text: string, delimiter: string): string[][] {
  const rows: string[][] = [[]];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === delimiter) {
      rows[rows.length - 1].push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      rows[rows.length - 1].push(cell);
      cell = '';
      rows.push([]);
      i++;
    } else cell += ch;
  }
  if (cell || rows[rows.length - 1].length) rows[rows.length - 1].push(cell);
  return rows.filter((row) => row.length > 0);
}

const CREATE = `mutation($input: LeadInput!) { leadCreate(input: $input) { lead { ${LEAD} } error { code field message } errors { code field message } } }`;

describe('leadCreate, fetchLead, leadUpdate', () => {
  it('creates a lead with tags, values, the form\'s pages and contact, and the consent proof as shown', async () => {
    const { org, user } = await member();
    const colleague = await joinAs(org.id);
    const form = await createLeadForm(t.app.db, { organization_id: org.id, contact_id: colleague.id, schema: SCHEMA, version: 3 });
    const page = await createContentPage(t.app.db, { organization_id: org.id });
    await createContentPageTranslation(t.app.db, { page_id: page.id, language: 'EN', name: 'Brochure' });
    await t.app.db('lead_form_content_pages').insert({ form_id: form.id, content_page_id: page.id, sort: 0 });

    const body = await gql<{ leadCreate: { lead: Record<string, unknown> & { slug: string; consent: { items: { kind: string; text: string; agreed: boolean }[]; formVersion: number } } } }>(user.id, CREATE, {
      input: { name: 'Max Muster', email: 'MAX@Example.com', company: 'ACME', tags: ['hot', 'fair'], values: [{ name: 'interest', value: 'a' }], formId: form.id, consent: { contact: true, tracking: true } },
    });
    const lead = body.data!.leadCreate.lead;
    expect(lead).toMatchObject({ name: 'Max Muster', email: 'max@example.com', tags: ['fair', 'hot'], archived: false, score: 0, formId: form.id });
    expect(lead.slug).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(lead.contentpages).toEqual([{ id: page.id, slug: page.slug, name: 'Brochure' }]);
    expect(lead.contact).toEqual({ id: colleague.id, email: colleague.email });
    expect(lead.user).toEqual({ id: user.id });
    expect(lead.consent.formVersion).toBe(3);
    expect(lead.consent.items.map((i) => [i.kind, i.agreed])).toEqual([['contact', true], ['material', false], ['tracking', true]]);
    expect(lead.consent.items[0].text).toContain(org.name);
    expect(lead.informationLink).toMatch(new RegExp(`/information-collection/${lead.slug}$`));

    const fetched = await gql<{ fetchLead: { id: string; name: string } }>(user.id, `query($slug: String!) { fetchLead(slug: $slug, lang: EN) { id name } }`, { slug: lead.slug });
    expect(fetched.data!.fetchLead).toEqual({ id: lead.id, name: 'Max Muster' });
  });

  it('refuses bad input with field errors in the viewer\'s language and writes nothing', async () => {
    const { org, user } = await member();
    const body = await gql<{ leadCreate: { lead: null; errors: Err[] } }>(user.id, CREATE, { input: { name: 'X', email: 'not-an-email', phone: 'abc', tags: ['ok'] } });
    expect(body.data!.leadCreate.lead).toBeNull();
    expect(body.data!.leadCreate.errors.map((e) => [e.code, e.field])).toEqual([
      ['INVALID', 'email'],
      ['INVALID', 'phone'],
    ]);
    expect(await Lead.query(t.app.db).where('organization_id', org.id).resultSize()).toBe(0);
  });

  it('refuses another organisation\'s form, contact person and content page (NOT_FOUND), nothing written', async () => {
    const { org, user } = await member();
    const other = await member();
    const foreignForm = await createLeadForm(t.app.db, { organization_id: other.org.id });
    const foreignPage = await createContentPage(t.app.db, { organization_id: other.org.id });
    for (const input of [{ formId: foreignForm.id }, { contactId: other.user.id }, { contentPageIds: [foreignPage.id] }]) {
      const body = await gql<{ leadCreate: { error: Err } }>(user.id, CREATE, { input: { name: 'X', ...input } });
      expect(body.data!.leadCreate.error.code).toBe('NOT_FOUND');
    }
    expect(await Lead.query(t.app.db).where('organization_id', org.id).resultSize()).toBe(0);
  });

  it('updates fields, tags and pages; another organisation\'s lead is NOT_FOUND', async () => {
    const { org, user } = await member();
    const lead = await createLead(t.app.db, { organization_id: org.id, tags: ['old'] });
    const page = await createContentPage(t.app.db, { organization_id: org.id });
    const update = `mutation($id: ID!, $input: LeadInput!) { leadUpdate(id: $id, input: $input) { lead { name company tags contentpages { id } } error { code field } } }`;
    const body = await gql<{ leadUpdate: { lead: { name: string; company: string; tags: string[]; contentpages: { id: string }[] } } }>(user.id, update, {
      id: lead.id,
      input: { company: 'New GmbH', tags: ['new'], contentPageIds: [page.id] },
    });
    expect(body.data!.leadUpdate.lead).toEqual({ name: lead.name, company: 'New GmbH', tags: ['new'], contentpages: [{ id: page.id }] });

    const stranger = await member();
    const refused = await gql<{ leadUpdate: { lead: null; error: Err } }>(stranger.user.id, update, { id: lead.id, input: { company: 'Hijack' } });
    expect(refused.data!.leadUpdate.error.code).toBe('NOT_FOUND');
    const missing = await gql<{ fetchLead: null }>(stranger.user.id, `query($slug: String!) { fetchLead(slug: $slug) { id } }`, { slug: lead.slug });
    expect(missing.errors?.[0].extensions?.code).toBe('NOT_FOUND');
    expect((await Lead.query(t.app.db).findById(lead.id))!.company).toBe('New GmbH');
  });
});

describe('who may not', () => {
  it('anonymous callers get UNAUTHENTICATED for every console call', async () => {
    const lead = await createLead(t.app.db);
    const calls: [string, Record<string, unknown>][] = [
      [`{ leads { total } }`, {}],
      [`{ archivedLeads { total } }`, {}],
      [`{ leadsForCsv }`, {}],
      [`{ leadforms { id } }`, {}],
      [`{ leadTags }`, {}],
      [`query($slug: String!) { fetchLead(slug: $slug) { id } }`, { slug: lead.slug }],
      [`query($id: ID!) { fetchTracksByLead(leadId: $id) { id } }`, { id: lead.id }],
      [CREATE, { input: { name: 'X' } }],
      [`mutation($id: ID!) { leadDelete(id: $id) { ok } }`, { id: lead.id }],
      [`mutation($ids: [ID!]!) { leadsDelete(ids: $ids) { ok } }`, { ids: [lead.id] }],
      [`mutation($ids: [ID!]!) { archiveLeads(ids: $ids) { leads { id } } }`, { ids: [lead.id] }],
      [`mutation($id: ID!) { sendLeadInformationEmail(id: $id) { lead { id } } }`, { id: lead.id }],
      [`mutation { leadformCreate(input: { name: "F" }) { leadform { id } } }`, {}],
      [`mutation { leadContactFromQr(text: "x") { contact { email } } }`, {}],
    ];
    for (const [query, variables] of calls) {
      const body = await gql(null, query, variables);
      expect(body.errors?.[0].extensions?.code, query).toBe('UNAUTHENTICATED');
    }
    expect(await Lead.query(t.app.db).findById(lead.id)).toBeDefined();
  });

  it('an organisation without the lead suite is PERMISSION_DENIED; a sales user there too', async () => {
    const { org, user } = await member(Package.EVENT);
    const sales = await joinAs(org.id, { sales: true });
    for (const id of [user.id, sales.id]) {
      const list = await gql(id, `{ leads { total } }`);
      expect(list.errors?.[0].extensions?.code).toBe('PERMISSION_DENIED');
      const create = await gql<{ leadCreate: { error: Err } }>(id, CREATE, { input: { name: 'X' } });
      expect(create.data!.leadCreate.error.code).toBe('PERMISSION_DENIED');
      const form = await gql<{ leadformCreate: { error: Err } }>(id, `mutation { leadformCreate(input: { name: "F" }) { error { code } } }`);
      expect(form.data!.leadformCreate.error.code).toBe('PERMISSION_DENIED');
    }
  });

  it('a sales user with the lead suite sees exactly their organisation\'s leads', async () => {
    const { org } = await member(Package.SALES);
    const sales = await joinAs(org.id, { sales: true });
    const other = await member(Package.SALES);
    const own = await createLead(t.app.db, { organization_id: org.id, name: 'Own lead' });
    const foreign = await createLead(t.app.db, { organization_id: other.org.id, name: 'Foreign lead' });
    const body = await gql<{ leads: { total: number; items: { id: string }[] } }>(sales.id, `{ leads { total items { id } } }`);
    expect(body.data!.leads).toEqual({ total: 1, items: [{ id: own.id }] });
    const del = await gql<{ leadDelete: { ok: boolean; error: Err } }>(sales.id, `mutation($id: ID!) { leadDelete(id: $id) { ok error { code } } }`, { id: foreign.id });
    expect(del.data!.leadDelete).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    expect(await Lead.query(t.app.db).findById(foreign.id)).toBeDefined();
    // the service filter itself hands an outsider nothing
    const outsider = await createUser(t.app.db);
    await expect(listLeads(await t.serviceContext(outsider.id))).rejects.toMatchObject({ code: 'PERMISSION_DENIED' });
  });
});

describe('overview, archive and delete', () => {
  it('searches (columns and searchable values), filters by tag, form and date, sorts and pages', async () => {
    const { org, user } = await member();
    const form = await createLeadForm(t.app.db, { organization_id: org.id, schema: SCHEMA });
    const a = await createLead(t.app.db, { organization_id: org.id, name: 'Anna Alpha', company: 'Zeta AG', score: 10, tags: ['vip'], created_at: new Date('2026-01-01') });
    const b = await createLead(t.app.db, { organization_id: org.id, name: 'Bert Beta', company: 'Alpha GmbH', score: 50, form_id: form.id, search_extra: 'quantencomputer', created_at: new Date('2026-02-01') });
    const c = await createLead(t.app.db, { organization_id: org.id, name: 'Carla Gamma', company: 'Mid KG', score: 30, created_at: new Date('2026-03-01') });
    await createLead(t.app.db, { organization_id: org.id, name: 'Archived Alpha', archived_at: new Date() });
    await createLead(t.app.db, { name: 'Alpha elsewhere' });

    const list = async (filter: Record<string, unknown>, page = 1, pageSize = 25) =>
      (await gql<{ leads: { total: number; page: number; items: { id: string; tags: string[] }[] } }>(
        user.id,
        `query($filter: LeadFilterInput, $page: Int, $pageSize: Int) { leads(filter: $filter, page: $page, pageSize: $pageSize) { total page items { id tags } } }`,
        { filter, page, pageSize },
      )).data!.leads;

    expect((await list({})).items.map((l) => l.id)).toEqual([c.id, b.id, a.id]);
    expect((await list({ search: 'alpha' })).items.map((l) => l.id)).toEqual([b.id, a.id]);
    expect((await list({ search: 'QUANTEN' })).items.map((l) => l.id)).toEqual([b.id]);
    expect((await list({ search: '100%_' })).items).toEqual([]);
    expect((await list({ tag: 'vip' })).items).toEqual([{ id: a.id, tags: ['vip'] }]);
    expect((await list({ formId: form.id })).items.map((l) => l.id)).toEqual([b.id]);
    expect((await list({ from: '2026-01-15T00:00:00Z', to: '2026-02-15T00:00:00Z' })).items.map((l) => l.id)).toEqual([b.id]);
    expect((await list({ sort: 'score', dir: 'desc' })).items.map((l) => l.id)).toEqual([b.id, c.id, a.id]);
    expect((await list({ sort: 'company', dir: 'asc' })).items.map((l) => l.id)).toEqual([b.id, c.id, a.id]);
    expect((await list({ sort: 'name', dir: 'asc' })).items.map((l) => l.id)).toEqual([a.id, b.id, c.id]);
    const second = await list({ sort: 'name', dir: 'asc' }, 2, 2);
    expect(second).toMatchObject({ total: 3, page: 2, items: [{ id: c.id }] });

    const bad = await gql(user.id, `{ leads(pageSize: 1000) { total } }`);
    expect(bad.errors?.[0].extensions?.code).toBe('INVALID');
    const tags = await gql<{ leadTags: string[] }>(user.id, `{ leadTags }`);
    expect(tags.data!.leadTags).toEqual(['vip']);
  });

  it('archives and restores many (others\' ids ignored); deletes one or many with their tracks', async () => {
    const { org, user } = await member();
    const other = await member();
    const [a, b] = [await createLead(t.app.db, { organization_id: org.id }), await createLead(t.app.db, { organization_id: org.id })];
    const foreign = await createLead(t.app.db, { organization_id: other.org.id });
    await createLeadTrack(t.app.db, { lead_id: a.id });

    const archive = `mutation($ids: [ID!]!, $archived: Boolean) { archiveLeads(ids: $ids, archived: $archived) { leads { id archived } error { code } } }`;
    const archived = await gql<{ archiveLeads: { leads: { id: string; archived: boolean }[] } }>(user.id, archive, { ids: [a.id, b.id, foreign.id] });
    expect(archived.data!.archiveLeads.leads.map((l) => l.id).sort()).toEqual([a.id, b.id].sort());
    expect((await Lead.query(t.app.db).findById(foreign.id))!.archived_at).toBeNull();
    const archiveList = await gql<{ archivedLeads: { total: number } ; leads: { total: number } }>(user.id, `{ archivedLeads { total } leads { total } }`);
    expect(archiveList.data).toEqual({ archivedLeads: { total: 2 }, leads: { total: 0 } });

    const restored = await gql<{ archiveLeads: { leads: { id: string; archived: boolean }[] } }>(user.id, archive, { ids: [b.id], archived: false });
    expect(restored.data!.archiveLeads.leads).toEqual([{ id: b.id, archived: false }]);

    const bad = await gql<{ archiveLeads: { error: Err } }>(user.id, archive, { ids: ['nope'] });
    expect(bad.data!.archiveLeads.error.code).toBe('NOT_FOUND');

    const many = await gql<{ leadsDelete: { ids: string[]; ok: boolean } }>(user.id, `mutation($ids: [ID!]!) { leadsDelete(ids: $ids) { ids ok } }`, { ids: [a.id, foreign.id] });
    expect(many.data!.leadsDelete).toEqual({ ids: [a.id], ok: true });
    expect(await LeadTrack.query(t.app.db).where('lead_id', a.id).resultSize()).toBe(0);
    expect(await Lead.query(t.app.db).findById(foreign.id)).toBeDefined();

    const one = await gql<{ leadDelete: { ok: boolean; id: string } }>(user.id, `mutation($id: ID!) { leadDelete(id: $id) { ok id } }`, { id: b.id });
    expect(one.data!.leadDelete).toEqual({ ok: true, id: b.id });
    const again = await gql<{ leadDelete: { ok: boolean; error: Err } }>(user.id, `mutation($id: ID!) { leadDelete(id: $id) { ok error { code } } }`, { id: b.id });
    expect(again.data!.leadDelete).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
  });

  it('adds content pages to a lead after those it has (another organisation\'s page is NOT_FOUND)', async () => {
    const { org, user } = await member();
    const lead = await createLead(t.app.db, { organization_id: org.id });
    const first = await createContentPage(t.app.db, { organization_id: org.id });
    const second = await createContentPage(t.app.db, { organization_id: org.id });
    await addLeadContentPage(t.app.db, lead.id, first.id);
    const add = `mutation($leadId: ID!, $ids: [ID!]!) { leadAddContentPages(leadId: $leadId, contentPageIds: $ids) { lead { contentpages { id } } error { code field } } }`;
    const body = await gql<{ leadAddContentPages: { lead: { contentpages: { id: string }[] } } }>(user.id, add, { leadId: lead.id, ids: [second.id, first.id] });
    expect(body.data!.leadAddContentPages.lead.contentpages).toEqual([{ id: first.id }, { id: second.id }]);
    const foreign = await createContentPage(t.app.db);
    const refused = await gql<{ leadAddContentPages: { error: Err } }>(user.id, add, { leadId: lead.id, ids: [foreign.id] });
    expect(refused.data!.leadAddContentPages.error).toEqual({ code: 'NOT_FOUND', field: 'contentPageIds' });
  });
});

describe('lead forms', () => {
  const FORM = 'id name version schema sendMail contactperson { id } contentpages { id } personalizationId';

  it('creates, validates the schema, raises the version on a schema change, and orders its content pages', async () => {
    const { org, user } = await member();
    const created = await gql<{ leadformCreate: { leadform: { id: string; version: number; schema: LeadFormField[] } } }>(
      user.id,
      `mutation($input: LeadFormInput!) { leadformCreate(input: $input) { leadform { ${FORM} } error { code field } } }`,
      { input: { name: 'Messe', schema: SCHEMA, sendMail: true, contactId: user.id } },
    );
    const form = created.data!.leadformCreate.leadform;
    expect(form).toMatchObject({ version: 1, schema: SCHEMA });

    const badSchema = [field({ name: 'Bad Name', label: 'x' }), field({ type: 'SELECT', name: 'sel', label: 'Sel' }), field({ name: 'dup', label: 'A' }), field({ name: 'dup', label: 'B' })];
    const refused = await gql<{ leadformCreate: { leadform: null; errors: Err[] } }>(
      user.id,
      `mutation($input: LeadFormInput!) { leadformCreate(input: $input) { leadform { id } errors { code field } } }`,
      { input: { name: 'Bad', schema: badSchema } },
    );
    expect(refused.data!.leadformCreate.errors.map((e) => e.field)).toEqual(['0.name', '1.selects', '3.name']);
    const noName = await gql<{ leadformCreate: { errors: Err[] } }>(user.id, `mutation { leadformCreate(input: { name: "" }) { errors { code field } } }`);
    expect(noName.data!.leadformCreate.errors).toEqual([{ code: 'REQUIRED', field: 'name' }]);

    const update = `mutation($id: ID!, $input: LeadFormInput!) { leadformUpdate(id: $id, input: $input) { leadform { ${FORM} } error { code field } } }`;
    const renamed = await gql<{ leadformUpdate: { leadform: { version: number; name: string } } }>(user.id, update, { id: form.id, input: { name: 'Messe 2' } });
    expect(renamed.data!.leadformUpdate.leadform).toMatchObject({ name: 'Messe 2', version: 1 });
    const changed = await gql<{ leadformUpdate: { leadform: { version: number } } }>(user.id, update, { id: form.id, input: { schema: SCHEMA.slice(0, 2) } });
    expect(changed.data!.leadformUpdate.leadform.version).toBe(2);

    const [p1, p2] = [await createContentPage(t.app.db, { organization_id: org.id }), await createContentPage(t.app.db, { organization_id: org.id })];
    const pages = `mutation($id: ID!, $ids: [ID!]!) { leadformUpdateContentPages(id: $id, contentPageIds: $ids) { leadform { contentpages { id } } error { code field } } }`;
    const ordered = await gql<{ leadformUpdateContentPages: { leadform: { contentpages: { id: string }[] } } }>(user.id, pages, { id: form.id, ids: [p2.id, p1.id] });
    expect(ordered.data!.leadformUpdateContentPages.leadform.contentpages).toEqual([{ id: p2.id }, { id: p1.id }]);
    const foreign = await createContentPage(t.app.db);
    const refusedPages = await gql<{ leadformUpdateContentPages: { error: Err } }>(user.id, pages, { id: form.id, ids: [foreign.id] });
    expect(refusedPages.data!.leadformUpdateContentPages.error).toEqual({ code: 'NOT_FOUND', field: 'contentPageIds' });
    const kept = await gql<{ leadforms: { id: string; contentpages: { id: string }[] }[] }>(user.id, `{ leadforms { id contentpages { id } } }`);
    expect(kept.data!.leadforms).toEqual([{ id: form.id, contentpages: [{ id: p2.id }, { id: p1.id }] }]);

    const stranger = await member();
    const hidden = await gql<{ leadformUpdate: { error: Err } }>(stranger.user.id, update, { id: form.id, input: { name: 'x' } });
    expect(hidden.data!.leadformUpdate.error.code).toBe('NOT_FOUND');
    expect((await gql<{ leadforms: unknown[] }>(stranger.user.id, `{ leadforms { id } }`)).data!.leadforms).toEqual([]);
  });

  it('the public form: shown by id or organisation slug, validated by the stored schema, consent proof kept', async () => {
    const { org } = await member();
    const form = await createLeadForm(t.app.db, { organization_id: org.id, schema: SCHEMA, version: 4 });
    const shown = await gql<{ publicLeadform: { id: string; organizationName: string; consentTracking: string } }>(
      null,
      `query($form: String!) { publicLeadform(form: $form, lang: DE) { id organizationName consentTracking } }`,
      { form: org.slug },
    );
    expect(shown.data!.publicLeadform).toMatchObject({ id: form.id, organizationName: org.name });
    expect(shown.data!.publicLeadform.consentTracking).toContain('Ich bin einverstanden');

    const submit = `mutation($formId: ID!, $values: JSON!, $consent: LeadConsentInput) { leadformSubmit(formId: $formId, values: $values, lang: DE, consent: $consent) { ok errors { code field message } } }`;
    const invalid = await gql<{ leadformSubmit: { ok: boolean; errors: Err[] } }>(null, submit, { formId: form.id, values: { email: 'x@', interest: 'c' } });
    expect(invalid.data!.leadformSubmit.ok).toBe(false);
    expect(invalid.data!.leadformSubmit.errors.map((e) => [e.code, e.field])).toEqual([
      ['REQUIRED', 'name'],
      ['INVALID', 'email'],
      ['INVALID', 'interest'],
    ]);
    expect(await Lead.query(t.app.db).where('organization_id', org.id).resultSize()).toBe(0);

    const ok = await gql<{ leadformSubmit: { ok: boolean } }>(null, submit, {
      formId: form.id,
      values: { name: 'Eva Öztürk', email: 'eva@example.com', interest: 'Produkt B', note: 'Rückruf' },
      consent: { contact: true, material: false, tracking: true },
    });
    expect(ok.data!.leadformSubmit.ok).toBe(true);
    const lead = (await Lead.query(t.app.db).findOne({ organization_id: org.id }))!;
    expect(lead).toMatchObject({ name: 'Eva Öztürk', email: 'eva@example.com', language: 'DE', form_id: form.id, form_version: 4, user_id: null });
    expect(lead.values).toEqual([{ name: 'interest', value: 'b' }, { name: 'note', value: 'Rückruf' }]);
    expect(lead.search_extra).toBe('b');
    expect(lead.consent).toMatchObject({ formId: form.id, formVersion: 4, language: 'DE' });
    expect(lead.consent!.items.find((i) => i.kind === 'tracking')).toMatchObject({ agreed: true });
    expect(lead.consent!.items[0].text).toContain(org.name);

    const noLeads = await member(Package.EVENT);
    const closed = await createLeadForm(t.app.db, { organization_id: noLeads.org.id });
    const refused = await gql(null, `query($form: String!) { publicLeadform(form: $form) { id } }`, { form: closed.id });
    expect(refused.errors?.[0].extensions?.code).toBe('NOT_FOUND');
    const refusedSubmit = await gql<{ leadformSubmit: { ok: boolean; errors: Err[] } }>(null, submit, { formId: closed.id, values: { name: 'x' } });
    expect(refusedSubmit.data!.leadformSubmit).toMatchObject({ ok: false, errors: [{ code: 'NOT_FOUND' }] });
  });
});

describe('information mail', () => {
  const SEND = `mutation($id: ID!, $lang: LanguageCodeEnum) { sendLeadInformationEmail(id: $id, lang: $lang) { lead { informationMailSentAt } error { code field message } } }`;

  it('needs an e-mail ("Please enter an E-Mail"), sends once in the lead\'s language, then MAIL_ALREADY_SENT_ONCE', async () => {
    const { org, user } = await member();
    const noMail = await createLead(t.app.db, { organization_id: org.id, email: '' });
    const missing = await gql<{ sendLeadInformationEmail: { error: Err } }>(user.id, SEND, { id: noMail.id });
    expect(missing.data!.sendLeadInformationEmail.error).toEqual({ code: 'REQUIRED', field: 'email', message: 'Please enter an E-Mail' });

    const email = `lead-${crypto.randomUUID()}@example.com`;
    const lead = await createLead(t.app.db, { organization_id: org.id, email, name: 'Lena', language: 'DE', contact_id: user.id });
    // the rep works in English; the mail goes out in the lead's language
    const sent = await gql<{ sendLeadInformationEmail: { lead: { informationMailSentAt: string } } }>(user.id, SEND, { id: lead.id, lang: 'EN' });
    expect(sent.data!.sendLeadInformationEmail.lead.informationMailSentAt).toBeTruthy();
    const [mail, ...more] = await listMails(t.app.db, { to: email });
    expect(more).toEqual([]);
    expect(mail.subject).toBe(`Ihre Informationen von ${org.name}`);
    expect(mail.text).toContain(`/information-collection/${lead.slug}`);
    expect(mail.text).toContain('Hallo Lena');

    const twice = await gql<{ sendLeadInformationEmail: { error: Err } }>(user.id, SEND, { id: lead.id, lang: 'DE' });
    expect(twice.data!.sendLeadInformationEmail.error).toEqual({
      code: 'MAIL_ALREADY_SENT_ONCE',
      field: 'id',
      message: 'Die Informations-E-Mail wurde an diesen Lead bereits gesendet',
    });
    expect(await listMails(t.app.db, { to: email })).toHaveLength(1);

    const stranger = await member();
    const foreign = await gql<{ sendLeadInformationEmail: { error: Err } }>(stranger.user.id, SEND, { id: noMail.id });
    expect(foreign.data!.sendLeadInformationEmail.error.code).toBe('NOT_FOUND');
  });

  it('a public form with the send-mail flag sends an anonymous lead the neutral confirmation mail first (issue 24)', async () => {
    const { org } = await member();
    const form = await createLeadForm(t.app.db, { organization_id: org.id, schema: SCHEMA, send_mail: true });
    const email = `auto-${crypto.randomUUID()}@example.com`;
    await gql(null, `mutation($formId: ID!, $values: JSON!) { leadformSubmit(formId: $formId, values: $values, lang: EN, consent: { material: true }) { ok } }`, {
      formId: form.id,
      values: { name: 'Auto', email },
    });
    const [mail, ...more] = await listMails(t.app.db, { to: email });
    expect(more).toEqual([]);
    expect(mail.subject).toBe(`Please confirm your request to ${org.name}`);
    expect(mail.text).not.toContain('Auto');
  });

  it('leadCreate with a send-mail form mails the lead in its language when it asked for material, and only then', async () => {
    const { org, user } = await member();
    const form = await createLeadForm(t.app.db, { organization_id: org.id, schema: SCHEMA, send_mail: true });
    const email = `stand-${crypto.randomUUID()}@example.com`;
    const created = await gql<{ leadCreate: { lead: { slug: string } } }>(user.id, CREATE, {
      input: { name: 'Stefan Stand', email, language: 'DE', formId: form.id, consent: { material: true } },
    });
    const [mail, ...more] = await listMails(t.app.db, { to: email });
    expect(more).toEqual([]);
    expect(mail.subject).toBe(`Ihre Informationen von ${org.name}`);
    expect(mail.text).toContain(`/information-collection/${created.data!.leadCreate.lead.slug}`);
    expect((await Lead.query(t.app.db).findOne({ email }))!.information_mail_sent_at).not.toBeNull();

    const without = `stand-${crypto.randomUUID()}@example.com`;
    await gql(user.id, CREATE, { input: { name: 'Ohne', email: without, formId: form.id, consent: { contact: true } } });
    expect(await listMails(t.app.db, { to: without })).toEqual([]);
  });
});

describe('tracks and score', () => {
  const TRACK = `mutation($input: LeadTrackInput!) { leadTrackCreate(input: $input) { recorded track { linkType activity duration } error { code field } } }`;
  const consent = (tracking: boolean) => ({
    items: [{ kind: 'tracking' as const, text: 'x', agreed: tracking }],
    formId: null,
    formVersion: null,
    givenAt: new Date().toISOString(),
    language: 'EN' as const,
  });

  it('records with consent and the lead-tracking suite, updates the score and explains it', async () => {
    const { org, user } = await member(TRACKING);
    const lead = await createLead(t.app.db, { organization_id: org.id, consent: consent(true) });
    const record = (input: Record<string, unknown>) => gql<{ leadTrackCreate: { recorded: boolean; error: Err | null } }>(null, TRACK, { input: { leadSlug: lead.slug, ...input } });
    expect((await record({ linkType: 'LEADINFORMATION_LINK', link: '/information-collection/x' })).data!.leadTrackCreate.recorded).toBe(true);
    await record({ linkType: 'CONTENT_LINK', link: '/a', duration: 240 });
    await record({ linkType: 'CONTENT_LINK', link: '/b', activity: 'DOWNLOADED', content: 'datasheet.pdf' });
    await record({ linkType: 'SALESHUB_LINK', link: '/room', activity: 'TOUR_FINISHED' });
    const bad = await record({ linkType: 'CONTENT_LINK', link: '/a', duration: -5 });
    expect(bad.data!.leadTrackCreate.error!.code).toBe('INVALID');

    const detail = await gql<{ fetchLead: { score: number; scoreReasons: { kind: string; points: number; text: string }[]; tracks: { linkType: string }[] } }>(
      user.id,
      `query($slug: String!) { fetchLead(slug: $slug) { score scoreReasons { kind points text } tracks { linkType } } }`,
      { slug: lead.slug },
    );
    const { score, scoreReasons, tracks } = detail.data!.fetchLead;
    expect(tracks).toHaveLength(4);
    expect(scoreReasons.map((r) => [r.kind, r.points])).toEqual([
      ['tourFinished', 15],
      ['pagesOpened', 10],
      ['materialDownloaded', 10],
      ['timeSpent', 8],
      ['informationPage', 5],
    ]);
    expect(score).toBe(48);
    expect(scoreReasons.find((r) => r.kind === 'timeSpent')!.text).toBe('Spent 4 minutes on the pages');
    const byApi = await gql<{ fetchTracksByLead: unknown[] }>(user.id, `query($id: ID!) { fetchTracksByLead(leadId: $id) { id link } }`, { id: lead.id });
    expect(byApi.data!.fetchTracksByLead).toHaveLength(4);
  });

  it('records nothing without tracking consent, without the suite, or for the organisation\'s own members', async () => {
    const { org, user } = await member(TRACKING);
    const noConsent = await createLead(t.app.db, { organization_id: org.id, consent: consent(false) });
    const noProof = await createLead(t.app.db, { organization_id: org.id });
    const withConsent = await createLead(t.app.db, { organization_id: org.id, consent: consent(true) });
    const untracked = await member(Package.SALES);
    const noSuite = await createLead(t.app.db, { organization_id: untracked.org.id, consent: consent(true) });
    for (const [lead, viewer] of [[noConsent, null], [noProof, null], [noSuite, null], [withConsent, user.id]] as const) {
      const body = await gql<{ leadTrackCreate: { recorded: boolean } }>(viewer, TRACK, { input: { leadSlug: lead.slug, linkType: 'CONTENT_LINK', link: '/x' } });
      expect(body.data!.leadTrackCreate.recorded).toBe(false);
    }
    expect(await LeadTrack.query(t.app.db).whereIn('lead_id', [noConsent.id, noProof.id, noSuite.id, withConsent.id]).resultSize()).toBe(0);
    const unknown = await gql<{ leadTrackCreate: { error: Err } }>(null, TRACK, { input: { leadSlug: 'nope', linkType: 'CONTENT_LINK', link: '/x' } });
    expect(unknown.data!.leadTrackCreate.error.code).toBe('NOT_FOUND');
  });

  it('reading tracks needs the lead-tracking suite', async () => {
    const { org, user } = await member(Package.SALES);
    const lead = await createLead(t.app.db, { organization_id: org.id });
    await createLeadTrack(t.app.db, { lead_id: lead.id });
    const body = await gql(user.id, `query($id: ID!) { fetchTracksByLead(leadId: $id) { id } }`, { id: lead.id });
    expect(body.errors?.[0].extensions?.code).toBe('PERMISSION_DENIED');
    const detail = await gql<{ fetchLead: { tracks: unknown[] } }>(user.id, `query($slug: String!) { fetchLead(slug: $slug) { tracks { id } } }`, { slug: lead.slug });
    expect(detail.data!.fetchLead.tracks).toEqual([]);
  });
});

describe('CSV export', () => {
  it('UTF-8 with BOM, semicolons for German, one column per form field, consent and score', async () => {
    const { org, user } = await member(Package.SALES, {}, 'DE');
    const form = await createLeadForm(t.app.db, { organization_id: org.id, schema: SCHEMA });
    await createLead(t.app.db, {
      organization_id: org.id,
      name: 'Jörg; "Quote"',
      company: '=cmd()',
      form_id: form.id,
      values: [{ name: 'interest', value: 'a' }, { name: 'note', value: 'zwei\nZeilen' }],
      score: 42,
      tags: ['b', 'a'],
      consent: { items: [{ kind: 'contact', text: 't', agreed: true }, { kind: 'material', text: 't', agreed: false }, { kind: 'tracking', text: 't', agreed: true }], formId: form.id, formVersion: 1, givenAt: '2026-01-01T00:00:00.000Z', language: 'DE' },
    });
    const body = await gql<{ leadsForCsv: string }>(user.id, `{ leadsForCsv(lang: DE) }`);
    const csv = body.data!.leadsForCsv;
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    const [header, row] = csv.slice(1).split('\r\n');
    const columns = header.split(';');
    expect(columns).toEqual(expect.arrayContaining(['Name', 'E-Mail', 'Firma', 'Tags', 'Interesse', 'Notiz', 'Einwilligung: Kontakt', 'Einwilligung: Tracking', 'Score']));
    expect(columns).not.toContain('Kontakt');
    expect(row).toContain('"Jörg; ""Quote"""');
    expect(row).toContain("'=cmd()");
    expect(row).toContain('a, b');
    expect(csv).toContain('"zwei\nZeilen"');
    expect(row.endsWith(';ja;nein;ja;2026-01-01 01:00:00;1;42')).toBe(true);

    const english = await gql<{ leadsForCsv: string }>(user.id, `{ leadsForCsv(lang: EN) }`);
    expect(english.data!.leadsForCsv.slice(1).split('\r\n')[0].split(',')).toEqual(expect.arrayContaining(['Name', 'Company', 'Interest', 'Consent: contact', 'Score']));
    const archivedOnly = await gql<{ leadsForCsv: string }>(user.id, `{ leadsForCsv(archived: true, lang: EN) }`);
    expect(archivedOnly.data!.leadsForCsv.slice(1).trim().split('\r\n')).toHaveLength(1);
  });

  /** The CSV's cells, parsed as a spreadsheet would, without the byte-order mark. */
  async function exported(userId: string, lang: 'DE' | 'EN') {
    const body = await gql<{ leadsForCsv: string }>(userId, `{ leadsForCsv(lang: ${lang}) }`);
    return parseCsv(body.data!.leadsForCsv.slice(1), lang === 'DE' ? ';' : ',');
  }

  it('neutralises formulas in every cell, the headers (form labels) included, but leaves phone numbers alone (issue 24)', async () => {
    const { org, user } = await member(Package.SALES, {}, 'EN');
    const form = await createLeadForm(t.app.db, {
      organization_id: org.id,
      schema: [
        field({ name: 'a', label: '=HYPERLINK("https://evil.example","x")' }),
        field({ name: 'b', label: '+cmd|\' /C calc\'!A0' }),
        field({ name: 'c', label: '-2+3' }),
        field({ name: 'd', label: '@SUM(1)' }),
        field({ name: 'e', label: 'Plain' }),
      ],
    });
    await createLead(t.app.db, {
      organization_id: org.id,
      form_id: form.id,
      name: '+SUM(A1)',
      phone: '+49 30 1234567',
      mobile: '-0049 171 2345678',
      company: '＝cmd()',
      values: [{ name: 'a', value: '@evil' }, { name: 'e', value: '+49 (0) 89 / 12 34-5' }],
    });
    const [header, row] = await exported(user.id, 'EN');
    expect(header).toEqual(
      expect.arrayContaining(["'=HYPERLINK(\"https://evil.example\",\"x\")", "'+cmd|' /C calc'!A0", "'-2+3", "'@SUM(1)", 'Plain']),
    );
    // what a spreadsheet would run: a formula character first, and not a phone number
    const runs = (cell: string) => /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/.test(cell) && !/^\+?[\d\s/()-]+$/.test(cell);
    expect([...header, ...row].filter(runs)).toEqual([]);
    const at = (name: string) => row[header.indexOf(name)];
    expect(at('Name')).toBe("'+SUM(A1)");
    expect(at('Company')).toBe("'＝cmd()");
    expect(at('Phone')).toBe('+49 30 1234567');
    expect(at('Mobile')).toBe('-0049 171 2345678');
    expect(at("'=HYPERLINK(\"https://evil.example\",\"x\")")).toBe("'@evil");
    expect(at('Plain')).toBe('+49 (0) 89 / 12 34-5');
  });

  it("dates in the organisation's time zone (Europe/Berlin) as spreadsheets read them, choices by their label in the export's language", async () => {
    const { org, user } = await member(Package.SALES, {}, 'DE');
    const form = await createLeadForm(t.app.db, {
      organization_id: org.id,
      schema: [...SCHEMA, field({ type: 'CHECKBOX', name: 'newsletter', label: 'Newsletter' })],
    });
    await createLead(t.app.db, {
      organization_id: org.id,
      form_id: form.id,
      name: 'Sommer',
      values: [{ name: 'interest', value: 'b' }, { name: 'newsletter', value: 'true' }],
      consent: { items: [{ kind: 'contact', text: 't', agreed: true }], formId: form.id, formVersion: 1, givenAt: '2026-12-31T23:15:00.000Z', language: 'DE' },
    });
    await t.app.db('leads').where({ organization_id: org.id }).update({ created_at: new Date('2026-07-01T22:30:00.000Z') });
    const [header, row] = await exported(user.id, 'DE');
    const at = (name: string) => row[header.indexOf(name)];
    expect(at('Erfasst')).toBe('2026-07-02 00:30:00');
    expect(at('Einwilligung erteilt')).toBe('2027-01-01 00:15:00');
    expect(at('Interesse')).toBe('Produkt B');
    expect(at('Newsletter')).toBe('ja');
    const [enHeader, enRow] = await exported(user.id, 'EN');
    expect(enRow[enHeader.indexOf('Interest')]).toBe('Product B');
    expect(enRow[enHeader.indexOf('Newsletter')]).toBe('yes');
  });
});

describe('QR contacts', () => {
  it('a vCard becomes a contact; anything else is "QR code incompatible"', async () => {
    const { user } = await member();
    const qr = `mutation($text: String) { leadContactFromQr(text: $text) { contact { leadname email company } error { code field message } } }`;
    const vcard = 'BEGIN:VCARD\nVERSION:3.0\nN:Muster;Max\nFN:Max Muster\nORG:ACME GmbH\nEMAIL:max@acme.de\nEND:VCARD';
    const ok = await gql<{ leadContactFromQr: { contact: { leadname: string; email: string; company: string } } }>(user.id, qr, { text: vcard });
    expect(ok.data!.leadContactFromQr.contact).toEqual({ leadname: 'Max Muster', email: 'max@acme.de', company: 'ACME GmbH' });
    const other = await gql<{ leadContactFromQr: { contact: null; error: Err } }>(user.id, qr, { text: 'https://example.com' });
    expect(other.data!.leadContactFromQr).toEqual({ contact: null, error: { code: 'INVALID', field: 'text', message: 'QR code incompatible' } });
    const { user: noLead } = await member(Package.EVENT);
    const denied = await gql<{ leadContactFromQr: { error: Err } }>(noLead.id, qr, { text: vcard });
    expect(denied.data!.leadContactFromQr.error.code).toBe('PERMISSION_DENIED');
  });

  it('fetchBusinesscardData refuses a file of another organisation or no file (NOT_FOUND)', async () => {
    const { user } = await member();
    const body = await gql(user.id, `query($url: String!) { fetchBusinesscardData(fileUrl: $url) { email } }`, { url: `/files/${crypto.randomUUID()}` });
    expect(body.errors?.[0].extensions?.code).toBe('NOT_FOUND');
  });
});

describe('uploadBusinesscard (GraphQL multipart)', () => {
  const UPLOAD = `mutation($file: Upload!, $forOrg: ID) { uploadBusinesscard(file: $file, forOrg: $forOrg) { frontFileId backFileId extraction { leadname email company web phone } error { code field message } } }`;

  async function send(userId: string, bytes: Buffer, forOrg: string | null = null) {
    const form = new FormData();
    form.append('operations', JSON.stringify({ query: UPLOAD, variables: { file: null, forOrg } }));
    form.append('map', JSON.stringify({ 0: ['variables.file'] }));
    form.append('0', new Blob([bytes]), 'card.png');
    const res = await fetch(`${t.url}/graphql/`, { method: 'POST', body: form, headers: { authorization: `JWT ${await t.accessToken(userId)}` } });
    return (await res.json()) as { data: { uploadBusinesscard: { frontFileId: string | null; extraction: Record<string, string> | null; error: Err | null } } };
  }

  const card = async () => {
    const { default: sharp } = await import('sharp');
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1050" height="600"><rect width="100%" height="100%" fill="white"/>
      <g font-family="DejaVu Sans" fill="black">
        <text x="60" y="120" font-size="52">Max Mustermann</text>
        <text x="60" y="190" font-size="34">Muster Maschinen GmbH</text>
        <text x="60" y="400" font-size="32">max.mustermann@muster-maschinen.de</text>
        <text x="60" y="460" font-size="32">Tel. +49 30 1234567</text>
        <text x="60" y="520" font-size="32">www.muster-maschinen.de</text>
      </g></svg>`;
    return sharp(Buffer.from(svg)).png().toBuffer();
  };

  it('reads the card, stores the photo as the organisation\'s file; refused without the lead suite or for another organisation', async () => {
    const { org, user } = await member();
    const before = await t.app.db('files').where({ organization_id: org.id }).count<{ count: string }[]>('* as count');
    const read = await send(user.id, await card());
    expect(read.data.uploadBusinesscard.error).toBeNull();
    expect(read.data.uploadBusinesscard.extraction).toMatchObject({ email: 'max.mustermann@muster-maschinen.de', web: 'www.muster-maschinen.de' });
    const file = await t.app.db('files').where({ id: read.data.uploadBusinesscard.frontFileId }).first();
    expect(file.organization_id).toBe(org.id);

    const garbage = await send(user.id, Buffer.from('this is no picture at all'));
    expect(garbage.data.uploadBusinesscard.error!.code).toMatch(/INVALID|FILE_TYPE_NOT_ALLOWED/);

    const other = await member();
    const foreign = await send(user.id, await card(), other.org.id);
    expect(foreign.data.uploadBusinesscard.error!.code).toBe('PERMISSION_DENIED');
    const { user: noLead } = await member(Package.EVENT);
    const denied = await send(noLead.id, await card());
    expect(denied.data.uploadBusinesscard.error!.code).toBe('PERMISSION_DENIED');
    const after = await t.app.db('files').where({ organization_id: org.id }).count<{ count: string }[]>('* as count');
    expect(Number(after[0].count)).toBe(Number(before[0].count) + 1);
  }, 120_000);
});
