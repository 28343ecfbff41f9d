import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '~/server/context.server';
import { DomainError } from '~/server/services/errors';
import { assertImageRatio, setFilePublic, uploadFile } from '~/server/services/files/files.server';
import { addMember, createOrganization, createUser } from '../fixtures/factories';
import { createTestApp, type TestApp } from '../helpers/app';
import { asciiStl, binaryStl, elf, gltf, pdf, png } from './files-fixtures';

const UPLOAD = /* GraphQL */ `
  mutation Upload($file: Upload!, $forOrg: ID, $purpose: FilePurpose) {
    uploadFile(file: $file, forOrg: $forOrg, purpose: $purpose) {
      file { id url filename mimeType size width height isPublic }
      error { code field message }
      errors { code field message }
    }
  }
`;

interface UploadResult {
  status: number;
  body: {
    data?: { uploadFile: { file: Record<string, unknown> | null; error: { code: string; field: string | null; message: string } | null } };
    errors?: { message: string; extensions?: { code?: string } }[];
  };
}

let t: TestApp;
let member: { id: string };
let outsider: { id: string };
let org: { id: string };
let otherOrg: { id: string };

function uploadRoot() {
  return path.resolve(t.app.env.UPLOAD_DIR);
}

function storedFiles(): string[] {
  const root = uploadRoot();
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(root, f)).isFile());
}

async function multipart(
  parts: { operations: unknown; map: unknown; files: Record<string, { body: Blob; name: string }> },
  headers: Record<string, string> = {},
  lang?: string,
): Promise<UploadResult> {
  const form = new FormData();
  form.append('operations', JSON.stringify(parts.operations));
  form.append('map', JSON.stringify(parts.map));
  for (const [field, file] of Object.entries(parts.files)) form.append(field, file.body, file.name);
  const res = await fetch(`${t.url}/graphql/${lang ? `?lang=${lang}` : ''}`, { method: 'POST', body: form, headers });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : {} };
}

function upload(
  bytes: Buffer | Blob,
  name: string,
  options: { headers?: Record<string, string>; forOrg?: string; purpose?: string; lang?: string } = {},
): Promise<UploadResult> {
  const body = bytes instanceof Blob ? bytes : new Blob([bytes]);
  return multipart(
    {
      operations: { query: UPLOAD, variables: { file: null, forOrg: options.forOrg ?? null, purpose: options.purpose ?? null } },
      map: { 0: ['variables.file'] },
      files: { 0: { body, name } },
    },
    options.headers,
    options.lang,
  );
}

async function jwt(userId: string) {
  return { authorization: `JWT ${await t.accessToken(userId)}` };
}

beforeAll(async () => {
  t = await createTestApp();
  org = await createOrganization(t.app.db);
  otherOrg = await createOrganization(t.app.db);
  member = await createUser(t.app.db);
  outsider = await createUser(t.app.db);
  await addMember(t.app.db, org.id, member.id);
  await addMember(t.app.db, otherOrg.id, outsider.id);
});

afterAll(async () => {
  await t.close();
  fs.rmSync(uploadRoot(), { recursive: true, force: true });
});

