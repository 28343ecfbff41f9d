import { z } from 'zod';
import { createZodErrorMap } from '~/lib/validation-messages';
import type { ServiceContext } from '../context.server';
import { DomainError, type FieldError } from './errors';

/**
 * Validates service input with the shared zod schema; every issue becomes a field error in the viewer's
 * language (REQUIRED for missing values, INVALID otherwise). Both doors get the same messages.
 */
export function parseInput<S extends z.ZodTypeAny>(ctx: ServiceContext, schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input, { errorMap: createZodErrorMap(ctx.t) });
  if (result.success) return result.data;
  const errors: FieldError[] = result.error.issues.map((issue) => {
    const missing =
      (issue.code === z.ZodIssueCode.invalid_type && (issue.received === 'undefined' || issue.received === 'null')) ||
      (issue.code === z.ZodIssueCode.too_small && issue.type === 'string' && issue.minimum === 1);
    return {
      code: missing ? 'REQUIRED' : 'INVALID',
      field: issue.path.length ? issue.path.join('.') : null,
      message: issue.message,
    };
  });
  throw DomainError.fromFieldErrors(errors);
}
