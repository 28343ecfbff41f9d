import type { BusinessCardExtraction } from './card';
import type { LeadFormField, LeadFormSchema, LeadStandardField } from './form-schema';

/**
 * The rep's capture form at the stand (issue 18): the chosen lead form's fields plus the lead's standard contact
 * fields the form does not ask for, so a business card's or a QR code's extraction always has a place to be
 * confirmed. Browser-safe.
 */
const STANDARD_ORDER: LeadStandardField[] = ['name', 'email', 'company', 'job', 'phone', 'mobile', 'web', 'street', 'hno', 'plz', 'city', 'country'];

const STANDARD_TYPES: Partial<Record<LeadStandardField, LeadFormField['type']>> = { email: 'EMAIL', phone: 'PHONE', mobile: 'PHONE', web: 'URL' };

/** Stable ids of the standard fields (not stored anywhere; React keys and the builder's ids only). */
const STANDARD_IDS: Record<LeadStandardField, string> = Object.fromEntries(
  STANDARD_ORDER.map((name, index) => [name, `00000000-0000-4000-8000-${String(index + 1).padStart(12, '0')}`]),
) as Record<LeadStandardField, string>;

export function standardField(name: LeadStandardField, labels: { DE: string; EN: string }): LeadFormField {
  return {
    id: STANDARD_IDS[name],
    type: STANDARD_TYPES[name] ?? 'TEXT',
    // `std_` keeps the standard inputs apart from a form field of the same name
    name: `std_${name}`,
    label: labels.EN,
    langlabel: labels,
    required: false,
    selects: [],
    langselects: {},
    headline: '',
    langheadline: {},
    searchable: false,
    standard: name,
  };
}

/** The form's fields, then a headline and the standard fields it lacks (labels per language from `labelOf`). */
export function captureSchema(
  formSchema: LeadFormSchema,
  labelOf: (name: LeadStandardField) => { DE: string; EN: string },
  headline: { DE: string; EN: string },
): LeadFormSchema {
  const covered = new Set(formSchema.map((f) => f.standard).filter(Boolean));
  const missing = STANDARD_ORDER.filter((name) => !covered.has(name));
  if (!missing.length) return formSchema;
  const heading: LeadFormField = {
    ...standardField('name', headline),
    id: '00000000-0000-4000-8000-000000000099',
    type: 'HEADLINE',
    name: '',
    headline: headline.EN,
    langheadline: headline,
    standard: null,
  };
  return [...formSchema, ...(formSchema.length ? [heading] : []), ...missing.map((name) => standardField(name, labelOf(name)))];
}

/** A business card's or QR code's extraction as values of the capture form's inputs (by input name). */
export function valuesFromExtraction(schema: LeadFormSchema, extraction: BusinessCardExtraction): Record<string, string> {
  const values: Record<string, string> = {};
  for (const field of schema) {
    if (!field.standard) continue;
    const value = field.standard === 'name' ? extraction.leadname : extraction[field.standard];
    if (value) values[field.name] = value;
  }
  return values;
}
