import fs from 'node:fs';
import path from 'node:path';
import { vitePlugin as remix } from '@remix-run/dev';
import { defineConfig, type Plugin } from 'vite';
import { localesVersion } from './locales/version';

declare module '@remix-run/node' {
  interface Future {
    v3_singleFetch: true;
  }
}

const buildDirectory = process.env.BUILD_DIR ?? 'build';

/**
 * Writes <build>/client-chunks.json: for every browser chunk, the npm packages and app files bundled into it.
 * scripts/js-budget.mjs reads it to prove that visitor pages load no react-aria, three.js, sortablejs or builder
 * code. It lies outside build/client, so it is never served.
 */
function chunkReport(): Plugin {
  let ssr = false;
  let root = process.cwd();
  return {
    name: 'fairplatform:chunk-report',
    apply: 'build',
    configResolved(config) {
      ssr = Boolean(config.build.ssr);
      root = config.root;
    },
    generateBundle(_options, bundle) {
      if (ssr) return;
      const report: Record<string, string[]> = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const sources = new Set<string>();
        for (const [id, info] of Object.entries(chunk.modules)) {
          if (info.renderedLength === 0) continue; // tree-shaken away entirely
          const file = id.replace(/^\0/, '').split('?')[0];
          const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file);
          sources.add(pkg ? `npm:${pkg[1]}` : path.relative(root, file));
        }
        report[chunk.fileName] = [...sources].sort();
      }
      fs.mkdirSync(path.resolve(root, buildDirectory), { recursive: true });
      fs.writeFileSync(path.resolve(root, buildDirectory, 'client-chunks.json'), `${JSON.stringify(report, null, 1)}\n`);
    },
  };
}

/** The packages every page runs: one long-cached chunk (see build.rollupOptions). */
const FRAMEWORK = /node_modules\/(react|react-dom|scheduler|@remix-run\/[^/]+|react-router|react-router-dom|turbo-stream)\//;

const alias = {
  '~': path.resolve(__dirname, 'app'),
  '#graphql': path.resolve(__dirname, 'graphql'),
  '#db': path.resolve(__dirname, 'db'),
};

export default defineConfig({
  resolve: { alias },
  // the browser asks for /locales/{lng}/{ns}.json?v=<hash>, so a deploy with changed texts is never served stale
  define: { 'import.meta.env.VITE_LOCALES_VERSION': JSON.stringify(localesVersion(path.resolve(__dirname, 'locales'))) },
  server: { port: 3000 },
  build: {
    target: 'es2020',
    cssMinify: true,
    // React, React DOM, Remix and its router form one chunk every page loads. Before, Rollup's merging of small
    // chunks put them together with small app modules (the stage view, the content group viewer) that every page
    // then loaded too, content pages included (issue 16). Only chunks below 1 kB are merged: Rollup merges a small
    // chunk into a bigger one even when some pages then load code they never run, and at 5 kB that put up to 2 KiB
    // of other pages' modules (legal page, foyer points, dialogs) into each visitor page, content pages over their
    // 130 KiB. Remix preloads a page's chunks in parallel (modulepreload), so 20 to 35 small scripts cost no extra
    // round trips.
    rollupOptions: {
      output: {
        experimentalMinChunkSize: 1_000,
        manualChunks(id: string) {
          return FRAMEWORK.test(id) ? 'framework' : undefined;
        },
      },
    },
  },
  plugins: [
    remix({
      buildDirectory,
      ignoredRouteFiles: ['**/*.css', '**/*.test.*'],
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
      },
    }),
    chunkReport(),
  ],
});
