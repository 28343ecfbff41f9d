import crypto from 'node:crypto';
import { mayReadFile } from '../access/files';
import { isMember } from '../access/membership';
import { Readable } from 'node:stream';
import { imageSize } from 'image-size';
import type { Knex } from 'knex';
import { UploadedFile } from '#db/models/index';
import { byIdLoader, type ServiceContext } from '../../context.server';
import { revivedRows } from '../json-rows';
import type { ByteRange } from '../../storage/storage.server';
import { DomainError } from '../errors';
import { isBinaryStl, sniffFileType, SNIFF_BYTES, type SniffedType } from './file-types.server';
import { MAX_PANORAMA_PIXELS, MAX_PICTURE_PIXELS, MAX_PICTURE_SIDE, MAX_UPLOAD_BYTES, withinPixelLimit, type FilePurpose } from '~/lib/file-limits';
import { isUuid } from '~/lib/ids';

/** A file is its model row (the `files` table); routes reach the type through this service. */
export type { UploadedFile };

export interface UploadFileInput {
  stream: Readable;
  filename: string;
  /** what the client claims; informational only, the type is sniffed from the bytes */
  declaredMimeType?: string | null;
  /** the organisation the file belongs to; default: the viewer's current one (none: a personal file) */
  forOrg?: string | null;
  purpose?: FilePurpose | null;
}

/** How far into a picture its size is looked for (JPEGs keep it after their EXIF block). */
const IMAGE_PROBE_BYTES = 2 * 1024 * 1024;

export function isFileId(value: string): boolean {
  return isUuid(value);
}

/** The fields of a file the upload form answers with, named as the API's `File` type names them. */
export function fileView(file: UploadedFile) {
  return {
    id: file.id,
    url: fileUrl(file),
    filename: file.filename,
    mimeType: file.mime_type,
    size: file.size,
    width: file.width,
    height: file.height,
    isPublic: file.is_public,
    created: file.created_at,
  };
}

/** The public path a file is served at (through the access check in the files route). */
export function fileUrl(file: Pick<UploadedFile, 'id'>): string {
  return `/files/${file.id}`;
}

function tooLarge(ctx: ServiceContext): DomainError {
  return new DomainError('FILE_TOO_LARGE', ctx.t('errors:fileTooLarge'), 'file');
}

function typeNotAllowed(ctx: ServiceContext): DomainError {
  return new DomainError('FILE_TYPE_NOT_ALLOWED', ctx.t('errors:fileTypeNotAllowed'), 'file');
}

/** Keeps the last path segment of what the browser sent, without control characters, at most 255 characters. */
export function cleanFilename(raw: string, ext: string): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const cleaned = base.replace(/[\u0000-\u001f\u007f"]/g, '').trim();
  if (!cleaned || cleaned === '.' || cleaned === '..') return `file.${ext}`;
  if (cleaned.length <= 255) return cleaned;
  const dot = cleaned.lastIndexOf('.');
  const suffix = dot > 0 && cleaned.length - dot <= 16 ? cleaned.slice(dot) : '';
  return cleaned.slice(0, 255 - suffix.length) + suffix;
}

function owningOrganization(ctx: ServiceContext, forOrg: string | null | undefined): string | null {
  const viewer = ctx.viewer!;
  if (!forOrg) return viewer.organization?.id ?? null;
  if (!isMember(viewer, forOrg)) {
    throw new DomainError('PERMISSION_DENIED', ctx.t('errors:permissionDenied'), 'forOrg');
  }
  return forOrg;
}

/**
 * Reads an upload stream chunk by chunk and counts: crossing the limit stops reading at once (the source is
 * destroyed), so a too-large file is never held in memory or storage.
 */
class LimitedReader {
  size = 0;
  exceeded = false;
  private readonly iterator: AsyncIterator<unknown>;

  constructor(
    private readonly source: Readable,
    private readonly limit: number,
  ) {
    this.iterator = source[Symbol.asyncIterator]();
  }

  async next(): Promise<Buffer | null> {
    const result = await this.iterator.next();
    if (result.done) return null;
    const chunk = Buffer.isBuffer(result.value) ? result.value : Buffer.from(result.value as Uint8Array);
    this.size += chunk.length;
    if (this.size > this.limit) {
      this.exceeded = true;
      this.source.destroy();
      throw new Error('upload limit exceeded');
    }
    return chunk;
  }

  destroy() {
    this.source.destroy();
  }
}

/** The format image-size reports for each sniffed picture type: a header that reads as another format is refused. */
const HEADER_FORMAT: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'image/gif': 'gif' };

/**
 * The picture's size as the viewer sees it, read from its header only (nothing is decoded), or null when the
 * header is incomplete or does not read as the sniffed type.
 */
