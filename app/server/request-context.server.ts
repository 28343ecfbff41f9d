import { parse as parseCookie } from 'cookie';
import { detectLanguage, type Language } from '~/lib/language';
import { createServiceContext, type AppServices, type ServiceContext } from './context.server';
import { liveSession, readSessionId } from './session.server';
import type { Viewer } from './viewer.server';

export const LANGUAGE_COOKIE = 'lng';

/** Everything a route or resolver knows about the current request. Built once per request. */
export interface RequestContext {
  app: AppServices;
  sessionId: string | null;
  viewer: Viewer | null;
  language: Language;
  service: ServiceContext;
  /** until when the request's credentials hold (the session's end, the access token's expiry); null without */
  validUntil?: number | null;
  /** nonce of this response's Content-Security-Policy, for Remix's inline scripts */
  cspNonce?: string;
  /** the client's address (behind a trusted proxy: the forwarded one), for throttling */
  clientIp?: string | null;
  /**
   * Says the answer holds the viewer's own data (their business card, name, e-mail), so the visitor cache never hands
   * it to another viewer of the same audience (issue 26). Pages call it when they render such data.
   */
  personal?: () => void;
  /**
   * Whether the visitor cache may keep this answer for other viewers of the same audience (a logged-in visitor's
   * request with only the session, language and cookie-choice cookies, on a shared visitor path). A page that can show
   * the viewer's own state cheaply leaves it out then (and lets the browser ask for it), and shows it when the answer
   * is this viewer's alone (after a form post, with its toast cookie, or without the cache).
   */
  mayBeShared?: () => boolean;
}

export interface RequestLike {
  url: string;
  headers: { get(name: string): string | null };
}

/** Resolves the session cookie to a viewer and detects the language (spec 000 point 1). */
export async function buildRequestContext(app: AppServices, request: RequestLike): Promise<RequestContext> {
  const cookieHeader = request.headers.get('cookie');
  const sessionId = await readSessionId(app.env, cookieHeader);
  const session = sessionId ? await liveSession(app.db, sessionId) : null;
  const viewer = session?.viewer ?? null;
  const cookies = cookieHeader ? parseCookie(cookieHeader) : {};
  const language = detectLanguage({
    query: new URL(request.url, 'http://localhost').searchParams.get('lang'),
    userLanguage: viewer?.defaultLanguage,
    cookie: cookies[LANGUAGE_COOKIE],
    acceptLanguage: request.headers.get('accept-language'),
  });
  return {
    app,
    sessionId: viewer ? sessionId : null,
    viewer,
    validUntil: session?.validUntil ?? null,
    language,
    service: createServiceContext(app, viewer, language),
  };
}
