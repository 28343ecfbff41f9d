import type { SubmissionResult } from '@conform-to/react';

/**
 * The route kit's isomorphic half (the server half is `~/server/route-kit.server`, the form half
 * `~/components/ui/route-form`). See docs/decisions/013-route-kit.md.
 */

/**
 * Throws a Response (404 by default) unless `condition` holds: a loader's one line for a missing object,
 * `invariantResponse(hall, 'Not Found', { status: 404 })`, after which `hall` is known to be there.
 */
export function invariantResponse(condition: unknown, message = 'Not Found', init: ResponseInit = { status: 404 }): asserts condition {
  if (!condition) throw new Response(message, { status: 404, ...init });
}

/** The "really delete?" step a delete form gets without JavaScript (see `confirmationStep`). */
export interface ConfirmRequest {
  intent: string;
  id: string;
  name: string;
}

/**
 * What a page action answers when it does not redirect: which of the page's forms it answers (`form`), that
 * form's Conform reply, an error beside a file field, or the confirmation step of a delete. Actions build it
 * with the helpers of `~/server/route-kit.server`, so `useActionData<typeof action>()` is this type.
 */
export interface FormAnswer {
  form?: string;
  result?: SubmissionResult<string[]>;
  error?: string;
  confirm?: ConfirmRequest;
}
