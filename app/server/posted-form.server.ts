import { Readable } from 'node:stream';
import { unstable_parseMultipartFormData } from '@remix-run/node';
import type { RequestContext } from './request-context.server';
import { isDomainError, type DomainError } from './services/errors';
import { uploadFile, type FileRecord } from './services/files/files.server';

const MAX_FIELD_CHARS = 20_000;

export interface PostedForm {
  formData: FormData;
  /** the image of a form whose `intent` (sent before the file) is one of `fileIntents`, stored as IMAGE */
  uploaded: FileRecord | null;
  /** why storing that image failed (too large, not an image ...) */
  failure: DomainError | null;
}

export async function drain(data: AsyncIterable<Uint8Array>): Promise<void> {
  for await (const _chunk of data) {
    // not stored
  }
}

/**
 * Reads a posted page form that may carry one image (hall and stand pages, the contact card's avatar). Forms with an image (thumbnail, node image) post as
 * multipart with `intent` first; the file field `file` is stored through the upload service (the same as
 * /resources/upload), so the form works without JavaScript and the page's service call checks the ratio.
 */
export async function readPostedForm(request: Request, context: RequestContext, fileIntents: readonly string[]): Promise<PostedForm> {
  if (!(request.headers.get('content-type') ?? '').startsWith('multipart/form-data')) {
    return { formData: await request.formData(), uploaded: null, failure: null };
  }
  const form: PostedForm = { formData: new FormData(), uploaded: null, failure: null };
  let intent = '';
  try {
    form.formData = await unstable_parseMultipartFormData(request, async ({ name, filename, contentType, data }) => {
      if (filename === undefined) {
        let text = '';
        for await (const chunk of data) text += Buffer.from(chunk).toString('utf8');
        if (name === 'intent') intent = text;
        return text.slice(0, MAX_FIELD_CHARS);
      }
      if (name !== 'file' || !filename || form.uploaded || form.failure || !fileIntents.includes(intent)) {
        await drain(data);
        return undefined;
      }
      try {
        form.uploaded = await uploadFile(context.service, {
          stream: Readable.from(data),
          filename,
          declaredMimeType: contentType,
          forOrg: null,
          purpose: 'IMAGE',
        });
      } catch (error) {
        if (!isDomainError(error)) throw error;
        form.failure = error;
        await drain(data).catch(() => undefined);
      }
      return undefined;
    });
  } catch (error) {
    if (!form.failure) throw error;
  }
  return form;
}

