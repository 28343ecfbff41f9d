import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import express, { type RequestHandler } from 'express';
import type { Env } from '~/server/env.server';

/** The hashed file names of the GraphiQL bundle. */
export interface GraphiQLManifest {
  js: string;
  css: string;
}

export interface GraphiQLAssets {
  /** serves the bundle's files (mounted at /graphql/assets) */
  middleware: RequestHandler;
  /** the bundle's file names; null when it is missing (a production build without it) */
  manifest(): Promise<GraphiQLManifest | null>;
}

type BuildGraphiQL = (options: { rootDir: string; outDir: string; minify?: boolean }) => Promise<GraphiQLManifest>;

function readManifest(dir: string): GraphiQLManifest | null {
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as GraphiQLManifest;
  } catch {
    return null;
  }
}

/**
 * Finds the GraphiQL bundle. A production build has it next to server.js (BUILD_DIR/graphiql, written by
 * scripts/build-graphiql.mjs); elsewhere (development, tests) it is built with esbuild on first use into
 * .cache/graphiql, once per process so edits show up after a restart. One instance per env, so the page and
 * the asset route share it.
 */
export function graphiqlAssets(env: Env): GraphiQLAssets {
  let assets = assetsByEnv.get(env);
  if (!assets) {
    assets = locateAssets(env);
    assetsByEnv.set(env, assets);
  }
  return assets;
}

const assetsByEnv = new WeakMap<Env, GraphiQLAssets>();

function locateAssets(env: Env): GraphiQLAssets {
  const bundled = path.join(path.dirname(fileURLToPath(import.meta.url)), 'graphiql');
  const prebuilt = readManifest(bundled);
  const dir = prebuilt || env.NODE_ENV === 'production' ? bundled : path.join(env.rootDir, '.cache', 'graphiql');
  let pending: Promise<GraphiQLManifest | null> | null = prebuilt ? Promise.resolve(prebuilt) : null;

  const manifest = () => {
    pending ??= (async () => {
      if (env.NODE_ENV === 'production') {
        console.warn(`[graphiql] no bundle in ${dir}: run "npm run build" (scripts/build-graphiql.mjs)`);
        return null;
      }
      const script = pathToFileURL(path.join(env.rootDir, 'scripts', 'build-graphiql.mjs')).href;
      const { buildGraphiQL } = (await import(/* @vite-ignore */ script)) as { buildGraphiQL: BuildGraphiQL };
      return buildGraphiQL({ rootDir: env.rootDir, outDir: dir, minify: false });
    })();
    return pending;
  };

  const files = express.static(dir, { immutable: true, maxAge: '1y', index: false, fallthrough: false });
  const middleware: RequestHandler = (req, res, next) => {
    // hashed names only; the manifest and licence notes stay unlisted but harmless
    manifest().then(() => files(req, res, next), next);
  };
  return { middleware, manifest };
}
