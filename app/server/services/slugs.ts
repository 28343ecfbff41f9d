import crypto from 'node:crypto';
import slugify from 'slugify';
import type { ServiceContext } from '../context.server';

/** A URL slug from a name (German transliteration: ä -> ae, ß -> ss), at most 80 characters. */
export function slugFrom(text: string, fallback: string): string {
  const slug = slugify(text, { lower: true, strict: true, locale: 'de', trim: true }).slice(0, 80).replace(/-+$/, '');
  return slug || fallback;
}

/** A slug not yet used in `table` (within `scope` when given): the plain one, else -2, -3 ..., else random. */
export async function freeSlug(
  ctx: ServiceContext,
  table: string,
  text: string,
  fallback: string,
  scope: Record<string, unknown> = {},
): Promise<string> {
  const base = slugFrom(text, fallback);
  const taken = new Set(
    (await ctx
      .db(table)
      .where(scope)
      .andWhere((q) => q.where('slug', base).orWhere('slug', 'like', `${base}-%`))
      .pluck('slug')) as string[],
  );
  if (!taken.has(base)) return base;
  for (let i = 2; i < 100; i += 1) if (!taken.has(`${base}-${i}`)) return `${base}-${i}`;
  return `${base}-${crypto.randomBytes(3).toString('hex')}`;
}

/**
 * A unique-index violation from PostgreSQL, optionally of one named constraint. Knex hands out the driver's
 * error; a model query wraps it (objection's UniqueViolationError keeps it as `nativeError`).
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const wrapped = error as { nativeError?: unknown } | null;
  const e = (wrapped?.nativeError ?? error) as { code?: string; constraint?: string; message?: string };
  if (e?.code !== '23505') return false;
  return !constraint || e.constraint === constraint || Boolean(e.message?.includes(constraint));
}

/** Runs a write and answers a unique violation with `conflict()`: the check before a write can lose a race. */
export async function withUniqueError<T>(conflict: () => Error, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict();
    throw error;
  }
}
