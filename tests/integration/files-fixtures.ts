import zlib from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid grey PNG of the given size. */
export function png(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  const raw = Buffer.alloc((width + 1) * height, 0x80);
  for (let y = 0; y < height; y += 1) raw[y * (width + 1)] = 0; // filter byte per row
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function greyHeader(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  return header;
}

/**
 * A valid one-colour grey PNG of any size, compressed row block by row block: 25,600 × 14,400 pixels (368 MB
 * decoded) come out at about 380 KB in a second (sharp takes ten times as long for it).
 */
export async function solidPng(width: number, height: number): Promise<Buffer> {
  const rows = Math.min(height, 64);
  const block = Buffer.alloc((width + 1) * rows, 0x80);
  for (let y = 0; y < rows; y += 1) block[y * (width + 1)] = 0; // filter byte per row
  const deflate = zlib.createDeflate({ level: 9 });
  const parts: Buffer[] = [];
  deflate.on('data', (part: Buffer) => parts.push(part));
  const done = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  for (let y = 0; y < height; y += rows) deflate.write(y + rows <= height ? block : block.subarray(0, (width + 1) * (height - y)));
  deflate.end();
  await done;
  return Buffer.concat([PNG_SIGNATURE, chunk('IHDR', greyHeader(width, height)), chunk('IDAT', Buffer.concat(parts)), chunk('IEND', Buffer.alloc(0))]);
}

/** A PNG of a few dozen bytes whose header claims `width` × `height` pixels (a decompression bomb's calling card). */
export function pngClaiming(width: number, height: number): Buffer {
  return Buffer.concat([PNG_SIGNATURE, chunk('IHDR', greyHeader(width, height)), chunk('IDAT', zlib.deflateSync(Buffer.from([0, 0x80]))), chunk('IEND', Buffer.alloc(0))]);
}

/** A minimal one-page PDF. */
export const pdf = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** The start of a 64-bit Linux executable. */
export const elf = Buffer.concat([
  Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]),
  Buffer.alloc(56, 0),
  Buffer.alloc(200, 0x90),
]);

export const gltf = Buffer.from(
  JSON.stringify({ asset: { version: '2.0', generator: 'test' }, scenes: [{ nodes: [] }], scene: 0 }),
);

/** A binary STL with `triangles` empty facets (80-byte header starting with "solid", as many exporters write). */
export function binaryStl(triangles: number): Buffer {
  const header = Buffer.alloc(80, 0x20);
  header.write('solid exported-by-cad');
  const count = Buffer.alloc(4);
  count.writeUInt32LE(triangles);
  return Buffer.concat([header, count, Buffer.alloc(50 * triangles, 0)]);
}

export const asciiStl = Buffer.from(
  'solid cube\n  facet normal 0 0 1\n    outer loop\n      vertex 0 0 0\n      vertex 1 0 0\n      vertex 0 1 0\n' +
    '    endloop\n  endfacet\nendsolid cube\n',
);
