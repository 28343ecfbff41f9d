import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createRequestHandler as createExpressRequestHandler } from '@remix-run/express';
import { flatRoutes } from '@remix-run/dev/dist/config/flat-routes.js';
import { createRequestHandler, type ServerBuild } from '@remix-run/server-runtime';
import * as rootModule from '~/root';
import { createExpressApp } from '~/server/app.server';
import type { AppServices } from '~/server/context.server';
import { buildRequestContext } from '~/server/request-context.server';
import { visitorCacheHooks, type VisitorCache } from '~/server/visitor-cache.server';
import type { TestApp } from './app';

type RouteModule = ServerBuild['routes'][string]['module'];
// flat route files and route folders' modules (app/routes/<route>/route.tsx, decision 013)
const routeModules = import.meta.glob<RouteModule>(['../../app/routes/*.tsx', '../../app/routes/*/route.tsx']);

/** What a page request came to: its status, where it redirects, and the data of every matched route's loader. */
export interface PageOutcome {
  status: number;
  location: string | null;
  /** loader data by route id (`root`, `routes/convention.$conventionslug`, ...) */
  loaderData: Record<string, unknown>;
}

/**
 * The app's whole route table (flat routes of app/routes, as the Vite plugin reads it) as a Remix server build. Every
 * matched loader runs exactly as in production; only the React rendering is left out: a document answers with the
 * loaders' data and the CSP nonce of its request as JSON, so what a page costs in the database is what production
 * pays for it, and what it shows can be read.
 */
export async function appServerBuild(): Promise<ServerBuild> {
  const appDir = path.resolve(__dirname, '../../app');
  const manifest = flatRoutes(appDir, ['**/*.css', '**/*.test.*']);
  const routes: ServerBuild['routes'] = { root: { id: 'root', path: '', module: rootModule } };
  const assetRoutes: Record<string, unknown> = {
    root: { id: 'root', path: '', module: '/root.js', hasAction: false, hasLoader: true, hasClientAction: false, hasClientLoader: false, hasErrorBoundary: true },
  };
  for (const route of Object.values(manifest)) {
    const load = routeModules[`../../app/${route.file}`];
    if (!load) throw new Error(`route module ${route.file} not found`);
    const module = await load();
    routes[route.id] = { id: route.id, parentId: route.parentId, path: route.path, index: route.index, caseSensitive: route.caseSensitive, module };
    assetRoutes[route.id] = {
      id: route.id,
      parentId: route.parentId,
      path: route.path,
      index: route.index,
      module: `/${route.id}.js`,
      hasAction: 'action' in module,
      hasLoader: 'loader' in module,
      hasClientAction: 'clientAction' in module,
      hasClientLoader: 'clientLoader' in module,
      hasErrorBoundary: 'ErrorBoundary' in module,
    };
  }
  return {
    mode: 'production',
    entry: {
      module: {
        default: (
          _request: Request,
          status: number,
          headers: Headers,
          context: { staticHandlerContext: { loaderData: unknown } },
          loadContext: { cspNonce?: string },
        ) => {
          headers.set('content-type', 'application/json');
          return new Response(JSON.stringify({ nonce: loadContext.cspNonce, loaderData: context.staticHandlerContext.loaderData }), { status, headers });
        },
      },
    },
    routes,
    assets: { entry: { imports: [], module: '/entry.js' }, routes: assetRoutes, url: '/manifest.js', version: 'test' },
    publicPath: '/',
    assetsBuildDirectory: 'build/client',
    future: { v3_singleFetch: true, v3_lazyRouteDiscovery: true, v3_fetcherPersist: true, v3_relativeSplatPath: true, v3_throwAbortReason: true },
    isSpaMode: false,
  } as unknown as ServerBuild;
}

/** Remix's request handler over appServerBuild(), called with a request the way server.ts does (its request context). */
export async function createPageHandler(t: TestApp): Promise<(url: string, init?: { cookie?: string; headers?: Record<string, string> }) => Promise<PageOutcome>> {
  const build = await appServerBuild();
  const handler = createRequestHandler(build, 'production');

  return async (url, init = {}) => {
    const headers = new Headers({ 'accept-language': 'en', accept: 'text/html', ...init.headers });
    if (init.cookie) headers.set('cookie', init.cookie);
    const request = new Request(`http://localhost${url}`, { headers });
    const context = { ...(await buildRequestContext(t.app, request)), cspNonce: 'nonce', clientIp: '127.0.0.1' };
    const response = await handler(request, context);
    const text = await response.text();
    let loaderData: Record<string, unknown> = {};
    if (response.status < 300 || response.status >= 400) {
      try {
        loaderData = (JSON.parse(text) as { loaderData: Record<string, unknown> }).loaderData;
      } catch {
        /* an error page */
      }
    }
    return { status: response.status, location: response.headers.get('location'), loaderData };
  };
}

/**
 * The whole HTTP stack over appServerBuild(): our Express app (security headers, compression, GraphQL, the visitor
 * cache when given) in front of Remix's Express adapter, with the load context server.ts gives every request.
 */
export async function createPageServer(app: AppServices, options: { visitorCache?: VisitorCache } = {}): Promise<{ url: string; close(): Promise<void> }> {
  const build = await appServerBuild();
  const remixHandler = createExpressRequestHandler({
    build,
    mode: 'production',
    getLoadContext: async (req, res) => ({
      ...(await buildRequestContext(app, { url: req.originalUrl, headers: { get: (name: string) => req.get(name) ?? null } })),
      cspNonce: String(res.locals.cspNonce ?? ''),
      clientIp: req.ip ?? null,
      ...visitorCacheHooks(res),
    }),
  });
  const express = await createExpressApp(app, { remixHandler, visitorCache: options.visitorCache });
  const server: Server = await new Promise((resolve) => {
    const s = express.listen(0, '127.0.0.1', () => resolve(s));
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections?.();
      }),
  };
}

/**
 * Counts the SQL statements the app's database handle sends while `work` runs (knex's `query` event, which also
 * fires for statements inside transactions). Run one request at a time: every statement in between is counted.
 */
export async function countStatements<T>(t: TestApp, work: () => Promise<T>): Promise<{ result: T; count: number; statements: string[] }> {
  const statements: string[] = [];
  const listener = (query: { sql: string }) => statements.push(query.sql);
  t.app.db.on('query', listener);
  try {
    const result = await work();
    return { result, count: statements.length, statements };
  } finally {
    t.app.db.off('query', listener);
  }
}