function measureImage(probe: Buffer, mimeType: string): { width: number; height: number } | null {
  try {
    const size = imageSize(probe);
    if (!size.width || !size.height || size.type !== HEADER_FORMAT[mimeType]) return null;
    // EXIF orientations 5 to 8 turn the picture by 90 degrees: the viewer sees width and height swapped.
    const turned = (size.orientation ?? 1) >= 5;
    return turned ? { width: size.height, height: size.width } : { width: size.width, height: size.height };
  } catch {
    return null;
  }
}

/**
 * A picture above the pixel limit of its kind (limits.ts). It carries its message as a translation key and
 * values too, for the upload form's toast.
 */
export class PictureTooLargeError extends DomainError {
  readonly messageKey = 'files:pictureTooLarge';
  readonly values: Record<string, number>;

  constructor(ctx: ServiceContext, size: { width: number; height: number }) {
    const values = {
      width: size.width,
      height: size.height,
      megapixels: MAX_PICTURE_PIXELS / 1_000_000,
      side: MAX_PICTURE_SIDE,
      panoramaWidth: MAX_PICTURE_SIDE,
      panoramaHeight: MAX_PANORAMA_PIXELS / MAX_PICTURE_SIDE,
    };
    super('FILE_TOO_LARGE', ctx.t('files:pictureTooLarge', values), 'file');
    this.values = values;
  }
}

/**
 * Stores an uploaded file for the viewer: enforces the 20 MB limit while streaming, takes the type from the
 * bytes against the allow-list, measures images, writes the object under a random key and then the `files`
 * row. On any failure neither an object nor a row is left behind (also when a surrounding transaction rolls
 * back later).
 */
export async function uploadFile(ctx: ServiceContext, input: UploadFileInput): Promise<UploadedFile> {
  const { stream } = input;
  const abort = (error: DomainError): never => {
    stream.destroy();
    throw error;
  };
  const viewer = ctx.viewer ?? abort(new DomainError('UNAUTHENTICATED', ctx.t('errors:unauthenticated')));
  let organizationId: string | null = null;
  try {
    organizationId = owningOrganization(ctx, input.forOrg);
  } catch (error) {
    abort(error as DomainError);
  }

  const reader = new LimitedReader(stream, MAX_UPLOAD_BYTES);
  const failed = (error: unknown): unknown => (reader.exceeded ? tooLarge(ctx) : error);

  const headChunks: Buffer[] = [];
  let headLength = 0;
  let ended = false;
  try {
    while (headLength < SNIFF_BYTES) {
      const chunk = await reader.next();
      if (!chunk) {
        ended = true;
        break;
      }
      headChunks.push(chunk);
      headLength += chunk.length;
    }
  } catch (error) {
    reader.destroy();
    throw failed(error);
  }
  let head = Buffer.concat(headChunks);
  const type: SniffedType | null = head.length ? await sniffFileType(head, input.purpose ?? undefined) : null;
  if (!type) {
    reader.destroy();
    throw typeNotAllowed(ctx);
  }

  // A picture's size comes from its header, before anything is stored or decoded. JPEGs with a large EXIF block
  // keep their size further in: the head grows for them, bounded, and is measured again each time it doubled.
  let dimensions: { width: number; height: number } | null = null;
  if (type.category === 'image') {
    try {
      dimensions = measureImage(head, type.mimeType);
      let measured = head.length;
      while (!dimensions && !ended && headLength < IMAGE_PROBE_BYTES) {
        const chunk = await reader.next();
        if (chunk) {
          headChunks.push(chunk);
          headLength += chunk.length;
        } else {
          ended = true;
        }
        if (ended || headLength >= 2 * measured || headLength >= IMAGE_PROBE_BYTES) {
          head = Buffer.concat(headChunks);
          measured = head.length;
          dimensions = measureImage(head, type.mimeType);
        }
      }
    } catch (error) {
      reader.destroy();
      throw failed(error);
    }
    head = Buffer.concat(headChunks);
    if (!dimensions) {
      reader.destroy();
      throw new DomainError('INVALID', ctx.t('files:imageUnreadable'), 'file');
    }
    if (!withinPixelLimit(dimensions)) {
      reader.destroy();
      throw new PictureTooLargeError(ctx, dimensions);
    }
  }

  async function* body() {
    yield head;
    if (ended) return;
    for (let chunk = await reader.next(); chunk; chunk = await reader.next()) yield chunk;
  }

  const owner = organizationId ? `org/${organizationId}` : `user/${viewer.userId}`;
  const key = `${owner}/${crypto.randomUUID()}.${type.ext}`;
  const storage = ctx.app.storage;
  try {
    await storage.put(key, Readable.from(body(), { objectMode: false }), type.mimeType);
  } catch (error) {
    reader.destroy();
    await storage.delete(key).catch(() => undefined);
    throw failed(error);
  }

  const removeObject = () => storage.delete(key).catch(() => undefined);
  if (type.needsBinaryStlCheck && !isBinaryStl(head, reader.size)) {
    await removeObject();
    throw typeNotAllowed(ctx);
  }

  let file: UploadedFile;
  try {
    file = await UploadedFile.query(ctx.db)
      .insert({
        organization_id: organizationId,
        uploaded_by_id: viewer.userId,
        storage_key: key,
        filename: cleanFilename(input.filename, type.ext),
        mime_type: type.mimeType,
        size: reader.size,
        width: dimensions?.width ?? null,
        height: dimensions?.height ?? null,
        is_public: false,
      })
      .returning('*');
  } catch (error) {
    await removeObject();
    throw error;
  }
  if (ctx.db.isTransaction) {
    (ctx.db as Knex.Transaction).executionPromise.catch(removeObject);
  }
  return file;
}

