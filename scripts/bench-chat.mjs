// `npm run bench:chat` (issue 28): live chat over GraphQL subscriptions (graphql-ws on /graphql/) on real PostgreSQL.
// Creates a fresh database on the local PostgreSQL server (TEST_DATABASE_URL / DATABASE_URL /
// postgres://postgres@127.0.0.1:5432/postgres), migrates it, starts the app's API with its WebSocket door on loopback
// (port 4361; with two instances also 4362, both on the same database, delivering through LISTEN/NOTIFY), each in its
// own process (scripts/bench-chat-server.mjs) so the clients here do not share the server's event loop, seeds one
// organisation with chat, and connects the clients (default 200: half visitors, half operators, one conversation per
// pair). Each client subscribes to its conversation and sends a message every --interval ms over its socket for
// --duration seconds, then the bench waits for the last deliveries and prints:
//   - messages stored per second, deliveries, delivery latency p50/p99 from sending to the other side's receipt
//     (target p99 < 200 ms);
//   - whether every stored message reached every subscriber of its conversation exactly once (missing, duplicated).
// Runs one instance, then two (--instances 1 or 2 for one of them). Exits with 1 when a message was lost or
// duplicated (only reports with --no-fail). Drops the database.
//
//   npm run bench:chat -- [--duration 60] [--clients 200] [--interval 2000] [--instances 1|2] [--no-fail]
//
// A benchmark, not a timed test: the timings printed depend on the machine and what else runs on it.
import path from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(name);
  return index >= 0 && args[index + 1] ? args[index + 1] : fallback;
};
const noFail = args.includes('--no-fail');
const DURATION_S = Math.max(1, Number(option('--duration', '60')));
const CLIENTS = Math.max(2, Number(option('--clients', '200')) & ~1);
const INTERVAL_MS = Math.max(100, Number(option('--interval', '2000')));
const INSTANCES = option('--instances', 'both');
const PORTS = [4361, 4362];

const load = (file) => tsImport(path.join(ROOT, file), import.meta.url);
const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN);

const SUBSCRIBE = `subscription($id: ID!, $after: Float) { chatMessages(conversationId: $id, afterSeq: $after) { id seq body senderUserId } }`;
const SEND = `mutation($id: ID!, $body: String!) { chatMessageSend(conversationId: $id, body: $body) { message { seq } error { code message } } }`;

