// `npm run bench:visitor`: Lighthouse (mobile default profile, Debian Chromium) on the visitor pages of the demo
// convention. Builds the app (reuses BUILD_DIR with --no-build), serves it in production mode on a fresh embedded
// PGlite database with the demo data, and prints performance score, LCP, TBT, CLS and the gzipped JavaScript each
// page downloaded. Exits with 1 when a page misses a target (only reports with --no-fail).
//
//   npm run bench:visitor -- [--no-build] [--no-fail] [--runs 3] [--pages landing,stage] [--port 3197]
//                            [--json report.json] [--verbose] [--postgres]
//
// content is the demo's content page of text and a picture (/content/demo-hilfe, opened by its token link) with a
// JavaScript target of 130 KiB (issue 16). --postgres runs the app on a new PostgreSQL database (TEST_DATABASE_URL,
// DATABASE_URL or 127.0.0.1:5432, dropped afterwards) instead of the embedded PGlite one.
//
// --runs measures each page n times (default 3) and keeps the run with the median score; --verbose lists every script a
// page loaded.
//
// A benchmark, not a test: the numbers depend on the machine (Lighthouse simulates a mid-range phone on a slow
// 4G connection from what it measures). Run it on an otherwise idle machine. CHROME_PATH overrides
// /usr/bin/chromium. The deterministic part (bytes of JavaScript per visitor route) is scripts/js-budget.mjs,
// which `npm run test:e2e` runs after every build.
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import pg from 'pg';

const CONVENTION = 'digitale-fachmesse-2026';
const HALL = 'demo-halle-maschinenbau';
const STAGE = 'demo-hauptbuehne';
/** The first approved stand of the hall in app/server/seed/events-halls.ts, used when the hall page lists none. */
const FALLBACK_STAND = 'mueller-praezisionstechnik';
/** The demo showroom of app/server/seed/virtual-rooms.ts (DEMO_ROOM_SLUG). */
const ROOM = 'showroom-demo-messe';

/** Issue 26: Lighthouse mobile at least 95, LCP at most 1.8 s, TBT at most 150 ms, CLS at most 0.02; the JavaScript budget. */
export const TARGETS = { score: 95, lcpMs: 1800, tbtMs: 150, cls: 0.02, jsKib: 150 };
/** A content page of text and pictures (issue 16): at most 130 KiB of gzipped JavaScript. */
export const CONTENT_JS_KIB = 130;
const DEMO_ADMIN = { email: 'admin@demo.example', password: 'Messe-Demo-2026!' };
/** The demo's content page of text and a picture (app/server/seed/content-pages.ts DEMO_HELP_PAGE_SLUG). */
const TEXT_PAGE = 'demo-hilfe';
/**
 * The virtual room page (issues 17 and 26): a score of at least 90, at most 350 KiB of gzipped JavaScript with the
 * three.js viewer it loads after the poster, and a phone downloads no panorama wider than 2048 px.
 */
export const ROOM_TARGETS = { ...TARGETS, score: 90, jsKib: 350, panoramaPx: 2048 };
const targetsOf = (page) => (page === 'room' ? ROOM_TARGETS : TARGETS);

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(name);
  return index >= 0 && args[index + 1] ? args[index + 1] : fallback;
};
const buildDir = process.env.BUILD_DIR ?? 'build';
const port = Number(option('--port', process.env.BENCH_PORT ?? '3197'));
const runs = Math.max(1, Number(option('--runs', '3')));
const jsonFile = option('--json', null);
const noFail = args.includes('--no-fail');
const verbose = args.includes('--verbose');
const only = option('--pages', null)?.split(',');
const origin = `http://127.0.0.1:${port}`;

function build() {
  console.log(`Building into ${buildDir} ...`);
  const result = spawnSync('npm', ['run', 'build'], { stdio: ['ignore', 'ignore', 'inherit'], env: process.env });
  if (result.status !== 0) throw new Error('npm run build failed');
}

const serverUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function admin(sql) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** --postgres: a new PostgreSQL database next to `serverUrl`, dropped afterwards; else an embedded PGlite one. */
async function freshDatabase(dir) {
  if (!args.includes('--postgres')) return { env: { PGLITE_DIR: path.join(dir, 'db') }, drop: async () => {} };
  const name = `fp_bench_visitor_${process.pid}_${crypto.randomBytes(3).toString('hex')}`;
  await admin(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { env: { DATABASE_URL: url.toString() }, drop: () => admin(`drop database if exists "${name}" with (force)`).catch(() => {}) };
}

/** The built app in production mode on a fresh database (PGlite, or PostgreSQL with --postgres) with the demo data. */
async function startServer() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fp-bench-'));
  const database = await freshDatabase(dir);
  const env = { ...process.env };
  delete env.DATABASE_URL;
  Object.assign(env, database.env, {
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    UPLOAD_DIR: path.join(dir, 'uploads'),
    SEED_DEMO: 'always',
    LOG_REQUESTS: 'false',
  });
  const logFile = path.join(dir, 'server.log');
  const log = fs.openSync(logFile, 'w');
  const child = spawn(process.execPath, ['--enable-source-maps', path.join(buildDir, 'server.js')], {
    env,
    stdio: ['ignore', log, log],
  });
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    await database.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    const ok = await fetch(`${origin}/healthz`).then((r) => r.ok, () => false);
    if (ok) return { stop };
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const output = fs.readFileSync(logFile, 'utf8');
  await stop();
  throw new Error(`The app did not start on ${origin}:\n${output}`);
}

/** The stand page to measure: the first stand the hall page links to (only approved stands are listed). */
async function standPath(hallPath) {
  const html = await fetch(`${origin}${hallPath}`).then((r) => (r.ok ? r.text() : ''), () => '');
  const match = new RegExp(`href="(${hallPath}/stand/[^"/?#]+)"`).exec(html);
  return match ? match[1] : `${hallPath}/stand/${FALLBACK_STAND}`;
}

/**
 * The text-and-picture content page's link with its token (anyone may open a published page by it, as a QR code
 * leads there): read through GraphQL as the demo organisation's admin. Null when the demo has no such page.
 */
