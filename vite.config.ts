import fs from 'node:fs';
import path from 'node:path';
import { vitePlugin as remix } from '@remix-run/dev';
import { defineConfig, type Plugin } from 'vite';
import { localesVersion } from './locales/version';
import { compileHints } from './scripts/compile-hints';

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

type ModuleInfoOf = (id: string) => { id: string; isEntry: boolean; importedIds: readonly string[]; importers: readonly string[]; dynamicImporters: readonly string[] } | null;

const ROOT_ENTRIES = /\/app\/(root|entry\.client)\.tsx$/;
/** The convention's visitor layout (every /convention/{slug}/... page loads it) and the routes below it. */
const CONVENTION_LAYOUT = /\/app\/routes\/convention\.\$conventionslug\.tsx$/;
const CONVENTION_ROUTE = /\/app\/routes\/convention\.\$conventionslug[._]/;

/**
 * Fewer script requests before a visitor page's first paint (issue 26, decision 020): Lighthouse's simulated phone
 * waits for every module preload on a 150 ms round trip, and the shell (entry + root) came in 12 scripts, the
 * convention layout in 15 more. A module that the root or the browser entry imports statically goes into one `shell`
 * chunk (every page loads it anyway); one that only the convention layout and the routes below it import (the layout
 * among them) goes into one `convention` chunk (every convention page loads the layout). So no page downloads a byte
 * more: only modules those pages load anyway are grouped. Entries (route modules, lazily imported widgets) keep their
 * own chunks; a module that a lazy chunk or a route outside the convention also imports stays where Rollup puts it.
 */
type Group = 'shell' | 'convention' | undefined;

/** The group of a module, memoised per build (Rollup asks for every module; the walks share their answers). */
function chunkGrouper(getModuleInfo: ModuleInfoOf) {
  const groups = new Map<string, Group>();
  const reachersOf = (id: string): string[] | null => {
    // the entries that reach this module by static imports: route modules, the browser entry, and lazily imported
    // modules (a dynamic import's target starts a chunk of its own, so it counts as an entry that is not a route)
    const entries = new Set<string>();
    const seen = new Set<string>([id]);
    const queue = [id];
    while (queue.length) {
      const current = getModuleInfo(queue.pop() as string);
      if (!current) return null;
      if (current.dynamicImporters.length > 0) entries.add(`lazy:${current.id}`);
      for (const importer of current.importers) {
        if (seen.has(importer)) continue;
        seen.add(importer);
        const importerInfo = getModuleInfo(importer);
        if (!importerInfo) return null;
        if (importerInfo.isEntry) entries.add(importer.split('?')[0]);
        else queue.push(importer);
      }
    }
    return [...entries];
  };
  const groupOf = (id: string, visiting: Set<string>): Group => {
    if (groups.has(id)) return groups.get(id);
    if (FRAMEWORK.test(id)) return undefined;
    const info = getModuleInfo(id);
    let group: Group;
    // virtual modules (Rollup's CommonJS helpers, Vite's preload helper) stay where Rollup puts them: the framework
    // chunk imports them too, and taking them into the shell made the two chunks import each other
    const reachers = info && !info.isEntry && !id.startsWith('\0') && !id.includes('node_modules/vite/') ? reachersOf(id) : null;
    if (!reachers || reachers.length === 0) group = undefined;
    // the root and the browser entry run on every page: whatever they import statically, every page loads anyway
    else if (reachers.some((entry) => ROOT_ENTRIES.test(entry))) group = 'shell';
    else if (reachers.some((entry) => CONVENTION_LAYOUT.test(entry)) && reachers.every((entry) => CONVENTION_ROUTE.test(entry))) {
      // Rollup pulls a grouped module's dependencies into its chunk unless they have a chunk of their own: a module
      // joins only when each of its imports is the framework's, the shell's or may join as well (else a page outside
      // the convention that imports that dependency would load the whole convention chunk)
      visiting.add(id);
      const depsFit = (info?.importedIds ?? []).every(
        (dep) => FRAMEWORK.test(dep) || visiting.has(dep) || groupOf(dep, visiting) !== undefined,
      );
      group = depsFit ? 'convention' : undefined;
    }
    groups.set(id, group);
    return group;
  };
  return (id: string): Group => groupOf(id, new Set());
}

/**
 * The shell's and the convention layout's modules are grouped (see chunkGrouper; decision 020, last sections: on a
 * quiet machine the same Lighthouse scores, 7 scripts fewer per visitor page, and the stand and content pages within
 * their JavaScript budgets, which the ungrouped build missed by 0.1 and 0.8 KiB). `GROUP_CHUNKS=0 npm run build`
 * splits as Rollup would, for comparison.
 */
const GROUP_CHUNKS = process.env.GROUP_CHUNKS !== '0';
let grouper: { getModuleInfo: ModuleInfoOf; groupOf: (id: string) => Group } | undefined;

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
    // BUILD_MINIFY=false: the app's own names in a profile (npm run profile:page); React's files come minified anyway
    minify: process.env.BUILD_MINIFY !== 'false',
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
        manualChunks(id: string, { getModuleInfo }) {
          if (FRAMEWORK.test(id)) return 'framework';
          if (!GROUP_CHUNKS) return undefined;
          // one grouper per build (the browser's and the server's builds each have their own module graph)
          if (grouper?.getModuleInfo !== getModuleInfo) grouper = { getModuleInfo, groupOf: chunkGrouper(getModuleInfo) };
          return grouper.groupOf(id);
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
    compileHints(['framework', 'shell']),
  ],
});
