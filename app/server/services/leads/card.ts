import { Readable } from 'node:stream';
import type { BusinessCardExtraction, ContactQrResult } from '~/lib/leads/card';
import { MAX_UPLOAD_BYTES } from '~/lib/file-limits';
import type { ServiceContext } from '../../context.server';
import { DomainError } from '../errors';
import { findFile, openFile, uploadFile } from '../files/files.server';
import { CardReadError, decodeQrImage, parseContactQr, readBusinessCard } from './card/index.server';
import { requireLeadUser } from './policy';

/**
 * Capture by business card and QR code (issue 18), the lead service's door to the reader (services/leads/card/*):
 * the photos are read (OCR in workers) and then stored as the organisation's files, so the rep confirms the
 * extraction before the lead is saved with the file ids. A QR code with a vCard or MECARD becomes a contact, any
 * other content "QR code incompatible". Lead feature of the current organisation only.
 */

export interface CardUpload {
  stream: Readable;
  filename: string;
  mimeType?: string | null;
}

const unreadable = (ctx: ServiceContext, field: string) => new DomainError('INVALID', ctx.t('leads:errors.cardUnreadable'), field);
/** "QR code incompatible" (spec 001 point 8): a QR code that holds no vCard or MECARD. */
export const qrIncompatible = (ctx: ServiceContext, field = 'text') => new DomainError('INVALID', ctx.t('leads:errors.qrIncompatible'), field);
const tooLarge = (ctx: ServiceContext, field: string) => new DomainError('FILE_TOO_LARGE', ctx.t('errors:fileTooLarge'), field);

/** The bytes of an upload, refused over the upload limit. */
export async function bufferOf(ctx: ServiceContext, stream: Readable, field: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > MAX_UPLOAD_BYTES) {
      stream.destroy();
      throw tooLarge(ctx, field);
    }
    chunks.push(Buffer.from(chunk as Buffer));
  }
  return Buffer.concat(chunks);
}

/**
 * The reader's failures as the user's errors: a picture that is none is INVALID; a full queue is THROTTLED ("try again
 * in a moment"), a picture over its time limit INVALID with what to do instead (issue 24: not a 500, not a vague error).
 */
async function read<T>(ctx: ServiceContext, field: string, work: () => Promise<T>, kind: 'card' | 'qr' = 'card'): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof CardReadError) {
      if (error.code === 'UNREADABLE_IMAGE') throw unreadable(ctx, field);
      if (error.code === 'BUSY') throw new DomainError('THROTTLED', ctx.t('leads:errors.readerBusy'), field);
      throw new DomainError('INVALID', ctx.t(kind === 'qr' ? 'leads:errors.qrTimeout' : 'leads:errors.cardTimeout'), field);
    }
    throw error;
  }
}

function assertForOrg(ctx: ServiceContext, forOrg: string | null | undefined): string {
  const { organizationId } = requireLeadUser(ctx);
  if (forOrg && forOrg !== organizationId) throw new DomainError('PERMISSION_DENIED', ctx.t('errors:permissionDenied'), 'forOrg');
  return organizationId;
}

/** Reads a card's front (and back) and stores the photos as the organisation's files. */
export async function uploadBusinesscard(
  ctx: ServiceContext,
  input: { front: CardUpload; back?: CardUpload | null; forOrg?: string | null },
): Promise<{ frontFileId: string; backFileId: string | null; extraction: BusinessCardExtraction }> {
  const organizationId = assertForOrg(ctx, input.forOrg);
  const front = await bufferOf(ctx, input.front.stream, 'front');
  const back = input.back ? await bufferOf(ctx, input.back.stream, 'back') : null;
  if (!front.length) throw unreadable(ctx, 'front');
  const extraction = await read(ctx, 'front', () => readBusinessCard(back?.length ? [front, back] : [front], organizationId));
  const store = (buffer: Buffer, upload: CardUpload) =>
    uploadFile(ctx, { stream: Readable.from([buffer]), filename: upload.filename, declaredMimeType: upload.mimeType, forOrg: organizationId, purpose: 'IMAGE' });
  const frontFile = await store(front, input.front);
  const backFile = back?.length && input.back ? await store(back, input.back) : null;
  return { frontFileId: frontFile.id, backFileId: backFile?.id ?? null, extraction };
}

/** The id in a file's address (`/files/{id}`, with or without origin and query) or the id itself. */
export function fileIdOf(fileUrl: string): string | null {
  const match = /(?:^|\/files\/)([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:[/?#]|$)/i.exec(String(fileUrl ?? '').trim());
  return match ? match[1].toLowerCase() : null;
}

/** Reads a card photo already stored as a file of the organisation (by its address). */
export async function fetchBusinesscardData(ctx: ServiceContext, fileUrl: string): Promise<BusinessCardExtraction> {
  const organizationId = assertForOrg(ctx, null);
  const id = fileIdOf(fileUrl);
  const file = id ? await findFile(ctx, id) : null;
  if (!file || file.organization_id !== organizationId) throw new DomainError('NOT_FOUND', ctx.t('errors:notFound'), 'fileUrl');
  const stream = await openFile(ctx, file);
  if (!stream) throw new DomainError('NOT_FOUND', ctx.t('errors:notFound'), 'fileUrl');
  const buffer = await bufferOf(ctx, stream, 'fileUrl');
  return read(ctx, 'fileUrl', () => readBusinessCard([buffer], organizationId));
}

/**
 * A scanned QR code (its text, or a picture of it) as a contact; INCOMPATIBLE when it holds no vCard or MECARD. A
 * picture is decoded in the card reader's worker pool in the organisation's turn (issue 24).
 */
export async function contactFromQr(ctx: ServiceContext, input: { text: string } | { image: Buffer }): Promise<ContactQrResult> {
  const { organizationId } = requireLeadUser(ctx);
  if ('text' in input) return parseContactQr(String(input.text ?? '').slice(0, 8000));
  const text = await read(ctx, 'image', () => decodeQrImage(input.image, organizationId), 'qr');
  return text ? parseContactQr(text) : { kind: 'INCOMPATIBLE' };
}
