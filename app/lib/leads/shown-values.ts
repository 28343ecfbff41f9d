/**
 * A lead's free values as people read them (issue 24 item 18): each with its form field's label in the viewer's
 * language and its type, so a page shows "Newsletter: yes" and "Preferred date: 15 Dec 2026" instead of
 * "newsletter = true" and "wunschtermin = 2026-12-15". Browser-safe.
 */
import { fieldLabel, fieldOptions, type LeadFieldType, type LeadFormSchema, type LeadValue } from './form-schema';

export interface ShownLeadValue {
  /** the value's key (the form field's name) */
  name: string;
  /** the field's label in the language, else the key (a value whose field is gone) */
  label: string;
  /** the field's type; null when the form no longer has the field */
  type: LeadFieldType | null;
  /** the stored value */
  value: string;
  /** a SELECT field's options in the language */
  options: { value: string; label: string }[];
}

/** The values in the form's order (values the form no longer has come last, by their key). */
export function shownLeadValues(schema: LeadFormSchema | null | undefined, values: LeadValue[], lang: 'DE' | 'EN'): ShownLeadValue[] {
  const fields = new Map((schema ?? []).filter((field) => field.type !== 'HEADLINE' && field.name).map((field, index) => [field.name, { field, index }]));
  return values
    .map((entry) => {
      const known = fields.get(entry.name);
      return {
        order: known ? known.index : Number.MAX_SAFE_INTEGER,
        shown: {
          name: entry.name,
          label: known ? fieldLabel(known.field, lang) || entry.name : entry.name,
          type: known?.field.type ?? null,
          value: entry.value,
          options: known && known.field.type === 'SELECT' ? fieldOptions(known.field, lang) : [],
        },
      };
    })
    .sort((a, b) => a.order - b.order || a.shown.name.localeCompare(b.shown.name))
    .map((entry) => entry.shown);
}

/** How a value reads: yes/no for a checkbox, a date in the locale, an option's label; else the value itself. */
export function formatLeadValue(shown: Pick<ShownLeadValue, 'type' | 'value' | 'options'>, locale: string, words: { yes: string; no: string }): string {
  const value = shown.value.trim();
  switch (shown.type) {
    case 'CHECKBOX':
      return value === 'true' || value === 'on' ? words.yes : words.no;
    case 'DATE': {
      const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
      if (!match) return value;
      const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
      if (Number.isNaN(date.getTime())) return value;
      // a calendar date: formatted in UTC, so no time zone moves it to the day before
      return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
    }
    case 'NUMBER': {
      const number = Number(value.replace(',', '.'));
      return value && Number.isFinite(number) ? new Intl.NumberFormat(locale, { maximumFractionDigits: 10 }).format(number) : value;
    }
    case 'SELECT':
      return shown.options.find((option) => option.value === value)?.label ?? value;
    default:
      return value;
  }
}
