/**
 * A lead form's stored schema (issue 18, spec 000 point 3 "Lead form: schema (label, type, name, langlabel, selects,
 * langselects, headline, langheadline, searchable)"). Browser-safe; the zod schema that validates a filled-in form
 * is built from it here too (`leadValuesSchema`, added by the leads service work) so server and browser agree.
 */
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
