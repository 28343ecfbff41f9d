import crypto from 'node:crypto';
import knexFactory from 'knex';
import { createDb, migrateLatest, type Db } from '#db/connection';

/** The PostgreSQL server tests use: TEST_DATABASE_URL, else DATABASE_URL, else the local server. */
export function serverUrl(): string {
  return process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export async function serverReachable(url = serverUrl()): Promise<boolean> {
  const admin = knexFactory({ client: 'pg', connection: { connectionString: url, connectionTimeoutMillis: 2000 }, pool: { min: 0, max: 1 } });
  try {
    await admin.raw('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await admin.destroy();
  }
}

export const TEMPLATE_ENV = 'FAIRPLATFORM_TEST_TEMPLATE_DB';

/** Creates a migrated template database on the server; returns its name. */
export async function createTemplate(url = serverUrl()): Promise<string> {
  const name = `fp_tpl_${process.pid}_${crypto.randomBytes(3).toString('hex')}`;
  const admin = knexFactory({ client: 'pg', connection: url, pool: { min: 0, max: 1 } });
  try {
    await admin.raw(`create database "${name}"`);
  } finally {
    await admin.destroy();
  }
  const db = createDb({ databaseUrl: withDatabase(url, name), pool: { min: 0, max: 1 } });
  try {
    await migrateLatest(db);
  } finally {
    await db.destroy();
  }
  return name;
}

export async function dropDatabase(name: string, url = serverUrl()): Promise<void> {
  const admin = knexFactory({ client: 'pg', connection: url, pool: { min: 0, max: 1 } });
  try {
    await admin.raw(`drop database if exists "${name}" with (force)`);
  } finally {
    await admin.destroy();
  }
}

export interface TestDatabase {
  db: Db;
  kind: 'postgres' | 'pglite';
  drop(): Promise<void>;
}

/**
 * A fresh, migrated database for one test file: a copy of the template on the real server when one is
 * reachable (fast: CREATE DATABASE ... TEMPLATE), else an in-memory PGlite.
 */
export async function freshDatabase(kind: 'auto' | 'postgres' | 'pglite' = 'auto'): Promise<TestDatabase> {
  const template = process.env[TEMPLATE_ENV];
  if (kind === 'postgres' || (kind === 'auto' && template)) {
    const url = serverUrl();
    const name = `fp_test_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
    const admin = knexFactory({ client: 'pg', connection: url, pool: { min: 0, max: 1 } });
    try {
      if (template) await admin.raw(`create database "${name}" template "${template}"`);
      else await admin.raw(`create database "${name}"`);
    } finally {
      await admin.destroy();
    }
    const db = createDb({ databaseUrl: withDatabase(url, name), pool: { min: 0, max: 5 } });
    if (!template) await migrateLatest(db);
    return {
      db,
      kind: 'postgres',
      drop: async () => {
        await db.destroy();
        await dropDatabase(name, url);
      },
    };
  }
  const db = createDb({ pgliteDir: 'memory' });
  await migrateLatest(db);
  return { db, kind: 'pglite', drop: () => db.destroy() };
}
