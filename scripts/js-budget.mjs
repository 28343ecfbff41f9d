// JavaScript budget of the visitor pages, checked on a production build (`npm run build`).
//
//   node scripts/js-budget.mjs [--build-dir <dir>] [--json]
//
// For every visitor route (route files starting with `convention.`, `prev.`, `exhibition.`, `stage.` or `old.`) it sums
// the gzipped JavaScript the browser loads up front: the client entry and the modules of the route and of every
// parent route up to root, with all their static imports (what Remix preloads). Remix's manifest script is not
// loaded (v3_lazyRouteDiscovery inlines the matched routes' part into the HTML). It fails (exit code 1) when
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
/**
 * Visitor routes with a lower budget of their own, by route id without `routes/`. A content page (issue 16): its
 * blocks other than text, picture, hero and divider load on demand, so a page of text and pictures stays within it.
 */
export const ROUTE_BUDGETS_KIB = { 'content.$slug': 130 };
const ownBudget = (routeId) => ROUTE_BUDGETS_KIB[routeId.replace(/^routes\//, '')];
export const VISITOR_ROUTE_PREFIXES = ['convention.', 'prev.', 'exhibition.', 'stage.', 'old.', 'content.', 'virtual-room.', 'standalone-room.', 'information-collection.'];

/**
 * Per-route budgets of the pages that show a virtual room (issue 17): what they load up front plus the three.js
 * viewer they import on demand after the poster (the lazy chunks that bundle three.js) must stay within
 * ROOM_BUDGET_KIB gzipped. The room's own pages have that budget instead of BUDGET_KIB; the convention landing
 * (a visitor's first page) keeps BUDGET_KIB up front as well and never loads three.js up front.
 * [label, test on a route id without `routes/`, keeps the visitor budget up front].
 */
export const ROOM_BUDGET_KIB = 350;
export const ROOM_ROUTES = [
  ['virtual room', (file) => /^(virtual-room|standalone-room)\.\$slug$/.test(file), false],
  ["stand's room", (file) => /^convention\.\$conventionslug\.hall\.\$hallslug\.stand\.\$standslug\.vr\.\$rpslug$/.test(file), false],
  ['convention in room mode', (file) => file === 'convention.$conventionslug._index', true],
];
const roomRoute = (routeId) => ROOM_ROUTES.find(([, test]) => test(routeId.replace(/^routes\//, '')));
export const isRoomRoute = (routeId) => ROOM_ROUTES.some(([, test]) => test(routeId.replace(/^routes\//, '')));

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

/**
 * The chunks (URLs) a page of `routeId` loads before it is interactive (`loaded`), and what it may import later
 * (`lazy`: one entry per dynamically imported chunk, with the chunks it adds).
 */
export function chunksForRoute(build, routeId) {
  const { manifest } = build;
  const chain = [];
  for (let id = routeId; id; id = manifest.routes[id]?.parentId) {
    if (!manifest.routes[id]) throw new Error(`Route ${id} is not in the manifest.`);
    chain.unshift(manifest.routes[id]);
  }
  const closure = (start, seen = new Set()) => {
    const visit = (url) => {
      if (seen.has(url)) return;
      seen.add(url);
      for (const next of build.chunk(url).imports) visit(next);
    };
    start.forEach(visit);
    return seen;
  };
  const roots = [manifest.entry.module, ...manifest.entry.imports];
  for (const route of chain) roots.push(route.module, ...(route.imports ?? []));
  const loaded = closure(roots);
  const targets = new Set([...loaded].flatMap((url) => build.chunk(url).dynamicImports).filter((url) => !loaded.has(url)));
  const lazy = [...targets].sort().map((url) => ({ url, adds: [...closure([url])].filter((u) => !loaded.has(u)) }));
  return { chain: chain.map((r) => r.id), loaded: [...loaded], lazy };
}

/** The room viewer's three.js part (app/components/virtual-rooms/room-viewer-3d.client.tsx). */
export const ROOM_VIEWER_SOURCE = /^app\/components\/virtual-rooms\/room-viewer-3d/;

/**
 * The chunks of the room's three.js viewer a page imports on demand, however deep (a lazy room component that
 * itself imports the 3D part lazily): every dynamically imported chunk (with its static imports) on a path to the
 * viewer's chunk, less what the page loads up front. Other lazy three.js code (a content page's CAD block on the
 * stand page) loads only when a visitor starts it and is not counted.
 */
export function viewerChunks(build, loaded) {
  const loadedSet = new Set(loaded);
  const staticClosure = (url, seen = new Set()) => {
    if (seen.has(url)) return seen;
    seen.add(url);
    for (const next of build.chunk(url).imports) staticClosure(next, seen);
    return seen;
  };
  const hasThree = (url) => (build.chunk(url).sources ?? []).some((source) => ROOM_VIEWER_SOURCE.test(source));
  const memo = new Map();
  const leadsToThree = (url) => {
    if (memo.has(url)) return memo.get(url);
    memo.set(url, false); // cycles
    const unit = [...staticClosure(url)];
    const result = unit.some(hasThree) || unit.flatMap((u) => build.chunk(u).dynamicImports).some(leadsToThree);
    memo.set(url, result);
    return result;
  };
  const counted = new Set();
  const queue = [...loadedSet].flatMap((url) => build.chunk(url).dynamicImports);
  const visited = new Set();
  while (queue.length) {
    const url = queue.shift();
    if (visited.has(url) || loadedSet.has(url)) continue;
    visited.add(url);
    if (!leadsToThree(url)) continue;
    for (const u of staticClosure(url)) {
      if (loadedSet.has(u)) continue;
      counted.add(u);
      queue.push(...build.chunk(u).dynamicImports);
    }
  }
  return [...counted];
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
  const warnings = [];
  if (!build.chunkSources) {
    // a build made before the chunk report existed (`--no-build` runs): sizes only
    warnings.push(`${buildDir}/client-chunks.json is missing (build older than vite.config.ts' chunk report): forbidden code not checked; rebuild to check it.`);
  }
  const targets = [
    { label: 'app shell (entry + root)', routeId: 'root' },
    ...Object.keys(build.manifest.routes)
      .filter(isVisitorRoute)
      .sort()
      .map((routeId) => ({ label: routeId.replace(/^routes\//, ''), routeId })),
  ];
  const rows = targets.map(({ label, routeId }) => {
    const { chain, loaded, lazy } = chunksForRoute(build, routeId);
    const gzip = loaded.reduce((sum, url) => sum + build.chunk(url).gzip, 0);
    const forbidden = loaded.flatMap((url) => forbiddenIn(build, url).map((what) => `${url}: ${what}`));
    const onDemand = lazy.map(({ url, adds }) => ({
      url,
      gzip: adds.reduce((sum, u) => sum + build.chunk(u).gzip, 0),
      forbidden: [...new Set(adds.flatMap((u) => forbiddenIn(build, u).map((what) => what.replace(/ \(.*$/, ''))))],
    }));
    const biggest = loaded
      .map((url) => build.chunk(url))
      .sort((a, b) => b.gzip - a.gzip)
      .slice(0, 5)
      .map((c) => ({ url: c.url, gzip: c.gzip }));
    // a room page: up front plus the three.js viewer it imports after the poster
    const room = roomRoute(routeId);
    const viewer = room ? viewerChunks(build, loaded) : [];
    const withLazy = gzip + viewer.reduce((sum, u) => sum + build.chunk(u).gzip, 0);
    const row = { label, routeId, chain, chunks: loaded.length, gzip, forbidden, biggest, onDemand, ...(room ? { withLazy } : {}) };
    if (room && withLazy > ROOM_BUDGET_KIB * 1024) {
      problems.push(`${label}: ${kib(withLazy)} KiB of gzipped JavaScript with its on-demand three.js viewer (room budget ${ROOM_BUDGET_KIB} KiB)`);
    }
    if (gzip > budgetKib * 1024 && (!room || room[2])) {
      problems.push(`${label}: ${kib(gzip)} KiB of gzipped JavaScript (budget ${budgetKib} KiB); biggest chunks: ${biggest.map((c) => `${c.url} ${kib(c.gzip)} KiB`).join(', ')}`);
    }
    const own = ownBudget(routeId);
    if (own !== undefined && gzip > own * 1024) {
      problems.push(`${label}: ${kib(gzip)} KiB of gzipped JavaScript (its own budget ${own} KiB); biggest chunks: ${biggest.map((c) => `${c.url} ${kib(c.gzip)} KiB`).join(', ')}`);
    }
    return row;
  });
  // forbidden code: one problem per chunk, naming the pages that load it
  const hits = new Map();
  for (const row of rows) {
    for (const hit of row.forbidden) hits.set(hit, [...(hits.get(hit) ?? []), row.label]);
  }
  for (const [hit, labels] of hits) {
    const shown = labels.slice(0, 3).join(', ') + (labels.length > 3 ? ` and ${labels.length - 3} more` : '');
    problems.push(`${hit}, loaded by ${shown}`);
  }
  return { buildDir, budgetKib, manifestUrl: build.manifestUrl, rows, problems, warnings };
}

export const kib = (bytes) => (bytes / 1024).toFixed(1);

function printReport(report) {
  const width = Math.max(...report.rows.map((r) => r.label.length), 10);
  console.log(`JavaScript budget (${report.buildDir}): at most ${report.budgetKib} KiB gzipped per visitor page`);
  console.log(`  ${'page'.padEnd(width)}  gzip KiB  chunks  forbidden code`);
  for (const row of report.rows) {
    const own = ownBudget(row.routeId);
    const over = (row.gzip > report.budgetKib * 1024 && (row.withLazy === undefined || roomRoute(row.routeId)?.[2])) || (own !== undefined && row.gzip > own * 1024) ? '!' : ' ';
    console.log(
      `  ${row.label.padEnd(width)}  ${kib(row.gzip).padStart(8)}${over} ${String(row.chunks).padStart(6)}  ${row.forbidden.length ? 'YES' : 'none'}${row.withLazy !== undefined ? `  (room: ${kib(row.withLazy)} KiB with the on-demand 3D viewer, budget ${ROOM_BUDGET_KIB})` : ''}${own !== undefined ? `  (own budget ${own} KiB)` : ''}`,
    );
  }
  // what pages import later (lazy components), once per chunk: not part of the budget, listed to keep an eye on
  const later = new Map();
  for (const row of report.rows) {
    for (const d of row.onDemand.filter((x) => x.gzip > 0)) {
      const seen = later.get(d.url) ?? { gzip: 0, forbidden: d.forbidden, pages: 0 };
      later.set(d.url, { ...seen, gzip: Math.max(seen.gzip, d.gzip), pages: seen.pages + 1 });
    }
  }
  if (later.size) console.log('  loaded on demand only (not counted; size with what it adds):');
  for (const [url, d] of later) {
    const what = d.forbidden.length ? ` [${d.forbidden.join(', ')}]` : '';
    console.log(`    ${path.posix.basename(url)} +${kib(d.gzip)} KiB${what}, importable from ${d.pages} of ${report.rows.length} pages`);
  }
  if (report.rows.length === 1) console.log('  (no visitor routes in this build yet: only the app shell was checked)');
  for (const warning of report.warnings) console.warn(`  warning: ${warning}`);
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
