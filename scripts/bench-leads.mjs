// `npm run bench:leads` (issue 18): the lead overview and CSV export at 10,000 leads, then the business-card OCR
// (scripts/bench-leads-cards.mjs, when present). Creates a fresh database on the local PostgreSQL server
// (TEST_DATABASE_URL / DATABASE_URL / postgres://postgres@127.0.0.1:5432/postgres), migrates it, seeds one
// organisation with 10,000 leads (tags, form values, consent, scores), and calls the services the two doors use:
//   - listLeads: the overview's first and a deep page, search, tag filter and each sort; target p95 < 200 ms
//   - leadsCsv: the whole filtered list streamed as CSV; target < 3 s
// Prints the figures and exits with 1 when a target is missed (only reports with --no-fail). Drops the database.
//
//   npm run bench:leads -- [--no-fail] [--no-ocr] [--leads 10000] [--rounds 20] [--json report.json]
//
// A benchmark, not a test: the timings depend on the machine (2 cores here) and what else runs on it.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const LEAD_TARGETS = { overviewP95Ms: 200, csvMs: 3000 };

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(name);
  return index >= 0 && args[index + 1] ? args[index + 1] : fallback;
};
const noFail = args.includes('--no-fail');
const noOcr = args.includes('--no-ocr');
const LEADS = Number(option('--leads', '10000'));
const ROUNDS = Math.max(1, Number(option('--rounds', '20')));
const jsonFile = option('--json', null);

const load = (file) => tsImport(path.join(ROOT, file), import.meta.url);

const FIRST = ['Anna', 'Ben', 'Clara', 'David', 'Eva', 'Felix', 'Greta', 'Hans', 'Ida', 'Jonas', 'Karla', 'Lukas', 'Mia', 'Noah', 'Olga', 'Paul'];
const LAST = ['Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Meyer', 'Wagner', 'Becker', 'Schulz', 'Hoffmann', 'Koch', 'Richter'];
const COMPANIES = ['ACME GmbH', 'Nordlicht AG', 'Präzision KG', 'Blue Ocean Ltd', 'Maschinenbau Süd', 'DataWorks SE', 'Grünwerk eG'];
const TAGS = ['vip', 'hot', 'cold', 'follow-up', 'partner', 'press'];

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const ms = (start) => Number(process.hrtime.bigint() - start) / 1e6;

async function seed(db, organizationId, formId, userId) {
  const pick = (list, i) => list[i % list.length];
  const consent = (i) => ({
    items: [
      { kind: 'contact', text: 'Kontakt', agreed: true },
      { kind: 'material', text: 'Unterlagen', agreed: i % 2 === 0 },
      { kind: 'tracking', text: 'Tracking', agreed: i % 3 !== 0 },
    ],
    formId,
    formVersion: 1,
    givenAt: new Date().toISOString(),
    language: 'DE',
  });
  // LEADS active leads, and a tenth as many archived ones besides (the archive and the index's other half)
  const count = LEADS + Math.floor(LEADS / 10);
  const start = Date.now() - count * 60_000;
  for (let offset = 0; offset < count; offset += 1000) {
    const rows = [];
    for (let i = offset; i < Math.min(count, offset + 1000); i++) {
      const name = `${pick(FIRST, i)} ${pick(LAST, Math.floor(i / 7))}`;
      rows.push({
        organization_id: organizationId,
        slug: crypto.randomBytes(24).toString('base64url'),
        name,
        email: `lead${i}@example.com`,
        company: pick(COMPANIES, Math.floor(i / 3)),
        job: 'Einkauf',
        city: pick(['Berlin', 'München', 'Hamburg', 'Köln'], i),
        phone: `+49 30 ${1000000 + i}`,
        values: JSON.stringify([
          { name: 'interest', value: pick(['a', 'b', 'c'], i) },
          { name: 'note', value: `Notiz ${i}` },
        ]),
        search_extra: `Notiz ${i}`,
        form_id: formId,
        form_version: 1,
        language: i % 4 === 0 ? 'EN' : 'DE',
        user_id: userId,
        contact_id: userId,
        consent: JSON.stringify(consent(i)),
        score: (i * 37) % 101,
        archived_at: i >= LEADS ? new Date() : null,
        created_at: new Date(start + i * 60_000),
      });
    }
    const inserted = await db('leads').insert(rows).returning(['id']);
    const tags = inserted.flatMap((row, k) => ((offset + k) % 3 === 0 ? [{ organization_id: organizationId, lead_id: row.id, text: pick(TAGS, offset + k) }] : []));
    if (tags.length) await db('lead_tags').insert(tags);
  }
  await db.raw('analyze leads; analyze lead_tags');
}

