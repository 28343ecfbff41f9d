import { Readable } from 'node:stream';
import { unstable_parseMultipartFormData, type UploadHandler } from '@remix-run/node';
import type { RequestContext } from './request-context.server';
import { MAX_REQUEST_STRING_CHARS } from './hygiene.server';
import { isDomainError, type DomainError } from './services/errors';
import { uploadFile, type UploadedFile } from './services/files/files.server';
import { MAX_UPLOAD_BYTES } from '~/lib/file-limits';

/** The largest form body without files (the longest text fields take 20 000 characters, percent-encoded). */
export const MAX_FORM_BYTES = 2 * 1024 * 1024;
/** The largest form body with a file: one upload plus its fields. */
export const MAX_MULTIPART_BYTES = MAX_UPLOAD_BYTES + MAX_FORM_BYTES;

export type FormKind = 'urlencoded' | 'multipart';

/** Which kind of form a Content-Type announces; null for anything that is not a form. */
export function formKindOf(contentType: string | null): FormKind | 'multipart-without-boundary' | null {
  const [mediaType, ...parameters] = (contentType ?? '').split(';').map((part) => part.trim());
  switch (mediaType.toLowerCase()) {
    case 'application/x-www-form-urlencoded':
      return 'urlencoded';
    case 'multipart/form-data':
      return parameters.some((p) => /^boundary=.+/i.test(p)) ? 'multipart' : 'multipart-without-boundary';
    default:
      return null;
  }
}

const unsupportedMediaType = () => new Response('Unsupported Media Type', { status: 415 });
const unreadableForm = () => new Response('Bad Request', { status: 400 });

/**
 * Reads a posted page form. A body that is no form (wrong or missing Content-Type) throws a 415 response, one
 * that does not parse (broken multipart) a 400, so bad input never becomes a 500. The central check in front of
 * Remix (page-posts.server.ts) refuses most of these already; this is where a route meets the body.
 */
export async function readForm(request: Request): Promise<FormData> {
  const kind = formKindOf(request.headers.get('content-type'));
  if (kind === null) throw unsupportedMediaType();
  if (kind === 'multipart-without-boundary') throw unreadableForm();
  try {
    return await request.formData();
  } catch {
    throw unreadableForm();
  }
}

/** A failure of the multipart body itself (truncated, no boundary, broken part headers), not of our handler. */
class MalformedMultipart extends Error {}

async function* markedAsBody(data: AsyncIterable<Uint8Array>): AsyncIterable<Uint8Array> {
  try {
    yield* data;
  } catch (error) {
    throw new MalformedMultipart(error instanceof Error ? error.message : String(error));
  }
}

const isMalformed = (error: unknown) => error instanceof MalformedMultipart || (error instanceof Error && error.cause instanceof MalformedMultipart);

/**
 * Streams a multipart form through `handler` (Remix's parser). A body that is not multipart throws a 415
 * response; a broken body throws a 400 response, also when the break shows while the handler reads a part.
 * Errors of the handler's own work propagate unchanged.
 */
export async function parseMultipartForm(request: Request, handler: UploadHandler): Promise<FormData> {
  const kind = formKindOf(request.headers.get('content-type'));
  if (kind === null || kind === 'urlencoded') throw unsupportedMediaType();
  if (kind === 'multipart-without-boundary' || !request.body) throw unreadableForm();
  let handlerFailure: { error: unknown } | null = null;
  try {
    return await unstable_parseMultipartFormData(request, async (part) => {
      try {
        return await handler({ ...part, data: markedAsBody(part.data) });
      } catch (error) {
        handlerFailure = { error };
        throw error;
      }
    });
  } catch {
    const failure = handlerFailure as { error: unknown } | null;
    if (failure && !isMalformed(failure.error)) throw failure.error;
    throw unreadableForm();
  }
}

/** A text field of a multipart form: at most one character more than the hygiene allows, so it still sees the excess. */
export async function readTextPart(data: AsyncIterable<Uint8Array>, maxChars = MAX_REQUEST_STRING_CHARS + 1): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of data) {
    // UTF-8 takes at most 4 bytes per character: keep enough bytes for maxChars characters
    if (size < maxChars * 4) chunks.push(Buffer.from(chunk));
    size += chunk.length;
  }
  return Buffer.concat(chunks).toString('utf8').slice(0, maxChars);
}

export interface PostedForm {
  formData: FormData;
  /** the image of a form whose `intent` (sent before the file) is one of `fileIntents`, stored as IMAGE */
  uploaded: UploadedFile | null;
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
  const { formData, stored, failure } = await readUploadForm(request, fileIntents, (file) =>
    uploadFile(context.service, { ...file, forOrg: null, purpose: 'IMAGE' }),
  );
  return { formData, uploaded: stored, failure };
}

/** One streamed file of a multipart form, as the upload services take it. */
export interface StreamedFile {
  stream: Readable;
  filename: string;
  declaredMimeType: string;
}

/** A posted form with the file it carried, stored, or why storing it failed. */
export interface FormWithFile<T> {
  formData: FormData;
  stored: T | null;
  failure: DomainError | null;
}

/**
 * Reads a posted page form; a multipart one (`intent` sent before the file) hands the `file` field of a form whose
 * intent is one of `fileIntents` to `store` as it streams (the picture upload, the icons service ...). A DomainError
 * of `store` is the `failure` (the rest of the post is drained); any other error propagates. Other posts are read
 * as they are. At most one file is stored.
 */
export function readUploadForm<T>(request: Request, fileIntents: readonly string[], store: (file: StreamedFile) => Promise<T>): Promise<FormWithFile<T>> {
  return readFormWithFile(request, (fields) => (fileIntents.includes(fields.get('intent') ?? '') ? store : null));
}

/**
 * `readUploadForm` for pages whose fields before the file decide how it is stored (the content builder's object
 * type, the room editor's panorama or audio): `storeFor` gets the text fields read so far and returns the store,
 * or null where the form takes no file (it is drained unread).
 */
export async function readFormWithFile<T>(
  request: Request,
  storeFor: (fields: ReadonlyMap<string, string>) => ((file: StreamedFile) => Promise<T>) | null,
): Promise<FormWithFile<T>> {
  if (formKindOf(request.headers.get('content-type')) !== 'multipart') {
    return { formData: await readForm(request), stored: null, failure: null };
  }
  const form: FormWithFile<T> = { formData: new FormData(), stored: null, failure: null };
  const fields = new Map<string, string>();
  try {
    form.formData = await parseMultipartForm(request, async ({ name, filename, contentType, data }) => {
      if (filename === undefined) {
        const text = await readTextPart(data);
        fields.set(name, text);
        return text;
      }
      const store = name === 'file' && filename && form.stored === null && !form.failure ? storeFor(fields) : null;
      if (!store) {
        await drain(data);
        return undefined;
      }
      try {
        form.stored = await store({ stream: Readable.from(data), filename, declaredMimeType: contentType });
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

