import type { Submission, SubmissionResult } from '@conform-to/react';
import type { RequestContext } from '~/server/request-context.server';

const PASSWORD_FIELDS = ['password', 'passwordRepeat'];

/** A reply sent back to the browser never carries typed passwords (they would be rendered into the page). */
export function withoutPasswords(reply: SubmissionResult<string[]>): SubmissionResult<string[]> {
  if (!reply.initialValue) return reply;
  const initialValue = { ...reply.initialValue };
  for (const field of PASSWORD_FIELDS) delete initialValue[field];
  return { ...reply, initialValue };
}

/**
 * The 400 answer to a form that failed its schema: the field errors plus the spec's form-level
 * "Please correct the marked fields and try again" (or the given form messages).
 */
export function invalidFormReply(context: RequestContext, submission: Submission<unknown>, formErrors?: string[]): Response {
  const reply = submission.reply({ formErrors: formErrors ?? [context.service.t('errors:correctFields')] });
  return Response.json(withoutPasswords(reply), { status: 400 });
}

/** The answer to a service failure already mapped by formAction(). */
export function failedReply(result: { reply: SubmissionResult<string[]>; status: number }): Response {
  return Response.json(withoutPasswords(result.reply), { status: result.status });
}
