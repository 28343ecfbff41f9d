import type { Request as ExpressRequest } from 'express';
import type { AppServices } from './context.server';

/**
 * Where a request comes from, decided in one place for both doors: page actions and resource routes refuse a
 * request from another origin (page-posts.server.ts); GraphQL mutations authenticated by the session cookie need
 * that too, and the session's CSRF token (graphql/context.ts passesCsrfCheck).
 */

export interface OriginSignals {
  origin: string | null;
  secFetchSite: string | null;
  referer: string | null;
}

export function originSignals(req: ExpressRequest): OriginSignals {
  return { origin: req.get('origin') ?? null, secFetchSite: req.get('sec-fetch-site') ?? null, referer: req.get('referer') ?? null };
}

/** The origins this server answers on: the request's own (scheme and Host) and PUBLIC_URL's. */
export function ownOrigins(req: ExpressRequest, publicUrl: string | undefined): Set<string> {
  const own = new Set([`${req.protocol}://${req.get('host')}`]);
  if (publicUrl) own.add(new URL(publicUrl).origin);
  return own;
}

/**
 * Whether a request comes from another site: an Origin that is not ours (`null`, sent by sandboxed frames and
 * privacy redirects, included) or a browser's `Sec-Fetch-Site: cross-site`/`same-site`. Browsers send Origin
 * with every cross-origin POST, so without Origin and Sec-Fetch-Site a foreign Referer still counts, and a
 * request with none of the three (curl, an old client) is allowed: nothing forged it in a victim's browser.
 */
export function isCrossOrigin(signals: OriginSignals, own: Set<string>): boolean {
  if (signals.secFetchSite === 'cross-site' || signals.secFetchSite === 'same-site') return true;
  if (signals.origin !== null) return !own.has(signals.origin);
  if (signals.secFetchSite) return false;
  if (!signals.referer) return false;
  try {
    return !own.has(new URL(signals.referer).origin);
  } catch {
    return true;
  }
}

export function isCrossOriginRequest(req: ExpressRequest, app: AppServices): boolean {
  return isCrossOrigin(originSignals(req), ownOrigins(req, app.env.PUBLIC_URL));
}
