import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { createRequestHandler } from '@remix-run/express';
import type { ServerBuild } from '@remix-run/node';
import type { Request as ExpressRequest } from 'express';
import { createExpressApp } from '~/server/app.server';
import { answerClientErrors } from '~/server/client-errors.server';
import { buildRequestContext } from '~/server/request-context.server';
import type { TestApp } from '../helpers/app';

type RouteModule = Record<string, unknown>;

/**
 * The whole HTTP stack for a few route modules: our Express app (security headers, the page-post check, GraphQL)
 * in front of Remix's real request handler, with the request context server.ts gives every route. The routes
 * are the app's own modules; only the document shell is a stub (a page answers with its status and no HTML).
 */
export async function createRemixTestServer(
  t: TestApp,
  routes: Record<string, { path: string; module: RouteModule }>,
): Promise<{ url: string; close(): Promise<void> }> {
  const manifest: ServerBuild['routes'] = {
    root: { id: 'root', path: '', module: { default: () => null } as never },
  };
  const assetRoutes: Record<string, unknown> = {
    root: { id: 'root', path: '', module: '/root.js', hasAction: false, hasLoader: false, hasClientAction: false, hasClientLoader: false, hasErrorBoundary: false },
  };
  for (const [id, route] of Object.entries(routes)) {
    manifest[id] = { id, parentId: 'root', path: route.path, module: route.module as never };
    assetRoutes[id] = {
      id,
      parentId: 'root',
      path: route.path,
      module: `/${id}.js`,
      hasAction: 'action' in route.module,
      hasLoader: 'loader' in route.module,
      hasClientAction: false,
      hasClientLoader: false,
      hasErrorBoundary: 'ErrorBoundary' in route.module,
    };
  }
  const build = {
    mode: 'production',
    entry: {
      module: {
        default: (_request: Request, status: number, headers: Headers) => new Response(`status ${status}`, { status, headers }),
      },
    },
    routes: manifest,
    assets: { entry: { imports: [], module: '/entry.js' }, routes: assetRoutes, url: '/manifest.js', version: 'test' },
    publicPath: '/',
    assetsBuildDirectory: 'build/client',
    future: { v3_singleFetch: true },
    isSpaMode: false,
  } as unknown as ServerBuild;

  const remixHandler = createRequestHandler({
    build,
    mode: 'production',
    getLoadContext: async (req: ExpressRequest, res) => ({
      ...(await buildRequestContext(t.app, { url: req.originalUrl, headers: { get: (name: string) => req.get(name) ?? null } })),
      cspNonce: String(res.locals.cspNonce ?? ''),
      clientIp: req.ip ?? null,
    }),
  });
  const express = await createExpressApp(t.app, { remixHandler });
  const server: Server = await new Promise((resolve) => {
    const s = express.listen(0, '127.0.0.1', () => resolve(s));
  });
  answerClientErrors(server);
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections?.();
      }),
  };
}
