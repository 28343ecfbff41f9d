import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { CardReadError, prepareCardImage } from '~/server/services/leads/card/ocr.server';

/** A card-like picture: dark text bars on light ground (or the reverse), landscape. */
async function card({ dark = false, width = 1000 } = {}) {
  const h = Math.round(width * 0.6);
  const fg = dark ? '#eeeeee' : '#222222';
  const bg = dark ? '#1d2430' : '#f4f1ea';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${h}"><rect width="100%" height="100%" fill="${bg}"/><rect x="${width * 0.1}" y="${h * 0.2}" width="${width * 0.6}" height="${h * 0.08}" fill="${fg}"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

describe('prepareCardImage', () => {
  it('turns a photo upright by its EXIF orientation and scales a small one up', async () => {
    const upright = await card({ width: 600 });
    // the camera stored the pixels turned (portrait) and says so in EXIF orientation 6
    const stored = await sharp(upright).rotate(-90).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const storedMeta = await sharp(stored).metadata();
    expect(storedMeta.height).toBeGreaterThan(storedMeta.width!);
    const prepared = (await prepareCardImage(stored))!;
    const meta = await sharp(prepared).metadata();
    expect(meta.width).toBe(1600);
    expect(meta.width!).toBeGreaterThan(meta.height!);
    expect(meta.format).toBe('png');
  });

  it('turns light text on dark ground into dark on light, and keeps mid-size photos as they are', async () => {
    const prepared = (await prepareCardImage(await card({ dark: true, width: 1500 })))!;
    const stats = await sharp(prepared).stats();
    expect(stats.channels[0].mean).toBeGreaterThan(150);
    expect((await sharp(prepared).metadata()).width).toBe(1500);
  });

  it('scales a large phone photo down', async () => {
    const prepared = (await prepareCardImage(await card({ width: 2600 })))!;
    expect((await sharp(prepared).metadata()).width).toBe(2000);
  });

  it('finds nothing to read on a picture of one colour or one too small for a line of text', async () => {
    const plain = await sharp({ create: { width: 1200, height: 700, channels: 3, background: '#f4f1ea' } }).png().toBuffer();
    expect(await prepareCardImage(plain)).toBeNull();
    const pixel = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000000' } }).png().toBuffer();
    expect(await prepareCardImage(pixel)).toBeNull();
    const strip = await card({ width: 1000 }).then((b) => sharp(b).resize({ width: 1000, height: 20, fit: 'fill' }).png().toBuffer());
    expect(await prepareCardImage(strip)).toBeNull();
  });

  it('refuses bytes that are no picture', async () => {
    await expect(prepareCardImage(Buffer.from('hello'))).rejects.toBeInstanceOf(CardReadError);
  });
});
