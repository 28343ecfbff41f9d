import { Readable } from 'node:stream';
import type { RequestContext } from '~/server/request-context.server';
import { drain, formKindOf, parseMultipartForm, readForm, readTextPart } from '~/server/posted-form.server';
import { isDomainError, type DomainError } from '~/server/services/errors';
import { uploadFile, type UploadedFile } from '~/server/services/files/files.server';

/**
 * The lead page's post: a plain form, or the attachment form (multipart, `intent` first, the file `attachment`: a
 * PDF as a document, a picture as an image), stored through the upload service for the lead's organisation.
 */
export async function readLeadForm(request: Request, context: RequestContext): Promise<{ formData: FormData; uploaded: UploadedFile | null; failure: DomainError | null }> {
  if (formKindOf(request.headers.get('content-type')) !== 'multipart') return { formData: await readForm(request), uploaded: null, failure: null };
  let intent = '';
  let uploaded: UploadedFile | null = null;
  let failure: DomainError | null = null;
  const formData = await parseMultipartForm(request, async ({ name, filename, contentType, data }) => {
    if (filename === undefined) {
      const text = await readTextPart(data);
      if (name === 'intent') intent = text;
      return text;
    }
    if (name !== 'attachment' || !filename || intent !== 'attachment' || uploaded || failure) {
      await drain(data);
      return undefined;
    }
    try {
      uploaded = await uploadFile(context.service, {
        stream: Readable.from(data),
        filename,
        declaredMimeType: contentType,
        forOrg: null,
        purpose: contentType === 'application/pdf' ? 'DOCUMENT' : 'IMAGE',
      });
    } catch (error) {
      if (!isDomainError(error)) throw error;
      failure = error;
      await drain(data).catch(() => undefined);
    }
    return undefined;
  });
  return { formData, uploaded, failure };
}
