import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageSrcSet } from '~/lib/images';
import { setFilePublic, uploadFile, type UploadedFile } from '~/server/services/files/files.server';
import { variantWidth } from '~/server/services/files/image-variants.server';
import { addMember, createOrganization, createUser } from '../fixtures/factories';
import { createTestApp, type TestApp } from '../helpers/app';
import { gltf, png } from './files-fixtures';

let t: TestApp;
let member: { id: string };
let outsider: { id: string };
let photo: UploadedFile;
let drawing: UploadedFile;

const WEBP = 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8';

/** A 1600x1200 JPEG photo taken "on its side" (EXIF orientation 6) with a GPS position in its metadata. */
async function cameraPhoto(): Promise<Buffer> {
  return sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 200, g: 60, b: 80 } } })
    .jpeg({ quality: 95 })
    .withExif({ IFD0: { Make: 'Demo Camera' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '52/1 31/1 0/1' } })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

async function upload(userId: string, bytes: Buffer, filename: string): Promise<UploadedFile> {
  return uploadFile(await t.serviceContext(userId), { stream: Readable.from(bytes), filename });
}

async function fetchImage(url: string, init: RequestInit = {}) {
  const res = await fetch(`${t.url}${url}`, init);
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

beforeAll(async () => {
  t = await createTestApp();
  const org = await createOrganization(t.app.db);
  const otherOrg = await createOrganization(t.app.db);
  member = await createUser(t.app.db);
  outsider = await createUser(t.app.db);
  await addMember(t.app.db, org.id, member.id);
  await addMember(t.app.db, otherOrg.id, outsider.id);
  photo = await upload(member.id, await cameraPhoto(), 'messestand.jpg');
  const transparent = await sharp({ create: { width: 1000, height: 500, channels: 4, background: { r: 0, g: 80, b: 160, alpha: 0.5 } } }).png().toBuffer();
  drawing = await upload(member.id, transparent, 'plan.png');
});

afterAll(async () => {
  await t.close();
  fs.rmSync(path.resolve(t.app.env.UPLOAD_DIR), { recursive: true, force: true });
});

describe('scaled images at /files/{id}?w=', () => {
  it('serves a WebP scaled to the next allowed width, upright and without the camera metadata', async () => {
    const headers = { authorization: `JWT ${await t.accessToken(member.id)}`, accept: WEBP };
    const { res, bytes } = await fetchImage(`/files/${photo.id}?w=600`, { headers });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('vary')).toMatch(/Accept/);
    expect(res.headers.get('content-length')).toBe(String(bytes.length));
    expect(res.headers.get('cache-control')).toMatch(/^private/);
    const meta = await sharp(bytes).metadata();
    // 600 becomes 640; the photo was on its side, so it is now portrait: 640 x 853
    expect(meta).toMatchObject({ format: 'webp', width: 640, height: 853 });
    expect(meta.exif).toBeUndefined();
    expect(bytes.length).toBeLessThan(photo.size);
  });

  it('keeps the variant: the second request reads it from the storage', async () => {
    const headers = { authorization: `JWT ${await t.accessToken(member.id)}`, accept: WEBP };
    const key = `variants/${photo.id}/960.webp`;
    expect(await t.app.storage.exists(key)).toBe(false);
    const [first, second] = await Promise.all([fetchImage(`/files/${photo.id}?w=960`, { headers }), fetchImage(`/files/${photo.id}?w=960`, { headers })]);
    expect(await t.app.storage.exists(key)).toBe(true);
    const third = await fetchImage(`/files/${photo.id}?w=900`, { headers });
    expect(first.bytes.equals(second.bytes)).toBe(true);
    expect(third.bytes.equals(first.bytes)).toBe(true);
    expect(third.res.headers.get('etag')).toBe(`"${photo.id}-960-webp"`);
    // a cache that holds the scaled copy revalidates it with its own ETag (fetch() would send no-cache)
    const status = await new Promise<number>((resolve, reject) => {
      http
        .get(`${t.url}/files/${photo.id}?w=960`, { headers: { ...headers, 'if-none-match': `"${photo.id}-960-webp"` } }, (r) => {
          r.resume();
          resolve(r.statusCode ?? 0);
        })
        .on('error', reject);
    });
    expect(status).toBe(304);
  });

  it('answers browsers without WebP in the original format (PNG keeps its transparency)', async () => {
    const headers = { authorization: `JWT ${await t.accessToken(member.id)}`, accept: 'image/png,image/*;q=0.8' };
    const jpeg = await fetchImage(`/files/${photo.id}?w=320`, { headers });
    expect(jpeg.res.headers.get('content-type')).toBe('image/jpeg');
    expect(await sharp(jpeg.bytes).metadata()).toMatchObject({ format: 'jpeg', width: 320 });
    const scaledPng = await fetchImage(`/files/${drawing.id}?w=320`, { headers });
    expect(scaledPng.res.headers.get('content-type')).toBe('image/png');
    expect(await sharp(scaledPng.bytes).metadata()).toMatchObject({ format: 'png', width: 320, height: 160, hasAlpha: true });
  });

  it('serves the original when it is not wider, for other file types and for a width that is no number', async () => {
    const headers = { authorization: `JWT ${await t.accessToken(member.id)}`, accept: WEBP };
    for (const query of ['?w=1280', '?w=99999', '?w=abc', '?w=-5', '?w[]=1']) {
      const { res, bytes } = await fetchImage(`/files/${drawing.id}${query}`, { headers });
      expect(res.status, query).toBe(200);
      expect(res.headers.get('content-type'), query).toBe('image/png');
      expect(bytes.length, query).toBe(drawing.size);
    }
    const model = await upload(member.id, gltf, 'chair.gltf');
    const { res } = await fetchImage(`/files/${model.id}?w=320`, { headers });
    expect(res.headers.get('content-type')).toBe('model/gltf+json');
    expect(variantWidth({ mime_type: 'image/svg+xml', width: 4000, height: 2000 }, '320')).toBeNull();
    expect(variantWidth({ mime_type: 'image/jpeg', width: null, height: null }, '5000')).toBe(2560);
  });

  it('checks access as for the original: outsiders and anonymous visitors get 404 until the file is public', async () => {
    expect((await fetchImage(`/files/${photo.id}?w=320`, { headers: { authorization: `JWT ${await t.accessToken(outsider.id)}` } })).res.status).toBe(404);
    expect((await fetchImage(`/files/${photo.id}?w=320`)).res.status).toBe(404);
    await setFilePublic(await t.serviceContext(member.id), photo.id, true);
    const { res } = await fetchImage(`/files/${photo.id}?w=320`, { headers: { accept: WEBP } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toMatch(/^public/);
  });

  it('answers 404 rather than the original when its bytes cannot be decoded', async () => {
    // the head of a JPEG (type and size readable) with the picture data cut off
    const whole = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#336699' } }).jpeg().toBuffer();
    const broken = await upload(member.id, whole.subarray(0, 700), 'kaputt.jpg');
    expect(broken).toMatchObject({ mime_type: 'image/jpeg', width: 1600 });
    const headers = { authorization: `JWT ${await t.accessToken(member.id)}`, accept: WEBP };
    const { res, bytes } = await fetchImage(`/files/${broken.id}?w=320`, { headers });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(bytes.length).toBeLessThan(100);
    expect(await t.app.storage.exists(`variants/${broken.id}/320.webp`)).toBe(false);
    // the original itself is still there for whoever asks for it
    expect((await fetchImage(`/files/${broken.id}`, { headers })).bytes.length).toBe(700);
  });
});

describe('a picture too large to scale', () => {
  it('is not stored at all: a 10000x7000 PNG (70 megapixels in a few KiB) is refused at upload', async () => {
    await expect(upload(member.id, png(10_000, 7_000), 'riesig.png')).rejects.toMatchObject({ code: 'FILE_TOO_LARGE', field: 'file' });
  });
});

describe('imageSrcSet', () => {
  const url = '/files/0b7e2f7e-8a1e-4c57-9d8c-2f3f6a1b9c10';
  it('lists the widths below the original and then the original', () => {
    expect(imageSrcSet(url, 1000)).toBe(`${url}?w=320 320w, ${url}?w=640 640w, ${url}?w=960 960w, ${url} 1000w`);
    expect(imageSrcSet(url, 300)).toBe(`${url} 300w`);
  });
  it('lists every width when the original width is unknown, and nothing for other addresses', () => {
    expect(imageSrcSet(url)?.split(', ')).toHaveLength(6);
    expect(imageSrcSet('https://i.ytimg.com/vi/x/mqdefault.jpg')).toBeUndefined();
    expect(imageSrcSet('/images/logo-fallback.svg')).toBeUndefined();
    expect(imageSrcSet(null)).toBeUndefined();
  });
});
