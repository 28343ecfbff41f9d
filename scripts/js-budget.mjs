// JavaScript budget of the visitor pages, checked on a production build (`npm run build`).
//
//   node scripts/js-budget.mjs [--build-dir <dir>] [--json]
//
// For every visitor route (route files starting with `convention.`, `prev.`, `exhibition.` or `stage.`) it sums
// the gzipped JavaScript the browser loads up front: Remix's manifest script, the client entry, and the modules
// of the route and of every parent route up to root, with all their static imports. It fails (exit code 1) when
// a route loads more than BUDGET_KIB or when one of those chunks bundles react-aria, three.js, sortablejs or
// builder code. The bundled packages per chunk come from <build>/client-chunks.json, written by the
// `fairplatform:chunk-report` plugin in vite.config.ts. The app shell alone (entry + root) is always checked, so
// the check means something before the first visitor route exists. Chunks a page may import later (lazy
// components) are listed for information only.
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

export const BUDGET_KIB = 150;
export const VISITOR_ROUTE_PREFIXES = ['convention.', 'prev.', 'exhibition.', 'stage.'];

/** Code visitor pages must never load: [label, test on a client-chunks.json source]. */
export const FORBIDDEN = [
  ['react-aria', (s) => /^npm:(react-aria|react-aria-components|react-stately|@react-aria\/.+|@react-stately\/.+)$/.test(s)],
  ['three.js', (s) => /^npm:(three|@react-three\/.+|three-stdlib)$/.test(s)],
  ['sortablejs', (s) => s === 'npm:sortablejs'],
  ['builder code', (s) => /^app\/(components\/builder\/|routes\/_console\.[^/]*builder)/.test(s)],
];

const STATIC_IMPORT = /(?:^|[;}\s])(?:import|export)\s*(?:[\w$\s{},*]*?\bfrom\s*)?["'](\.\.?\/[^"']+\.js)["']/g;
const DYNAMIC_IMPORT = /\bimport\(\s*["'](\.\.?\/[^"']+\.js)["']\s*\)/g;

