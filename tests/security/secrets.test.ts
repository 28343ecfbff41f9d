import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { createCookie } from '@remix-run/node';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAppServices, createExpressApp } from '~/server/app.server';
import { loadEnv, type Env } from '~/server/env.server';
import { DEV_SECRETS } from '~/server/secrets.server';
import { createSession } from '~/server/session.server';
import { freshDatabase, type TestDatabase } from '../helpers/database';
import { createUser } from '../fixtures/factories';

/**
 * Issue 11, finding 4: with SESSION_SECRET / JWT_SECRET unset, production signed with the development values from
 * the source, so anyone could forge an access token for any user. A production app started with no secrets set
 * must refuse tokens and cookies signed with those values, and keep its own secrets across a restart.
 * (Only production environments in this file: the session cookie object is made once per process.)
 */
let dir: string;
let database: TestDatabase;
const servers: Server[] = [];

async function startProduction(): Promise<{ env: Env; url: string }> {
  const env = loadEnv({ NODE_ENV: 'production', PGLITE_DIR: path.join(dir, 'db'), UPLOAD_DIR: path.join(dir, 'uploads'), LOG_REQUESTS: 'false' });
  const express = await createExpressApp(await createAppServices(env, database.db));
  const server: Server = await new Promise((resolve) => {
    const s = express.listen(0, '127.0.0.1', () => resolve(s));
  });
  servers.push(server);
  return { env, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fp-prod-secrets-'));
  database = await freshDatabase();
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections?.();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
  vi.mocked(console.warn).mockRestore();
  await database.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

const ME = '{ me { id email } }';

async function me(url: string, headers: Record<string, string>) {
  const res = await fetch(`${url}/graphql/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json', ...headers },
    body: JSON.stringify({ query: ME }),
  });
  return { status: res.status, body: (await res.json()) as { data?: { me: unknown } | null; errors?: { extensions?: unknown }[] } };
}

const tokenFor = (user: { id: string; email: string }, secret: string) =>
  new SignJWT({ email: user.email, org: null, features: 0, type: 'access' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(user.id)
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(new TextEncoder().encode(secret));

describe('production with SESSION_SECRET and JWT_SECRET unset', () => {
  it('refuses an access token forged with the development secret from the source', async () => {
    const { env, url } = await startProduction();
    const user = await createUser(database.db);
    const forged = await me(url, { authorization: `JWT ${await tokenFor(user, DEV_SECRETS.jwtSecret)}` });
    expect(forged.status).toBe(401);
    expect(forged.body.errors?.[0].extensions).toEqual({ code: 'UNAUTHENTICATED', reason: 'JWT_INVALID_TOKEN' });

    const genuine = await me(url, { authorization: `JWT ${await tokenFor(user, env.jwtSecret)}` });
    expect(genuine.body.data).toEqual({ me: { id: user.id, email: user.email } });
  });

  it('ignores a session cookie signed with the development secret', async () => {
    const { env, url } = await startProduction();
    const user = await createUser(database.db);
    const { sessionId, setCookie } = await createSession(env, database.db, user.id);
    const devCookie = createCookie('__session', { secrets: [DEV_SECRETS.sessionSecret] });
    const forged = await me(url, { cookie: (await devCookie.serialize(sessionId)).split(';')[0] });
    expect(forged.body.data).toEqual({ me: null });

    const genuine = await me(url, { cookie: setCookie.split(';')[0] });
    expect(genuine.body.data).toEqual({ me: { id: user.id, email: user.email } });
  });

  it('keeps its generated secrets across a restart, in a file only its owner can read', async () => {
    const before = await startProduction();
    const user = await createUser(database.db);
    const token = await tokenFor(user, before.env.jwtSecret);
    const after = await startProduction();
    expect((await me(after.url, { authorization: `JWT ${token}` })).body.data).toEqual({ me: { id: user.id, email: user.email } });
    expect(fs.statSync(path.join(dir, 'secrets.json')).mode & 0o777).toBe(0o600);
    const generated = vi.mocked(console.warn).mock.calls.filter(([message]) => String(message).includes('Generated secrets'));
    expect(generated).toHaveLength(1);
  });
});
