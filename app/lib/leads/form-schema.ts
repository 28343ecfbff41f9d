/**
 * A lead form's stored schema (issue 18, spec 000 point 3 "Lead form: schema (label, type, name, langlabel, selects,
 * langselects, headline, langheadline, searchable)"). Browser-safe; the zod schema that validates a filled-in form
 * is built from it here too (`leadValuesSchema`) so server and browser agree.
 */
import { z } from 'zod';
import { isTelephone, mismatch } from '~/lib/validation-messages';

export type LeadFieldType = 'TEXT' | 'TEXTAREA' | 'EMAIL' | 'PHONE' | 'URL' | 'NUMBER' | 'DATE' | 'SELECT' | 'CHECKBOX' | 'HEADLINE';

/** Lead columns a field can fill; other fields land in the lead's free `values` (name, value). */
export type LeadStandardField =
  | 'email' | 'name' | 'company' | 'job' | 'phone' | 'mobile' | 'web'
  | 'street' | 'hno' | 'plz' | 'city' | 'country';

export interface LeadFormField {
  /** Stable id of the field within the schema (uuid). */
  id: string;
  type: LeadFieldType;
  /** Key of the value, `[a-z][a-z0-9_]{0,39}`, unique in the schema; ignored for HEADLINE. */
  name: string;
  /** Label in the form's default language, and per language. */
  label: string;
  langlabel: { DE?: string; EN?: string };
  required: boolean;
  /** SELECT options (values) and their labels per language, same order. */
  selects: string[];
  langselects: { DE?: string[]; EN?: string[] };
  /** HEADLINE fields show a heading instead of an input. */
  headline: string;
  langheadline: { DE?: string; EN?: string };
  /** Included in the overview's search. */
  searchable: boolean;
  /** When set, the value fills this lead column instead of a free value. */
  standard: LeadStandardField | null;
}

export type LeadFormSchema = LeadFormField[];

/** Limits of a schema (validated by the service). */
export const LEAD_FORM_LIMITS = { maxFields: 60, maxOptions: 50, maxLabel: 200, maxValue: 2000 } as const;

/** A free value of a lead (spec 000 point 3 "values (name, value)"): a form field that fills no lead column. */
export interface LeadValue {
  name: string;
  value: string;
}

/** What a lead may agree to on a form (issue 18): being contacted, receiving material, having its visits tracked. */
export const CONSENT_KINDS = ['contact', 'material', 'tracking'] as const;
export type ConsentKind = (typeof CONSENT_KINDS)[number];
export type LeadConsentChoice = Record<ConsentKind, boolean>;

/**
 * The proof a lead keeps of its consent: each text exactly as it was shown and whether it was agreed to, the form
 * and its version, the time and the language. Captured by a sales rep without a form: `formId` null.
 */
export interface LeadConsentProof {
  items: { kind: ConsentKind; text: string; agreed: boolean }[];
  formId: string | null;
  formVersion: number | null;
  givenAt: string;
  language: 'DE' | 'EN';
}

/** Consent to tracking on a proof (no tracks without it). */
export const consentsToTracking = (proof: LeadConsentProof | null | undefined): boolean =>
  Boolean(proof?.items.some((item) => item.kind === 'tracking' && item.agreed));

/** The label of a field in a language (the default label when the language has none). */
export function fieldLabel(field: LeadFormField, lang: 'DE' | 'EN'): string {
  if (field.type === 'HEADLINE') return field.langheadline[lang] || field.headline;
  return field.langlabel[lang] || field.label;
}

/** The options of a SELECT field in a language: value and shown label. */
export function fieldOptions(field: LeadFormField, lang: 'DE' | 'EN'): { value: string; label: string }[] {
  const labels = field.langselects[lang] ?? [];
  return field.selects.map((value, index) => ({ value, label: labels[index] || value }));
}

const FIELD_NAME = /^[a-z][a-z0-9_]{0,39}$/;
const optionalText = (max: number) => z.string().trim().max(max);
const langTexts = (max: number) => z.object({ DE: optionalText(max).optional(), EN: optionalText(max).optional() }).default({});

