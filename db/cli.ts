import { loadEnv } from '../app/server/env.server';
import { createDb, migrateLatest } from './connection';
import { seedDemo } from '../app/server/seed/demo';

async function main() {
  const command = process.argv[2];
  const env = loadEnv();
  const db = createDb({ databaseUrl: env.DATABASE_URL, pgliteDir: env.PGLITE_DIR });
  try {
    if (command === 'migrate') {
      const applied = await migrateLatest(db);
      console.log(applied.length ? `Applied migrations: ${applied.join(', ')}` : 'Database is up to date.');
    } else if (command === 'seed') {
      await migrateLatest(db);
      const result = await seedDemo(db, { force: process.argv.includes('--force') });
      console.log(result.seeded ? 'Demo data created.' : 'Database already has data; demo seed skipped.');
    } else {
      console.error('Usage: tsx db/cli.ts migrate|seed [--force]');
      process.exitCode = 2;
    }
  } finally {
    await db.destroy();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
