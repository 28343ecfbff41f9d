import { ContentPage, type Lead, LeadForm, LeadFormContentPage, Organization, OrganizationMember, type Personalization, UploadedFile, type Language } from '#db/models/index';
import { isUuid } from '~/lib/ids';
import {
  leadFormSchemaSchema,
  leadValuesSchema,
  type LeadConsentChoice,
  type LeadFormSchema,
  type LeadStandardField,
  type LeadValue,
} from '~/lib/leads/form-schema';
import { type LeadCreateInput, LeadFormInput, LeadFormUpdateInput, type LeadFormInput as FormInput, type LeadFormUpdateInput as FormUpdateInput } from '~/lib/schemas/leads';
import { inTransaction, type ServiceContext } from '../../context.server';
import { isMember } from '../access/membership';
import { assertId } from '../authz';
import { DomainError } from '../errors';
import { personalizationInEffect } from '../personalizations/look';
import { assertOwnPersonalization } from '../personalizations/personalizations';
import { parseInput } from '../validation';
import { notifyOutbox } from '../../mail/outbox.server';
import { queueInformationMail } from './info';
import { requestInformationMail } from './mail-requests';
import { consentProof, consentTexts, createLead, insertLead, searchExtraOf } from './leads';
import { organizationTakesLeads, requireLeadUser } from './policy';

/**
 * Lead forms (spec 000 point 3, 001 point 7; issue 18): an organisation's forms with a schema of fields
 * (app/lib/leads/form-schema.ts), personalization, header picture, send-mail flag, contact person and content
 * pages. The console edits them; `/leads/leadform` and the public `/leadform` fill them in, validated on the server
 * by the zod schema built from the stored schema (`leadValuesSchema`). Every schema change raises the version, so a
 * lead's consent proof names the form it saw.
 */

const notFound = (ctx: ServiceContext, field = 'id') => new DomainError('NOT_FOUND', ctx.t('errors:notFound'), field);

export type LeadFormWithPages = LeadForm & { contentPages: ContentPage[] };

/** The current organisation's lead forms, newest first. */
export async function listLeadForms(ctx: ServiceContext): Promise<LeadForm[]> {
  const { organizationId } = requireLeadUser(ctx);
  return LeadForm.query(ctx.db).where('organization_id', organizationId).orderBy('created_at', 'desc').orderBy('id');
}

async function ownForm(ctx: ServiceContext, id: string): Promise<LeadForm> {
  const { organizationId } = requireLeadUser(ctx);
  assertId(ctx, id);
  const form = await LeadForm.query(ctx.db).findOne({ id, organization_id: organizationId });
  if (!form) throw notFound(ctx);
  return form;
}

async function withPages(ctx: ServiceContext, form: LeadForm): Promise<LeadFormWithPages> {
  const pages = await form.$relatedQuery('contentPages', ctx.db).orderBy('lead_form_content_pages.sort');
  return Object.assign(form, { contentPages: pages });
}

/** One lead form of the current organisation with its content pages. */
export async function getLeadForm(ctx: ServiceContext, id: string): Promise<LeadFormWithPages> {
  return withPages(ctx, await ownForm(ctx, id));
}

function parseSchema(ctx: ServiceContext, schema: unknown): LeadFormSchema {
  const parsed = parseInput(ctx, leadFormSchemaSchema, schema ?? []);
  return parsed as LeadFormSchema;
}

async function assertFormReferences(
  ctx: ServiceContext,
  organizationId: string,
  input: { personalizationId?: string | null; headerImageId?: string | null; contactId?: string | null },
) {
  if (input.personalizationId) await assertOwnPersonalization(ctx, organizationId, input.personalizationId);
  if (input.headerImageId) {
    const file = await UploadedFile.query(ctx.db).findById(input.headerImageId);
    if (!file || file.organization_id !== organizationId) throw notFound(ctx, 'headerImageId');
  }
  if (input.contactId) {
    const member = await OrganizationMember.query(ctx.db).findOne({ organization_id: organizationId, user_id: input.contactId });
    if (!member) throw notFound(ctx, 'contactId');
  }
}

