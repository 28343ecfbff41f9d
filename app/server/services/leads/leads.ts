import crypto from 'node:crypto';
import {
  ContentPage,
  Lead,
  LeadContentPage,
  LeadForm,
  LeadTag,
  LeadTrack,
  OrganizationMember,
  UploadedFile,
  User,
  type Language,
} from '#db/models/index';
import { CONSENT_KINDS, type LeadConsentChoice, type LeadConsentProof } from '~/lib/leads/form-schema';
import { LeadCreateInput, LeadListInput, LeadUpdateInput, type LeadFilter, type LeadListInput as ListInput } from '~/lib/schemas/leads';
import { inTransaction, type ServiceContext } from '../../context.server';
import { assertId } from '../authz';
import { DomainError } from '../errors';
import { parseInput } from '../validation';
import { assertOwnLead, mayReadTracks, requireLeadUser } from './policy';
import { leadScore, type LeadScore } from './score';

/**
 * Leads (spec 000 points 3 and 4, 001 point 7; issue 18): an organisation's captured contacts, listed (search, tag,
 * form, dates, sort, pages) for the overview and the archive, read with their form, tracks, score and consent
 * proof, created, updated, archived and restored, deleted one or many. Policy first (policy.ts); another
 * organisation's lead is NOT_FOUND.
 */

const notFound = (ctx: ServiceContext, field = 'id') => new DomainError('NOT_FOUND', ctx.t('errors:notFound'), field);
const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A lead's unguessable address part: 24 random bytes, URL-safe (32 characters). */
export const newLeadSlug = () => crypto.randomBytes(24).toString('base64url');

export type LeadRow = Lead & { tags: string[] };

export interface LeadList {
  items: LeadRow[];
  total: number;
  page: number;
  pageSize: number;
}

export type LeadContentPageRow = Pick<ContentPage, 'id' | 'slug' | 'state'> & { name: string; sort: number };

export interface LeadDetail {
  lead: Lead;
  tags: string[];
  form: LeadForm | null;
  /** Empty when the organisation has not booked lead tracking. */
  tracks: LeadTrack[];
  tracking: boolean;
  score: LeadScore;
  consent: LeadConsentProof | null;
  contentPages: LeadContentPageRow[];
  contact: Pick<User, 'id' | 'email' | 'first_name' | 'last_name'> | null;
  capturedBy: Pick<User, 'id' | 'email' | 'first_name' | 'last_name'> | null;
}

const SORT_COLUMNS = {
  created: 'leads.created_at',
  name: knexLower('leads.name'),
  company: knexLower('leads.company'),
  score: 'leads.score',
} as const;

function knexLower(column: string) {
  return `lower(${column})`;
}

/** The query of the organisation's leads matching a filter (shared by the overview and the CSV export). */
export function filteredLeads(ctx: ServiceContext, organizationId: string, filter: LeadFilter) {
  const query = Lead.query(ctx.db).where('leads.organization_id', organizationId);
  query.whereRaw(filter.archived ? 'leads.archived_at is not null' : 'leads.archived_at is null');
  const search = filter.search?.trim();
  if (search) query.whereRaw('leads.search like ?', [likePattern(search)]);
  if (filter.tag) {
    query.whereExists(LeadTag.query(ctx.db).whereColumn('lead_tags.lead_id', 'leads.id').where('lead_tags.text', filter.tag));
  }
  if (filter.formId) query.where('leads.form_id', filter.formId);
  if (filter.from) query.where('leads.created_at', '>=', new Date(filter.from));
  if (filter.to) query.where('leads.created_at', '<=', new Date(filter.to));
  return query;
}

/** Orders a lead query by the overview's sort; ties by id so pages never overlap. */
export function orderLeads<Q extends ReturnType<typeof filteredLeads>>(query: Q, sort: keyof typeof SORT_COLUMNS, dir: 'asc' | 'desc'): Q {
  const column = SORT_COLUMNS[sort];
  if (column.startsWith('lower(')) query.orderByRaw(`${column} ${dir}`);
  else query.orderBy(column, dir);
  query.orderBy('leads.id', dir);
  return query;
}

