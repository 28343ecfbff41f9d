// `npm run bench:booking` (issue 27): race-safe appointment booking on real PostgreSQL, through the API.
// Creates a fresh database on the local PostgreSQL server (TEST_DATABASE_URL / DATABASE_URL /
// postgres://postgres@127.0.0.1:5432/postgres), migrates it, starts the API (Express, /graphql/) on a free local port,
// seeds one organisation with one contact person and one free slot per round, then per round sends 50 concurrent
// `appointmentBook` mutations for the same slot (each a different visitor and idempotency key) and prints:
//   - successes per round (must be exactly 1), SLOT_ALREADY_BOOKED answers, other answers;
//   - answers of 500 (HTTP 500 or INTERNAL_SERVER_ERROR; must be 0);
//   - whether the slot's booker in the database is the one that got the success, and one booking record per slot.
// Exits with 1 when any of these fails (only reports with --no-fail). Drops the database.
//
//   npm run bench:booking -- [--no-fail] [--concurrency 50] [--rounds 20]
//
// A benchmark, not a timed test: the timings printed depend on the machine and what else runs on it.
import path from 'node:path';
import crypto from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(name);
  return index >= 0 && args[index + 1] ? args[index + 1] : fallback;
};
const noFail = args.includes('--no-fail');
const CONCURRENCY = Math.max(2, Number(option('--concurrency', '50')));
const ROUNDS = Math.max(1, Number(option('--rounds', '20')));

const load = (file) => tsImport(path.join(ROOT, file), import.meta.url);
const ms = (start) => Number(process.hrtime.bigint() - start) / 1e6;

const BOOK = `mutation($slotId: ID!, $name: String!, $email: String!, $key: String) {
  appointmentBook(slotId: $slotId, name: $name, email: $email, idempotencyKey: $key, language: EN, timeZone: "Europe/Berlin") {
    booking { meetingSlug slot { id status } }
    error { code }
  }
}`;

