import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as upload from '~/routes/resources.upload';
import { addMember, createOrganization, createUser } from '../fixtures/factories';
import { createTestApp, type TestApp } from '../helpers/app';
import { callRoute } from '../helpers/routes';
import { pngClaiming, solidPng } from '../integration/files-fixtures';

/**
 * Issue 11, finding 5: decompression bombs. A picture's size is read from its header before anything decodes
 * it; pictures over the pixel limit of their kind are refused through both doors and nothing is stored; a
 * scaled copy is never the oversized original.
 */

const UPLOAD = /* GraphQL */ `
  mutation Upload($file: Upload!, $purpose: FilePurpose) {
    uploadFile(file: $file, purpose: $purpose) {
      file { id width height }
      error { code field message }
    }
  }
`;

const WEBP = 'image/avif,image/webp,image/*,*/*;q=0.8';

let t: TestApp;
let member: { id: string };
let org: { id: string };
let bomb: Buffer;
let huge: Buffer;

function storedFiles(): string[] {
  const root = path.resolve(t.app.env.UPLOAD_DIR);
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(root, f)).isFile()).sort();
}

async function fileRows(): Promise<number> {
  const row = await t.app.db('files').count({ n: '*' }).first();
  return Number(row?.n);
}

async function graphqlUpload(bytes: Buffer, name: string, lang = 'en') {
  const form = new FormData();
  form.append('operations', JSON.stringify({ query: UPLOAD, variables: { file: null, purpose: 'IMAGE' } }));
  form.append('map', JSON.stringify({ 0: ['variables.file'] }));
  form.append('0', new Blob([bytes]), name);
  const res = await fetch(`${t.url}/graphql/?lang=${lang}`, {
    method: 'POST',
    body: form,
    headers: { authorization: `JWT ${await t.accessToken(member.id)}` },
  });
  const body = (await res.json()) as {
    data: { uploadFile: { file: { id: string; width: number; height: number } | null; error: { code: string; field: string; message: string } | null } };
  };
  return body.data.uploadFile;
}

function pageUpload(bytes: Buffer, name: string) {
  return callRoute(t, upload.action, {
    url: '/resources/upload',
    userId: member.id,
    form: { purpose: 'IMAGE', redirectTo: '/stand', file: new File([bytes], name, { type: 'image/png' }) },
  });
}

beforeAll(async () => {
  t = await createTestApp();
  org = await createOrganization(t.app.db);
  member = await createUser(t.app.db);
  await addMember(t.app.db, org.id, member.id);
  bomb = pngClaiming(100_000, 100_000);
  huge = await solidPng(25_600, 14_400);
});

afterAll(async () => {
  await t.close();
  fs.rmSync(path.resolve(t.app.env.UPLOAD_DIR), { recursive: true, force: true });
});

describe('the regression cases', () => {
  it('are what the issue describes: tiny files that decode to gigabytes', async () => {
    expect(bomb.length).toBeLessThan(80);
    expect(huge.length).toBeLessThan(600 * 1024);
    expect(await sharp(huge, { limitInputPixels: false }).metadata()).toMatchObject({ format: 'png', width: 25_600, height: 14_400 });
  });
});

