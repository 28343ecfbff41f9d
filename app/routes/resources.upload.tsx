import { Readable } from 'node:stream';
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { defineGuards } from '~/lib/guards';
import { refererPath, runGuards, safeNext } from '~/server/guards.server';
import { DomainError, isDomainError, type ErrorCode } from '~/server/services/errors';
import { fileView, PictureTooLargeError, uploadFile, type UploadedFile } from '~/server/services/files/files.server';
import { isFilePurpose } from '~/lib/file-limits';
import { redirectWithToast } from '~/server/toast.server';
import { drain, parseMultipartForm, readTextPart } from '~/server/posted-form.server';

/** Translation keys for the toast after a plain form post (a toast carries a key, not a finished text). */
const TOAST_KEYS: Partial<Record<ErrorCode, string>> = {
  FILE_TOO_LARGE: 'errors:fileTooLarge',
  FILE_TYPE_NOT_ALLOWED: 'errors:fileTypeNotAllowed',
  PERMISSION_DENIED: 'errors:permissionDenied',
  REQUIRED: 'files:upload.noFile',
  INVALID: 'files:imageUnreadable',
};

/** The fields before the file are short: a purpose, an organisation id, a path. */
const MAX_FIELD_CHARS = 2048;



/** Uploads need a logged-in user; an anonymous post goes to /login?next=. */
export const guards = defineGuards({});

/**
 * POST /resources/upload: one file (field `file`; optional `forOrg`, `purpose`, `redirectTo` before it).
 * A fetch/XHR caller that accepts JSON gets `{ file }` or `{ error }`; a plain form post is redirected back
 * with a toast, so the upload works without JavaScript. A body that is not multipart is a 415, a broken one a 400.
 */
export async function action(args: ActionFunctionArgs) {
  await runGuards(args, guards);
  const { request, context } = args;
  const wantsJson = (request.headers.get('accept') ?? '').includes('application/json');
  const fields = new Map<string, string>();
  let uploaded: UploadedFile | null = null;
  let failure: DomainError | null = null;

  try {
    await parseMultipartForm(request, async ({ name, filename, contentType, data }) => {
      if (filename === undefined) {
        fields.set(name, await readTextPart(data, MAX_FIELD_CHARS));
        return undefined;
      }
      if (name !== 'file' || uploaded || failure || !filename) {
        await drain(data);
        return undefined;
      }
      const purpose = fields.get('purpose');
      try {
        uploaded = await uploadFile(context.service, {
          stream: Readable.from(data),
          filename,
          declaredMimeType: contentType,
          forOrg: fields.get('forOrg') || null,
          purpose: isFilePurpose(purpose) ? purpose : null,
        });
      } catch (error) {
        if (!isDomainError(error)) throw error;
        failure = error;
        await drain(data).catch(() => undefined);
      }
      return undefined;
    });
  } catch (error) {
    if (!failure) throw error;
  }
  if (!uploaded && !failure) failure = new DomainError('REQUIRED', context.service.t('files:upload.noFile'), 'file');
  const file = uploaded as UploadedFile | null;
  const error = failure as DomainError | null;

  if (wantsJson) {
    if (file) return Response.json({ file: fileView(file) });
    const status = error!.code === 'FILE_TOO_LARGE' ? 413 : 400;
    return Response.json({ error: error!.errors[0] }, { status });
  }
  const back = safeNext(fields.get('redirectTo'), refererPath(request));
  if (file) return redirectWithToast(back, { type: 'success', key: 'files:uploaded', values: { filename: file.filename } });
  if (error instanceof PictureTooLargeError) return redirectWithToast(back, { type: 'error', key: error.messageKey, values: error.values });
  return redirectWithToast(back, { type: 'error', key: TOAST_KEYS[error!.code] ?? 'errors:generic' });
}

export async function loader(args: LoaderFunctionArgs) {
  await runGuards(args, guards);
  throw new Response('Not Found', { status: 404 });
}
