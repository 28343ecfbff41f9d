/**
 * A QR code in a picture -> its text (issue 18): sharp decodes the picture (EXIF rotation applied, scaled to at
 * most 1200 px across so a phone photo stays quick), jsqr finds and reads the code in the RGBA pixels. A photo
 * where the first pass finds nothing is tried once more with stretched contrast. null when there is no code.
 */
import jsQR from 'jsqr';
import sharp from 'sharp';
import { CardReadError } from './ocr.server';

const MAX_INPUT_PIXELS = 40_000_000;

async function rgba(image: Buffer, enhance: boolean): Promise<{ data: Uint8ClampedArray; width: number; height: number }> {
  let img = sharp(image, { limitInputPixels: MAX_INPUT_PIXELS }).rotate();
  if (enhance) img = img.normalise({ lower: 2, upper: 98 });
  img = img.resize({ width: 1200, height: 1200, fit: 'inside', withoutEnlargement: true }).ensureAlpha();
  const { data, info } = await img.raw().toBuffer({ resolveWithObject: true });
  if (info.channels !== 4) throw new Error(`expected RGBA, got ${info.channels} channels`);
  return { data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), width: info.width, height: info.height };
}

export async function decodeQrImage(image: Buffer): Promise<string | null> {
  for (const enhance of [false, true]) {
    let px: Awaited<ReturnType<typeof rgba>>;
    try {
      px = await rgba(image, enhance);
    } catch (err) {
      throw new CardReadError('UNREADABLE_IMAGE', `Not a readable picture: ${err instanceof Error ? err.message : String(err)}`);
    }
    const code = jsQR(px.data, px.width, px.height, { inversionAttempts: 'attemptBoth' });
    if (code && code.data) return code.data;
  }
  return null;
}
