import type { SubmissionResult } from '@conform-to/react';

const PASSWORD_FIELDS = ['password', 'passwordRepeat'];

/** A reply sent back to the browser never carries typed passwords (they would be rendered into the page). */
export function withoutPasswords(reply: SubmissionResult<string[]>): SubmissionResult<string[]> {
  if (!reply.initialValue) return reply;
  const initialValue = { ...reply.initialValue };
  for (const field of PASSWORD_FIELDS) delete initialValue[field];
  return { ...reply, initialValue };
}