/** Tags of many leads in one query, by lead id. */
export async function tagsOfLeads(ctx: ServiceContext, leadIds: string[]): Promise<Map<string, string[]>> {
  const byLead = new Map<string, string[]>(leadIds.map((id) => [id, []]));
  if (!leadIds.length) return byLead;
  const rows = await LeadTag.query(ctx.db).whereIn('lead_id', leadIds).orderBy('text').select('lead_id', 'text');
  for (const row of rows) byLead.get(row.lead_id)?.push(row.text);
  return byLead;
}

/** The overview (or, with `archived`, the archive) of the current organisation's leads, one page. */
export async function listLeads(ctx: ServiceContext, input: ListInput = {}): Promise<LeadList> {
  const { organizationId } = requireLeadUser(ctx);
  const options = parseInput(ctx, LeadListInput, input);
  const base = filteredLeads(ctx, organizationId, options);
  const [total, rows] = await Promise.all([
    base.clone().resultSize(),
    orderLeads(base.clone(), options.sort, options.dir)
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize),
  ]);
  const tags = await tagsOfLeads(ctx, rows.map((row) => row.id));
  const items = rows.map((row) => Object.assign(row, { tags: tags.get(row.id) ?? [] }));
  return { items, total, page: options.page, pageSize: options.pageSize };
}

/** A lead of the current organisation by id (NOT_FOUND otherwise). */
export async function ownLead(ctx: ServiceContext, id: string, field = 'id'): Promise<Lead> {
  const { organizationId } = requireLeadUser(ctx);
  assertId(ctx, id, field);
  return assertOwnLead(ctx, await Lead.query(ctx.db).findById(id), organizationId, field);
}

async function leadDetail(ctx: ServiceContext, lead: Lead): Promise<LeadDetail> {
  const tracking = mayReadTracks(ctx.viewer, lead.organization_id);
  const people = [lead.contact_id, lead.user_id].filter((id): id is string => Boolean(id));
  const [tags, form, tracks, pages, users] = await Promise.all([
    tagsOfLeads(ctx, [lead.id]),
    lead.form_id ? LeadForm.query(ctx.db).findById(lead.form_id) : Promise.resolve(undefined),
    LeadTrack.query(ctx.db).where('lead_id', lead.id).orderBy('created_at', 'desc').orderBy('id'),
    contentPagesOfLead(ctx, lead.id, lead.language),
    people.length ? User.query(ctx.db).whereIn('id', people).select('id', 'email', 'first_name', 'last_name') : Promise.resolve([] as User[]),
  ]);
  const person = (id: string | null) => {
    const user = id ? users.find((u) => u.id === id) : undefined;
    return user ? { id: user.id, email: user.email, first_name: user.first_name, last_name: user.last_name } : null;
  };
  return {
    lead,
    tags: tags.get(lead.id) ?? [],
    form: form ?? null,
    tracks: tracking ? tracks : [],
    tracking,
    score: leadScore(tracks),
    consent: lead.consent,
    contentPages: pages,
    contact: person(lead.contact_id),
    capturedBy: person(lead.user_id),
  };
}

/** The content pages chosen for a lead, in their order, named in the language (or the other one). */
export async function contentPagesOfLead(ctx: ServiceContext, leadId: string, language: Language): Promise<LeadContentPageRow[]> {
  const rows = (await LeadContentPage.query(ctx.db)
    .join('content_pages as p', 'p.id', 'lead_content_pages.content_page_id')
    .where('lead_content_pages.lead_id', leadId)
    .orderBy('lead_content_pages.sort')
    .orderBy('p.slug')
    .select(
      'p.id',
      'p.slug',
      'p.state',
      'lead_content_pages.sort',
      ctx.db.raw('(select t.name from content_page_translations t where t.page_id = p.id order by (t.language = ?) desc limit 1) as name', [language]),
    )) as unknown as LeadContentPageRow[];
  return rows.map((row) => ({ ...row, name: row.name ?? row.slug }));
}

