import { isUuid } from '~/lib/ids';
import type { PostedForm } from '~/server/posted-form.server';
import type { RequestContext } from '~/server/request-context.server';
import { accountUpdate } from '~/server/services/accounts';
import { isDomainError } from '~/server/services/errors';
import { redirectWithToast } from '~/server/toast.server';

/**
 * The avatar forms of `AvatarField` (the contact page and the visitor's hub): `avatar-file` posts the picture as it
 * is (no JavaScript), `avatar` names the cropped JPEG uploaded to /resources/upload. Back to `back` with a toast;
 * a failed upload shows the generic error (spec 001 point 8; the size limit has its own message).
 */
export async function saveAvatar(context: RequestContext, posted: PostedForm, intent: 'avatar-file' | 'avatar', back: string): Promise<Response> {
  let avatarId: string;
  if (intent === 'avatar-file') {
    if (!posted.uploaded) return redirectWithToast(back, { type: 'error', key: posted.failure?.code === 'FILE_TOO_LARGE' ? 'errors:fileTooLarge' : 'errors:generic' });
    avatarId = posted.uploaded.id;
  } else {
    const value = posted.formData.get('avatarId');
    if (typeof value !== 'string' || !isUuid(value)) throw new Response('Bad Request', { status: 400 });
    avatarId = value;
  }
  try {
    await accountUpdate(context.service, { avatarId });
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return redirectWithToast(back, { type: 'error', key: 'errors:generic' });
  }
  return redirectWithToast(back, { type: 'success', key: 'auth:avatar.updated' });
}
