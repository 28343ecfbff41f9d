// `npm run test:e2e`: builds the app, checks the visitor pages' JavaScript budget (scripts/js-budget.mjs), gives
// it a fresh PostgreSQL database, runs Playwright, drops the database.
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import pg from 'pg';

const serverUrl =
  process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `fp_e2e_${process.pid}_${crypto.randomBytes(3).toString('hex')}`;

async function admin(sql) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const run = (cmd, args, env = process.env) => spawnSync(cmd, args, { stdio: 'inherit', env }).status ?? 1;

if (!process.argv.includes('--no-build') && run('npm', ['run', 'build']) !== 0) process.exit(1);
// the visitor pages' JavaScript budget (bytes per route, no react-aria/three/sortablejs), read from the build
if (run('node', ['scripts/js-budget.mjs']) !== 0) process.exit(1);

try {
  await admin(`create database "${name}"`);
} catch (error) {
  console.error(`End-to-end tests need PostgreSQL at ${serverUrl}: ${error.message}`);
  process.exit(1);
}
const url = new URL(serverUrl);
url.pathname = `/${name}`;
const args = ['playwright', 'test', ...process.argv.slice(2).filter((a) => a !== '--no-build')];
const status = run('npx', args, { ...process.env, E2E_DATABASE_URL: url.toString() });
await admin(`drop database if exists "${name}" with (force)`).catch(() => {});
process.exit(status);
