import { z } from 'zod';
import { isTelephone, mismatch } from '~/lib/validation-messages';

/**
 * Inputs of leads and lead forms (spec 000 point 3, 001 point 7; issue 18), shared by the service and the console's
 * forms. A lead form's schema itself is `leadFormSchemaSchema` and a filled-in form `leadValuesSchema`
 * (app/lib/leads/form-schema.ts).
 */

export const LEAD_LANGUAGES = ['DE', 'EN'] as const;
export const LEAD_TAG_MAX = 60;
export const LEAD_TAGS_MAX = 20;
export const LEAD_SORTS = ['created', 'name', 'company', 'score'] as const;
export type LeadSort = (typeof LEAD_SORTS)[number];
export const LEAD_PAGE_SIZE_MAX = 100;

const text = (max: number) => z.string().trim().max(max);
const phone = text(60).refine((value) => value === '' || isTelephone(value), mismatch('tel'));
const optionalId = z.string().uuid().nullable().optional();

/** The lead's own columns, every one optional ('' when unknown). */
export const LeadFieldsInput = z.object({
  email: z.string().trim().toLowerCase().max(254).refine((value) => value === '' || z.string().email().safeParse(value).success, mismatch('email')).optional(),
  name: text(200).optional(),
  address: text(500).optional(),
  street: text(200).optional(),
  hno: text(20).optional(),
  plz: text(20).optional(),
  city: text(120).optional(),
  country: text(60).optional(),
  company: text(200).optional(),
  job: text(200).optional(),
  web: text(500).optional(),
  phone: phone.optional(),
  mobile: phone.optional(),
});

export const LeadConsentInput = z.object({
  contact: z.boolean().default(false),
  material: z.boolean().default(false),
  tracking: z.boolean().default(false),
});

export const LeadCreateInput = LeadFieldsInput.extend({
  language: z.enum(LEAD_LANGUAGES).optional(),
  tags: z.array(text(LEAD_TAG_MAX).min(1)).max(LEAD_TAGS_MAX).optional(),
  values: z.array(z.object({ name: text(40).min(1), value: text(2000) })).max(60).optional(),
  formId: optionalId,
  contactId: optionalId,
  businesscardFrontId: optionalId,
  businesscardBackId: optionalId,
  attachmentId: optionalId,
  contentPageIds: z.array(z.string().uuid()).max(50).optional(),
  consent: LeadConsentInput.optional(),
});
export type LeadCreateInput = z.input<typeof LeadCreateInput>;

/** Fields left out keep their value; null clears an optional reference. */
export const LeadUpdateInput = LeadCreateInput.omit({ formId: true, consent: true });
export type LeadUpdateInput = z.input<typeof LeadUpdateInput>;

export const LeadListInput = z.object({
  archived: z.boolean().default(false),
  search: text(200).optional().nullable(),
  tag: text(LEAD_TAG_MAX).optional().nullable(),
  formId: z.string().uuid().optional().nullable(),
  from: z.coerce.date().optional().nullable(),
  to: z.coerce.date().optional().nullable(),
  sort: z.enum(LEAD_SORTS).default('created'),
  dir: z.enum(['asc', 'desc']).default('desc'),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(LEAD_PAGE_SIZE_MAX).default(25),
});
export type LeadListInput = z.input<typeof LeadListInput>;
export type LeadFilter = Omit<LeadListInput, 'page' | 'pageSize'>;

export const LeadFormInput = z.object({
  name: text(200).min(1),
  personalizationId: optionalId,
  headerImageId: optionalId,
  schema: z.unknown().optional(),
  sendMail: z.boolean().optional(),
  contactId: optionalId,
});
export type LeadFormInput = z.input<typeof LeadFormInput>;
export const LeadFormUpdateInput = LeadFormInput.partial();
export type LeadFormUpdateInput = z.input<typeof LeadFormUpdateInput>;
