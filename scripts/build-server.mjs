// Bundles the Express entry (server.ts) into build/server.js; npm packages stay external.
import { build } from 'esbuild';

await build({
  entryPoints: ['server.ts'],
  outfile: `${process.env.BUILD_DIR ?? 'build'}/server.js`,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  tsconfig: 'tsconfig.json',
  logLevel: 'warning',
  loader: { '.json': 'json' },
});
console.log(`Server bundle written to ${process.env.BUILD_DIR ?? 'build'}/server.js`);
