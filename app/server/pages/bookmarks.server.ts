import { data, redirect } from '@remix-run/node';
import { z } from 'zod';
import { BOOKMARK_FIELDS } from '~/lib/bookmarks';
import { safeNext, withNext } from '~/server/guards.server';
import { intentOf } from '~/server/route-kit.server';
import type { RequestContext } from '~/server/request-context.server';
import { isDomainError } from '~/server/services/errors';
import { redirectWithToast } from '~/server/toast.server';

const BookmarkForm = z.object({
  [BOOKMARK_FIELDS.value]: z.enum(['true', 'false']),
  [BOOKMARK_FIELDS.back]: z.string().optional(),
  [BOOKMARK_FIELDS.via]: z.literal('fetcher').optional(),
});

/**
 * The action of a bookmark toggle (issue 27: a stand's mark, a content page's like; components/visitor/bookmark-toggle):
 * `value` sets or clears it through the service. Without JavaScript the form posts and the answer redirects back
 * (the posted `back` through the safe-path function, else `fallback`) with a toast; the fetcher gets `{ pressed }`.
 * Anonymous visitors go to the login and come back; a refusal of the service (NOT_FOUND, PERMISSION_DENIED) comes back
 * as an error toast, or `{ error }` for the fetcher.
 */
export async function bookmarkAction(
  context: RequestContext,
  formData: FormData,
  options: { fallback: string; work: (pressed: boolean) => Promise<unknown>; toasts: { on: string; off: string } },
) {
  const form = intentOf(formData, BookmarkForm);
  const back = safeNext(form[BOOKMARK_FIELDS.back], options.fallback);
  const byFetcher = form[BOOKMARK_FIELDS.via] === 'fetcher';
  if (!context.viewer) throw redirect(withNext('/login', back));
  const pressed = form[BOOKMARK_FIELDS.value] === 'true';
  try {
    await options.work(pressed);
  } catch (error) {
    if (!isDomainError(error)) throw error;
    if (byFetcher) return data({ pressed: !pressed, error: error.message }, { status: error.code === 'NOT_FOUND' ? 404 : 403 });
    return redirectWithToast(back, { type: 'error', key: 'errors:raw', values: { message: error.message } });
  }
  if (byFetcher) return data({ pressed, error: null });
  return redirectWithToast(back, { type: 'success', key: pressed ? options.toasts.on : options.toasts.off });
}
