// Writes Brotli (.br, quality 11) and gzip (.gz, level 9) copies of the browser build's text files, once at build
// time: server.ts serves them with express-static-gzip to browsers that accept them, so production neither
// compresses the same bundle on every request nor settles for the quicker, larger on-the-fly gzip.
//
//   node scripts/precompress.mjs [<build dir>]   (default: $BUILD_DIR or build)
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const TEXT = /\.(js|mjs|css|svg|json|txt|html|xml|webmanifest)$/;
/** Below this, the compressed copy saves less than the headers cost. */
const MIN_BYTES = 1024;

const buildDir = process.argv[2] ?? process.env.BUILD_DIR ?? 'build';
const clientDir = path.join(buildDir, 'client');
if (!fs.existsSync(clientDir)) {
  console.error(`No browser build in ${clientDir}: run \`remix vite:build\` first.`);
  process.exit(1);
}

let files = 0;
let before = 0;
let after = 0;
for (const entry of fs.readdirSync(clientDir, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !TEXT.test(entry.name)) continue;
  const file = path.join(entry.parentPath ?? entry.path, entry.name);
  const bytes = fs.readFileSync(file);
  if (bytes.length < MIN_BYTES) continue;
  const br = zlib.brotliCompressSync(bytes, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
  fs.writeFileSync(`${file}.br`, br);
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(bytes, { level: 9 }));
  files += 1;
  before += bytes.length;
  after += br.length;
}
console.log(`Precompressed ${files} files in ${clientDir}: ${(before / 1024).toFixed(0)} KiB, ${(after / 1024).toFixed(0)} KiB as Brotli`);
