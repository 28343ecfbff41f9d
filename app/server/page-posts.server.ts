import type { Request, RequestHandler, Response } from 'express';
import { parse as parseCookie } from 'cookie';
import { detectLanguage } from '~/lib/language';
import type { AppServices } from './context.server';
import { isCrossOriginRequest } from './csrf.server';
import { urlProblem } from './hygiene.server';
import { getT } from './i18n.server';
import { formKindOf, MAX_FORM_BYTES, MAX_MULTIPART_BYTES } from './posted-form.server';
import { LANGUAGE_COOKIE } from './request-context.server';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Answers a refused request with a short text in the visitor's language; an unread body is dropped. */
function refuseRequest(req: Request, res: Response, status: number, key: string, values: Record<string, unknown> = {}) {
  const cookies = parseCookie(req.get('cookie') ?? '');
  const language = detectLanguage({
    query: typeof req.query.lang === 'string' ? req.query.lang : null,
    cookie: cookies[LANGUAGE_COOKIE],
    acceptLanguage: req.get('accept-language'),
  });
  req.resume();
  res.status(status).set('connection', 'close').type('text/plain; charset=utf-8').send(getT(language)(key, values));
}

/**
 * Every request's path segments and query parameters pass the string hygiene (NUL bytes, lone surrogates, lengths,
 * percent sequences that do not decode) before any route sees them: a slug from the URL reaches services and the
 * database as it came. A bad address is a 400, never a 500.
 */
export function requestUrlGuard(): RequestHandler {
  return (req, res, next) => (urlProblem(req.originalUrl) ? refuseRequest(req, res, 400, 'errors:request.badUrl') : next());
}

/**
 * The one check in front of every state-changing request to the Remix app (page actions and resource routes;
 * GraphQL has its own): a request from another origin is refused with 403, a body that is not a form with 415
 * (multipart without a boundary: 400), a declared body over the limit with 413. Remix itself would answer a
 * foreign Origin on a page action with a 500 and never checks resource routes. Forms without JavaScript keep
 * working: browsers send our own Origin with them. Each answer is a short text in the visitor's language.
 */
export function pagePostGuard(app: AppServices): RequestHandler {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const refuse = (status: number, key: string, values: Record<string, unknown> = {}) => refuseRequest(req, res, status, key, values);

    if (isCrossOriginRequest(req, app)) return refuse(403, 'errors:request.crossOrigin');
    const kind = formKindOf(req.get('content-type') ?? null);
    if (kind === null) return refuse(415, 'errors:request.unsupportedMediaType');
    if (kind === 'multipart-without-boundary') return refuse(400, 'errors:request.unreadableForm');
    const max = kind === 'multipart' ? MAX_MULTIPART_BYTES : MAX_FORM_BYTES;
    const declared = Number(req.get('content-length'));
    if (Number.isFinite(declared) && declared > max) return refuse(413, 'errors:query.tooLarge', { max: Math.round(max / 1024 / 1024) });

    // Our check has decided. Remix repeats it against the Host header alone and would answer 500 when a proxy
    // serves PUBLIC_URL under another host name.
    const origin = req.get('origin');
    const host = req.get('x-forwarded-host')?.split(',')[0]?.trim() || req.get('host');
    if (origin && new URL(origin).host !== host) delete req.headers.origin;
    // Remix reads a body only when an action asks for it. An answer given without it (a guard's redirect) left
    // the unread rest of a large body on the keep-alive connection, and the client's next request there was never
    // answered. The rest is read and dropped, as Node does with a body nobody listened to.
    res.once('finish', () => {
      if (req.complete) return;
      req.removeAllListeners('data');
      req.resume();
    });
    next();
  };
}