export async function benchBooking({ log = console.log } = {}) {
  const { createDb, migrateLatest } = await load('db/connection.ts');
  const { serverUrl, withDatabase, dropDatabase } = await load('tests/helpers/database.ts');
  const { loadEnv } = await load('app/server/env.server.ts');
  const { createAppServices, createExpressApp } = await load('app/server/app.server.ts');
  const { Package } = await load('app/lib/features.ts');
  const { default: knexFactory } = await import('knex');

  const url = serverUrl();
  const name = `fp_bench_booking_${process.pid}`;
  const admin = knexFactory({ client: 'pg', connection: url, pool: { min: 0, max: 1 } });
  await admin.raw(`create database "${name}"`);
  await admin.destroy();
  const db = createDb({ databaseUrl: withDatabase(url, name), pool: { min: 0, max: 10 } });
  let server;
  try {
    await migrateLatest(db);
    const env = loadEnv({ ...process.env, NODE_ENV: 'test', DATABASE_URL: withDatabase(url, name), SMTP_URL: '', LOG_REQUESTS: '' });
    const app = await createAppServices(env, db);
    const express = await createExpressApp(app);
    server = await new Promise((resolve) => {
      const s = express.listen(0, '127.0.0.1', () => resolve(s));
    });
    const endpoint = `http://127.0.0.1:${server.address().port}/graphql/`;

    const [org] = await db('organizations').insert({ name: 'Bench Messebau GmbH', slug: 'bench-messebau', suites: Package.BASIC }).returning('*');
    const [contact] = await db('users')
      .insert({ email: 'kontakt@bench.example', first_name: 'Karl', last_name: 'Kontakt', is_active: true, default_language: 'DE', default_organization_id: org.id })
      .returning('*');
    await db('organization_members').insert({ organization_id: org.id, user_id: contact.id, role: 'admin', is_owner: true, sales: false });
    await db('appointment_settings').insert({ organization_id: org.id, user_id: contact.id, time_zone: 'Europe/Berlin', confirmation_type: 'JITSI_LINK', active: true });
    const first = new Date(Date.now() + 2 * 86_400_000);
    first.setUTCHours(8, 0, 0, 0);
    const slots = await db('appointment_slots')
      .insert(
        Array.from({ length: ROUNDS }, (_, round) => ({
          organization_id: org.id,
          user_id: contact.id,
          start_at: new Date(first.getTime() + round * 3_600_000),
          end_at: new Date(first.getTime() + round * 3_600_000 + 1_800_000),
          status: 'AVAILABLE',
          manual: true,
        })),
      )
      .returning('*');

    const book = async (slotId, round, i) => {
      const email = `visitor-${round}-${i}@bench.example`;
      try {
        const res = await fetch(endpoint, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json' },
          body: JSON.stringify({ query: BOOK, variables: { slotId, name: `Visitor ${round}-${i}`, email, key: crypto.randomUUID() } }),
        });
        const body = await res.json().catch(() => null);
        const internal = res.status >= 500 || Boolean(body?.errors?.some((e) => e.extensions?.code === 'INTERNAL_SERVER_ERROR'));
        const answer = body?.data?.appointmentBook;
        return { email, status: res.status, internal, ok: Boolean(answer?.booking && !answer.error), code: answer?.error?.code ?? body?.errors?.[0]?.extensions?.code ?? null };
      } catch (error) {
        return { email, status: 0, internal: false, ok: false, code: `FETCH: ${error.message}` };
      }
    };

    log(`Appointment booking: ${ROUNDS} rounds of ${CONCURRENCY} concurrent appointmentBook calls for one slot each (PostgreSQL, through /graphql/)`);
    let failures = 0;
    let internalTotal = 0;
    const roundTimes = [];
    for (let round = 0; round < ROUNDS; round++) {
      const slot = slots[round];
      const start = process.hrtime.bigint();
      const answers = await Promise.all(Array.from({ length: CONCURRENCY }, (_, i) => book(slot.id, round, i)));
      roundTimes.push(ms(start));
      const winners = answers.filter((a) => a.ok);
      const internal = answers.filter((a) => a.internal).length;
      const alreadyBooked = answers.filter((a) => a.code === 'SLOT_ALREADY_BOOKED').length;
      const other = answers.filter((a) => !a.ok && a.code !== 'SLOT_ALREADY_BOOKED');
      const row = await db('appointment_slots').where({ id: slot.id }).first();
      const bookings = Number((await db('appointment_bookings').where({ slot_id: slot.id }).count({ n: '*' }).first()).n);
      const winnerMatches = winners.length === 1 && row.status === 'BOOKED' && row.booker_email === winners[0].email;
      const ok = winners.length === 1 && internal === 0 && winnerMatches && bookings === 1 && other.length === 0;
      if (!ok) failures += 1;
      internalTotal += internal;
      log(
        `  round ${String(round + 1).padStart(2)}: successes ${winners.length}   SLOT_ALREADY_BOOKED ${String(alreadyBooked).padStart(2)}   other ${other.length}` +
          `   500s ${internal}   booker is the winner: ${winnerMatches ? 'yes' : 'NO'}   bookings ${bookings}   ${roundTimes.at(-1).toFixed(0)} ms` +
          (other.length ? `   (${[...new Set(other.map((a) => a.code ?? a.status))].join(', ')})` : ''),
      );
    }
    const sorted = [...roundTimes].sort((a, b) => a - b);
    log(`Rounds with exactly one success, no 500 and the winner as booker: ${ROUNDS - failures}/${ROUNDS}; answers of 500: ${internalTotal}`);
    log(`Round time (${CONCURRENCY} requests): median ${sorted[Math.floor(sorted.length / 2)].toFixed(0)} ms, slowest ${sorted.at(-1).toFixed(0)} ms`);
    return { ok: failures === 0 && internalTotal === 0, failures, internal: internalTotal };
  } finally {
    if (server) await new Promise((resolve) => server.close(() => resolve()));
    server?.closeAllConnections?.();
    await db.destroy();
    await dropDatabase(name, url);
  }
}

const report = await benchBooking();
if (!report.ok) {
  console.log(noFail ? 'Booking benchmark: FAILED (reported only, --no-fail)' : 'Booking benchmark: FAILED');
  if (!noFail) process.exit(1);
} else {
  console.log('Booking benchmark: OK');
}
process.exit(0);
