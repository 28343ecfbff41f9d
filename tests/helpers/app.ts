import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { loadEnv } from '~/server/env.server';
import { createAppServices, createExpressApp } from '~/server/app.server';
import type { AppServices } from '~/server/context.server';
import { createServiceContext, type ServiceContext } from '~/server/context.server';
import { loadViewer } from '~/server/viewer.server';
import type { Language } from '~/lib/language';
import { createSession, csrfTokenFor } from '~/server/session.server';
import { signAccessToken } from '~/server/auth/jwt.server';
import { freshDatabase, type TestDatabase } from './database';
import { answerClientErrors } from '~/server/client-errors.server';
import { serveSubscriptions } from '#graphql/subscriptions';

export interface TestApp {
  app: AppServices;
  database: TestDatabase;
  url: string;
  close(): Promise<void>;
  /** POSTs a GraphQL operation; returns the parsed JSON body and the status. */
  graphql<T = Record<string, unknown>>(
    query: string,
    variables?: Record<string, unknown>,
    init?: { headers?: Record<string, string> },
  ): Promise<{ status: number; body: { data?: T; errors?: { message: string; extensions?: Record<string, unknown> }[] } }>;
  /** A service context acting as the given user (null: anonymous). */
  serviceContext(userId: string | null, language?: Language): Promise<ServiceContext>;
  sessionCookie(userId: string): Promise<string>;
  /** A new session's cookie with its CSRF token, as a browser page sends them with a GraphQL mutation. */
  sessionHeaders(userId: string): Promise<{ cookie: string; 'x-csrf-token': string }>;
  accessToken(userId: string): Promise<string>;
}

/** The Express app (API only, no Remix) on a fresh database, listening on a random local port. */
export async function createTestApp(
  options: { database?: 'auto' | 'postgres' | 'pglite'; /** more environment variables */ env?: Record<string, string> } = {},
): Promise<TestApp> {
  const database = await freshDatabase(options.database ?? 'auto');
  const env = loadEnv({ ...process.env, NODE_ENV: 'test', UPLOAD_DIR: `var/test-uploads/${process.pid}`, ...options.env });
  const app = await createAppServices(env, database.db);
  const express = await createExpressApp(app);
  const server: Server = await new Promise((resolve) => {
    const s = express.listen(0, '127.0.0.1', () => resolve(s));
  });
  answerClientErrors(server);
  const subscriptions = serveSubscriptions(app, server);
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    app,
    database,
    url,
    async close() {
      await subscriptions.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections?.();
      await database.drop();
    },
    async graphql(query, variables, init) {
      const res = await fetch(`${url}/graphql/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json', ...init?.headers },
        body: JSON.stringify({ query, variables }),
      });
      return { status: res.status, body: await res.json() };
    },
    async serviceContext(userId, language = 'EN') {
      const viewer = userId ? await loadViewer(app.db, userId) : null;
      return createServiceContext(app, viewer, language);
    },
    async sessionCookie(userId) {
      const { setCookie } = await createSession(env, app.db, userId);
      return setCookie.split(';')[0];
    },
    async sessionHeaders(userId) {
      const { sessionId, setCookie } = await createSession(env, app.db, userId);
      return { cookie: setCookie.split(';')[0], 'x-csrf-token': csrfTokenFor(env, sessionId) };
    },
    async accessToken(userId) {
      const viewer = await loadViewer(app.db, userId);
      if (!viewer) throw new Error('no such active user');
      return signAccessToken(env, {
        sub: viewer.userId,
        email: viewer.email,
        org: viewer.organization?.id ?? null,
        features: viewer.features,
      });
    },
  };
}