async function contentPagePath() {
  const call = async (query, variables, token) => {
    const response = await fetch(`${origin}/graphql/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `JWT ${token}` } : {}) },
      body: JSON.stringify({ query, variables }),
    });
    return (await response.json()).data;
  };
  const login = await call(`mutation($email: String!, $password: String!) { tokenCreate(email: $email, password: $password) { token } }`, DEMO_ADMIN);
  const token = login?.tokenCreate?.token;
  if (!token) return null;
  const found = await call(`query($slug: String!) { contentPage(slug: $slug) { tokenLink } }`, { slug: TEXT_PAGE }, token);
  const link = found?.contentPage?.tokenLink;
  if (!link) return null;
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

/**
 * Fetches a page's pictures in every width its srcset offers, as WebP: the scaled variants are made on their
 * first request and kept, so what Lighthouse measures is what every visitor after the first one gets.
 */
async function warmPictures(url) {
  const html = await fetch(url).then((r) => r.text(), () => '');
  const urls = new Set();
  for (const [, srcset] of html.matchAll(/srcset="([^"]+)"/gi)) {
    for (const candidate of (srcset ?? '').split(',')) urls.add(candidate.trim().split(/\s+/)[0].replace(/&amp;/g, '&'));
  }
  // the room's poster and panorama variants (in its src attributes and its loader data)
  for (const [picture] of html.matchAll(/\/files\/[0-9a-f-]{36}\?w=\d+/g)) urls.add(picture);
  for (const picture of urls) {
    if (picture) await fetch(new URL(picture, origin), { headers: { accept: 'image/webp,image/*' } }).then((r) => r.arrayBuffer(), () => null);
  }
}

const gzipCache = new Map();
async function gzippedKib(url) {
  if (!gzipCache.has(url)) {
    const body = Buffer.from(await (await fetch(url)).arrayBuffer());
    gzipCache.set(url, gzipSync(body, { level: 6 }).length / 1024);
  }
  return gzipCache.get(url);
}

async function measure(chrome, url) {
  const { lhr, artifacts } = await lighthouse(url, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
  });
  if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
  // BENCH_LHR_DIR=dir: keep each full Lighthouse report (what blocked the first paint, the LCP's phases)
  // and the page load's trace beside it (-trace.json, opens in the browser's performance panel: what a long task was)
  if (process.env.BENCH_LHR_DIR) {
    fs.mkdirSync(process.env.BENCH_LHR_DIR, { recursive: true });
    const base = path.join(process.env.BENCH_LHR_DIR, `${new URL(url).pathname.split('/').filter(Boolean).slice(-1)[0] ?? 'root'}-${Date.now()}`);
    fs.writeFileSync(`${base}.json`, JSON.stringify(lhr));
    const trace = artifacts?.Trace ?? artifacts?.traces?.defaultPass;
    if (trace) fs.writeFileSync(`${base}-trace.json`, JSON.stringify(trace));
  }
  const scripts = lhr.audits['resource-summary']?.details?.items?.find((i) => i.resourceType === 'script');
  const scriptFiles = [];
  for (const item of lhr.audits['network-requests']?.details?.items ?? []) {
    if (item.resourceType !== 'Script' || !/^https?:/.test(item.url)) continue;
    scriptFiles.push({ url: item.url.replace(origin, ''), gzipKib: await gzippedKib(item.url), transferKib: (item.transferSize ?? 0) / 1024 });
  }
  // the widest scaled picture the page fetched (`/files/{id}?w=N`); an original (no ?w) counts as unknown width
  const pictures = (lhr.audits['network-requests']?.details?.items ?? []).filter((item) => /\/files\/[0-9a-f-]{36}/.test(item.url) && item.resourceType === 'Image');
  const widths = pictures.map((item) => Number(new URL(item.url).searchParams.get('w')) || Infinity);
  return {
    panoramaPx: widths.length ? Math.max(...widths) : 0,
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    lcpMs: lhr.audits['largest-contentful-paint'].numericValue,
    tbtMs: lhr.audits['total-blocking-time'].numericValue,
    cls: lhr.audits['cumulative-layout-shift'].numericValue,
    // the scripts' bodies as the server sends them (gzip, level 6), without HTTP headers
    jsKib: scriptFiles.reduce((sum, f) => sum + f.gzipKib, 0),
    // what Lighthouse saw on the wire, response headers included (about 1 KiB per request here)
    jsTransferKib: (scripts?.transferSize ?? 0) / 1024,
    scriptRequests: scripts?.requestCount ?? 0,
    scriptFiles,
    lcpElement: lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? null,
  };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function missed(result, targets = TARGETS) {
  const misses = [];
  if (result.score < targets.score) misses.push('score');
  if (result.lcpMs > targets.lcpMs) misses.push('LCP');
  if (result.tbtMs > targets.tbtMs) misses.push('TBT');
  if (result.cls > targets.cls) misses.push('CLS');
  if (result.jsKib > targets.jsKib) misses.push('JS');
  if (targets.panoramaPx && result.panoramaPx > targets.panoramaPx) misses.push('panorama px');
  return misses;
}

function printTable(rows) {
  const header = ['page', 'score', 'LCP', 'TBT', 'CLS', 'JS gzip', 'scripts', 'on wire', 'a11y', 'missed'];
  const lines = rows.map((row) =>
    row.error
      ? [row.page, '-', '-', '-', '-', '-', '-', '-', '-', row.error]
      : [
          row.page,
          String(row.score),
          `${(row.lcpMs / 1000).toFixed(2)} s`,
          `${Math.round(row.tbtMs)} ms`,
          row.cls.toFixed(3),
          `${row.jsKib.toFixed(1)} KiB`,
          String(row.scriptRequests),
          `${row.jsTransferKib.toFixed(1)} KiB`,
          String(row.accessibility),
          row.missed.length ? row.missed.join(', ') : '-',
        ],
  );
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const format = (cells) => cells.map((c, i) => (i === 0 || i === cells.length - 1 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(`\n${format(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const line of lines) console.log(format(line));
  console.log(
    `\nTargets: score >= ${TARGETS.score}, LCP <= ${TARGETS.lcpMs / 1000} s, TBT <= ${TARGETS.tbtMs} ms, CLS <= ${TARGETS.cls}, JS <= ${TARGETS.jsKib} KiB gzipped` +
      ` (bodies of all scripts the page loaded; "on wire" adds HTTP headers). Accessibility is reported, not judged.` +
      `\nThe room: score >= ${ROOM_TARGETS.score}, JS <= ${ROOM_TARGETS.jsKib} KiB with its three.js viewer, the widest panorama a phone downloads <= ${ROOM_TARGETS.panoramaPx} px.`,
  );
  for (const row of rows.filter((r) => r.page === 'room' && !r.error)) {
    console.log(`Room: widest picture downloaded ${Number.isFinite(row.panoramaPx) ? `${row.panoramaPx} px` : 'an original (unscaled)'}`);
  }
}

async function main() {
  if (!args.includes('--no-build')) build();
  if (!fs.existsSync(path.join(buildDir, 'server.js'))) throw new Error(`No build in ${buildDir}: run without --no-build.`);
  console.log(`Starting the app on ${origin} (${args.includes('--postgres') ? 'PostgreSQL' : 'PGlite'}, demo data) ...`);
  const server = await startServer();
  let chrome;
  const rows = [];
  try {
    const landing = `/convention/${CONVENTION}`;
    const hall = `${landing}/hall/${HALL}`;
    const pages = [
      ['landing', landing],
      ['hall', hall],
      ['stand', await standPath(hall)],
      ['stage', `${landing}/stage/${STAGE}`],
      ['content', (await contentPagePath()) ?? `/content/${TEXT_PAGE}`],
      ['room', `/virtual-room/${ROOM}`],
    ].filter(([name]) => !only || only.includes(name));
    chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
    for (const [name, pagePath] of pages) {
      const url = `${origin}${pagePath}`;
      const status = await fetch(url, { redirect: 'manual' }).then((r) => r.status, () => 0);
      if (status !== 200) {
        console.log(`${name}: ${pagePath} answers ${status}, skipped`);
        rows.push({ page: name, path: pagePath, error: `HTTP ${status} (page missing?)` });
        continue;
      }
      await warmPictures(url);
      const results = [];
      let lastError = null;
      for (let run = 1; run <= runs; run += 1) {
        // Lighthouse sometimes loses the trace (NO_NAVSTART, NO_FCP): one retry per run
        for (let attempt = 1; attempt <= 2; attempt += 1) {
          process.stdout.write(`${name}: ${pagePath}${runs > 1 ? ` (run ${run}/${runs})` : ''}${attempt > 1 ? ' (retry)' : ''} ... `);
          try {
            const result = await measure(chrome, url);
            console.log(`score ${result.score}`);
            results.push(result);
            break;
          } catch (error) {
            lastError = error instanceof Error ? error.message : String(error);
            console.log(lastError);
          }
        }
      }
      if (results.length === 0) {
        rows.push({ page: name, path: pagePath, error: `Lighthouse failed: ${lastError}` });
        continue;
      }
      // the run with the median score stands for the page
      const chosen = results.find((r) => r.score === median(results.map((x) => x.score)));
      rows.push({ page: name, path: pagePath, ...chosen, runs: results, missed: missed(chosen, targetsOf(name)) });
    }
  } finally {
    if (chrome) await chrome.kill();
    await server.stop();
  }
  // the content page of text and pictures has the lower JavaScript target
  for (const row of rows.filter((r) => r.page === 'content' && !r.error)) {
    if (row.jsKib > CONTENT_JS_KIB && !row.missed.includes('JS')) row.missed.push('JS');
  }
  printTable(rows);
  console.log(`The content page (text and a picture, /content/${TEXT_PAGE}): JS <= ${CONTENT_JS_KIB} KiB gzipped.`);
  for (const row of rows) if (row.lcpElement) console.log(`LCP element on ${row.page}: ${row.lcpElement}`);
  if (verbose) {
    for (const row of rows.filter((r) => r.scriptFiles)) {
      console.log(`\nScripts of ${row.page} (KiB gzipped / on the wire):`);
      for (const file of [...row.scriptFiles].sort((a, b) => b.gzipKib - a.gzipKib)) {
        console.log(`  ${file.gzipKib.toFixed(1).padStart(6)} ${file.transferKib.toFixed(1).padStart(6)}  ${file.url}`);
      }
    }
  }
  if (jsonFile) fs.writeFileSync(jsonFile, `${JSON.stringify({ targets: TARGETS, rows }, null, 2)}\n`);
  const failed = rows.filter((row) => row.error || row.missed.length);
  if (failed.length && !noFail) {
    console.error(`\nTargets missed on: ${failed.map((row) => row.page).join(', ')}`);
    process.exit(1);
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
