import type { PostedForm } from '~/server/posted-form.server';
import type { RequestContext } from '~/server/request-context.server';
import { answer } from '~/server/route-kit.server';
import { isDomainError } from '~/server/services/errors';
import { redirectWithToast } from '~/server/toast.server';

/**
 * The picture form of a builder page (`PictureSection`): the stored upload goes to `save`; a refused upload
 * (too large, not an image, wrong ratio: a DomainError of the service) answers beside the file field.
 */
export async function pictureAction(
  context: RequestContext,
  posted: Pick<PostedForm, 'uploaded' | 'failure'>,
  form: string,
  save: (fileId: string) => Promise<unknown>,
  success: { here: string; key: string },
) {
  const { uploaded, failure } = posted;
  const problem = failure?.message ?? (uploaded ? null : context.service.t('files:upload.noFile'));
  if (problem || !uploaded) return answer({ form, error: problem ?? '' });
  try {
    await save(uploaded.id);
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return answer({ form, error: error.message });
  }
  return redirectWithToast(success.here, { type: 'success', key: success.key });
}