export function isVisitorRoute(routeId) {
  const file = routeId.replace(/^routes\//, '');
  return VISITOR_ROUTE_PREFIXES.some((prefix) => file.startsWith(prefix));
}

/** Reads a production build: Remix's browser manifest, the chunk contents and their gzipped sizes. */
export function readBuild(buildDir) {
  const clientDir = path.join(buildDir, 'client');
  const assetsDir = path.join(clientDir, 'assets');
  if (!fs.existsSync(assetsDir)) throw new Error(`No client build in ${buildDir}: run \`npm run build\` first.`);
  const manifests = fs
    .readdirSync(assetsDir)
    .filter((f) => /^manifest-[\w-]+\.js$/.test(f))
    .map((f) => ({ f, mtime: fs.statSync(path.join(assetsDir, f)).mtimeMs }))
    .sort((a, b) => b.mtime - a.mtime);
  if (manifests.length === 0) throw new Error(`No Remix manifest in ${assetsDir}.`);
  const manifestUrl = `/assets/${manifests[0].f}`;
  const manifestSource = fs.readFileSync(path.join(assetsDir, manifests[0].f), 'utf8');
  const manifest = JSON.parse(manifestSource.replace(/^window\.__remixManifest\s*=\s*/, '').replace(/;\s*$/, ''));
  const chunksFile = path.join(buildDir, 'client-chunks.json');
  const chunkSources = fs.existsSync(chunksFile) ? JSON.parse(fs.readFileSync(chunksFile, 'utf8')) : null;

  const cache = new Map();
  /** One chunk by URL (/assets/x.js): gzipped size, static and dynamic imports, bundled sources. */
  function chunk(url) {
    if (cache.has(url)) return cache.get(url);
    const file = path.join(clientDir, url);
    const code = fs.readFileSync(file);
    const text = code.toString('utf8');
    const resolve = (spec) => `/${path.posix.join(path.posix.dirname(url.slice(1)), spec)}`;
    const info = {
      url,
      bytes: code.length,
      gzip: gzipSync(code, { level: 6 }).length,
      imports: [...text.matchAll(STATIC_IMPORT)].map((m) => resolve(m[1])),
      dynamicImports: [...text.matchAll(DYNAMIC_IMPORT)].map((m) => resolve(m[1])),
      sources: chunkSources?.[url.replace(/^\//, '')] ?? null,
    };
    cache.set(url, info);
    return info;
  }
  return { buildDir, manifest, manifestUrl, chunkSources, chunk };
}

/** The chunks (URLs) a page of `routeId` loads before it is interactive, and those it may import later. */
export function chunksForRoute(build, routeId) {
  const { manifest } = build;
  const chain = [];
  for (let id = routeId; id; id = manifest.routes[id]?.parentId) {
    if (!manifest.routes[id]) throw new Error(`Route ${id} is not in the manifest.`);
    chain.unshift(manifest.routes[id]);
  }
  const roots = [manifest.entry.module, ...manifest.entry.imports];
  for (const route of chain) roots.push(route.module, ...(route.imports ?? []));
  const loaded = new Set();
  const visit = (url) => {
    if (loaded.has(url)) return;
    loaded.add(url);
    for (const next of build.chunk(url).imports) visit(next);
  };
  roots.forEach(visit);
  const lazy = new Set();
  const visitLazy = (url) => {
    if (loaded.has(url) || lazy.has(url)) return;
    lazy.add(url);
    for (const next of build.chunk(url).imports) visitLazy(next);
  };
  for (const url of loaded) for (const next of build.chunk(url).dynamicImports) visitLazy(next);
  return { chain: chain.map((r) => r.id), loaded: [...loaded], lazy: [...lazy] };
}

/** What of FORBIDDEN a chunk bundles: ["react-aria (npm:react-aria-components)", ...]. */
export function forbiddenIn(build, url) {
  const sources = build.chunk(url).sources ?? [];
  const found = [];
  for (const [label, test] of FORBIDDEN) {
    const hits = sources.filter(test);
    if (hits.length) found.push(`${label} (${hits.slice(0, 3).join(', ')}${hits.length > 3 ? ', ...' : ''})`);
  }
  return found;
}

/** Budget report for the app shell and every visitor route of a build. */
export function checkBudget(buildDir, { budgetKib = BUDGET_KIB } = {}) {
  const build = readBuild(buildDir);
  const problems = [];
  if (!build.chunkSources) {
    problems.push(`${buildDir}/client-chunks.json is missing: rebuild with the current vite.config.ts.`);
  }
  const manifestGzip = gzipSync(fs.readFileSync(path.join(buildDir, 'client', build.manifestUrl))).length;
  const targets = [
    { label: 'app shell (entry + root)', routeId: 'root' },
    ...Object.keys(build.manifest.routes)
      .filter(isVisitorRoute)
      .sort()
      .map((routeId) => ({ label: routeId.replace(/^routes\//, ''), routeId })),
  ];
  const rows = targets.map(({ label, routeId }) => {
    const { chain, loaded, lazy } = chunksForRoute(build, routeId);
    const gzip = manifestGzip + loaded.reduce((sum, url) => sum + build.chunk(url).gzip, 0);
    const forbidden = loaded.flatMap((url) => forbiddenIn(build, url).map((what) => `${url}: ${what}`));
    const lazyForbidden = lazy.flatMap((url) => forbiddenIn(build, url).map((what) => `${url}: ${what}`));
    const lazyGzip = lazy.reduce((sum, url) => sum + build.chunk(url).gzip, 0);
    const biggest = loaded
      .map((url) => build.chunk(url))
      .sort((a, b) => b.gzip - a.gzip)
      .slice(0, 5)
      .map((c) => ({ url: c.url, gzip: c.gzip }));
    const row = { label, routeId, chain, chunks: loaded.length, gzip, lazyGzip, forbidden, lazyForbidden, biggest };
    if (gzip > budgetKib * 1024) {
      problems.push(`${label}: ${kib(gzip)} KiB of gzipped JavaScript (budget ${budgetKib} KiB); biggest chunks: ${biggest.map((c) => `${c.url} ${kib(c.gzip)} KiB`).join(', ')}`);
    }
    for (const hit of forbidden) problems.push(`${label} loads ${hit}`);
    return row;
  });
  return { buildDir, budgetKib, manifestUrl: build.manifestUrl, rows, problems };
}

export const kib = (bytes) => (bytes / 1024).toFixed(1);

function printReport(report) {
  const width = Math.max(...report.rows.map((r) => r.label.length), 10);
  console.log(`JavaScript budget (${report.buildDir}): at most ${report.budgetKib} KiB gzipped per visitor page`);
  console.log(`  ${'page'.padEnd(width)}  gzip KiB  chunks  lazy KiB  forbidden`);
  for (const row of report.rows) {
    const over = row.gzip > report.budgetKib * 1024;
    console.log(
      `  ${row.label.padEnd(width)}  ${kib(row.gzip).padStart(8)}${over ? '!' : ' '} ${String(row.chunks).padStart(6)}  ${kib(row.lazyGzip).padStart(8)}  ${row.forbidden.length ? 'YES' : 'none'}`,
    );
    for (const hit of row.lazyForbidden) console.log(`      (loaded on demand only) ${hit}`);
  }
  if (report.rows.length === 1) console.log('  (no visitor routes in this build yet: only the app shell was checked)');
  if (report.problems.length) {
    console.error(`\nJavaScript budget exceeded:\n${report.problems.map((p) => `  - ${p}`).join('\n')}`);
  } else {
    console.log('JavaScript budget: ok');
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const args = process.argv.slice(2);
  const dirFlag = args.indexOf('--build-dir');
  const buildDir = dirFlag >= 0 ? args[dirFlag + 1] : (process.env.BUILD_DIR ?? 'build');
  try {
    const report = checkBudget(buildDir);
    if (args.includes('--json')) console.log(JSON.stringify(report, null, 2));
    else printReport(report);
    process.exit(report.problems.length ? 1 : 0);
  } catch (error) {
    console.error(`JavaScript budget: ${error.message}`);
    process.exit(1);
  }
}
