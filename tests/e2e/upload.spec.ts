import zlib from 'node:zlib';
import { expect, test } from './fixtures';

/** The smallest valid PNG: 1x1 grey, built from its chunks. */
function tinyPng(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const x of b) c = crcTable[(c ^ x) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const out = Buffer.alloc(8 + data.length + 4);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 0, 0, 0, 0]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(Buffer.from([0, 0x80]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

test.describe('upload form action (/resources/upload)', () => {
  test('a plain form post stores the file and redirects back with a toast', async ({ page, login }) => {
    await login({ language: 'EN' });
    const res = await page.request.post('/resources/upload', {
      multipart: { redirectTo: '/user-contact', file: { name: 'logo.png', mimeType: 'image/png', buffer: tinyPng() } },
      maxRedirects: 0,
    });
    expect(res.status()).toBe(302);
    expect(res.headers()['location']).toBe('/user-contact');
    expect(res.headers()['set-cookie']).toContain('toast=');
  });

  test('a fetch caller gets JSON and the member can load the file', async ({ page, login }) => {
    await login({ language: 'EN' });
    const res = await page.request.post('/resources/upload', {
      headers: { accept: 'application/json' },
      multipart: { file: { name: 'logo.png', mimeType: 'image/png', buffer: tinyPng() } },
    });
    expect(res.status()).toBe(200);
    const { file } = await res.json();
    expect(file).toMatchObject({ filename: 'logo.png', mimeType: 'image/png', width: 1, height: 1 });
    const served = await page.request.get(file.url);
    expect(served.status()).toBe(200);
    expect(served.headers()['content-type']).toBe('image/png');
    expect(Buffer.from(await served.body()).equals(tinyPng())).toBe(true);
  });

  test('errors come back translated: a file over 20 MB in German', async ({ page, login }) => {
    await login({ language: 'DE' });
    const big = Buffer.concat([tinyPng(), Buffer.alloc(20 * 1024 * 1024 + 1)]);
    const res = await page.request.post('/resources/upload', {
      headers: { accept: 'application/json' },
      multipart: { file: { name: 'big.png', mimeType: 'image/png', buffer: big } },
    });
    expect(res.status()).toBe(413);
    expect((await res.json()).error).toMatchObject({ code: 'FILE_TOO_LARGE', message: 'Hochgeladene Datei zu groß, max. 20 MB' });
  });

  test('an executable is refused, and anonymous visitors are sent to the login', async ({ page, login, playwright, baseURL }) => {
    await login({ language: 'EN' });
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0]), Buffer.alloc(300)]);
    const res = await page.request.post('/resources/upload', {
      headers: { accept: 'application/json' },
      multipart: { file: { name: 'setup.png', mimeType: 'image/png', buffer: elf } },
    });
    expect(res.status()).toBe(400);
    expect((await res.json()).error).toMatchObject({ code: 'FILE_TYPE_NOT_ALLOWED', message: 'This file type is not allowed' });

    const anonymous = await playwright.request.newContext({ baseURL });
    const denied = await anonymous.post('/resources/upload', {
      multipart: { file: { name: 'logo.png', mimeType: 'image/png', buffer: tinyPng() } },
      maxRedirects: 0,
    });
    expect(denied.status()).toBe(302);
    expect(denied.headers()['location']).toBe('/login?next=%2Fresources%2Fupload');
    await anonymous.dispose();
  });
});
