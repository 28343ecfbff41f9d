import { getZodConstraint } from '@conform-to/zod';
import { describe, expect, it } from 'vitest';
import { formatLeadValue, shownLeadValues } from '~/lib/leads/shown-values';
import type { LeadFormField } from '~/lib/leads/form-schema';
import { LeadEditForm } from '~/routes/_console.leads.$slug/forms';

const field = (over: Partial<LeadFormField> & Pick<LeadFormField, 'name' | 'type'>): LeadFormField => ({
  id: crypto.randomUUID(),
  label: over.name,
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

describe('the lead page (issue 24 items 18 and 19)', () => {
  it('does not mark Tags required, and an empty field saves no tags', () => {
    const constraint = getZodConstraint(LeadEditForm);
    expect(constraint.tags?.required).toBe(false);
    const parsed = LeadEditForm.safeParse({ intent: 'update', language: 'DE', tags: '' });
    expect(parsed.success && parsed.data.tags).toEqual([]);
  });

  it('shows free values with their labels in the language, in the form order, values formatted by type', () => {
    const schema = [
      field({ type: 'HEADLINE', name: '', headline: 'Kontaktdaten' }),
      field({ type: 'CHECKBOX', name: 'newsletter', label: 'Newsletter', langlabel: { DE: 'Newsletter abonnieren', EN: 'Subscribe to the newsletter' } }),
      field({ type: 'DATE', name: 'wunschtermin', label: 'Wunschtermin', langlabel: { DE: 'Wunschtermin', EN: 'Preferred date' } }),
      field({ type: 'SELECT', name: 'interest', label: 'Interesse', langlabel: { EN: 'Interest' }, selects: ['fraesen'], langselects: { DE: ['Fräsmaschinen'], EN: ['Milling machines'] } }),
      field({ type: 'NUMBER', name: 'staff', label: 'Mitarbeiter' }),
    ];
    const values = [
      { name: 'removed', value: 'kept' },
      { name: 'wunschtermin', value: '2026-12-15' },
      { name: 'newsletter', value: 'true' },
      { name: 'interest', value: 'fraesen' },
      { name: 'staff', value: '1250' },
    ];
    const en = shownLeadValues(schema, values, 'EN');
    expect(en.map((v) => [v.label, v.type])).toEqual([
      ['Subscribe to the newsletter', 'CHECKBOX'],
      ['Preferred date', 'DATE'],
      ['Interest', 'SELECT'],
      ['Mitarbeiter', 'NUMBER'],
      ['removed', null],
    ]);
    const words = { yes: 'Yes', no: 'No' };
    expect(en.map((v) => formatLeadValue(v, 'en-GB', words))).toEqual(['Yes', '15 December 2026', 'Milling machines', '1,250', 'kept']);
    const de = shownLeadValues(schema, values, 'DE');
    expect(de[0].label).toBe('Newsletter abonnieren');
    expect(de.map((v) => formatLeadValue(v, 'de', { yes: 'Ja', no: 'Nein' }))).toEqual(['Ja', '15. Dezember 2026', 'Fräsmaschinen', '1.250', 'kept']);
    expect(formatLeadValue({ type: 'CHECKBOX', value: '', options: [] }, 'de', { yes: 'Ja', no: 'Nein' })).toBe('Nein');
    expect(formatLeadValue({ type: 'DATE', value: 'bald', options: [] }, 'de', { yes: 'Ja', no: 'Nein' })).toBe('bald');
  });
});