/** Whether the viewer may see the file: the access module decides (uploader, members, the objects that use it, public). */
export function canAccessFile(ctx: ServiceContext, file: UploadedFile): Promise<boolean> {
  return mayReadFile(ctx, file);
}

/** Files by id, batched per request (lists of halls, stands, panoramas ask for many). No access check. */
export const fileById = byIdLoader(UploadedFile);

/** SQL: the files whose ids a subquery (or a list of expressions) gives, as JSON rows for primeFiles; nulls are skipped. */
export const filesJson = (ids: string) => `coalesce((select json_agg(to_jsonb(f.*)) from files f where f.id in (${ids})), '[]'::json)`;

/** Hands file rows a statement read as JSON (filesJson) to this request's fileById, so resolving them costs nothing. */
export function primeFiles(ctx: ServiceContext, json: unknown): void {
  for (const row of revivedRows<UploadedFile>(json)) fileById(ctx).prime(row.id, row);
}

/** The file if it exists and the viewer may see it; null otherwise (a hidden file looks like a missing one). */
export async function findFile(ctx: ServiceContext, id: string): Promise<UploadedFile | null> {
  if (!isFileId(id)) return null;
  const file = await fileById(ctx).load(id.toLowerCase());
  return file && (await canAccessFile(ctx, file)) ? file : null;
}

/**
 * A file shown to visitors (a convention's picture, a content object's image or PDF, a group's preview) is served to
 * every visitor of the page (the files route lets public files through; its id is not guessable). Only a file of
 * the given organisation is changed.
 */
export async function publishFile(ctx: ServiceContext, fileId: string | null | undefined, organizationId?: string): Promise<void> {
  if (!fileId || !isFileId(fileId)) return;
  const query = UploadedFile.query(ctx.db).where({ id: fileId, is_public: false });
  if (organizationId) query.where({ organization_id: organizationId });
  await query.patch({ is_public: true });
  fileById(ctx).clear(fileId);
}

/** Like findFile, but a missing or hidden file is a NOT_FOUND error. */
export async function getFile(ctx: ServiceContext, id: string): Promise<UploadedFile> {
  const file = await findFile(ctx, id);
  if (!file) throw new DomainError('NOT_FOUND', ctx.t('errors:notFound'), 'id');
  return file;
}

/** The stored bytes of a file the caller has already found with findFile. */
export async function openFile(ctx: ServiceContext, file: UploadedFile, range?: ByteRange): Promise<Readable | null> {
  return ctx.app.storage.get(file.storage_key, range);
}

/**
 * Makes a file servable to everyone (it belongs to a public object now) or private again. Only members of
 * the owning organisation, or the uploader of a personal file, may do that.
 */
export async function setFilePublic(ctx: ServiceContext, id: string, isPublic: boolean): Promise<UploadedFile> {
  if (!ctx.viewer) throw new DomainError('UNAUTHENTICATED', ctx.t('errors:unauthenticated'));
  const file = await getFile(ctx, id);
  const viewer = ctx.viewer;
  const mayChange = file.organization_id ? isMember(viewer, file.organization_id) : file.uploaded_by_id === viewer.userId;
  if (!mayChange) throw new DomainError('PERMISSION_DENIED', ctx.t('errors:permissionDenied'));
  const changed = await UploadedFile.query(ctx.db).patchAndFetchById(file.id, { is_public: isPublic });
  fileById(ctx).clear(file.id);
  return changed;
}

export type ImageRatio = '16:9' | '2:1';

const RATIOS: Record<ImageRatio, number> = { '16:9': 16 / 9, '2:1': 2 };

/**
 * Stand and stage images need 16:9, panoramas 2:1 (spec 001 point 5). `tolerance` is relative (0.01 = 1 %),
 * so scaled images such as 1366x768 still pass. A file without dimensions is not an image and fails too.
 */
export function assertImageRatio(
  ctx: ServiceContext,
  file: Pick<UploadedFile, 'width' | 'height'>,
  ratio: ImageRatio,
  tolerance = 0.01,
  field = 'file',
): void {
  const { width, height } = file;
  if (!width || !height) throw new DomainError('INVALID', ctx.t('files:notAnImage', { ratio }), field);
  const actual = width / height;
  if (Math.abs(actual - RATIOS[ratio]) / RATIOS[ratio] > tolerance) {
    throw new DomainError('INVALID', ctx.t('files:wrongRatio', { ratio, width, height }), field);
  }
}