/** One lead of the current organisation by its slug, with everything the detail page shows. */
export async function getLead(ctx: ServiceContext, slug: string): Promise<LeadDetail> {
  const { organizationId } = requireLeadUser(ctx);
  const lead = await Lead.query(ctx.db).findOne({ slug: String(slug).slice(0, 64) });
  return leadDetail(ctx, assertOwnLead(ctx, lead, organizationId, 'slug'));
}

/** The consent texts of a language as a form shows them (locales leads:consent.*), naming the organisation. */
export function consentTexts(
  ctx: ServiceContext,
  language: Language,
  organisation: string = ctx.viewer?.organization?.name ?? '',
): Record<(typeof CONSENT_KINDS)[number], string> {
  const lng = language.toLowerCase();
  const text = (kind: (typeof CONSENT_KINDS)[number]) => ctx.t(`leads:consent.${kind}`, { lng, organisation }) as string;
  return { contact: text('contact'), material: text('material'), tracking: text('tracking') };
}

/** The proof of a consent: each text as shown, agreed or not, the form and its version, now, the language. */
export function consentProof(
  ctx: ServiceContext,
  choice: LeadConsentChoice,
  language: Language,
  form: Pick<LeadForm, 'id' | 'version'> | null,
  organisation: string,
): LeadConsentProof {
  const texts = consentTexts(ctx, language, organisation);
  return {
    items: CONSENT_KINDS.map((kind) => ({ kind, text: texts[kind], agreed: Boolean(choice[kind]) })),
    formId: form?.id ?? null,
    formVersion: form?.version ?? null,
    givenAt: new Date().toISOString(),
    language,
  };
}

/** References a lead may hold: the organisation's own form, members, files and content pages; NOT_FOUND otherwise. */
type LeadFileIds = { businesscardFrontId?: string | null; businesscardBackId?: string | null; attachmentId?: string | null };

/** The files a lead's input names, each with its field, for assertReferences. */
function fileIdsOf(values: LeadFileIds): [string, string | null | undefined][] {
  return [
    ['businesscardFrontId', values.businesscardFrontId],
    ['businesscardBackId', values.businesscardBackId],
    ['attachmentId', values.attachmentId],
  ];
}

async function assertReferences(
  ctx: ServiceContext,
  organizationId: string,
  refs: { formId?: string | null; contactId?: string | null; fileIds?: [string, string | null | undefined][]; contentPageIds?: string[] },
): Promise<LeadForm | null> {
  let form: LeadForm | null = null;
  if (refs.formId) {
    form = (await LeadForm.query(ctx.db).findOne({ id: refs.formId, organization_id: organizationId })) ?? null;
    if (!form) throw notFound(ctx, 'formId');
  }
  if (refs.contactId) {
    const member = await OrganizationMember.query(ctx.db).findOne({ organization_id: organizationId, user_id: refs.contactId });
    if (!member) throw notFound(ctx, 'contactId');
  }
  for (const [field, id] of refs.fileIds ?? []) {
    if (!id) continue;
    const file = await UploadedFile.query(ctx.db).findById(id);
    if (!file || file.organization_id !== organizationId) throw notFound(ctx, field);
  }
  if (refs.contentPageIds?.length) {
    const found = await ContentPage.query(ctx.db).whereIn('id', refs.contentPageIds).where('organization_id', organizationId).resultSize();
    if (found !== new Set(refs.contentPageIds).size) throw notFound(ctx, 'contentPageIds');
  }
  return form;
}

const COLUMN_FIELDS = ['email', 'name', 'address', 'street', 'hno', 'plz', 'city', 'country', 'company', 'job', 'web', 'phone', 'mobile'] as const;

function columnsOf(input: Partial<Record<(typeof COLUMN_FIELDS)[number], string | undefined>>) {
  const columns: Partial<Record<(typeof COLUMN_FIELDS)[number], string>> = {};
  for (const key of COLUMN_FIELDS) if (input[key] !== undefined) columns[key] = input[key];
  return columns;
}

/** The text the overview's search finds besides the columns: values of the form's searchable fields. */
export function searchExtraOf(values: { name: string; value: string }[], form: Pick<LeadForm, 'schema'> | null): string {
  const searchable = new Set((form?.schema ?? []).filter((field) => field.searchable).map((field) => field.name));
  return values
    .filter((value) => searchable.has(value.name))
    .map((value) => value.value)
    .join(' ')
    .slice(0, 4000);
}

