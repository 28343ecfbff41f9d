// Bundles GraphiQL (graphql/graphiql/entry.tsx) into ${BUILD_DIR:-build}/graphiql/ with a manifest.json naming
// the hashed files. The server serves them at /graphql/assets/; in development it calls buildGraphiQL itself.
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

/** @param {{ rootDir: string, outDir: string, minify?: boolean }} options */
export async function buildGraphiQL({ rootDir, outDir, minify = true }) {
  await fs.mkdir(outDir, { recursive: true });
  const result = await build({
    absWorkingDir: rootDir,
    entryPoints: [path.join(rootDir, 'graphql', 'graphiql', 'entry.tsx')],
    outdir: outDir,
    entryNames: 'graphiql-[hash]',
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2020',
    jsx: 'automatic',
    minify,
    sourcemap: false,
    legalComments: 'linked',
    metafile: true,
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'warning',
  });
  const outputs = Object.keys(result.metafile.outputs).map((file) => path.basename(file));
  const manifest = {
    js: outputs.find((file) => file.endsWith('.js')),
    css: outputs.find((file) => file.endsWith('.css')),
  };
  if (!manifest.js || !manifest.css) throw new Error('GraphiQL bundle is incomplete');
  const temp = path.join(outDir, `manifest.${process.pid}.json`);
  await fs.writeFile(temp, JSON.stringify(manifest));
  await fs.rename(temp, path.join(outDir, 'manifest.json'));
  return manifest;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const outDir = path.resolve(rootDir, process.env.BUILD_DIR ?? 'build', 'graphiql');
  await buildGraphiQL({ rootDir, outDir });
  console.log(`GraphiQL bundle written to ${path.relative(rootDir, outDir)}`);
}
