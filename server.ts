import cluster from 'node:cluster';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ServerBuild } from '@remix-run/node';
import { createRequestHandler } from '@remix-run/express';
import express, { type Request as ExpressRequest } from 'express';
import expressStaticGzip from 'express-static-gzip';
import { seedDemo, DEMO_LOGINS } from '~/server/seed/demo';
import { createAppServices, createExpressApp, prepareDatabase } from '~/server/app.server';
import { answerClientErrors } from '~/server/client-errors.server';
import { runPrimary, serverProcessCount } from '~/server/cluster.server';
import { loadEnv, type Env } from '~/server/env.server';
import { listenForDataChanges } from '~/server/data-changes.server';
import { startMailWorker } from '~/server/mail/outbox.server';
import { startChatJob } from '~/server/services/chats/job';
import { flushAnalytics, startAnalyticsJob, setGeoDatabase } from '~/server/services/analytics';
import { serveSubscriptions } from '#graphql/subscriptions';
import { visitorCache, visitorCacheHooks } from '~/server/visitor-cache.server';
import { rememberedAudiences } from '~/server/pages/audience.server';
import { buildRequestContext } from '~/server/request-context.server';
import type { AppServices } from '~/server/context.server';

async function main() {
  const env = loadEnv();
  const processes = serverProcessCount(env);
  if (cluster.isPrimary) {
    // migrations and the demo seed run once, before any process serves
    const app = await createAppServices(env);
    await prepareDatabase(app);
    if (env.SEED_DEMO !== 'never') {
      const { seeded } = await seedDemo(app.db, { force: false });
      if (seeded) console.log('Demo data created.');
    }
    if (processes > 1) {
      await app.db.destroy();
      runPrimary(processes, () => announce(env, `${processes} processes`));
      return;
    }
    return serve(env, app);
  }
  return serve(env, await createAppServices(env));
}

function announce(env: Env, processes?: string) {
  const url = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
  console.log(`\nFairplatform is running on ${url}${processes ? ` (${processes})` : ''}`);
  if (env.SEED_DEMO !== 'never') {
    console.log('Demo logins:');
    for (const login of DEMO_LOGINS) console.log(`  ${login.role.padEnd(14)} ${login.email}  /  ${login.password}`);
  }
}

/** Serves HTTP in this process: alone, or as one worker of the cluster. */
async function serve(env: Env, app: AppServices) {
  const isProduction = env.NODE_ENV === 'production';
  const assets: express.RequestHandler[] = [];
  // the production build as an object: Remix derives its route table once, not for every request as it does for a function
  let build: ServerBuild | (() => Promise<ServerBuild>);

  if (isProduction) {
    // build/server.js sits next to build/client and build/server (BUILD_DIR may rename the folder).
    const buildDir = path.dirname(fileURLToPath(import.meta.url));
    // Brotli or gzip copies written by scripts/precompress.mjs go to browsers that take them (the compression
    // middleware leaves an encoded response alone). Fingerprinted bundles under /assets/ never change: cached for a
    // year (mounted at /assets, or it never matches).
    const precompressed = (dir: string, maxAge: string, immutable: boolean) =>
      expressStaticGzip(dir, { enableBrotli: true, orderPreference: ['br', 'gzip'], index: false, serveStatic: { immutable, maxAge, index: false } });
    assets.push(express.Router().use('/assets', precompressed(path.join(buildDir, 'client', 'assets'), '1y', true)));
    assets.push(precompressed(path.join(buildDir, 'client'), '1h', false));
    build = (await import(path.join(buildDir, 'server', 'index.js'))) as ServerBuild;
  } else {
    const vite = await import('vite');
    const viteServer = await vite.createServer({ server: { middlewareMode: true } });
    assets.push(viteServer.middlewares);
    assets.push(express.static(path.join(env.rootDir, 'public'), { maxAge: 0 }));
    build = () => viteServer.ssrLoadModule('virtual:remix/server-build') as Promise<ServerBuild>;
  }

  const remixHandler = createRequestHandler({
    build,
    mode: env.NODE_ENV,
    getLoadContext: (req: ExpressRequest, res) =>
      buildLoadContext(app, req, String(res.locals.cspNonce ?? ''), visitorCacheHooks(res)) as never,
  });

  // what anonymous visitors get is kept between data changes, which arrive by PostgreSQL notifications
  const dataChanges = isProduction && env.VISITOR_CACHE_SECONDS > 0 ? listenForDataChanges(app.db) : null;
  const cache = dataChanges
    ? visitorCache(dataChanges, { ttlMs: env.VISITOR_CACHE_SECONDS * 1000, audience: rememberedAudiences(app, dataChanges, { ttlMs: env.VISITOR_CACHE_SECONDS * 1000 }) })
    : undefined;
  const server = await createExpressApp(app, { remixHandler, assets, visitorCache: cache });
  const mailWorker = startMailWorker(app);
  // requeues unanswered chats and keeps operators' presence across instances (issue 28)
  const chatJob = startChatJob(app, { intervalMs: 30_000 });
  setGeoDatabase(env.ANALYTICS_GEO_DB);
  const analyticsJob = startAnalyticsJob(app.db, { intervalMs: env.ANALYTICS_ROLLUP_SECONDS * 1000, rawDays: env.ANALYTICS_RAW_DAYS });
  const listener = server.listen(env.PORT, env.HOST, () => {
    if (cluster.isPrimary) announce(env);
  });
  answerClientErrors(listener);
  // GraphQL over WebSocket (subscriptions) on the same server's /graphql/ upgrades
  const subscriptions = serveSubscriptions(app, listener);

  let closing = false;
  const shutdown = (signal: string) => {
    // a cluster worker gets Ctrl-C twice: from the terminal and passed on by the primary
    if (closing) return;
    closing = true;
    console.log(`${signal} received: closing connections ...`);
    void subscriptions.close();
    listener.close(async () => {
      await mailWorker.stop();
      await chatJob.stop();
      await flushAnalytics(app.db);
      await analyticsJob.stop();
      await dataChanges?.close();
      await app.db.destroy();
      process.exit(0);
    });
    listener.closeIdleConnections?.();
    setTimeout(() => process.exit(1), 10_000).unref();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

async function buildLoadContext(app: AppServices, req: ExpressRequest, cspNonce: string, hooks: ReturnType<typeof visitorCacheHooks>) {
  const clientIp = req.ip ?? null;
  const ctx = await buildRequestContext(app, {
    url: req.originalUrl,
    headers: { get: (name: string) => req.get(name) ?? null },
  });
  return { ...ctx, cspNonce, clientIp, ...hooks };
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
