import path from 'node:path';
import { z } from 'zod';

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
  UPLOAD_DIR: z.string().default('var/uploads'),
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Messeplattform <no-reply@localhost>'),
  LOG_REQUESTS: booleanish,
  SEED_DEMO: z.enum(['auto', 'always', 'never']).default('auto'),
});

export type Env = z.infer<typeof EnvSchema> & {
  sessionSecret: string;
  jwtSecret: string;
  rootDir: string;
};

const DEV_SECRET = 'dev-only-secret-change-me-0123456789';

/** Parses and validates the environment once; exits with a readable message on bad input. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  if (env.NODE_ENV === 'production' && source.CI !== 'true' && source.ALLOW_DEV_SECRETS !== 'true') {
    if (!env.SESSION_SECRET || !env.JWT_SECRET) {
      console.warn(
        '[env] SESSION_SECRET and JWT_SECRET are not set: using development secrets. Set both in a real deployment.',
      );
    }
  }
  if (env.S3_BUCKET && !(env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY)) {
    throw new Error('Invalid environment configuration:\n  - S3_BUCKET is set, so S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are required');
  }
  return {
    ...env,
    sessionSecret: env.SESSION_SECRET ?? DEV_SECRET,
    jwtSecret: env.JWT_SECRET ?? `${DEV_SECRET}-jwt`,
    rootDir: path.resolve(source.APP_ROOT ?? process.cwd()),
  };
}
