import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadEnv, secretsFilePath } from '~/server/env.server';
import { DEV_SECRETS, generateSecrets, loadOrCreateSecrets, writeSecretsFileOnce } from '~/server/secrets.server';

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

  it('reads the analytics settings, the country database too (empty: the one from npm)', () => {
    expect(loadEnv({})).toMatchObject({ ANALYTICS_RAW_DAYS: 30, ANALYTICS_ROLLUP_SECONDS: 60 });
    expect(loadEnv({}).ANALYTICS_GEO_DB).toBeUndefined();
    expect(loadEnv({ ANALYTICS_GEO_DB: '' }).ANALYTICS_GEO_DB).toBeUndefined();
    expect(loadEnv({ ANALYTICS_GEO_DB: '/srv/geo/dbip-country.mmdb' }).ANALYTICS_GEO_DB).toBe('/srv/geo/dbip-country.mmdb');
  });

  it('needs credentials with a bucket', () => {
    expect(() => loadEnv({ S3_BUCKET: 'uploads' })).toThrowError(/S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are required/);
  });
});

describe('signing secrets', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fp-secrets-'));
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.mocked(console.warn).mockRestore();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const production = (extra: Record<string, string> = {}) =>
    loadEnv({ NODE_ENV: 'production', PGLITE_DIR: path.join(dir, 'db'), ...extra });
  const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

  it('signs with the development values outside production only', () => {
    for (const NODE_ENV of ['development', 'test']) {
      expect(loadEnv({ NODE_ENV })).toMatchObject({ sessionSecret: DEV_SECRETS.sessionSecret, jwtSecret: DEV_SECRETS.jwtSecret });
    }
    const env = production();
    expect(env.sessionSecret).not.toBe(DEV_SECRETS.sessionSecret);
    expect(env.jwtSecret).not.toBe(DEV_SECRETS.jwtSecret);
  });

  it('generates strong secrets at the first production start, in a 0600 file next to the embedded database', () => {
    const env = production();
    const file = path.join(dir, 'secrets.json');
    expect(secretsFilePath(env)).toBe(file);
    expect(modeOf(file)).toBe(0o600);
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual({ sessionSecret: env.sessionSecret, jwtSecret: env.jwtSecret });
    expect(Buffer.from(env.sessionSecret, 'base64url').length).toBeGreaterThanOrEqual(32);
    expect(Buffer.from(env.jwtSecret, 'base64url').length).toBeGreaterThanOrEqual(32);
    expect(env.sessionSecret).not.toBe(env.jwtSecret);
    expect(console.warn).toHaveBeenCalledWith(expect.stringContaining(`Generated secrets for the session cookie and API tokens in ${file}`));
    expect(fs.readdirSync(dir)).toEqual(['secrets.json']);
  });

  it('reuses the same secrets after a restart, and another data folder gets its own', () => {
    const first = production();
    vi.mocked(console.warn).mockClear();
    const second = production();
    expect(second).toMatchObject({ sessionSecret: first.sessionSecret, jwtSecret: first.jwtSecret });
    expect(console.warn).not.toHaveBeenCalled();
    const elsewhere = production({ SECRETS_FILE: path.join(dir, 'other', 'keys.json') });
    expect(elsewhere.sessionSecret).not.toBe(first.sessionSecret);
    expect(modeOf(path.join(dir, 'other', 'keys.json'))).toBe(0o600);
  });

  it('uses set variables as they are and generates only the missing one', () => {
    const session = 'a-session-secret-set-by-the-operator';
    const jwt = 'a-jwt-secret-set-by-the-operator-too';
    expect(production({ SESSION_SECRET: session, JWT_SECRET: jwt })).toMatchObject({ sessionSecret: session, jwtSecret: jwt });
    expect(fs.existsSync(path.join(dir, 'secrets.json'))).toBe(false);
    const partly = production({ SESSION_SECRET: session });
    expect(partly.sessionSecret).toBe(session);
    expect(partly.jwtSecret).toBe(JSON.parse(fs.readFileSync(path.join(dir, 'secrets.json'), 'utf8')).jwtSecret);
  });

  it('never accepts the development values in production, also not on CI or with ALLOW_DEV_SECRETS', () => {
    expect(() => production({ SESSION_SECRET: DEV_SECRETS.sessionSecret, JWT_SECRET: DEV_SECRETS.jwtSecret })).toThrowError(
      /SESSION_SECRET: the development value is not accepted in production\n {2}- JWT_SECRET: the development value/,
    );
    const env = production({ CI: 'true', ALLOW_DEV_SECRETS: 'true' });
    expect(env.sessionSecret).not.toBe(DEV_SECRETS.sessionSecret);
    expect(env.jwtSecret).not.toBe(DEV_SECRETS.jwtSecret);
  });

  it('refuses to start with a secrets file others may read, or one it cannot use', () => {
    const file = path.join(dir, 'secrets.json');
    production();
    fs.chmodSync(file, 0o644);
    expect(() => production()).toThrowError(`Secrets file ${file}: has mode 0644, but only its owner may read it (run: chmod 600 ${file})`);
    fs.writeFileSync(file, '{"sessionSecret":"short"}', { mode: 0o600 });
    fs.chmodSync(file, 0o600);
    expect(() => production()).toThrowError(/is not a valid secrets file/);
    fs.rmSync(file);
    fs.mkdirSync(file);
    expect(() => production()).toThrowError(`Secrets file ${file}: is not a regular file`);
  });

  it('gives processes that start at the same time the same secrets', async () => {
    const file = path.join(dir, 'race', 'secrets.json');
    const startAt = Date.now() + 1500;
    // each generator skips the "file exists?" look and goes straight for the link, as when they start together
    const script = `
      import { generateSecrets, readSecretsFile, writeSecretsFileOnce } from ${JSON.stringify(path.resolve('app/server/secrets.server.ts'))};
      const mine = generateSecrets();
      while (Date.now() < ${startAt});
      writeSecretsFileOnce(${JSON.stringify(file)}, mine);
      const secrets = readSecretsFile(${JSON.stringify(file)});
      console.log(JSON.stringify({ secrets, created: secrets.sessionSecret === mine.sessionSecret }));`;
    const generators = Array.from({ length: 4 }, () => runNode(['--import', 'tsx', '--input-type=module', '-e', script]));
    const results = (await Promise.all(generators)).map((out) => JSON.parse(out) as { secrets: unknown; created: boolean });
    expect(new Set(results.map((r) => JSON.stringify(r.secrets))).size).toBe(1);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(results[0].secrets).toEqual(JSON.parse(fs.readFileSync(file, 'utf8')));
    expect(fs.readdirSync(path.dirname(file))).toEqual(['secrets.json']);
  }, 30_000);

  it('lets the loser of a race adopt the winner’s file', () => {
    const file = path.join(dir, 'secrets.json');
    const winner = generateSecrets();
    writeSecretsFileOnce(file, winner);
    writeSecretsFileOnce(file, generateSecrets());
    expect(loadOrCreateSecrets(file)).toEqual({ secrets: winner, created: false });
  });
});

function runNode(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, args, { cwd: process.cwd() }, (error, stdout, stderr) =>
      error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout),
    );
  });
}
