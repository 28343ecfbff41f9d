import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import sharp from 'sharp';
import { IMAGE_WIDTHS } from '~/lib/images';
import type { ServiceContext } from '../../context.server';
import type { UploadedFile } from '#db/models/index';
import { pixelLimit, withinPixelLimit } from '~/lib/file-limits';

/** Photos and drawings that can be made smaller; SVG scales by itself, GIFs may be animated. */
const RESIZABLE = new Set(['image/jpeg', 'image/png', 'image/webp']);

/**
 * Whether the file may be handed out at all: a picture over the pixel limit of its kind (stored before uploads
 * checked it) is neither served nor scaled, so no browser and not our scaler decodes it. Other files may.
 */
export function isServable(file: Pick<UploadedFile, 'mime_type' | 'width' | 'height'>): boolean {
  return !file.mime_type.startsWith('image/') || withinPixelLimit(file);
}

export type VariantFormat = 'webp' | 'jpeg' | 'png';

export interface ImageVariant {
  width: number;
  format: VariantFormat;
  mimeType: string;
  bytes: Buffer;
}

/**
 * The width to serve for a requested `?w=`: the next allowed width at or above it (so arbitrary widths cannot
 * fill the storage with variants), or null when the original is to be served (no number, not an image we
 * resize, or the original is not wider).
 */
export function variantWidth(file: Pick<UploadedFile, 'mime_type' | 'width' | 'height'>, requested: unknown): number | null {
  if (typeof requested !== 'string' || !/^\d{1,5}$/.test(requested)) return null;
  if (!RESIZABLE.has(file.mime_type)) return null;
  const wanted = Number(requested);
  const width = IMAGE_WIDTHS.find((w) => w >= wanted) ?? IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1];
  if (file.width !== null && width >= file.width) return null;
  return width;
}

/** WebP for browsers that take it (all current ones), otherwise the original's own format. */
export function variantFormat(file: Pick<UploadedFile, 'mime_type'>, accept: string | undefined): VariantFormat {
  if (accept && /\bimage\/webp\b/.test(accept)) return 'webp';
  return file.mime_type === 'image/png' ? 'png' : 'jpeg';
}

const MIME: Record<VariantFormat, string> = { webp: 'image/webp', jpeg: 'image/jpeg', png: 'image/png' };

/** Variants being made right now, so simultaneous first requests share one resize. */
const pending = new Map<string, Promise<Buffer | null>>();

async function render(original: Readable, file: UploadedFile, width: number, format: VariantFormat): Promise<Buffer> {
  const input = await buffer(original);
  // The upload measured the header; libvips reads it again (without decoding), and a size it sees differently
  // must be within the limit too. limitInputPixels makes sharp itself refuse to decode more.
  const image = sharp(input, { failOn: 'error', limitInputPixels: pixelLimit(file) });
  const header = await image.metadata();
  if (!withinPixelLimit(header.autoOrient)) throw new Error('picture over the pixel limit');
  // rotate() applies the EXIF orientation; the output carries no metadata (no camera data, no GPS position).
  image.rotate().resize({ width, withoutEnlargement: true });
  if (format === 'webp') return image.webp({ quality: 75, effort: 4 }).toBuffer();
  if (format === 'png') return image.png({ compressionLevel: 9, palette: true }).toBuffer();
  return image.jpeg({ quality: 75, mozjpeg: true }).toBuffer();
}

/**
 * The image at `width` in `format`, made once from the original and kept in the storage next to the uploads
 * (files never change, so neither do their variants). Null when the original is gone, cannot be decoded or is
 * over the pixel limit. The caller has checked that the viewer may see the file.
 */
export async function imageVariant(ctx: ServiceContext, file: UploadedFile, width: number, format: VariantFormat): Promise<ImageVariant | null> {
  if (!isServable(file)) return null;
  const { storage } = ctx.app;
  const key = `variants/${file.id}/${width}.${format}`;
  const stored = await storage.get(key);
  if (stored) return { width, format, mimeType: MIME[format], bytes: await buffer(stored) };

  let job = pending.get(key);
  if (!job) {
    job = (async () => {
      const original = await storage.get(file.storage_key);
      if (!original) return null;
      const bytes = await render(original, file, width, format).catch(() => null);
      if (bytes) await storage.put(key, bytes, MIME[format]);
      return bytes;
    })().finally(() => pending.delete(key));
    pending.set(key, job);
  }
  const bytes = await job;
  return bytes ? { width, format, mimeType: MIME[format], bytes } : null;
}