async function replaceTags(ctx: ServiceContext, lead: Pick<Lead, 'id' | 'organization_id'>, tags: string[]) {
  await LeadTag.query(ctx.db).delete().where('lead_id', lead.id);
  const unique = [...new Set(tags.map((tag) => tag.trim()).filter(Boolean))];
  if (unique.length) await LeadTag.query(ctx.db).insert(unique.map((text) => ({ organization_id: lead.organization_id, lead_id: lead.id, text })));
}

async function replaceContentPages(ctx: ServiceContext, leadId: string, ids: string[]) {
  await LeadContentPage.query(ctx.db).delete().where('lead_id', leadId);
  const unique = [...new Set(ids)];
  if (unique.length) await LeadContentPage.query(ctx.db).insert(unique.map((id, sort) => ({ lead_id: leadId, content_page_id: id, sort })));
}

/** Writes a new lead of an organisation (the console's capture and the public form go through here). */
export async function insertLead(
  ctx: ServiceContext,
  organizationId: string,
  input: ReturnType<typeof LeadCreateInput.parse>,
  extra: { userId: string | null; consent: LeadConsentProof | null; form: LeadForm | null; searchExtra?: string },
): Promise<Lead> {
  const { form } = extra;
  const language: Language = input.language ?? ctx.language;
  const lead = await Lead.query(ctx.db)
    .insert({
      organization_id: organizationId,
      slug: newLeadSlug(),
      ...columnsOf(input),
      values: input.values ?? [],
      language,
      form_id: form?.id ?? null,
      form_version: form?.version ?? null,
      user_id: extra.userId,
      contact_id: input.contactId ?? form?.contact_id ?? extra.userId,
      businesscard_front_id: input.businesscardFrontId ?? null,
      businesscard_back_id: input.businesscardBackId ?? null,
      attachment_id: input.attachmentId ?? null,
      consent: extra.consent,
      search_extra: extra.searchExtra ?? searchExtraOf(input.values ?? [], form),
    })
    .returning('*');
  if (input.tags?.length) await replaceTags(ctx, lead, input.tags);
  const pageIds =
    input.contentPageIds ??
    (form ? (await form.$relatedQuery('contentPages', ctx.db).orderBy('lead_form_content_pages.sort')).map((page) => page.id) : []);
  if (pageIds.length) await replaceContentPages(ctx, lead.id, pageIds);
  return lead;
}

/** A lead captured by a sales rep (form, business card or QR code): the capturing user is the viewer. */
export async function createLead(ctx: ServiceContext, input: LeadCreateInput): Promise<Lead> {
  const { viewer, organizationId } = requireLeadUser(ctx);
  const values = parseInput(ctx, LeadCreateInput, input);
  const organisation = viewer.organization?.name ?? '';
  return inTransaction(ctx, async (tx) => {
    const form = await assertReferences(tx, organizationId, {
      formId: values.formId,
      contactId: values.contactId,
      fileIds: fileIdsOf(values),
      contentPageIds: values.contentPageIds,
    });
    const language = values.language ?? ctx.language;
    const consent = values.consent ? consentProof(tx, values.consent, language, form, organisation) : null;
    return insertLead(tx, organizationId, values, { userId: viewer.userId, consent, form });
  });
}

