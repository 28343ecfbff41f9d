import type { RequestContext } from '~/server/request-context.server';
import type { Viewer } from '~/server/viewer.server';
import { unauthenticated } from './errors';

/** The GraphQL resolvers' context: the same request context the pages get. */
export interface GraphQLContext extends RequestContext {
  /** how the viewer was authenticated */
  auth: 'jwt' | 'session' | 'none';
}

/** The viewer of a protected field; without one the call fails with a top-level UNAUTHENTICATED error. */
export function requireViewer(ctx: GraphQLContext): Viewer {
  if (!ctx.viewer) throw unauthenticated(ctx.service.t('errors:unauthenticated'));
  return ctx.viewer;
}

export interface CsrfSignals {
  /** the X-CSRF-Token header */
  csrfHeader: string | null;
  origin: string | null;
  secFetchSite: string | null;
  /** the origin this server answers on (scheme://host of the request) */
  ownOrigin: string;
  /** PUBLIC_URL, when the app runs behind a proxy under another name */
  publicUrl?: string;
}

/**
 * Whether a cookie-authenticated request may change data. The session cookie is SameSite=Lax and this server
 * never answers a CORS preflight, so a request that carries a custom header (X-CSRF-Token, any value) or
 * that the browser marks as coming from our own origin cannot have been forged by another site. An Origin
 * that names a foreign site wins over everything else.
 */
export function passesCsrfCheck(signals: CsrfSignals): boolean {
  const own = new Set([signals.ownOrigin]);
  if (signals.publicUrl) own.add(new URL(signals.publicUrl).origin);
  if (signals.origin && signals.origin !== 'null' && !own.has(signals.origin)) return false;
  if (signals.csrfHeader?.trim()) return true;
  if (signals.origin && own.has(signals.origin)) return true;
  return signals.secFetchSite === 'same-origin';
}
