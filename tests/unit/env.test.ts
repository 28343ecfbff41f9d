import { describe, expect, it } from 'vitest';
import { loadEnv } from '~/server/env.server';

describe('environment validation', () => {
  it('has working defaults for a fresh machine (embedded database, port 3000)', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({ PORT: 3000, PGLITE_DIR: 'var/db', UPLOAD_DIR: 'var/uploads' });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.sessionSecret.length).toBeGreaterThanOrEqual(16);
  });

  it('names every bad variable in one clear message', () => {
    expect(() => loadEnv({ PORT: 'abc', DATABASE_URL: 'mysql://x', SESSION_SECRET: 'short' })).toThrowError(
      /Invalid environment configuration:\n {2}- PORT: .+\n {2}- DATABASE_URL: must be a postgres:\/\/ or postgresql:\/\/ URL\n {2}- SESSION_SECRET: must be at least 16 characters/,
    );
  });

  it('treats an empty DATABASE_URL as unset', () => {
    expect(loadEnv({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
  });

  it('needs credentials with a bucket', () => {
    expect(() => loadEnv({ S3_BUCKET: 'uploads' })).toThrowError(/S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are required/);
  });
});
