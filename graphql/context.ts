import type { Request as ExpressRequest } from 'express';
import type { AppServices } from '~/server/context.server';
import { isCrossOriginRequest } from '~/server/csrf.server';
import type { RequestContext } from '~/server/request-context.server';
import { csrfTokenMatches, readSessionId } from '~/server/session.server';
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

/**
 * Whether a request authenticated by the session cookie may change data (mutations, uploads): it does not come
 * from another origin and its `X-CSRF-Token` equals the session's CSRF token (session.server.ts csrfTokenFor,
 * handed to GraphiQL by its page). A same-origin Origin alone is not enough: the token also proves the caller
 * read one of our pages in this session. A request without a session cookie has nothing to forge.
 */
export async function passesCsrfCheck(req: ExpressRequest, app: AppServices): Promise<boolean> {
  if (isCrossOriginRequest(req, app)) return false;
  const sessionId = await readSessionId(app.env, req.get('cookie'));
  if (!sessionId) return true;
  return csrfTokenMatches(app.env, sessionId, req.get('x-csrf-token'));
}