export async function createLeadForm(ctx: ServiceContext, input: FormInput): Promise<LeadForm> {
  const { organizationId } = requireLeadUser(ctx);
  const values = parseInput(ctx, LeadFormInput, input);
  const schema = parseSchema(ctx, values.schema);
  await assertFormReferences(ctx, organizationId, values);
  return LeadForm.query(ctx.db)
    .insert({
      organization_id: organizationId,
      name: values.name,
      personalization_id: values.personalizationId ?? null,
      header_image_id: values.headerImageId ?? null,
      schema,
      send_mail: values.sendMail ?? false,
      contact_id: values.contactId ?? null,
    })
    .returning('*');
}

/** Changes a form; a changed schema raises its version. */
export async function updateLeadForm(ctx: ServiceContext, id: string, input: FormUpdateInput): Promise<LeadForm> {
  const form = await ownForm(ctx, id);
  const values = parseInput(ctx, LeadFormUpdateInput, input);
  await assertFormReferences(ctx, form.organization_id, values);
  const patch: Partial<LeadForm> = {};
  if (values.name !== undefined) patch.name = values.name;
  if (values.personalizationId !== undefined) patch.personalization_id = values.personalizationId;
  if (values.headerImageId !== undefined) patch.header_image_id = values.headerImageId;
  if (values.sendMail !== undefined) patch.send_mail = values.sendMail;
  if (values.contactId !== undefined) patch.contact_id = values.contactId;
  if (values.schema !== undefined) {
    const schema = parseSchema(ctx, values.schema);
    if (JSON.stringify(schema) !== JSON.stringify(form.schema)) {
      patch.schema = schema;
      patch.version = form.version + 1;
    }
  }
  if (!Object.keys(patch).length) return form;
  return LeadForm.query(ctx.db).patchAndFetchById(form.id, patch);
}

/** Replaces the content pages a form offers (the organisation's pages, in the given order). */
export async function updateLeadFormContentPages(ctx: ServiceContext, id: string, contentPageIds: string[]): Promise<LeadFormWithPages> {
  const form = await ownForm(ctx, id);
  const ids = [...new Set((contentPageIds ?? []).map((pageId) => assertId(ctx, String(pageId), 'contentPageIds')))];
  if (ids.length > 50) throw new DomainError('INVALID', ctx.t('validation:maxItems', { max: 50 }), 'contentPageIds');
  return inTransaction(ctx, async (tx) => {
    if (ids.length) {
      const found = await ContentPage.query(tx.db).whereIn('id', ids).where('organization_id', form.organization_id).resultSize();
      if (found !== ids.length) throw notFound(tx, 'contentPageIds');
    }
    await LeadFormContentPage.query(tx.db).delete().where('form_id', form.id);
    if (ids.length) await LeadFormContentPage.query(tx.db).insert(ids.map((pageId, sort) => ({ form_id: form.id, content_page_id: pageId, sort })));
    return withPages(tx, form);
  });
}

export interface PublicLeadForm {
  form: LeadForm;
  organization: Pick<Organization, 'id' | 'name' | 'slug' | 'imprint' | 'data_privacy' | 'data_privacy_url'>;
  personalization: Personalization | null;
  consentTexts: Record<'contact' | 'material' | 'tracking', string>;
  language: Language;
}

/**
 * A form as the public `/leadform` shows it: by its id, or the newest form of the organisation named by its slug.
 * Only organisations with the lead feature take leads; anything else is NOT_FOUND.
 */
export async function publicLeadForm(ctx: ServiceContext, formIdOrOrgSlug: string, lang: Language): Promise<PublicLeadForm> {
  const key = String(formIdOrOrgSlug ?? '').slice(0, 120);
  let form: LeadForm | undefined;
  if (isUuid(key)) form = await LeadForm.query(ctx.db).findById(key);
  else {
    form = await LeadForm.query(ctx.db)
      .join('organizations as o', 'o.id', 'lead_forms.organization_id')
      .where('o.slug', key)
      .orderBy('lead_forms.created_at', 'desc')
      .select('lead_forms.*')
      .first();
  }
  const organization = form ? await Organization.query(ctx.db).findById(form.organization_id) : undefined;
  if (!form || !organization || !organization.is_active || !organizationTakesLeads(organization.suites)) throw notFound(ctx, 'form');
  // the form's own personalization, else the organisation's default as it is now
  const personalization = await personalizationInEffect(ctx, organization.id, form.personalization_id);
  return {
    form,
    organization: {
      id: organization.id,
      name: organization.name,
      slug: organization.slug,
      imprint: organization.imprint,
      data_privacy: organization.data_privacy,
      data_privacy_url: organization.data_privacy_url,
    },
    personalization,
    consentTexts: consentTexts(ctx, lang, organization.name),
    language: lang,
  };
}

