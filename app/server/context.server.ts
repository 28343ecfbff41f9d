import type { TFunction } from 'i18next';
import type DataLoader from 'dataloader';
import type { Db } from '#db/connection';
import type { Language } from '~/lib/language';
import type { Env } from './env.server';
import type { Storage } from './storage/storage.server';
import { getT } from './i18n.server';
import type { Viewer } from './viewer.server';

/** Process-wide services, created once by the server and shared by both doors. */
export interface AppServices {
  env: Env;
  db: Db;
  storage: Storage;
}

/** What every service function receives first: who asks, in which language, and the per-request caches. */
export interface ServiceContext {
  app: AppServices;
  db: Db;
  viewer: Viewer | null;
  language: Language;
  t: TFunction;
  loaders: Map<unknown, DataLoader<unknown, unknown>>;
}

export function createServiceContext(
  app: AppServices,
  viewer: Viewer | null,
  language: Language,
): ServiceContext {
  return { app, db: app.db, viewer, language, t: getT(language), loaders: new Map() };
}

/** Runs `work` with a context whose db is a transaction; everything commits or nothing does. */
export async function inTransaction<T>(ctx: ServiceContext, work: (trx: ServiceContext) => Promise<T>): Promise<T> {
  if (ctx.db.isTransaction) return work(ctx);
  return ctx.db.transaction((trx) => work({ ...ctx, db: trx }));
}

/**
 * Declares a per-request DataLoader: `const userById = defineLoader((ctx) => new DataLoader(...))`, then
 * `userById(ctx).load(id)`. Each request (context) gets its own instance, so caches never leak between viewers.
 */
export function defineLoader<K, V>(make: (ctx: ServiceContext) => DataLoader<K, V>) {
  const key = Symbol('loader');
  return (ctx: ServiceContext): DataLoader<K, V> => {
    let loader = ctx.loaders.get(key) as DataLoader<K, V> | undefined;
    if (!loader) {
      loader = make(ctx);
      ctx.loaders.set(key, loader as DataLoader<unknown, unknown>);
    }
    return loader;
  };
}