export async function benchLeads({ log = console.log } = {}) {
  const { createDb, migrateLatest } = await load('db/connection.ts');
  const { serverUrl, withDatabase, dropDatabase } = await load('tests/helpers/database.ts');
  const { createServiceContext } = await load('app/server/context.server.ts');
  const { loadViewer } = await load('app/server/viewer.server.ts');
  const { listLeads } = await load('app/server/services/leads/leads.ts');
  const { leadsCsv } = await load('app/server/services/leads/csv.ts');
  const { Package } = await load('app/lib/features.ts');
  const { default: knexFactory } = await import('knex');

  const url = serverUrl();
  const name = `fp_bench_leads_${process.pid}`;
  const admin = knexFactory({ client: 'pg', connection: url, pool: { min: 0, max: 1 } });
  await admin.raw(`create database "${name}"`);
  await admin.destroy();
  const db = createDb({ databaseUrl: withDatabase(url, name), pool: { min: 0, max: 5 } });
  try {
    await migrateLatest(db);
    const [org] = await db('organizations').insert({ name: 'Bench GmbH', slug: 'bench-gmbh', suites: Package.SALES | Package.DATA }).returning('*');
    const [user] = await db('users').insert({ email: 'rep@bench.example', first_name: 'Rita', last_name: 'Rep', is_active: true, default_language: 'DE', default_organization_id: org.id }).returning('*');
    await db('organization_members').insert({ organization_id: org.id, user_id: user.id, role: 'sales', is_owner: false, sales: true });
    const field = (name, label, extra = {}) => ({ id: crypto.randomUUID(), type: 'TEXT', name, label, langlabel: { EN: label }, required: false, selects: [], langselects: {}, headline: '', langheadline: {}, searchable: false, standard: null, ...extra });
    const schema = [
      field('name', 'Name', { standard: 'name', required: true }),
      field('email', 'E-Mail', { type: 'EMAIL', standard: 'email' }),
      field('interest', 'Interesse', { type: 'SELECT', selects: ['a', 'b', 'c'], searchable: true }),
      field('note', 'Notiz', { searchable: true }),
    ];
    const [form] = await db('lead_forms').insert({ organization_id: org.id, name: 'Messe', schema: JSON.stringify(schema) }).returning('*');

    const seedStart = process.hrtime.bigint();
    await seed(db, org.id, form.id, user.id);
    log(`Seeded ${LEADS} active and ${Math.floor(LEADS / 10)} archived leads in ${(ms(seedStart) / 1000).toFixed(1)} s`);

    const app = { env: {}, db, storage: null };
    const ctx = () => createServiceContext(app, viewer, 'DE');
    const viewer = await loadViewer(db, user.id);
    const lastPage = Math.max(1, Math.ceil(LEADS / 25));
    const variants = {
      'first page (newest)': {},
      'deep page': { page: lastPage },
      'search "müller"': { search: 'müller' },
      'search "notiz 42"': { search: 'notiz 42' },
      'tag "vip"': { tag: 'vip' },
      'sort by score': { sort: 'score', dir: 'desc' },
      'sort by name': { sort: 'name', dir: 'asc', page: 50 },
      'sort by company': { sort: 'company', dir: 'asc' },
      archive: { archived: true },
      'date range': { from: new Date(Date.now() - LEADS * 30_000), to: new Date() },
    };
    for (const input of Object.values(variants)) await listLeads(ctx(), input); // warm-up
    const overview = {};
    const all = [];
    for (const [label, input] of Object.entries(variants)) {
      const times = [];
      let total = 0;
      for (let round = 0; round < ROUNDS; round++) {
        const start = process.hrtime.bigint();
        const result = await listLeads(ctx(), input);
        times.push(ms(start));
        total = result.total;
      }
      all.push(...times);
      overview[label] = { p50: percentile(times, 50), p95: percentile(times, 95), total };
    }
    const overviewP95 = percentile(all, 95);

    const csvRuns = [];
    let csvRows = 0;
    let csvBytes = 0;
    for (let run = 0; run < 3; run++) {
      const start = process.hrtime.bigint();
      const stream = await leadsCsv(ctx(), { archived: false }, 'DE');
      let bytes = 0;
      let lines = 0;
      for await (const chunk of stream) {
        bytes += chunk.length;
        for (const byte of chunk) if (byte === 10) lines++;
      }
      csvRuns.push(ms(start));
      csvRows = lines - 1;
      csvBytes = bytes;
    }
    const csvMs = Math.max(...csvRuns);

    log('');
    log(`Lead overview (${ROUNDS} rounds per query, ${LEADS} leads of one organisation):`);
    for (const [label, figures] of Object.entries(overview)) {
      log(`  ${label.padEnd(24)} p50 ${figures.p50.toFixed(1).padStart(7)} ms   p95 ${figures.p95.toFixed(1).padStart(7)} ms   (${figures.total} matching)`);
    }
    log(`  all queries              p95 ${overviewP95.toFixed(1)} ms   target < ${LEAD_TARGETS.overviewP95Ms} ms   ${overviewP95 < LEAD_TARGETS.overviewP95Ms ? 'OK' : 'MISSED'}`);
    log(`CSV export: ${csvRows} leads, ${(csvBytes / 1024 / 1024).toFixed(2)} MiB, slowest of 3 runs ${csvMs.toFixed(0)} ms   target < ${LEAD_TARGETS.csvMs} ms   ${csvMs < LEAD_TARGETS.csvMs ? 'OK' : 'MISSED'}`);
    return { leads: LEADS, overview, overviewP95, csvMs, csvRows, csvBytes, ok: overviewP95 < LEAD_TARGETS.overviewP95Ms && csvMs < LEAD_TARGETS.csvMs };
  } finally {
    await db.destroy();
    await dropDatabase(name, url);
  }
}

async function main() {
  const report = { data: await benchLeads() };
  let ok = report.data.ok;
  const cardsScript = path.join(ROOT, 'scripts/bench-leads-cards.mjs');
  if (!noOcr && fs.existsSync(cardsScript)) {
    console.log('');
    const { benchLeadsCards } = await import(cardsScript);
    report.cards = await benchLeadsCards({});
    if (report.cards?.failed?.length) ok = false;
  }
  if (jsonFile) fs.writeFileSync(jsonFile, JSON.stringify(report, null, 2));
  if (!ok && !noFail) process.exitCode = 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
