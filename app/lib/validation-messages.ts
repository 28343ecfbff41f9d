import type { TFunction } from 'i18next';
import { z } from 'zod';

/**
 * Translated validation messages. Schemas stay free of texts: the error map turns zod's issues into
 * messages from locales/{de,en}/validation.json in the language of whoever validates (server action with
 * the request's `t`, browser with react-i18next's `t`). Pass it to Conform:
 * `parseWithZod(formData, { schema, errorMap: createZodErrorMap(t) })`.
 */

/** Type mismatch keys of validation:typeMismatch.* */
export type MismatchType = 'email' | 'url' | 'number' | 'date' | 'datetime' | 'time' | 'tel' | 'digits' | 'boolean';

/** Params a custom issue carries to name its message: `{ i18n: 'typeMismatch.tel' }` or `{ i18n, values }`. */
export interface I18nIssueParams {
  i18n: string;
  values?: Record<string, string | number>;
}

const vt = (t: TFunction, key: string, values?: Record<string, unknown>) => t(`validation:${key}`, values ?? {}) as string;

export function createZodErrorMap(t: TFunction): z.ZodErrorMap {
  return (issue, ctx) => {
    switch (issue.code) {
      case z.ZodIssueCode.invalid_type:
        if (issue.received === z.ZodParsedType.undefined || issue.received === z.ZodParsedType.null) {
          return { message: vt(t, 'required') };
        }
        if (issue.expected === z.ZodParsedType.number || issue.expected === z.ZodParsedType.bigint) {
          return { message: vt(t, 'typeMismatch.number') };
        }
        if (issue.expected === z.ZodParsedType.date) return { message: vt(t, 'typeMismatch.date') };
        if (issue.expected === z.ZodParsedType.boolean) return { message: vt(t, 'typeMismatch.boolean') };
        return { message: vt(t, 'typeMismatch.default') };
      case z.ZodIssueCode.invalid_date:
        return { message: vt(t, 'typeMismatch.date') };
      case z.ZodIssueCode.invalid_string:
        if (issue.validation === 'email') return { message: vt(t, 'email') };
        if (issue.validation === 'url') return { message: vt(t, 'url') };
        if (issue.validation === 'datetime') return { message: vt(t, 'typeMismatch.datetime') };
        if (issue.validation === 'date') return { message: vt(t, 'typeMismatch.date') };
        if (issue.validation === 'time') return { message: vt(t, 'typeMismatch.time') };
        return { message: vt(t, 'typeMismatch.default') };
      case z.ZodIssueCode.too_small:
        if (issue.type === 'string') {
          return { message: issue.minimum === 1 ? vt(t, 'required') : vt(t, 'minLength', { min: issue.minimum }) };
        }
        if (issue.type === 'number' || issue.type === 'bigint') return { message: vt(t, 'numberMin', { min: issue.minimum }) };
        if (issue.type === 'array' || issue.type === 'set') {
          return { message: issue.minimum === 1 ? vt(t, 'required') : vt(t, 'minItems', { min: issue.minimum }) };
        }
        return { message: vt(t, 'typeMismatch.default') };
      case z.ZodIssueCode.too_big:
        if (issue.type === 'string') return { message: vt(t, 'maxLength', { max: issue.maximum }) };
        if (issue.type === 'number' || issue.type === 'bigint') return { message: vt(t, 'numberMax', { max: issue.maximum }) };
        if (issue.type === 'array' || issue.type === 'set') return { message: vt(t, 'maxItems', { max: issue.maximum }) };
        return { message: vt(t, 'typeMismatch.default') };
      case z.ZodIssueCode.invalid_enum_value:
      case z.ZodIssueCode.invalid_literal:
      case z.ZodIssueCode.invalid_union_discriminator:
        return { message: vt(t, 'invalidOption') };
      case z.ZodIssueCode.not_multiple_of:
        return { message: vt(t, 'typeMismatch.number') };
      case z.ZodIssueCode.custom: {
        const params = issue.params as Partial<I18nIssueParams> | undefined;
        if (params?.i18n) return { message: vt(t, params.i18n, params.values) };
        return { message: ctx.defaultError };
      }
      default:
        return { message: ctx.defaultError };
    }
  };
}

/** Refinement params for a type mismatch zod has no check for (tel, digits): `.refine(isDigits, mismatch('digits'))`. */
export function mismatch(type: MismatchType): { params: I18nIssueParams } {
  return { params: { i18n: `typeMismatch.${type}` } };
}

export const isDigits = (value: string) => /^\d+$/.test(value);
/** A phone number as people type it: optional leading +, digits, spaces, slashes, dashes, brackets; 5 to 20 digits. */
export const isTelephone = (value: string) => /^\+?[\d\s/()-]+$/.test(value) && /^(\D*\d){5,20}\D*$/.test(value);

/** Hints below a field, from its constraints (Conform field metadata carries min, max and maxLength). */
export function constraintHints(
  t: TFunction,
  constraints: { min?: string | number; max?: string | number; maxLength?: number },
): string[] {
  const hints: string[] = [];
  if (constraints.min !== undefined && constraints.min !== '') hints.push(vt(t, 'hints.min', { min: constraints.min }));
  if (constraints.max !== undefined && constraints.max !== '') hints.push(vt(t, 'hints.max', { max: constraints.max }));
  if (constraints.maxLength !== undefined) hints.push(vt(t, 'hints.maxChars', { max: constraints.maxLength }));
  return hints;
}