async function run(instances, modules) {
  const { createDb, migrateLatest, serverUrl, withDatabase, loadEnv, Package, signAccessToken, knexFactory } = modules;
  const url = serverUrl();
  const name = `fp_bench_chat_${process.pid}_${instances}`;
  const admin = knexFactory({ client: 'pg', connection: url, pool: { min: 0, max: 1 } });
  await admin.raw(`drop database if exists "${name}" with (force)`);
  await admin.raw(`create database "${name}"`);
  await admin.destroy();
  const databaseUrl = withDatabase(url, name);
  const env = loadEnv({ ...process.env, NODE_ENV: 'test', DATABASE_URL: databaseUrl, SMTP_URL: '', LOG_REQUESTS: '' });
  const servers = [];
  const sockets = [];
  const db = createDb({ databaseUrl, pool: { min: 0, max: 4 } });
  try {
    await migrateLatest(db);
    for (let i = 0; i < instances; i++) {
      const child = spawn(process.execPath, [...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_CPU_PROF] : []), path.join(ROOT, 'scripts/bench-chat-server.mjs')], {
        env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(PORTS[i]) },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      await new Promise((resolve, reject) => {
        child.stdout.on('data', (chunk) => String(chunk).includes('ready') && resolve());
        child.on('exit', (code) => reject(new Error(`the bench server on port ${PORTS[i]} stopped (${code})`)));
      });
      servers.push({ child, url: `ws://127.0.0.1:${PORTS[i]}/graphql/` });
    }

    // the world: one organisation with chat, PAIRS operators and visitors, one claimed conversation per pair
    const pairs = CLIENTS / 2;
    const [org] = await db('organizations').insert({ name: 'Bench Chat GmbH', slug: `bench-chat-${process.pid}`, suites: Package.EVENT, chat_enabled: true }).returning('*');
    await db('chat_settings').insert({ organization_id: org.id, allow_guests: false, requeue_after_minutes: 60 });
    const users = await db('users')
      .insert(Array.from({ length: CLIENTS }, (_, i) => ({ email: `bench-${i}-${process.pid}@bench.example`, first_name: 'Bench', last_name: String(i), is_active: true, default_language: 'EN' })))
      .returning(['id', 'email']);
    const operators = users.slice(0, pairs);
    const visitors = users.slice(pairs);
    await db('organization_members').insert(operators.map((u) => ({ organization_id: org.id, user_id: u.id, role: 'admin', is_owner: false, sales: false })));
    await db('chat_operators').insert(operators.map((u) => ({ organization_id: org.id, user_id: u.id, capacity: 5, online: false })));
    const conversations = [];
    for (let i = 0; i < pairs; i++) {
      const [conversation] = await db('chat_conversations')
        .insert({ organization_id: org.id, state: 'CLAIMED', operator_user_id: operators[i].id, visitor_user_id: visitors[i].id, claimed_at: new Date() })
        .returning('*');
      conversations.push(conversation);
    }
    const token = (user, member) =>
      signAccessToken(env, { sub: user.id, email: user.email, org: member ? org.id : null, features: member ? Package.EVENT : 0 });

    // the clients: visitor i and operator i share conversation i; with two instances they sit on different ones
    const clients = [];
    for (let i = 0; i < CLIENTS; i++) {
      const member = i < pairs;
      const user = users[i];
      const pair = i % pairs;
      const server = servers[(member ? 0 : 1) % instances];
      const client = createClient({ url: server.url, webSocketImpl: WebSocket, connectionParams: { authorization: `JWT ${await token(user, member)}` }, retryAttempts: 0, lazy: false });
      sockets.push(client);
      clients.push({ client, user, conversationId: conversations[pair].id, received: new Map(), duplicates: 0, sent: 0, errors: [] });
    }
    const latencies = [];
    let ready = 0;
    const subscribed = Promise.all(
      clients.map(
        (c) =>
          new Promise((resolve) => {
            c.client.subscribe(
              { query: SUBSCRIBE, variables: { id: c.conversationId, after: 0 } },
              {
                next: ({ data, errors }) => {
                  if (errors) c.errors.push(errors);
                  const m = data?.chatMessages;
                  if (!m) return;
                  if (m.body === 'ready') {
                    if (m.senderUserId === c.user.id) {
                      ready += 1;
                      resolve();
                    }
                  }
                  if (c.received.has(m.seq)) c.duplicates += 1;
                  c.received.set(m.seq, m.id);
                  const at = /^t=([\d.]+);/.exec(m.body);
                  if (at && m.senderUserId !== c.user.id) latencies.push(performance.now() - Number(at[1]));
                },
                error: (error) => {
                  c.errors.push(error);
                  resolve();
                },
                complete: () => {},
              },
            );
          }),
      ),
    );
    const sendOne = (c, body) =>
      new Promise((resolve) => {
        let result;
        c.client.subscribe(
          { query: SEND, variables: { id: c.conversationId, body } },
          { next: (r) => (result = r), error: (e) => (c.errors.push(e), resolve()), complete: () => {
            const err = result?.data?.chatMessageSend?.error;
            if (err) c.errors.push(err);
            else c.sent += 1;
            resolve();
          } },
        );
      });
    // the subscriptions deliver once each client has seen its own first message ("ready") come back
    await Promise.all(clients.map((c) => sendOne(c, 'ready')));
    await subscribed;
    console.log(`${ready} of ${CLIENTS} clients subscribed`);
    latencies.length = 0;

    const started = performance.now();
    const startedAt = new Date();
    const inflight = new Set();
    const timers = clients.map((c, i) => {
      let n = 0;
      const tick = () => {
        const p = sendOne(c, `t=${performance.now()};${i};${n++}`);
        inflight.add(p);
        p.finally(() => inflight.delete(p));
      };
      // spread the clients over the interval
      const first = setTimeout(() => {
        tick();
        timers[i] = setInterval(tick, INTERVAL_MS);
      }, (i * INTERVAL_MS) / CLIENTS);
      return first;
    });
    await new Promise((resolve) => setTimeout(resolve, DURATION_S * 1000));
    for (const timer of timers) {
      clearTimeout(timer);
      clearInterval(timer);
    }
    await Promise.all([...inflight]);
    const elapsed = (performance.now() - started) / 1000;

    // every stored message of each conversation must reach both of its subscribers exactly once
    const stored = await db('chat_messages').select('conversation_id', 'seq').orderBy('seq');
    const byConversation = new Map();
    for (const row of stored) {
      if (!byConversation.has(row.conversation_id)) byConversation.set(row.conversation_id, []);
      byConversation.get(row.conversation_id).push(Number(row.seq));
    }
    const deadline = Date.now() + 10_000;
    const missingOf = (c) => (byConversation.get(c.conversationId) ?? []).filter((seq) => !c.received.has(seq)).length;
    while (Date.now() < deadline && clients.some((c) => missingOf(c) > 0)) await new Promise((resolve) => setTimeout(resolve, 100));
    const missing = clients.reduce((sum, c) => sum + missingOf(c), 0);
    const duplicates = clients.reduce((sum, c) => sum + c.duplicates, 0);
    const extra = clients.reduce((sum, c) => sum + [...c.received.keys()].filter((seq) => !(byConversation.get(c.conversationId) ?? []).includes(seq)).length, 0);
    const errors = clients.reduce((sum, c) => sum + c.errors.length, 0);
    const sentInRun = await db('chat_messages').where('created_at', '>=', startedAt).count('* as n').first();
    const sorted = latencies.sort((a, b) => a - b);
    const result = {
      instances,
      clients: CLIENTS,
      seconds: Number(elapsed.toFixed(1)),
      messagesPerSecond: Number((Number(sentInRun.n) / elapsed).toFixed(1)),
      deliveries: sorted.length,
      p50: Number(percentile(sorted, 50).toFixed(1)),
      p99: Number(percentile(sorted, 99).toFixed(1)),
      missing,
      duplicates,
      extra,
      errors,
    };
    console.log(
      `${instances} instance(s), ${CLIENTS} clients, ${result.seconds} s: ${result.messagesPerSecond} messages/s stored, ${result.deliveries} deliveries to the other side, ` +
        `latency p50 ${result.p50} ms, p99 ${result.p99} ms (target < 200 ms); missing ${missing}, duplicated ${duplicates}, unexpected ${extra}, send errors ${errors}`,
    );
    if (errors) console.log('first errors:', JSON.stringify(clients.flatMap((c) => c.errors).slice(0, 3)));
    return result;
  } finally {
    for (const client of sockets) await client.dispose();
    await db.destroy();
    for (const s of servers) {
      const exited = new Promise((resolve) => s.child.once('exit', resolve));
      s.child.kill('SIGTERM');
      await exited;
    }
    const cleanup = knexFactory({ client: 'pg', connection: url, pool: { min: 0, max: 1 } });
    await cleanup.raw(`drop database if exists "${name}" with (force)`);
    await cleanup.destroy();
  }
}

const modules = {
  ...(await load('db/connection.ts')),
  ...(await load('tests/helpers/database.ts')),
  ...(await load('app/server/env.server.ts')),
  ...(await load('app/lib/features.ts')),
  ...(await load('app/server/auth/jwt.server.ts')),
  knexFactory: (await import('knex')).default,
};
const results = [];
for (const instances of INSTANCES === 'both' ? [1, 2] : [Number(INSTANCES)]) results.push(await run(instances, modules));
const failed = results.some((r) => r.missing || r.duplicates || r.extra);
process.exit(failed && !noFail ? 1 : 0);
