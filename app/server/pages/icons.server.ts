import type { Icon } from '#db/models/index';
import type { RequestContext } from '~/server/request-context.server';
import { readUploadForm } from '~/server/posted-form.server';
import { answer, confirmedListAction } from '~/server/route-kit.server';
import { deleteIcon, uploadIcon } from '~/server/services/content/icons';
import type { DomainError } from '~/server/services/errors';
import { redirectWithToast } from '~/server/toast.server';

/** The intent (and answered form) of the icon library's upload. */
export const ICON_UPLOAD_INTENT = 'uploadIcon';

export interface IconPostedForm {
  formData: FormData;
  /** the icon stored from the `file` field of an upload form (intent `uploadIcon`, sent before the file) */
  icon: Icon | null;
  /** why the icons service refused that file */
  failure: DomainError | null;
}

/**
 * Reads a post of a page with the icon library. The upload form (multipart, `intent` = uploadIcon first, the file
 * in `file`) hands the file to the icons service as it streams: PNG or SVG, not the picture upload, which refuses
 * SVG. Every other form of the page is read as it is. Works without JavaScript.
 */
export async function readIconForm(request: Request, context: RequestContext): Promise<IconPostedForm> {
  const { formData, stored, failure } = await readUploadForm(request, [ICON_UPLOAD_INTENT], (file) => uploadIcon(context.service, file));
  return { formData, icon: stored, failure };
}

/** The upload's answer: a refusal (or no file) beside the file field, else back to `here` with a toast. */
export function iconUploadAction(context: RequestContext, posted: IconPostedForm, here: string) {
  if (posted.failure) return answer({ form: ICON_UPLOAD_INTENT, error: posted.failure.message });
  if (!posted.icon) return answer({ form: ICON_UPLOAD_INTENT, error: context.service.t('files:upload.noFile') });
  return redirectWithToast(here, { type: 'success', key: 'personalization:icons.uploaded', values: { name: posted.icon.filename } });
}

/** The icon library's delete (after confirming); a refusal (still in use) comes back as an error toast naming the places. */
export function iconDeleteAction(context: RequestContext, formData: FormData, here: string) {
  return confirmedListAction(formData, here, () => deleteIcon(context.service, String(formData.get('id') ?? '')), {
    key: 'personalization:icons.deleted',
    values: { name: String(formData.get('name') ?? '') },
  });
}
