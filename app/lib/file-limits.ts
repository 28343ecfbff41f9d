/** The spec's upload limit (001 point 9): "Uploaded file too large, max 20MB". Shared by server and browser. */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;

/** What an upload is for; each purpose narrows the allowed file types. */
export const FILE_PURPOSES = ['IMAGE', 'DOCUMENT', 'MEDIA', 'MODEL'] as const;
export type FilePurpose = (typeof FILE_PURPOSES)[number];

export function isFilePurpose(value: unknown): value is FilePurpose {
  return typeof value === 'string' && (FILE_PURPOSES as readonly string[]).includes(value);
}

/** `accept` attribute values for file inputs (a hint for the picker only; the server sniffs the bytes). */
export const ACCEPT_BY_PURPOSE: Record<FilePurpose | 'ANY', string> = {
  IMAGE: 'image/jpeg,image/png,image/webp,image/gif',
  DOCUMENT: 'application/pdf',
  MEDIA: 'audio/mpeg,audio/ogg,audio/wav,audio/mp4,audio/webm,video/mp4,video/webm,video/ogg',
  MODEL: '.glb,.gltf,.stl',
  ANY: 'image/jpeg,image/png,image/webp,image/gif,application/pdf,audio/*,video/mp4,video/webm,video/ogg,.glb,.gltf,.stl',
};

/**
 * Pixel limits of pictures, against decompression bombs: a PNG of a few hundred bytes can claim 100,000 ×
 * 100,000 pixels (40 GB once decoded), in our image scaler and in every visitor's browser. The size is read from
 * the file's header before anything decodes it, and a picture above the limit of its kind is refused at upload.
 * - Pictures (16:9 stand, stage and hall images, thumbnails, logos, avatars): 40 megapixels, more than 8K UHD
 *   (33 MP) and most cameras.
 * - Panoramas (2:1, spec 001 point 5): up to 16384 × 8192 (134 MP), the largest texture WebGL devices load.
 * No side may be longer than 16384 pixels.
 */
export const MAX_PICTURE_PIXELS = 40_000_000;
export const MAX_PANORAMA_PIXELS = 16_384 * 8_192;
export const MAX_PICTURE_SIDE = 16_384;

export interface PictureSize {
  width: number | null;
  height: number | null;
}

/** A panorama is 2:1, with the same 1 % tolerance as the ratio check of panorama views. */
const isPanoramaShape = (width: number, height: number) => Math.abs(width / height - 2) / 2 <= 0.01;

/** The most pixels a picture of this shape may have. */
export function pixelLimit({ width, height }: PictureSize): number {
  return width && height && isPanoramaShape(width, height) ? MAX_PANORAMA_PIXELS : MAX_PICTURE_PIXELS;
}

/** Whether a picture of this size may be stored and shown; an unknown size may not. */
export function withinPixelLimit(size: PictureSize): boolean {
  const { width, height } = size;
  if (!width || !height) return false;
  return width <= MAX_PICTURE_SIDE && height <= MAX_PICTURE_SIDE && width * height <= pixelLimit(size);
}
