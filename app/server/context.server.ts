import type { TFunction } from 'i18next';
import DataLoader from 'dataloader';
import type { ModelClass } from 'objection';
import type { Db } from '#db/connection';
import type { BaseModel } from '#db/models/index';
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

/** A per-request loader of a model's rows by id (null for a missing id). No access check: the caller's service filters. */
export function byIdLoader<C extends typeof BaseModel>(model: C) {
  return defineLoader(
    (ctx: ServiceContext) =>
      new DataLoader<string, InstanceType<C> | null>(async (ids) => {
        const query = (model as unknown as ModelClass<BaseModel>).query(ctx.db);
        const rows = (await query.whereIn('id', ids as string[])) as InstanceType<C>[];
        const byId = new Map(rows.map((r) => [r.id, r]));
        return ids.map((id) => byId.get(id) ?? null);
      }),
  );
}
