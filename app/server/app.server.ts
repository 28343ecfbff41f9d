import path from 'node:path';
import compression from 'compression';
import express, { type Express, type RequestHandler } from 'express';
import helmet from 'helmet';
import morgan from 'morgan';
import { createDb, migrateLatest, type Db } from '#db/connection';
import { localesVersion } from '../../locales/version';
import { buildSchema, GRAPHIQL_ASSETS_PATH, graphiqlAssetsHandler, graphqlHandler } from '#graphql/server';
import { graphqlMultipart } from '#graphql/multipart';
import { httpExchange } from './auth/http-exchange.server';
import type { AppServices } from './context.server';
import { watchTables } from './data-changes.server';
import type { VisitorCache } from './visitor-cache.server';
import type { Env } from './env.server';
import { pagePostGuard, requestUrlGuard } from './page-posts.server';
import { createStorage } from './storage/create-storage.server';
import { filesRouter } from './services/files/route.server';

export async function createAppServices(env: Env, db?: Db): Promise<AppServices> {
  const database = db ?? createDb({ databaseUrl: env.DATABASE_URL, pgliteDir: env.PGLITE_DIR });
  return { env, db: database, storage: createStorage(env) };
}

export interface ExpressAppOptions {
  /** serves the Remix app; absent in API-only tests */
  remixHandler?: RequestHandler;
  /** static middleware (Vite in dev, build/client in production) mounted before Remix */
  assets?: RequestHandler[];
  /** anonymous visitors' pages and GraphQL queries kept between data changes (visitor-cache.server.ts); production only */
  visitorCache?: VisitorCache;
}

/** Content-Security-Policy: no inline scripts except Remix's own (nonce), no third-party origins. */
function securityHeaders(env: Env): RequestHandler {
  const dev = env.NODE_ENV === 'development';
  return helmet({
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'script-src': [
          "'self'",
          (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce}'`,
          ...(dev ? ["'unsafe-eval'"] : []),
        ],
        'style-src': ["'self'", "'unsafe-inline'"],
        // video pictures are kept in our storage: pages load no picture from a video site
        'img-src': ["'self'", 'data:', 'blob:'],
        // organisations embed their own https pages (stand iframe nodes, content pool IFRAME objects, content page
        // IFRAME blocks): every such frame is https only (the one URL schema) and sandboxed by its renderer, and rich
        // text never keeps an <iframe> (sanitize.ts); plain http and other schemes stay refused (decision 012)
        'frame-src': ["'self'", 'https:'],
        'connect-src': ["'self'", ...(dev ? ['ws:'] : [])],
        'upgrade-insecure-requests': env.PUBLIC_URL?.startsWith('https://') ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // helmet's default no-referrer makes browsers send `Origin: null` with plain form posts, which the cross-origin
    // check in front of Remix refuses (page-posts.server.ts): every page without JavaScript would fail. Same-origin
    // requests keep their origin.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: env.PUBLIC_URL?.startsWith('https://') ? undefined : false,
  });
}

/**
 * What serving a page needs: a real read through the app's own database handle and tables (a `select 1` passes
 * on a database without our schema; a database that does not answer within `timeoutMs` counts as down), and a runtime whose Object.prototype has no enumerable keys of its own (the
 * mark of prototype pollution, after which any object may carry an attacker's properties).
 */
export async function checkHealth(app: AppServices, timeoutMs = 5000): Promise<{ database: boolean; runtime: boolean }> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const read = app
    .db('users')
    .first('id')
    .then(() => true)
    .catch(() => false);
  const database = await Promise.race([read, timedOut]).finally(() => clearTimeout(timer));
  return { database, runtime: Object.keys(Object.prototype).length === 0 };
}

/** Builds the Express app: security headers, compression, logs, /healthz, /graphql/, locales, Remix. */
export async function createExpressApp(app: AppServices, options: ExpressAppOptions = {}): Promise<Express> {
  const server = express();
  server.disable('x-powered-by');
  server.set('trust proxy', 'loopback');
  server.use((_req, res, next) => {
    res.locals.cspNonce = crypto.randomUUID().replace(/-/g, '');
    next();
  });
  server.use(securityHeaders(app.env));
  server.use(requestUrlGuard());
  server.use(compression());
  if (app.env.LOG_REQUESTS || (app.env.NODE_ENV !== 'test' && process.env.CI !== 'true')) {
    server.use(morgan(app.env.NODE_ENV === 'production' ? 'combined' : 'dev'));
  }

  server.get('/healthz', async (_req, res) => {
    const health = await checkHealth(app);
    const ok = health.database && health.runtime;
    res.status(ok ? 200 : 503).set('cache-control', 'no-store').type('application/json').send({ status: ok ? 'ok' : 'unavailable', ...health });
  });

  const localesDir = path.join(app.env.rootDir, 'locales');
  const currentLocales = localesVersion(localesDir);
  const localeFile = /^\/[a-z]{2}\/[\w-]+\.json$/;
  const serveLocales = express.static(localesDir, {
    index: false,
    // the build asks with ?v=<hash of the locale files>: that exact version never changes; anything else briefly
    setHeaders(res) {
      // development serves edited files at once; tests see what production sends
      const cached = app.env.NODE_ENV !== 'development';
      const versioned = cached && res.req.query.v === currentLocales;
      res.setHeader('Cache-Control', versioned ? 'public, max-age=31536000, immutable' : cached ? 'public, max-age=3600' : 'no-cache');
    },
  });
  // only /{lng}/{ns}.json: the TypeScript next to the JSON files is not for browsers
  server.use('/locales', (req, res, next) => (localeFile.test(req.path) ? serveLocales(req, res, next) : next()));

  const schema = buildSchema(app.env.rootDir);
  const graphql = graphqlHandler(app, schema);
  server.use(GRAPHIQL_ASSETS_PATH, graphiqlAssetsHandler(app));
  server.use(['/graphql', '/graphql/'], httpExchange);
  server.post(['/graphql', '/graphql/'], graphqlMultipart(app));
  server.all(['/graphql', '/graphql/'], ...(options.visitorCache ? [options.visitorCache.graphql] : []), graphql);
  server.use(filesRouter(app));

  for (const handler of options.assets ?? []) server.use(handler);
  if (options.remixHandler) server.all('*', pagePostGuard(app), ...(options.visitorCache ? [options.visitorCache.pages] : []), options.remixHandler);
  return server;
}

export async function prepareDatabase(app: AppServices): Promise<void> {
  await migrateLatest(app.db);
  await watchTables(app.db);
}
