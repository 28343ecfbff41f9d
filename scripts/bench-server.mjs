// `npm run bench:server`: requests per second and latency of the production server on the demo data (issue 13).
// Builds the app (reuses BUILD_DIR with --no-build), serves it in production mode on a fresh database with the demo
// data (a fresh database on the local PostgreSQL server when one answers, so the server runs one process per core;
// the embedded PGlite database with --db pglite), and loads it with autocannon from this process, 10 connections.
// One table, side by side in one run:
//
//   static   a ~27 KB script from build/client (the cheapest thing the server does, the yardstick)
//   hall     the hall page of the demo convention
//   landing  the demo convention's landing page
//   stand    the first stand of that hall
//   *-user   the same three pages for the demo's logged-in visitor (session cookie from the login form; issue 26)
//   graphql  the anonymous GraphQL query conventionBySlug as a visitor's client sends it
//   graphql-jwt  the same query with the visitor's JWT
//   bare     bare graphql-http (no Express, no database) answering the same query with the same answer from memory,
//            over the app's own schema, with as many processes as the app
//
// and the ratios the issues set as targets: every page row >= 10 % of static's requests per second with p99 under
// 150 ms, graphql and graphql-jwt >= 40 % of bare. Exits with 1 when one is missed (only reports with --no-fail).
//
//   npm run bench:server -- [--no-build] [--no-fail] [--db postgres|pglite] [--workers n] [--no-cache]
//                           [--duration 10] [--runs 1] [--connections 10] [--rows static,hall] [--port 3198]
//                           [--cpu-prof dir] [--json report.json]
//
// --runs n measures every row n times, the rows taking turns, and keeps each row's median: the machine's other work
// then weighs on all rows alike. --workers sets WEB_CONCURRENCY (default: one per core with PostgreSQL). --no-cache
// serves every anonymous request afresh (VISITOR_CACHE_SECONDS=0), to see what the visitor cache saves. --cpu-prof
// writes V8 CPU profiles of every server process into dir when it stops (open them in Chrome DevTools).
//
// A benchmark, not a test: absolute figures depend on the machine and what else runs on it (the load generator runs
// here too), so compare the ratios. The deterministic part, SQL statements per visitor page and GraphQL query, is
// counted by tests/integration/visitor-statements.test.ts.
import { spawn, spawnSync } from 'node:child_process';
import cluster from 'node:cluster';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import knexFactory from 'knex';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CONVENTION = 'digitale-fachmesse-2026';
const HALL = 'demo-halle-maschinenbau';
export const TARGETS = { pageShareOfStatic: 0.1, pageP99Ms: 150, graphqlShareOfBare: 0.4 };

/** What a visitor's client asks of a convention: its texts, organiser, header picture, stage with programme. */
const CONVENTION_QUERY = `query VisitorConvention($slug: String!) {
  conventionBySlug(slug: $slug) {
    id slug title active status startDate endDate videoEmbedUrl navigationMode permissionType
    headerImage { id url width height }
    translation { language title description }
    organization { id slug name supportUrl }
    stage { id slug title translation { language title } schedule { timestamp timestampEnd speaker } }
    onDemandContent { title }
  }
}`;

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(name);
  return index >= 0 && args[index + 1] ? args[index + 1] : fallback;
};

if (args[0] === '--serve-bare') {
  await serveBare(Number(args[1]), args[2], Number(args[3]));
} else {
  await main();
}

/**
 * The bare row's server: graphql-http's own Node adapter on the app's SDL, the root field answering the recorded
 * answer from memory (default resolvers read the rest), `workers` processes on one port like the app.
 */
async function serveBare(port, answerFile, workers) {
  if (cluster.isPrimary && workers > 1) {
    for (let i = 0; i < workers; i += 1) cluster.fork();
    return;
  }
  const { makeExecutableSchema } = await import('@graphql-tools/schema');
  const { mergeTypeDefs } = await import('@graphql-tools/merge');
  const { createHandler } = await import('graphql-http/lib/use/http');
  const schemaDir = path.join(ROOT, 'graphql', 'schema');
  const typeDefs = fs
    .readdirSync(schemaDir)
    .filter((f) => f.endsWith('.graphql'))
    .map((f) => fs.readFileSync(path.join(schemaDir, f), 'utf8'));
  const answer = JSON.parse(fs.readFileSync(answerFile, 'utf8')).data.conventionBySlug;
  const schema = makeExecutableSchema({
    typeDefs: mergeTypeDefs(typeDefs),
    resolvers: { Query: { conventionBySlug: () => answer } },
    resolverValidationOptions: { requireResolversToMatchSchema: 'ignore' },
  });
  const handler = createHandler({ schema });
  http.createServer(handler).listen(port, '127.0.0.1');
}