/** Splits a validated form into lead columns (fields with a `standard`) and free values. */
export function splitValues(schema: LeadFormSchema, values: Record<string, string>): { columns: Partial<Record<LeadStandardField, string>>; free: LeadValue[] } {
  const columns: Partial<Record<LeadStandardField, string>> = {};
  const free: LeadValue[] = [];
  for (const field of schema) {
    if (field.type === 'HEADLINE') continue;
    const value = values[field.name] ?? '';
    if (field.standard) columns[field.standard] = value;
    else if (value !== '') free.push({ name: field.name, value });
  }
  return { columns, free };
}

/**
 * A filled-in form becomes a lead of the form's organisation: the values are validated by the schema built from the
 * stored form (field errors in the viewer's language), the consent proof keeps the texts shown, the form version, the
 * time and the language. A member of the organisation filling it in (`/leads/leadform`) is the capturing user; the
 * public `/leadform` has none. With the form's send-mail flag and an e-mail, the information mail goes out at once to
 * a member's capture; someone not logged in gets the neutral confirmation mail first, within the limits per address and
 * per client (`client`: the IP; issue 24 item 2, mail-requests.ts).
 */
export async function submitLeadForm(
  ctx: ServiceContext,
  formId: string,
  values: Record<string, unknown>,
  options: { lang: Language; consent: Partial<LeadConsentChoice>; client?: string | null },
): Promise<Lead> {
  const { form, organization } = await publicLeadForm(ctx, String(formId), options.lang);
  if (!isUuid(String(formId))) throw notFound(ctx, 'form');
  const parsed = parseInput(ctx, leadValuesSchema(form.schema, options.lang), values ?? {}) as Record<string, string>;
  const { columns, free } = splitValues(form.schema, parsed);
  const member = ctx.viewer && isMember(ctx.viewer, organization.id) ? ctx.viewer.userId : null;
  const consentChoice: LeadConsentChoice = {
    contact: Boolean(options.consent.contact),
    material: Boolean(options.consent.material),
    tracking: Boolean(options.consent.tracking),
  };
  const email = columns.email?.trim().toLowerCase() ?? '';
  return afterMail(ctx, async (tx) => {
    const lead = await insertLead(
      tx,
      organization.id,
      { ...columns, email, values: free, language: options.lang },
      {
        userId: member,
        consent: consentProof(tx, consentChoice, options.lang, form, organization.name),
        form,
        searchExtra: searchExtraOf(free, form),
      },
    );
    if (member) return mailAsTheFormAsks(tx, lead, form);
    if (wantsInformationMail(lead, form)) await requestInformationMail(tx, lead, form, options.client);
    return lead;
  });
}

/** A lead taken with a form that sends mail, with an e-mail and consent to receive material. */
function wantsInformationMail(lead: Lead, form: LeadForm | null | undefined): form is LeadForm {
  const material = Boolean(lead.consent?.items.some((item) => item.kind === 'material' && item.agreed));
  return Boolean(form?.send_mail && lead.email.trim() && material);
}

/**
 * The form's send-mail flag (one step for every capture): a lead taken with a form that sends mail, with an e-mail and
 * consent to receive material, gets the information mail at once, in the lead's language, in the capture's transaction.
 */
async function mailAsTheFormAsks(tx: ServiceContext, lead: Lead, form: LeadForm | null | undefined): Promise<Lead> {
  return wantsInformationMail(lead, form) ? queueInformationMail(tx, lead, lead.language) : lead;
}

/** Runs a capture in one transaction and wakes the mail outbox once it is committed (a mail may be queued). */
async function afterMail(ctx: ServiceContext, work: (tx: ServiceContext) => Promise<Lead>): Promise<Lead> {
  const lead = await inTransaction(ctx, work);
  notifyOutbox(ctx.app);
  return lead;
}

/**
 * A lead captured by a sales user at the stand (the console's capture page, GraphQL leadCreate): `createLead`, then the
 * form's send-mail flag as on the public form.
 */
export async function captureLead(ctx: ServiceContext, input: LeadCreateInput): Promise<Lead> {
  return afterMail(ctx, async (tx) => {
    const lead = await createLead(tx, input);
    const form = lead.form_id ? await LeadForm.query(tx.db).findById(lead.form_id) : undefined;
    return mailAsTheFormAsks(tx, lead, form);
  });
}
