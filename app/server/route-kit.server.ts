import { isDomainError } from '~/server/services/errors';
import { redirectWithToast } from '~/server/toast.server';

export { readPostedForm } from '~/server/posted-form.server';

/** A NOT_FOUND from a service becomes the 404 page; anything else propagates. */
export async function orNotFound<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (isDomainError(error) && error.code === 'NOT_FOUND') throw new Response('Not Found', { status: 404 });
    throw error;
  }
}

/**
 * Runs a list action (approve, remove, move ...): success redirects back with its toast, a DomainError
 * redirects back with the error's message (already in the user's language) as an error toast.
 */
export async function listAction(
  back: string,
  work: () => Promise<unknown>,
  success: { key: string; values?: Record<string, string | number> },
): Promise<Response> {
  try {
    await work();
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return redirectWithToast(back, { type: 'error', key: 'errors:raw', values: { message: error.message } });
  }
  return redirectWithToast(back, { type: 'success', ...success });
}

/**
 * The second step of a delete without JavaScript: a delete form posts without `confirmed`, and the page
 * answers with this, which renders a "really delete?" form. With JavaScript the dialog sends `confirmed` at once.
 */
export function confirmationStep(formData: FormData): { confirm: { intent: string; id: string; name: string } } | null {
  if (formData.get('confirmed') === 'yes') return null;
  return {
    confirm: { intent: String(formData.get('intent') ?? ''), id: String(formData.get('id') ?? ''), name: String(formData.get('name') ?? '') },
  };
}