async function main() {
  const buildDir = process.env.BUILD_DIR ?? 'build';
  const port = Number(option('--port', process.env.BENCH_PORT ?? '3198'));
  const barePort = port + 1;
  const duration = Number(option('--duration', '10'));
  const runs = Math.max(1, Number(option('--runs', '1')));
  const connections = Number(option('--connections', '10'));
  const only = option('--rows', null)?.split(',');
  const jsonFile = option('--json', null);
  const profileDir = option('--cpu-prof', null);
  const noFail = args.includes('--no-fail');
  const origin = `http://127.0.0.1:${port}`;

  if (!args.includes('--no-build')) {
    console.log(`Building into ${buildDir} ...`);
    const result = spawnSync('npm', ['run', 'build'], { stdio: ['ignore', 'ignore', 'inherit'], env: process.env });
    if (result.status !== 0) throw new Error('npm run build failed');
  }

  const database = await benchDatabase(option('--db', 'auto'));
  const workers = option('--workers', process.env.WEB_CONCURRENCY ?? (database.url ? String(os.availableParallelism()) : '1'));
  const app = await startProcess({
    name: 'app',
    args: [...(profileDir ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(profileDir)] : []), path.join(buildDir, 'server.js')],
    env: {
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: 'always',
      LOG_REQUESTS: 'false',
      WEB_CONCURRENCY: workers,
      ...(args.includes('--no-cache') ? { VISITOR_CACHE_SECONDS: '0' } : {}),
      ...database.env,
    },
    ready: `${origin}/healthz`,
    cleanup: database.drop,
  });

  let bare;
  try {
    const staticPath = staticScript(buildDir);
    const graphqlBody = JSON.stringify({ query: CONVENTION_QUERY, variables: { slug: CONVENTION } });
    const answer = await fetch(`${origin}/graphql/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: graphqlBody });
    const answerText = await answer.text();
    if (!answer.ok || !JSON.parse(answerText).data?.conventionBySlug) throw new Error(`conventionBySlug failed: ${answerText}`);
    const answerFile = path.join(app.dir, 'answer.json');
    fs.writeFileSync(answerFile, answerText);
    bare = await startProcess({
      name: 'bare graphql-http',
      args: [fileURLToPath(import.meta.url), '--serve-bare', String(barePort), answerFile, workers],
      env: {},
      ready: `http://127.0.0.1:${barePort}/graphql?query=${encodeURIComponent('{__typename}')}`,
    });

    // what a browser sends: compression and a language; pages and GraphQL as an anonymous first-time visitor
    const browser = { 'accept-encoding': 'gzip, deflate, br', 'accept-language': 'de-DE,de;q=0.9,en;q=0.8' };
    const json = { ...browser, 'content-type': 'application/json', accept: 'application/graphql-response+json, application/json' };
    // the logged-in visitor (the demo's visitor account): a session cookie from the login form, a JWT from tokenCreate
    const visitor = await loggedInVisitor(origin);
    const user = { ...browser, accept: 'text/html', cookie: visitor.cookie };
    const standPath = await demoStandPath(origin);
    const hallPath = `/convention/${CONVENTION}/hall/${HALL}`;
    const rows = [
      { key: 'static', label: `static script ${path.basename(staticPath.file)} (${(staticPath.size / 1024).toFixed(0)} KB)`, url: `${origin}${staticPath.url}`, headers: browser },
      { key: 'hall', label: 'hall page', url: `${origin}${hallPath}`, headers: { ...browser, accept: 'text/html' } },
      { key: 'landing', label: 'landing page', url: `${origin}/convention/${CONVENTION}`, headers: { ...browser, accept: 'text/html' } },
      { key: 'stand', label: 'stand page', url: `${origin}${standPath}`, headers: { ...browser, accept: 'text/html' } },
      { key: 'hall-user', label: 'hall page, logged-in visitor', url: `${origin}${hallPath}`, headers: user },
      { key: 'landing-user', label: 'landing page, logged-in visitor', url: `${origin}/convention/${CONVENTION}`, headers: user },
      { key: 'stand-user', label: 'stand page, logged-in visitor', url: `${origin}${standPath}`, headers: user },
      { key: 'graphql', label: `GraphQL conventionBySlug (${(answerText.length / 1024).toFixed(1)} KB)`, url: `${origin}/graphql/`, method: 'POST', body: graphqlBody, headers: json },
      { key: 'graphql-jwt', label: 'GraphQL conventionBySlug with a JWT', url: `${origin}/graphql/`, method: 'POST', body: graphqlBody, headers: { ...json, authorization: `JWT ${visitor.jwt}` } },
      { key: 'bare', label: 'bare graphql-http, same answer', url: `http://127.0.0.1:${barePort}/graphql`, method: 'POST', body: graphqlBody, headers: json },
    ].filter((row) => !only || only.includes(row.key));

    for (const row of rows) {
      const res = await fetch(row.url, { method: row.method ?? 'GET', headers: row.headers, body: row.body });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${row.label}: ${row.url} answered ${res.status}`);
    }

    console.log(`\n${workers} app process(es), ${database.url ? 'PostgreSQL' : 'embedded PGlite'}${args.includes('--no-cache') ? ', visitor cache off' : ''}; ${connections} connections, ${duration} s per row x ${runs} run(s); load: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    const results = new Map(rows.map((row) => [row.key, []]));
    for (const row of rows) await load(row, connections, 2); // warm-up: JIT, connection pools, caches
    for (let run = 0; run < runs; run += 1) {
      for (const row of rows) {
        const result = await load(row, connections, duration);
        results.get(row.key).push(result);
        process.stdout.write(`  run ${run + 1}: ${row.key} ${result.rps.toFixed(0)} req/s\n`);
      }
    }
    const summary = rows.map((row) => ({ ...row, ...medianRun(results.get(row.key)) }));
    const report = evaluate(summary);
    printTable(summary, report);
    console.log(`load after the run: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    if (jsonFile) {
      const plain = summary.map(({ key, label, rps, p50, p99, errors, non2xx, kbPerRequest }) => ({ key, label, rps, p50, p99, errors, non2xx, kbPerRequest }));
      fs.writeFileSync(jsonFile, `${JSON.stringify({ workers, database: database.url ? 'postgres' : 'pglite', connections, duration, runs, rows: plain, checks: report }, null, 2)}\n`);
    }
    if (!noFail && report.some((check) => check.ok === false)) process.exitCode = 1;
  } finally {
    await bare?.stop();
    await app.stop();
    if (profileDir) console.log(`CPU profiles in ${path.resolve(profileDir)}`);
  }
}

/** The demo visitor logged in: the session cookie the login form sets, and an API access token (about 5 minutes). */
async function loggedInVisitor(origin) {
  const email = 'visitor@demo.example';
  const password = 'Messe-Demo-2026!';
  const res = await fetch(`${origin}/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
    body: new URLSearchParams({ email, password }).toString(),
  });
  const cookie = (res.headers.getSetCookie?.() ?? [])
    .map((c) => c.split(';')[0])
    .filter((c) => !c.startsWith('toast='))
    .join('; ');
  if (res.status !== 302 || !cookie) throw new Error(`login of ${email} answered ${res.status}`);
  const token = await fetch(`${origin}/graphql/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: 'mutation($e: String!, $p: String!) { tokenCreate(email: $e, password: $p) { token error { code } } }', variables: { e: email, p: password } }),
  }).then((r) => r.json());
  const jwt = token.data?.tokenCreate?.token;
  if (!jwt) throw new Error(`tokenCreate failed: ${JSON.stringify(token)}`);
  return { cookie, jwt };
}

/** The first stand of the demo hall, from the hall page's links. */
async function demoStandPath(origin) {
  const html = await fetch(`${origin}/convention/${CONVENTION}/hall/${HALL}`, { headers: { accept: 'text/html' } }).then((r) => r.text());
  const match = new RegExp(`href="(/convention/${CONVENTION}/hall/${HALL}/stand/[a-z0-9-]+)"`).exec(html);
  if (!match) throw new Error('the demo hall page links no stand');
  return match[1];
}

/** A fresh database: on the PostgreSQL server when one answers (unless --db pglite), else embedded PGlite. */
async function benchDatabase(choice) {
  const serverUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  if (choice !== 'pglite') {
    const name = `fp_bench_${process.pid}`;
    const admin = knexFactory({ client: 'pg', connection: { connectionString: serverUrl, connectionTimeoutMillis: 2000 }, pool: { min: 0, max: 1 } });
    try {
      await admin.raw(`create database "${name}"`);
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      return {
        url: url.toString(),
        env: { DATABASE_URL: url.toString() },
        drop: async () => {
          const again = knexFactory({ client: 'pg', connection: serverUrl, pool: { min: 0, max: 1 } });
          await again.raw(`drop database if exists "${name}" with (force)`).finally(() => again.destroy());
        },
      };
    } catch (error) {
      if (choice === 'postgres') throw error;
    } finally {
      await admin.destroy();
    }
  }
  return { url: null, env: { DATABASE_URL: '' }, drop: async () => {} };
}

/** The script in build/client/assets closest to 27 KB, as the yardstick. */
function staticScript(buildDir) {
  const dir = path.join(buildDir, 'client', 'assets');
  const scripts = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.js'))
    .map((f) => ({ file: f, size: fs.statSync(path.join(dir, f)).size }));
  const best = scripts.sort((a, b) => Math.abs(a.size - 27_000) - Math.abs(b.size - 27_000))[0];
  if (!best) throw new Error(`no scripts in ${dir}`);
  return { ...best, url: `/assets/${best.file}` };
}

/** Starts a server process with its own temporary folder (uploads, embedded database, log) and waits for `ready`. */
async function startProcess({ name, args: processArgs, env: extraEnv, ready, cleanup }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fp-bench-server-'));
  const env = { ...process.env, PGLITE_DIR: path.join(dir, 'db'), UPLOAD_DIR: path.join(dir, 'uploads'), ...extraEnv };
  if (!env.DATABASE_URL) delete env.DATABASE_URL;
  const logFile = path.join(dir, 'server.log');
  const log = fs.openSync(logFile, 'w');
  const child = spawn(process.execPath, processArgs, { env, stdio: ['ignore', log, log] });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    await cleanup?.();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline && child.exitCode === null) {
    const ok = await fetch(ready).then((r) => r.ok, () => false);
    if (ok) return { dir, stop };
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const output = fs.readFileSync(logFile, 'utf8');
  await stop();
  throw new Error(`${name} did not start (${ready}):\n${output}`);
}

async function load(row, connections, duration) {
  const result = await autocannon({
    url: row.url,
    method: row.method ?? 'GET',
    headers: row.headers,
    body: row.body,
    connections,
    duration,
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    kbPerRequest: result.requests.total ? result.throughput.total / result.requests.total / 1024 : 0,
  };
}

function medianRun(runs) {
  const sorted = [...runs].sort((a, b) => a.rps - b.rps);
  return sorted[Math.floor(sorted.length / 2)];
}

function evaluate(rows) {
  const by = Object.fromEntries(rows.map((row) => [row.key, row]));
  const checks = [];
  for (const page of ['hall', 'landing', 'stand', 'hall-user', 'landing-user', 'stand-user']) {
    if (!by[page]) continue;
    if (by.static) {
      const share = by[page].rps / by.static.rps;
      checks.push({ what: `${page} / static requests per second`, value: `${(share * 100).toFixed(1)} %`, target: `>= ${TARGETS.pageShareOfStatic * 100} %`, ok: share >= TARGETS.pageShareOfStatic });
    }
    checks.push({ what: `${page} p99`, value: `${by[page].p99} ms`, target: `< ${TARGETS.pageP99Ms} ms`, ok: by[page].p99 < TARGETS.pageP99Ms });
  }
  for (const query of ['graphql', 'graphql-jwt']) {
    if (!by[query] || !by.bare) continue;
    const share = by[query].rps / by.bare.rps;
    checks.push({ what: `${query} / bare graphql-http`, value: `${(share * 100).toFixed(1)} %`, target: `>= ${TARGETS.graphqlShareOfBare * 100} %`, ok: share >= TARGETS.graphqlShareOfBare });
  }
  for (const row of rows) {
    if (row.errors || row.non2xx) checks.push({ what: `${row.key} failed requests`, value: `${row.errors} errors, ${row.non2xx} non-2xx`, target: '0', ok: false });
  }
  return checks;
}

function printTable(rows, checks) {
  const header = ['what', 'req/s', 'p50', 'p99', 'KB/req', 'failed'];
  const lines = rows.map((row) => [row.label, row.rps.toFixed(0), `${row.p50} ms`, `${row.p99} ms`, row.kbPerRequest.toFixed(1), String(row.errors + row.non2xx)]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const format = (cells) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(`\n${format(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const line of lines) console.log(format(line));
  console.log('');
  for (const check of checks) console.log(`${check.ok ? 'ok    ' : 'MISSED'}  ${check.what}: ${check.value} (target ${check.target})`);
}
