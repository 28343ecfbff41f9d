// One app instance for `npm run bench:chat` (scripts/bench-chat.mjs), in its own process so that the clients' work
// (200 graphql-ws clients parsing and timing messages) does not share its event loop: the API with its WebSocket
// door on 127.0.0.1:$PORT and the database at $DATABASE_URL. Prints "ready" once it listens; SIGTERM closes it.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const load = (file) => tsImport(path.join(ROOT, file), import.meta.url);
const { createDb } = await load('db/connection.ts');
const { loadEnv } = await load('app/server/env.server.ts');
const { createAppServices, createExpressApp } = await load('app/server/app.server.ts');
const { serveSubscriptions } = await load('graphql/subscriptions.ts');

const port = Number(process.env.PORT);
const env = loadEnv({ ...process.env, NODE_ENV: 'test', SMTP_URL: '', LOG_REQUESTS: '' });
const app = await createAppServices(env, createDb({ databaseUrl: process.env.DATABASE_URL, pool: { min: 0, max: 10 } }));
const express = await createExpressApp(app);
// BENCH_SQL_LOG=1: count the statements the server runs by their text, printed when it stops (where the time goes)
const statements = new Map();
if (process.env.BENCH_SQL_LOG) app.db.on('query', (q) => statements.set(q.sql, (statements.get(q.sql) ?? 0) + 1));
const server = await new Promise((resolve, reject) => {
  const s = express.listen(port, '127.0.0.1', () => resolve(s)).on('error', reject);
});
const subscriptions = serveSubscriptions(app, server);
process.stdout.write('ready\n');

process.on('SIGTERM', async () => {
  await subscriptions.close();
  server.closeAllConnections?.();
  await new Promise((resolve) => server.close(() => resolve()));
  await app.db.destroy();
  if (process.env.BENCH_SQL_LOG) {
    const rows = [...statements].sort((a, b) => b[1] - a[1]).slice(0, 25);
    process.stderr.write(`statements on port ${port}: ${[...statements.values()].reduce((a, b) => a + b, 0)}\n`);
    for (const [sql, n] of rows) process.stderr.write(`${String(n).padStart(7)}  ${sql.slice(0, 160)}\n`);
  }
  process.exit(0);
});