describe('uploading a picture over the pixel limit', () => {
  it.each([
    ['the 72-byte PNG claiming 100,000 × 100,000', () => bomb, 100_000, 100_000],
    ['a real 25,600 × 14,400 PNG', () => huge, 25_600, 14_400],
  ])('is refused through GraphQL with a clear message and leaves nothing behind: %s', async (_name, bytes, width, height) => {
    const before = { rows: await fileRows(), stored: storedFiles() };
    const result = await graphqlUpload(bytes(), 'poster.png');
    expect(result).toEqual({
      file: null,
      error: {
        code: 'FILE_TOO_LARGE',
        field: 'file',
        message: `The picture is too large: ${width} × ${height} pixels. Pictures may have at most 40 megapixels and 16384 pixels per side, panoramas (2:1) up to 16384 × 8192 pixels.`,
      },
    });
    expect(await fileRows()).toBe(before.rows);
    expect(storedFiles()).toEqual(before.stored);
  });

  it('says so in the viewer language', async () => {
    const result = await graphqlUpload(bomb, 'poster.png', 'de');
    expect(result.error?.message).toBe(
      'Das Bild ist zu groß: 100000 × 100000 Pixel. Bilder dürfen höchstens 40 Megapixel und 16384 Pixel pro Seite haben, Panoramen (2:1) bis zu 16384 × 8192 Pixel.',
    );
  });

  it.each([
    ['the 72-byte PNG claiming 100,000 × 100,000', () => bomb, 100_000, 100_000],
    ['a real 25,600 × 14,400 PNG', () => huge, 25_600, 14_400],
  ])('is refused by the upload form with that message as its toast, storing nothing: %s', async (_name, bytes, width, height) => {
    const before = { rows: await fileRows(), stored: storedFiles() };
    const res = await pageUpload(bytes(), 'poster.png');
    expect(res).toMatchObject({
      status: 302,
      location: '/stand',
      toast: { type: 'error', key: 'files:pictureTooLarge', values: { width, height, megapixels: 40, side: 16384 } },
    });
    expect(await fileRows()).toBe(before.rows);
    expect(storedFiles()).toEqual(before.stored);
  });

  it('allows panoramas (2:1) more pixels than other pictures, and no side over 16384 pixels', async () => {
    expect((await graphqlUpload(pngClaiming(8_534, 4_800), 'stand-41mp.png')).error?.code).toBe('FILE_TOO_LARGE');
    expect((await graphqlUpload(pngClaiming(16_500, 8_250), 'pano-too-wide.png')).error?.code).toBe('FILE_TOO_LARGE');
    expect((await graphqlUpload(pngClaiming(16_384, 1_000), 'banner.png')).error).toBeNull();

    const pano = await graphqlUpload(await solidPng(12_000, 6_000), 'pano-72mp.png');
    expect(pano).toMatchObject({ error: null, file: { width: 12_000, height: 6_000 } });
    const scaled = await fetch(`${t.url}/files/${pano.file!.id}?w=640`, { headers: { authorization: `JWT ${await t.accessToken(member.id)}`, accept: WEBP } });
    expect(scaled.status).toBe(200);
    expect(await sharp(Buffer.from(await scaled.arrayBuffer())).metadata()).toMatchObject({ format: 'webp', width: 640, height: 320 });
  });

  it('refuses a picture whose header does not read as the type its bytes start with', async () => {
    const before = storedFiles();
    // a PNG signature followed by picture data, but no IHDR header chunk that says how large the picture is
    const idat = Buffer.from([0, 0, 0, 10, 0x49, 0x44, 0x41, 0x54, ...Buffer.alloc(14)]);
    const broken = Buffer.concat([bomb.subarray(0, 8), idat, bomb.subarray(bomb.length - 12)]);
    const result = await graphqlUpload(broken, 'broken.png');
    expect(result).toMatchObject({ file: null, error: { code: 'INVALID', field: 'file', message: expect.stringContaining('could not be read') } });
    expect(storedFiles()).toEqual(before);
  });
});

describe('a picture stored before the limit existed', () => {
  async function storeDirectly(bytes: Buffer, width: number, height: number) {
    const key = `org/${org.id}/${crypto.randomUUID()}.png`;
    await t.app.storage.put(key, bytes, 'image/png');
    const [row] = await t.app
      .db('files')
      .insert({ organization_id: org.id, uploaded_by_id: member.id, storage_key: key, filename: 'old.png', mime_type: 'image/png', size: bytes.length, width, height, is_public: true })
      .returning('id');
    return row.id as string;
  }

  it('is handed out neither scaled nor as the original, not even as a public thumbnail', async () => {
    const id = await storeDirectly(huge, 25_600, 14_400);
    for (const query of ['?w=640', '?w=320', '']) {
      const res = await fetch(`${t.url}/files/${id}${query}`, { headers: { accept: WEBP } });
      expect(res.status, query).toBe(404);
      expect((await res.arrayBuffer()).byteLength, query).toBeLessThan(100);
    }
    expect(storedFiles().some((f) => f.includes(id))).toBe(false);
  });

  it('is not handed out as a scaled copy when its bytes claim more than its row says', async () => {
    const id = await storeDirectly(bomb, 1_600, 900);
    const res = await fetch(`${t.url}/files/${id}?w=640`, { headers: { accept: WEBP } });
    expect(res.status).toBe(404);
    expect(res.headers.get('etag')).toBeNull();
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(storedFiles().some((f) => f.includes(id))).toBe(false);
  });
});
