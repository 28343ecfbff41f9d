import type { Request as ExpressRequest } from 'express';
import { detectLanguage } from '~/lib/language';
import { createServiceContext, type AppServices } from '../context.server';
import { buildRequestContext, type RequestContext } from '../request-context.server';
import { loadViewer } from '../viewer.server';
import { JwtError, tokenFromAuthorization, verifyAccessToken } from './jwt.server';

/** How a request's viewer was authenticated. */
export type RequestAuth = 'jwt' | 'session' | 'none';

export interface AuthenticatedRequest extends RequestContext {
  auth: RequestAuth;
}

const headersOf = (req: ExpressRequest) => ({ get: (name: string) => req.get(name) ?? null });

/**
 * Who makes an HTTP request that is not a page (GraphQL, /files): a JWT in the Authorization header wins over
 * the session cookie; its feature mask is the one the token carries (refreshed with the token, at least every
 * five minutes). A token that does not verify throws JwtError; `ignoreAuthorization` skips the header (the token
 * mutations, which must work with an expired token).
 */
export async function authenticateRequest(
  app: AppServices,
  req: ExpressRequest,
  options: { ignoreAuthorization?: boolean } = {},
): Promise<AuthenticatedRequest> {
  const request = { url: req.originalUrl, headers: headersOf(req) };
  const token = options.ignoreAuthorization ? null : tokenFromAuthorization(req.get('authorization'));
  if (token) {
    const base = await buildRequestContext(app, { url: request.url, headers: { get: (n) => (n === 'cookie' ? null : request.headers.get(n)) } });
    const claims = await verifyAccessToken(app.env, token);
    const viewer = await loadViewer(app.db, claims.sub);
    if (!viewer) throw new JwtError('JWT_INVALID_TOKEN');
    viewer.features = claims.org === viewer.organization?.id ? claims.features : viewer.features;
    const language = detectLanguage({ query: new URL(request.url, 'http://localhost').searchParams.get('lang'), userLanguage: viewer.defaultLanguage, acceptLanguage: req.get('accept-language') });
    const validUntil = claims.exp === undefined ? null : claims.exp * 1000;
    return { ...base, viewer, language, sessionId: null, validUntil, service: createServiceContext(app, viewer, language), auth: 'jwt' };
  }
  const ctx = await buildRequestContext(app, request);
  return { ...ctx, auth: ctx.viewer ? 'session' : 'none' };
}

