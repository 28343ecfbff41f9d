import type { Submission, SubmissionResult } from '@conform-to/react';
import { isDomainError, type DomainError } from './services/errors';

/**
 * The one mapping from services to Conform: field errors land on their fields, errors without a field (or
 * with an unknown one) become form errors. `correctFields` is the spec's "Please correct the marked fields".
 */
export function domainErrorReply<T>(
  submission: Submission<T>,
  error: DomainError,
  options: { correctFieldsMessage?: string; knownFields?: readonly string[] } = {},
): SubmissionResult<string[]> {
  const fieldErrors: Record<string, string[]> = {};
  const formErrors: string[] = [];
  for (const e of error.errors) {
    const known = e.field && (!options.knownFields || options.knownFields.includes(e.field));
    if (known && e.field) (fieldErrors[e.field] ??= []).push(e.message);
    else formErrors.push(e.message);
  }
  if (Object.keys(fieldErrors).length && options.correctFieldsMessage && !formErrors.length) {
    formErrors.push(options.correctFieldsMessage);
  }
  return submission.reply({ formErrors, fieldErrors });
}

/**
 * Runs a service call for a form action: a DomainError becomes a Conform reply with status 400 (or 404/403
 * for NOT_FOUND/PERMISSION_DENIED), anything else propagates to the error boundary.
 */
export async function formAction<T, R>(
  submission: Submission<T>,
  work: () => Promise<R>,
  options: { correctFieldsMessage?: string; knownFields?: readonly string[] } = {},
): Promise<{ ok: true; value: R } | { ok: false; reply: SubmissionResult<string[]>; status: number }> {
  try {
    return { ok: true, value: await work() };
  } catch (error) {
    if (!isDomainError(error)) throw error;
    const status = error.code === 'NOT_FOUND' ? 404 : error.code === 'PERMISSION_DENIED' ? 403 : 400;
    return { ok: false, reply: domainErrorReply(submission, error, options), status };
  }
}