/** Changes a lead: the fields given, tags and content pages replaced when given. */
export async function updateLead(ctx: ServiceContext, id: string, input: LeadUpdateInput): Promise<Lead> {
  const { organizationId } = requireLeadUser(ctx);
  const lead = await ownLead(ctx, id);
  const values = parseInput(ctx, LeadUpdateInput, input);
  return inTransaction(ctx, async (tx) => {
    await assertReferences(tx, organizationId, {
      contactId: values.contactId,
      fileIds: fileIdsOf(values),
      contentPageIds: values.contentPageIds,
    });
    const patch: Partial<Lead> = { ...columnsOf(values) };
    if (values.language) patch.language = values.language;
    if (values.values) {
      patch.values = values.values;
      const form = lead.form_id ? await LeadForm.query(tx.db).findById(lead.form_id) : null;
      patch.search_extra = searchExtraOf(values.values, form ?? null);
    }
    if (values.contactId !== undefined) patch.contact_id = values.contactId;
    if (values.businesscardFrontId !== undefined) patch.businesscard_front_id = values.businesscardFrontId;
    if (values.businesscardBackId !== undefined) patch.businesscard_back_id = values.businesscardBackId;
    if (values.attachmentId !== undefined) patch.attachment_id = values.attachmentId;
    const updated = await Lead.query(tx.db).patchAndFetchById(lead.id, patch);
    if (values.tags) await replaceTags(tx, lead, values.tags);
    if (values.contentPageIds) await replaceContentPages(tx, lead.id, values.contentPageIds);
    return updated;
  });
}

function validIds(ctx: ServiceContext, ids: string[]): string[] {
  if (!Array.isArray(ids) || ids.length > 1000) throw new DomainError('INVALID', ctx.t('validation:maxItems', { max: 1000 }), 'ids');
  return [...new Set(ids.map((id) => assertId(ctx, String(id), 'ids')))];
}

/** Archives (or, with `archived` false, restores) leads of the current organisation; the others are left alone. */
export async function archiveLeads(ctx: ServiceContext, ids: string[], archived: boolean): Promise<Lead[]> {
  const { organizationId } = requireLeadUser(ctx);
  const wanted = validIds(ctx, ids);
  if (!wanted.length) return [];
  return Lead.query(ctx.db)
    .patch({ archived_at: archived ? new Date() : null })
    .whereIn('id', wanted)
    .where('organization_id', organizationId)
    .whereRaw(archived ? 'archived_at is null' : 'archived_at is not null')
    .returning('*') as unknown as Promise<Lead[]>;
}

/** Deletes a lead of the current organisation with its tracks, tags and chosen pages. */
export async function deleteLead(ctx: ServiceContext, id: string): Promise<Lead> {
  const lead = await ownLead(ctx, id);
  await Lead.query(ctx.db).deleteById(lead.id);
  return lead;
}

/** Deletes the given leads of the current organisation; ids of others are ignored. Answers the deleted ids. */
export async function deleteLeads(ctx: ServiceContext, ids: string[]): Promise<string[]> {
  const { organizationId } = requireLeadUser(ctx);
  const wanted = validIds(ctx, ids);
  if (!wanted.length) return [];
  const deleted = (await Lead.query(ctx.db).delete().whereIn('id', wanted).where('organization_id', organizationId).returning('id')) as unknown as { id: string }[];
  return deleted.map((row) => row.id);
}

/** Adds content pages of the organisation to a lead (after those it has; pages it has already are kept). */
export async function addLeadContentPages(ctx: ServiceContext, leadId: string, contentPageIds: string[]): Promise<Lead> {
  const { organizationId } = requireLeadUser(ctx);
  const lead = await ownLead(ctx, leadId);
  const ids = [...new Set(validIds(ctx, contentPageIds))];
  return inTransaction(ctx, async (tx) => {
    await assertReferences(tx, organizationId, { contentPageIds: ids });
    const last = (await LeadContentPage.query(tx.db).where('lead_id', lead.id).max('sort as max').first()) as unknown as { max: number | null };
    const start = (last?.max ?? -1) + 1;
    if (ids.length) {
      await LeadContentPage.query(tx.db)
        .insert(ids.map((id, index) => ({ lead_id: lead.id, content_page_id: id, sort: start + index })))
        .onConflict(['lead_id', 'content_page_id'])
        .ignore();
    }
    return lead;
  });
}

/** The current organisation's lead tags (for the overview's filter), alphabetically. */
export async function leadTags(ctx: ServiceContext): Promise<string[]> {
  const { organizationId } = requireLeadUser(ctx);
  const rows = await LeadTag.query(ctx.db).where('organization_id', organizationId).distinct('text').orderBy('text');
  return rows.map((row) => row.text);
}
