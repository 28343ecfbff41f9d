import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { constraintHints, createZodErrorMap, isDigits, isTelephone, mismatch } from '~/lib/validation-messages';
import { getT } from '~/server/i18n.server';

function messageOf(schema: z.ZodTypeAny, value: unknown, language: 'DE' | 'EN'): string | undefined {
  const result = schema.safeParse(value, { errorMap: createZodErrorMap(getT(language)) });
  return result.success ? undefined : result.error.issues[0]?.message;
}

const cases: { name: string; schema: z.ZodTypeAny; value: unknown; de: string; en: string }[] = [
  { name: 'required', schema: z.string(), value: undefined, de: 'Dieses Feld ist ein Pflichtfeld', en: 'This field is required' },
  { name: 'required (empty string)', schema: z.string().min(1), value: '', de: 'Dieses Feld ist ein Pflichtfeld', en: 'This field is required' },
  { name: 'e-mail', schema: z.string().email(), value: 'nope', de: 'Bitte geben Sie eine gültige E-Mail-Adresse ein', en: 'Please enter a valid e-mail address' },
  { name: 'URL', schema: z.string().url(), value: 'nope', de: 'Bitte geben Sie eine gültige URL ein', en: 'Please enter a valid URL' },
  { name: 'number type', schema: z.number(), value: 'abc', de: 'Bitte geben Sie eine Zahl ein', en: 'Please enter a number' },
  { name: 'date type', schema: z.date(), value: 'abc', de: 'Bitte geben Sie ein gültiges Datum ein', en: 'Please enter a valid date' },
  { name: 'datetime', schema: z.string().datetime(), value: 'abc', de: 'Bitte geben Sie ein gültiges Datum mit Uhrzeit ein', en: 'Please enter a valid date and time' },
  { name: 'time', schema: z.string().time(), value: '25:99', de: 'Bitte geben Sie eine gültige Uhrzeit ein', en: 'Please enter a valid time' },
  { name: 'tel', schema: z.string().refine(isTelephone, mismatch('tel')), value: 'call me', de: 'Bitte geben Sie eine gültige Telefonnummer ein', en: 'Please enter a valid phone number' },
  { name: 'digits', schema: z.string().refine(isDigits, mismatch('digits')), value: '12a', de: 'Es sind nur Ziffern erlaubt', en: 'Only digits are allowed' },
  { name: 'max length', schema: z.string().max(5), value: 'too long', de: 'Bitte geben Sie höchstens 5 Zeichen ein', en: 'Please enter at most 5 characters' },
  { name: 'number min', schema: z.number().min(3), value: 1, de: 'Bitte geben Sie einen Wert von mindestens 3 ein', en: 'Please enter a value of at least 3' },
  { name: 'number max', schema: z.number().max(10), value: 11, de: 'Bitte geben Sie einen Wert von höchstens 10 ein', en: 'Please enter a value of at most 10' },
  { name: 'enum', schema: z.enum(['DE', 'EN']), value: 'FR', de: 'Bitte wählen Sie eine der angebotenen Optionen', en: 'Please choose one of the offered options' },
];

describe('zod error map', () => {
  for (const c of cases) {
    it(`translates ${c.name} in German and English`, () => {
      expect(messageOf(c.schema, c.value, 'DE')).toBe(c.de);
      expect(messageOf(c.schema, c.value, 'EN')).toBe(c.en);
    });
  }

  it('accepts valid phone numbers and digits', () => {
    expect(isTelephone('+49 (30) 123-456')).toBe(true);
    expect(isTelephone('12')).toBe(false);
    expect(isDigits('0123')).toBe(true);
  });
});

describe('constraint hints', () => {
  it('names minimum, maximum and maximum characters', () => {
    expect(constraintHints(getT('DE'), { min: 1, max: 10, maxLength: 200 })).toEqual([
      'Mindestwert: 1',
      'Höchstwert: 10',
      'Höchstens 200 Zeichen',
    ]);
    expect(constraintHints(getT('EN'), { maxLength: 80 })).toEqual(['At most 80 characters']);
    expect(constraintHints(getT('EN'), {})).toEqual([]);
  });
});
