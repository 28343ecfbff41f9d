import { Readable } from 'node:stream';
import { MAX_UPLOAD_BYTES } from '~/lib/file-limits';
import type { BusinessCardExtraction } from '~/lib/leads/card';
import type { RequestContext } from '~/server/request-context.server';
import { drain, parseMultipartForm, readForm, readTextPart, formKindOf } from '~/server/posted-form.server';
import { contactFromQr, uploadBusinesscard } from '~/server/services/leads/card';

/** A picture the capture page posted (business-card front or back, a QR code picture), read into memory. */
export interface PostedPicture {
  buffer: Buffer;
  filename: string;
  contentType: string;
}

export interface CaptureForm {
  formData: FormData;
  pictures: Partial<Record<'front' | 'back' | 'qr', PostedPicture>>;
  /** a picture was larger than an upload may be */
  tooLarge: boolean;
}

const PICTURE_FIELDS = new Set(['front', 'back', 'qr']);

/**
 * Reads the capture page's post: a plain form, or a multipart one with up to three pictures (`front`, `back`,
 * `qr`; empty file inputs are skipped). A picture over the upload limit is not kept (`tooLarge`).
 */
export async function readCaptureForm(request: Request, _context: RequestContext): Promise<CaptureForm> {
  if (formKindOf(request.headers.get('content-type')) !== 'multipart') {
    return { formData: await readForm(request), pictures: {}, tooLarge: false };
  }
  const result: CaptureForm = { formData: new FormData(), pictures: {}, tooLarge: false };
  result.formData = await parseMultipartForm(request, async ({ name, filename, contentType, data }) => {
    if (filename === undefined) return readTextPart(data);
    if (!PICTURE_FIELDS.has(name) || !filename) {
      await drain(data);
      return undefined;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of data) {
      size += chunk.length;
      if (size <= MAX_UPLOAD_BYTES) chunks.push(Buffer.from(chunk));
    }
    if (size > MAX_UPLOAD_BYTES) result.tooLarge = true;
    else if (size > 0) result.pictures[name as 'front' | 'back' | 'qr'] = { buffer: Buffer.concat(chunks), filename, contentType };
    return undefined;
  });
  return result;
}


const asUpload = (picture: PostedPicture) => ({
  stream: Readable.from(picture.buffer),
  filename: picture.filename,
  mimeType: picture.contentType,
});

/** Stores the card's pictures and reads them (OCR on the server): the file ids and the extraction to confirm. */
export async function readCard(
  context: RequestContext,
  front: PostedPicture,
  back: PostedPicture | undefined,
): Promise<{ frontFileId: string; backFileId: string | null; extraction: BusinessCardExtraction }> {
  const result = await uploadBusinesscard(context.service, { front: asUpload(front), back: back ? asUpload(back) : undefined, forOrg: null });
  return { frontFileId: result.frontFileId, backFileId: result.backFileId ?? null, extraction: result.extraction };
}

/** A QR code (its text from the camera, or a picture of it) as a contact, or null when it holds no vCard/MECARD. */
export async function readQr(context: RequestContext, input: { text: string } | { image: PostedPicture }): Promise<BusinessCardExtraction | null> {
  const result = await contactFromQr(context.service, 'text' in input ? { text: input.text } : { image: input.image.buffer });
  return result.kind === 'CONTACT' ? result.contact : null;
}
