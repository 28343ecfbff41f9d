import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** The signing secrets: the session cookie's and the API access tokens'. */
export interface Secrets {
  sessionSecret: string;
  jwtSecret: string;
}

/** Development and test only: these are in the source, so production never accepts them. */
export const DEV_SECRETS: Secrets = {
  sessionSecret: 'dev-only-secret-change-me-0123456789',
  jwtSecret: 'dev-only-secret-change-me-0123456789-jwt',
};

export const isDevSecret = (value: string) => Object.values(DEV_SECRETS).includes(value);

/** 48 random bytes each (64 characters base64url), well above the 32 bytes an HMAC-SHA256 key wants. */
export function generateSecrets(): Secrets {
  const secret = () => crypto.randomBytes(48).toString('base64url');
  return { sessionSecret: secret(), jwtSecret: secret() };
}

const SecretsFile = z.object({ sessionSecret: z.string().min(32), jwtSecret: z.string().min(32) });

class SecretsFileError extends Error {
  constructor(file: string, problem: string) {
    super(`Secrets file ${file}: ${problem}`);
    this.name = 'SecretsFileError';
  }
}

/** Reads the secrets file; refuses a file others may read or write, and anything that is not our JSON. */
export function readSecretsFile(file: string): Secrets {
  let text: string;
  try {
    const stat = fs.statSync(file);
    if (!stat.isFile()) throw new SecretsFileError(file, 'is not a regular file');
    // Windows has no POSIX modes to check
    if (process.platform !== 'win32' && (stat.mode & 0o077) !== 0) {
      const mode = (stat.mode & 0o777).toString(8).padStart(4, '0');
      throw new SecretsFileError(file, `has mode ${mode}, but only its owner may read it (run: chmod 600 ${file})`);
    }
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if (error instanceof SecretsFileError) throw error;
    throw new SecretsFileError(file, `cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = null;
  }
  const secrets = SecretsFile.safeParse(parsed);
  if (!secrets.success) {
    throw new SecretsFileError(file, 'is not a valid secrets file (expected JSON with sessionSecret and jwtSecret); restore it or remove it to generate new secrets');
  }
  return secrets.data;
}

/**
 * Creates the secrets file unless it exists, atomically: the secrets are written to a private temporary file
 * (mode 0600) that is then hard-linked to the final name, which fails if the name exists. Processes that start at
 * the same time race for the link; every one of them then reads the winner's file, so all sign with the same
 * secrets.
 */
export function writeSecretsFileOnce(file: string, secrets: Secrets): void {
  const temporary = `${file}.${process.pid}.${crypto.randomBytes(6).toString('hex')}.tmp`;
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    const fd = fs.openSync(temporary, 'wx', 0o600);
    try {
      fs.fchmodSync(fd, 0o600);
      fs.writeFileSync(fd, `${JSON.stringify(secrets, null, 2)}\n`);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.linkSync(temporary, file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EEXIST') throw new SecretsFileError(file, `cannot be created (${code ?? String(error)})`);
  } finally {
    fs.rmSync(temporary, { force: true });
  }
}

/**
 * The production secrets kept in `file`: generated at the first start, the same ones after every restart and in
 * every process started from the same data folder.
 */
export function loadOrCreateSecrets(file: string): { secrets: Secrets; created: boolean } {
  if (fs.existsSync(file)) return { secrets: readSecretsFile(file), created: false };
  const fresh = generateSecrets();
  writeSecretsFileOnce(file, fresh);
  const secrets = readSecretsFile(file);
  return { secrets, created: secrets.sessionSecret === fresh.sessionSecret };
}