describe('uploadFile over the GraphQL multipart request spec', () => {
  it('stores a PNG with its measured size for the viewer organisation', async () => {
    const bytes = png(32, 18);
    const { status, body } = await upload(bytes, 'stand.png', { headers: await jwt(member.id) });
    expect(status).toBe(200);
    const result = body.data!.uploadFile;
    expect(result.error).toBeNull();
    expect(result.file).toMatchObject({ filename: 'stand.png', mimeType: 'image/png', size: bytes.length, width: 32, height: 18, isPublic: false });
    const row = await t.app.db('files').where({ id: result.file!.id }).first();
    expect(row).toMatchObject({ organization_id: org.id, uploaded_by_id: member.id, width: 32, height: 18, mime_type: 'image/png' });
    expect(fs.readFileSync(path.join(uploadRoot(), row.storage_key)).equals(bytes)).toBe(true);
    expect(result.file!.url).toBe(`/files/${row.id}`);
  });

  it.each([
    ['en', 'Uploaded file too large, max 20MB'],
    ['de', 'Hochgeladene Datei zu groß, max. 20 MB'],
  ])('rejects a file over 20 MB with FILE_TOO_LARGE (%s) and leaves no row and no file', async (lang, message) => {
    const rowsBefore = await t.app.db('files').count({ n: '*' }).first();
    const filesBefore = storedFiles();
    const big = new Blob([png(16, 9), new Uint8Array(20 * 1024 * 1024 + 10)]);
    const { status, body } = await upload(big, 'huge.png', { headers: await jwt(member.id), lang });
    expect(status).toBe(200);
    expect(body.data!.uploadFile).toMatchObject({ file: null, error: { code: 'FILE_TOO_LARGE', field: 'file', message } });
    expect(await t.app.db('files').count({ n: '*' }).first()).toEqual(rowsBefore);
    expect(storedFiles()).toEqual(filesBefore);
  });

  it('accepts a file of exactly 20 MB', async () => {
    const header = pdf;
    const exact = new Blob([header, new Uint8Array(20 * 1024 * 1024 - header.length)]);
    const { body } = await upload(exact, 'exact.pdf', { headers: await jwt(member.id) });
    expect(body.data!.uploadFile.error).toBeNull();
    expect(body.data!.uploadFile.file).toMatchObject({ size: 20 * 1024 * 1024, mimeType: 'application/pdf' });
  });

  it('takes the type from the bytes, not the name', async () => {
    const { body } = await upload(pdf, 'looks-like.png', { headers: await jwt(member.id) });
    expect(body.data!.uploadFile.file).toMatchObject({ mimeType: 'application/pdf', width: null, height: null });
  });

  it('rejects an executable with FILE_TYPE_NOT_ALLOWED and stores nothing', async () => {
    const filesBefore = storedFiles();
    const { body } = await upload(elf, 'setup.png', { headers: await jwt(member.id), lang: 'de' });
    expect(body.data!.uploadFile).toMatchObject({
      file: null,
      error: { code: 'FILE_TYPE_NOT_ALLOWED', message: 'Dieser Dateityp ist nicht erlaubt' },
    });
    expect(storedFiles()).toEqual(filesBefore);
  });

  it('narrows the allowed types by purpose', async () => {
    const { body } = await upload(pdf, 'doc.pdf', { headers: await jwt(member.id), purpose: 'IMAGE' });
    expect(body.data!.uploadFile.error?.code).toBe('FILE_TYPE_NOT_ALLOWED');
  });

  it('refuses an organisation the viewer does not belong to with PERMISSION_DENIED', async () => {
    const { body } = await upload(png(2, 2), 'a.png', { headers: await jwt(member.id), forOrg: otherOrg.id });
    expect(body.data!.uploadFile).toMatchObject({ file: null, error: { code: 'PERMISSION_DENIED', field: 'forOrg' } });
  });

  it('answers an anonymous upload with a top-level UNAUTHENTICATED error', async () => {
    const { body } = await upload(png(2, 2), 'a.png');
    expect(body.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('rejects a malformed map with 400', async () => {
    const base = { operations: { query: UPLOAD, variables: { file: null } }, files: { 0: { body: new Blob([png(2, 2)]), name: 'a.png' } } };
    const headers = await jwt(member.id);
    expect((await multipart({ ...base, map: '{not json' }, headers)).status).toBe(400);
    expect((await multipart({ ...base, map: { 0: ['variables.nope.deep'] } }, headers)).status).toBe(400);
    expect((await multipart({ ...base, map: { 0: 'variables.file' } }, headers)).status).toBe(400);
    expect((await multipart({ ...base, map: { 0: ['variables.file'], 1: ['variables.other'] } }, headers)).status).toBe(400);
  });

  it('does not accept a JSON value as an upload', async () => {
    const { body } = await t.graphql(UPLOAD, { file: { filename: 'x.png' } }, { headers: await jwt(member.id) });
    expect(body.errors?.length).toBeGreaterThan(0);
    expect(body.data).toBeUndefined();
  });

  it("needs the session's X-CSRF-Token for cookie-authenticated uploads", async () => {
    const headers = await t.sessionHeaders(member.id);
    const blocked = await upload(png(2, 2), 'a.png', { headers: { ...headers, origin: 'https://evil.example' } });
    expect(blocked.status).toBe(403);
    const sameOriginOnly = await upload(png(2, 2), 'a.png', { headers: { cookie: headers.cookie, origin: t.url } });
    expect(sameOriginOnly.status).toBe(403);
    const withToken = await upload(png(2, 2), 'a.png', { headers: { ...headers, origin: t.url } });
    expect(withToken.body.data!.uploadFile.error).toBeNull();
  });
});

describe('serving files', () => {
  let fileId: string;
  const bytes = png(20, 10);

  beforeAll(async () => {
    const { body } = await upload(bytes, 'Präsentation final.png', { headers: await jwt(member.id) });
    fileId = body.data!.uploadFile.file!.id as string;
  });

  it('gives members the bytes with type, length, nosniff, disposition, private caching and an ETag', async () => {
    const res = await fetch(`${t.url}/files/${fileId}`, { headers: await jwt(member.id) });
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-length')).toBe(String(bytes.length));
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-disposition')).toBe(
      `inline; filename="Pr_sentation final.png"; filename*=UTF-8''Pr%C3%A4sentation%20final.png`,
    );
    expect(res.headers.get('cache-control')).toMatch(/^private/);
    const etag = res.headers.get('etag')!;
    // fetch() marks conditional requests no-cache (Fetch spec), as a browser's reload would; a cache revalidates plainly.
    const status = await new Promise<number>((resolve, reject) => {
      jwt(member.id).then((auth) =>
        http.get(`${t.url}/files/${fileId}`, { headers: { ...auth, 'if-none-match': etag } }, (r) => {
          r.resume();
          resolve(r.statusCode ?? 0);
        }).on('error', reject),
      );
    });
    expect(status).toBe(304);
  });

  it('serves the session cookie holder and byte ranges', async () => {
    const res = await fetch(`${t.url}/files/${fileId}`, { headers: { cookie: await t.sessionCookie(member.id), range: 'bytes=0-7' } });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe(`bytes 0-7/${bytes.length}`);
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes.subarray(0, 8))).toBe(true);
  });

  it('answers 404 to non-members, anonymous visitors and unknown ids alike', async () => {
    expect((await fetch(`${t.url}/files/${fileId}`, { headers: await jwt(outsider.id) })).status).toBe(404);
    expect((await fetch(`${t.url}/files/${fileId}`)).status).toBe(404);
    expect((await fetch(`${t.url}/files/00000000-0000-4000-8000-000000000000`)).status).toBe(404);
    expect((await fetch(`${t.url}/files/not-a-uuid`)).status).toBe(404);
  });

  it('answers the file query with the same access check', async () => {
    const query = 'query ($id: ID!) { file(id: $id) { id mimeType width height } }';
    const own = await t.graphql(query, { id: fileId }, { headers: await jwt(member.id) });
    expect(own.body.data).toEqual({ file: { id: fileId, mimeType: 'image/png', width: 20, height: 10 } });
    const other = await t.graphql(query, { id: fileId }, { headers: await jwt(outsider.id) });
    expect(other.body.data).toEqual({ file: null });
  });

  it('serves a public file to anyone, with public caching', async () => {
    const ctx = await t.serviceContext(member.id);
    await setFilePublic(ctx, fileId, true);
    const res = await fetch(`${t.url}/files/${fileId}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toMatch(/^public/);
    await expect(setFilePublic(await t.serviceContext(outsider.id), fileId, false)).rejects.toMatchObject({ code: 'PERMISSION_DENIED' });
  });

  it('offers a PDF inline and a 3D model as a download', async () => {
    const headers = await jwt(member.id);
    const doc = (await upload(pdf, 'flyer.pdf', { headers })).body.data!.uploadFile.file!;
    const model = (await upload(gltf, 'chair.gltf', { headers })).body.data!.uploadFile.file!;
    expect((await fetch(`${t.url}${doc.url}`, { headers })).headers.get('content-disposition')).toMatch(/^inline/);
    const res = await fetch(`${t.url}${model.url}`, { headers });
    expect(res.headers.get('content-type')).toBe('model/gltf+json');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment/);
  });
});

describe('files service', () => {
  const stream = (bytes: Buffer) => Readable.from([bytes]);

  it('recognises 3D models by content: glTF JSON, ASCII and binary STL', async () => {
    const ctx = await t.serviceContext(member.id);
    const up = (bytes: Buffer, filename: string) => uploadFile(ctx, { stream: stream(bytes), filename, purpose: 'MODEL' });
    expect((await up(gltf, 'a.gltf')).mime_type).toBe('model/gltf+json');
    expect((await up(asciiStl, 'b.stl')).mime_type).toBe('model/stl');
    expect((await up(binaryStl(3), 'c.stl')).mime_type).toBe('model/stl');
    const broken = Buffer.concat([binaryStl(3), Buffer.alloc(7)]);
    await expect(up(broken, 'd.stl')).rejects.toMatchObject({ code: 'FILE_TYPE_NOT_ALLOWED' });
  });

  it('stops reading a too-large stream as soon as the limit is crossed', async () => {
    const ctx = await t.serviceContext(member.id, 'EN');
    let produced = 0;
    const chunk = Buffer.alloc(1024 * 1024);
    const endless = new Readable({
      read() {
        produced += chunk.length;
        this.push(produced === chunk.length ? Buffer.concat([pdf, chunk.subarray(pdf.length)]) : chunk);
      },
    });
    await expect(uploadFile(ctx, { stream: endless, filename: 'x.pdf' })).rejects.toMatchObject({
      code: 'FILE_TOO_LARGE',
      message: 'Uploaded file too large, max 20MB',
    });
    expect(produced).toBeLessThan(24 * 1024 * 1024);
    expect(endless.destroyed).toBe(true);
  });

  it('removes the stored object when the surrounding transaction rolls back', async () => {
    const ctx = await t.serviceContext(member.id);
    let key = '';
    await expect(
      inTransaction(ctx, async (trx) => {
        const file = await uploadFile(trx, { stream: stream(png(4, 4)), filename: 'a.png' });
        key = file.storage_key;
        expect(await t.app.storage.exists(key)).toBe(true);
        throw new Error('later step failed');
      }),
    ).rejects.toThrow('later step failed');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await t.app.storage.exists(key)).toBe(false);
  });

  it('keeps a personal file for a user without organisation, visible only to them', async () => {
    const loner = await createUser(t.app.db);
    const file = await uploadFile(await t.serviceContext(loner.id), { stream: stream(png(3, 3)), filename: 'me.png' });
    expect(file.organization_id).toBeNull();
    expect((await fetch(`${t.url}/files/${file.id}`, { headers: await jwt(loner.id) })).status).toBe(200);
    expect((await fetch(`${t.url}/files/${file.id}`, { headers: await jwt(member.id) })).status).toBe(404);
  });

  it('checks image ratios with a tolerance and names the expected ratio', async () => {
    const en = await t.serviceContext(null, 'EN');
    const de = await t.serviceContext(null, 'DE');
    expect(() => assertImageRatio(en, { width: 1920, height: 1080 }, '16:9', 0.01)).not.toThrow();
    expect(() => assertImageRatio(en, { width: 1366, height: 768 }, '16:9', 0.01)).not.toThrow();
    expect(() => assertImageRatio(en, { width: 4096, height: 2048 }, '2:1', 0.01)).not.toThrow();
    const error = (() => {
      try {
        assertImageRatio(de, { width: 1000, height: 1000 }, '16:9', 0.01);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ code: 'INVALID', message: 'Das Bild muss das Seitenverhältnis 16:9 haben; dieses hat 1000 × 1000 Pixel.' });
    expect(() => assertImageRatio(en, { width: 1920, height: 1080 }, '2:1', 0.01)).toThrow('aspect ratio of 2:1');
    expect(() => assertImageRatio(en, { width: null, height: null }, '2:1')).toThrow(DomainError);
  });
});
