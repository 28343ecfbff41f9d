import fs from 'node:fs';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import ClientPgLite from 'knex-pglite';
import pg from 'pg';
import { migrationSource } from './migrations/index';

// Return DATE and TIMESTAMP columns as they are stored instead of shifting them into local time.
pg.types.setTypeParser(pg.types.builtins.DATE, (v: string) => v);
// BIGINT counts (count(*)) fit in a JS number for our sizes.
pg.types.setTypeParser(pg.types.builtins.INT8, (v: string) => Number(v));

export type Db = Knex;

type ProcessResponse = (obj: { method?: string }, runner: unknown) => unknown;

/**
 * knex-pglite (0.14) derives the command from knex's method name, and a delete's is `del`: knex then returned the
 * whole result instead of the number of deleted rows, so every `if (!deleted)` check passed on the embedded
 * database (cancelInvite answered ok for another organisation's invite). Deletes are named as knex-pg expects.
 */
class PgLiteClient extends ClientPgLite {
  processResponse(obj: { method?: string }, runner: unknown): unknown {
    const parent = ClientPgLite.prototype as unknown as { processResponse: ProcessResponse };
    return parent.processResponse.call(this, obj.method === 'del' ? { ...obj, method: 'delete' } : obj, runner);
  }
}

export interface DbOptions {
  /** postgres:// URL; when absent the embedded PGlite database is used. */
  databaseUrl?: string;
  /** Folder of the embedded database; `memory` keeps it in memory (tests). */
  pgliteDir?: string;
  pool?: { min: number; max: number };
}

export function createDb(options: DbOptions): Db {
  if (options.databaseUrl) {
    return knexFactory({
      client: 'pg',
      connection: options.databaseUrl,
      pool: options.pool ?? { min: 0, max: 10 },
      migrations: { migrationSource, tableName: 'knex_migrations' },
    });
  }
  const dir = options.pgliteDir ?? 'var/db';
  let dataDir: string | undefined;
  if (dir !== 'memory') {
    fs.mkdirSync(path.dirname(path.resolve(dir)), { recursive: true });
    dataDir = path.resolve(dir);
  }
  // The embedded database gets the extensions the migrations create (pg_trgm for the leads search, 0019; btree_gist
  // for the appointments' exclusion constraint, 0026), which PGlite ships as contrib bundles; knex-pglite takes the
  // instance as it is.
  const pglite = new PGlite({ dataDir, extensions: { btree_gist, pg_trgm } });
  return knexFactory({
    client: PgLiteClient,
    dialect: 'postgres',
    connection: { pglite } as unknown as Knex.StaticConnectionConfig,
    migrations: { migrationSource, tableName: 'knex_migrations' },
  });
}

export async function migrateLatest(db: Db): Promise<string[]> {
  const [, applied] = (await db.migrate.latest()) as [number, string[]];
  return applied;
}