/** One field of a stored schema (the builder and the service validate a schema with it). */
export const leadFormFieldSchema = z
  .object({
    id: z.string().uuid(),
    type: z.enum(['TEXT', 'TEXTAREA', 'EMAIL', 'PHONE', 'URL', 'NUMBER', 'DATE', 'SELECT', 'CHECKBOX', 'HEADLINE']),
    name: z.string().trim().max(40).default(''),
    label: optionalText(LEAD_FORM_LIMITS.maxLabel).default(''),
    langlabel: langTexts(LEAD_FORM_LIMITS.maxLabel),
    required: z.boolean().default(false),
    selects: z.array(z.string().trim().min(1).max(LEAD_FORM_LIMITS.maxLabel)).max(LEAD_FORM_LIMITS.maxOptions).default([]),
    langselects: z
      .object({
        DE: z.array(optionalText(LEAD_FORM_LIMITS.maxLabel)).max(LEAD_FORM_LIMITS.maxOptions).optional(),
        EN: z.array(optionalText(LEAD_FORM_LIMITS.maxLabel)).max(LEAD_FORM_LIMITS.maxOptions).optional(),
      })
      .default({}),
    headline: optionalText(LEAD_FORM_LIMITS.maxLabel).default(''),
    langheadline: langTexts(LEAD_FORM_LIMITS.maxLabel),
    searchable: z.boolean().default(false),
    standard: z.enum(['email', 'name', 'company', 'job', 'phone', 'mobile', 'web', 'street', 'hno', 'plz', 'city', 'country']).nullable().default(null),
  })
  .superRefine((field, ctx) => {
    if (field.type === 'HEADLINE') {
      if (!field.headline) ctx.addIssue({ code: z.ZodIssueCode.too_small, minimum: 1, type: 'string', inclusive: true, path: ['headline'] });
      return;
    }
    if (!FIELD_NAME.test(field.name)) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['name'], params: { i18n: 'invalidOption' } });
    if (!field.label) ctx.addIssue({ code: z.ZodIssueCode.too_small, minimum: 1, type: 'string', inclusive: true, path: ['label'] });
    if (field.type === 'SELECT' && field.selects.length === 0) {
      ctx.addIssue({ code: z.ZodIssueCode.too_small, minimum: 1, type: 'array', inclusive: true, path: ['selects'] });
    }
  });

/** A whole schema: at most `maxFields` fields, names unique. */
export const leadFormSchemaSchema = z
  .array(leadFormFieldSchema)
  .max(LEAD_FORM_LIMITS.maxFields)
  .superRefine((fields, ctx) => {
    const seen = new Set<string>();
    fields.forEach((field, index) => {
      if (field.type === 'HEADLINE') return;
      if (seen.has(field.name)) ctx.addIssue({ code: z.ZodIssueCode.custom, path: [index, 'name'], params: { i18n: 'invalidOption' } });
      seen.add(field.name);
    });
  });

const isHttpUrl = (value: string) => {
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.');
  } catch {
    return false;
  }
};

/** An empty required field: the same issue as an empty `min(1)` string (REQUIRED, "This field is required"). */
const requiredIssue: z.IssueData = { code: z.ZodIssueCode.too_small, minimum: 1, type: 'string', inclusive: true };

function valueSchema(field: LeadFormField, lang: 'DE' | 'EN'): z.ZodTypeAny {
  const text = z.string().trim().max(LEAD_FORM_LIMITS.maxValue);
  const optional = (check: (value: string) => boolean, issue: Parameters<z.ZodString['refine']>[1]) =>
    text.refine((value) => value === '' || check(value), issue);
  let schema: z.ZodTypeAny;
  switch (field.type) {
    case 'EMAIL':
      schema = optional((value) => z.string().email().safeParse(value).success, mismatch('email'));
      break;
    case 'PHONE':
      schema = optional(isTelephone, mismatch('tel'));
      break;
    case 'URL':
      schema = optional(isHttpUrl, mismatch('url'));
      break;
    case 'NUMBER':
      schema = optional((value) => /^-?\d+([.,]\d+)?$/.test(value), mismatch('number'));
      break;
    case 'DATE':
      schema = optional((value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)), mismatch('date'));
      break;
    case 'SELECT': {
      // The option's value, or the label shown in the form's language (a typed or pasted choice), becomes the value.
      const byLabel = new Map(fieldOptions(field, lang).map((option) => [option.label, option.value]));
      schema = text
        .transform((value) => (field.selects.includes(value) ? value : (byLabel.get(value) ?? value)))
        .refine((value) => value === '' || field.selects.includes(value), { params: { i18n: 'invalidOption' } });
      break;
    }
    case 'CHECKBOX':
      // A checkbox posts "on" (or a boolean through GraphQL); unchecked is absent.
      return z
        .union([z.boolean(), z.string()])
        .optional()
        .transform((value) => (value === true || value === 'on' || value === 'true' ? 'true' : ''))
        .superRefine((value, ctx) => {
          if (field.required && value !== 'true') ctx.addIssue(requiredIssue);
        });
    default:
      schema = text;
  }
  const withDefault = z.preprocess((value) => (value === undefined || value === null ? '' : value), schema);
  return field.required
    ? withDefault.superRefine((value, ctx) => {
        if (value === '') ctx.addIssue(requiredIssue);
      })
    : withDefault;
}

/**
 * The zod schema of a filled-in form, built from the stored schema: one string per field name (HEADLINEs have
 * none), '' when left empty, required fields refused when empty; `lang` is the language the form was shown in
 * (a SELECT accepts the label shown in it as well as the option's value). Unknown keys are dropped.
 */
export function leadValuesSchema(schema: LeadFormSchema, lang: 'DE' | 'EN') {
  const shape: Record<string, z.ZodTypeAny> = {};
  for (const field of schema) {
    if (field.type !== 'HEADLINE') shape[field.name] = valueSchema(field, lang);
  }
  return z.object(shape) as z.ZodObject<Record<string, z.ZodType<string, z.ZodTypeDef, unknown>>>;
}
