import type { Request, RequestHandler, Response } from 'express';
import { getOperationAST, parse } from 'graphql';
import { LRUCache } from 'lru-cache';
import { parse as parseCookie } from 'cookie';
import { detectLanguage } from '~/lib/language';
import { isSharedVisitorPath } from '~/lib/visitor-paths';
import { CONSENT_COOKIE } from './consent.server';
import type { DataChanges } from './data-changes.server';
import { LANGUAGE_COOKIE } from './request-context.server';
import { SESSION_COOKIE } from './session.server';

/** the remembered target after login (auth/redirect-cookie.server.ts): pages do not read it */
const REDIRECT_COOKIE = 'redirectAfterLoggingIn';

/**
 * What anonymous visitors get, kept in memory between data changes (issue 13; docs/decisions, throughput): when a
 * fair opens, thousands of visitors ask for the same few visitor pages and GraphQL queries, and a kept answer costs
 * a fraction of making one.
 *
 * Only answers that cannot differ between such visitors are kept and reused:
 * - GET requests for the visitor routes (/convention, /stage, /exhibition: documents and Remix's `.data`), and
 *   GraphQL queries (GET, or POST with a JSON body of at most 64 KB; never a mutation);
 * - from visitors who carry no credentials: no Authorization header and no cookie but the language and the cookie
 *   choice (a session, a toast, a refresh token, anything else: the answer is made for them, never taken from here);
 * - answers 200 without Set-Cookie (and for GraphQL without errors);
 * - per request URL (and body), host, detected language (?lang=, language cookie, Accept-Language), cookie choice
 *   and Accept header. Nothing else of the request reaches these answers. A page's CSP nonce is replaced by the
 *   response's own.
 * A kept answer is dropped when any watched data changes (data-changes.server.ts: PostgreSQL notifies every app
 * instance when a write commits), while notifications cannot be trusted, and after `ttlMs` at the latest, since
 * pages also show the time (the live talk, the convention's state). An answer made while data changed is not kept.
 */

const ALLOWED_COOKIES = new Set([LANGUAGE_COOKIE, CONSENT_COOKIE]);
const MAX_GRAPHQL_BODY = 64 * 1024;
/** headers a kept answer does not repeat: the response sets them itself (security headers, compression) */
const OWN_HEADERS = new Set(['content-length', 'content-encoding', 'vary', 'set-cookie', 'date', 'connection', 'keep-alive', 'transfer-encoding', 'etag']);
export const CACHE_HEADER = 'x-visitor-cache';
/** `res.locals[KEEPS_ANSWER]` is true while the cache means to keep the answer being made (RequestContext.mayBeShared). */
const KEEPS_ANSWER = 'visitorCacheKeeps';
/** `res.locals[AUDIENCE]`: the audience a logged-in request's answer is kept under */
const AUDIENCE = 'visitorCacheAudience';

/**
 * What the request context tells pages about the visitor cache for the response `res` being made
 * (RequestContext.personal and mayBeShared); server.ts and the tests' page server build the context with it.
 */
export function visitorCacheHooks(res: Response): { personal: () => void; mayBeShared: () => boolean } {
  return {
    personal: () => {
      res.locals.personal = true;
    },
    mayBeShared: () => res.locals[KEEPS_ANSWER] === true && res.locals.personal !== true,
  };
}

interface KeptAnswer {
  status: number;
  headers: [string, string | number | string[]][];
  body: Buffer;
  /** the CSP nonce the page was made with ('' when none) */
  nonce: string;
}

export interface VisitorCacheOptions {
  /** how long an answer is kept at most, for what changes with time alone */
  ttlMs?: number;
  /** memory for kept answers */
  maxBytes?: number;
  /**
   * The audience of a logged-in request (issue 26): a string naming everything a visitor page may depend on of its
   * viewer (language, memberships, features, object permissions, business card state; pages/audience.server.ts), or
   * null when the request's credentials do not hold. Viewers with the same audience get the same visitor pages, so
   * a page made for one is kept for the others; GraphQL answers are kept per user (`user` adds the user's id).
   */
  audience?: (req: Request, kind: 'page' | 'graphql', options?: { fresh?: boolean }) => Promise<string | null>;
}

export interface VisitorCache {
  /** before the Remix handler */
  pages: RequestHandler;
  /** before the GraphQL handler */
  graphql: RequestHandler;
}

type RequestLike = Pick<Request, 'method' | 'path' | 'originalUrl' | 'hostname' | 'protocol' | 'get'>;

/** What of an anonymous request may shape its answer, as a key; null when the request carries anything else. */
function anonymousKey(req: RequestLike, ...parts: unknown[]): string | null {
  if (req.get('authorization')) return null;
  const cookies = parseCookie(req.get('cookie') ?? '');
  if (Object.keys(cookies).some((name) => !ALLOWED_COOKIES.has(name))) return null;
  const language = detectLanguage({
    query: new URL(req.originalUrl, 'http://localhost').searchParams.get('lang'),
    cookie: cookies[LANGUAGE_COOKIE],
    acceptLanguage: req.get('accept-language') ?? null,
  });
  return JSON.stringify([req.protocol, req.hostname, req.originalUrl, language, cookies[CONSENT_COOKIE] ?? null, req.get('accept') ?? null, ...parts]);
}

/** The key of a page request whose answer may be shared, or null (make it for this visitor alone). */
export function sharedPageKey(req: RequestLike): string | null {
  return req.method === 'GET' && isSharedVisitorPath(req.path) ? anonymousKey(req, 'page') : null;
}


/** Cookies a logged-in visitor's page request may carry and still get a shared answer: the session, language, choice. */
const AUDIENCE_COOKIES = new Set([...ALLOWED_COOKIES, SESSION_COOKIE, REDIRECT_COOKIE]);

/** What of a logged-in request may shape its answer besides its audience; null when it carries anything else. */
function audiencePrefix(req: RequestLike, kind: 'page' | 'graphql'): string | null {
  const cookies = parseCookie(req.get('cookie') ?? '');
  if (Object.keys(cookies).some((name) => !AUDIENCE_COOKIES.has(name))) return null;
  if (kind === 'page' && (req.get('authorization') || !cookies[SESSION_COOKIE])) return null;
  return JSON.stringify([req.protocol, req.hostname, req.originalUrl, cookies[CONSENT_COOKIE] ?? null, req.get('accept') ?? null, kind]);
}

/** Whether a GraphQL request is a query (not a mutation or a subscription), as its answer is kept only then. */
function isQuery(params: { query?: unknown; operationName?: unknown }): boolean {
  try {
    if (typeof params.query !== 'string') return false;
    const operationName = typeof params.operationName === 'string' ? params.operationName : undefined;
    return getOperationAST(parse(params.query), operationName)?.operation === 'query';
  } catch {
    return false;
  }
}

function readSmallBody(req: Request): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export function visitorCache(changes: DataChanges, options: VisitorCacheOptions = {}): VisitorCache & { clear(): void } {
  const answers = new LRUCache<string, KeptAnswer>({
    maxSize: options.maxBytes ?? 64 * 1024 * 1024,
    sizeCalculation: (answer) => answer.body.length + 512,
    ttl: options.ttlMs ?? 10_000,
  });
  changes.subscribe(() => answers.clear());

  /**
   * Answers from the shelf, or lets the request through and keeps its answer when `keepable` agrees. A logged-in
   * request's answer is kept only when its viewer's audience, read afresh once the answer is made, is still the one
   * it is kept under: a permission or card that changed while (or just before) the answer was made would otherwise
   * put an answer made with the new one on the shelf of the old audience, for other viewers.
   */
  const serve = (key: string, req: Request, res: Response, next: () => void, keepable: (body: Buffer) => boolean) => {
    const nonce = String(res.locals.cspNonce ?? '');
    const kept = changes.listening ? answers.get(key) : undefined;
    if (kept) {
      res.status(kept.status);
      for (const [name, value] of kept.headers) res.setHeader(name, value);
      res.setHeader(CACHE_HEADER, 'hit');
      res.end(kept.nonce && nonce ? Buffer.from(kept.body.toString('utf8').replaceAll(kept.nonce, nonce)) : kept.body);
      return;
    }
    if (changes.listening) {
      res.setHeader(CACHE_HEADER, 'miss');
      res.locals[KEEPS_ANSWER] = true;
      const used = res.locals[AUDIENCE] as { kind: 'page' | 'graphql'; audience: string } | undefined;
      const confirm = used && options.audience ? async () => (await options.audience!(req, used.kind, { fresh: true })) === used.audience : null;
      keepWhenDone(res, changes, confirm, (answer) => {
        // only a page carries the nonce; other answers are handed out as they are
        if (keepable(answer.body)) answers.set(key, { ...answer, nonce: nonce && answer.body.includes(nonce) ? nonce : '' });
      });
    }
    next();
  };

  /** The key of a logged-in request's answer (its audience's), or null: made for this request alone. */
  const audienceKey = async (req: Request, res: Response, kind: 'page' | 'graphql', ...parts: unknown[]): Promise<string | null> => {
    if (!options.audience) return null;
    const prefix = audiencePrefix(req, kind);
    if (prefix === null) return null;
    const audience = await options.audience(req, kind);
    if (audience === null) return null;
    res.locals[AUDIENCE] = { kind, audience };
    return JSON.stringify([prefix, audience, ...parts]);
  };

  const pages: RequestHandler = async (req, res, next) => {
    try {
      const key = sharedPageKey(req) ?? (req.method === 'GET' && isSharedVisitorPath(req.path) ? await audienceKey(req, res, 'page') : null);
      if (key === null) return next();
      serve(key, req, res, next, () => true);
    } catch (error) {
      next(error);
    }
  };

  const graphql: RequestHandler = async (req, res, next) => {
    try {
      if (req.method === 'GET') {
        const key =
          req.accepts(['application/graphql-response+json', 'application/json', 'text/html']) === 'text/html'
            ? null
            : (anonymousKey(req, 'graphql') ?? (await audienceKey(req, res, 'graphql')));
        if (key === null) return next();
        const params = Object.fromEntries(new URL(req.originalUrl, 'http://localhost').searchParams);
        return serve(key, req, res, next, (body) => noErrors(body) && isQuery(params));
      }
      const length = Number(req.get('content-length'));
      if (req.method !== 'POST' || !req.is('application/json') || !(length > 0 && length <= MAX_GRAPHQL_BODY) || req.body !== undefined) return next();
      const prefix = anonymousKey(req) ?? (await audienceKey(req, res, 'graphql'));
      if (prefix === null) return next();
      const body = await readSmallBody(req);
      // the GraphQL handler takes a body read before it as it is
      req.body = body;
      serve(JSON.stringify([prefix, body]), req, res, next, (answer) => {
        if (!noErrors(answer)) return false;
        try {
          return isQuery(JSON.parse(body ?? '') as Record<string, unknown>);
        } catch {
          return false;
        }
      });
    } catch (error) {
      next(error);
    }
  };

  return { pages, graphql, clear: () => answers.clear() };
}

/** A GraphQL answer without `errors` (a failure is never kept). */
function noErrors(body: Buffer): boolean {
  try {
    return !('errors' in (JSON.parse(body.toString('utf8')) as Record<string, unknown>));
  } catch {
    return false;
  }
}

/**
 * Collects the response as it is written and hands it over when it may be kept: 200, no cookie, data unchanged, and
 * `confirm` (when given) agreeing; the response ends once that is decided.
 */
function keepWhenDone(res: Response, changes: DataChanges, confirm: (() => Promise<boolean>) | null, keep: (answer: Omit<KeptAnswer, 'nonce'>) => void) {
  const generation = changes.generation;
  const before = new Set(Object.keys(res.getHeaders()));
  const chunks: Buffer[] = [];
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => Response;
  const collect = (chunk: unknown, encoding?: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8'));
  };
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    collect(chunk, rest[0]);
    return write(chunk, ...rest);
  }) as Response['write'];
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    collect(chunk, rest[0]);
    // a page made with the viewer's own data (res.locals.personal, RequestContext.personal) is theirs alone
    const unchanged = () => changes.listening && changes.generation === generation;
    if (res.statusCode === 200 && !res.getHeader('set-cookie') && !res.locals.personal && unchanged()) {
      const headers = Object.entries(res.getHeaders()).filter(([name]) => !before.has(name) && !OWN_HEADERS.has(name) && name !== CACHE_HEADER);
      const answer = { status: res.statusCode, headers: headers as KeptAnswer['headers'], body: Buffer.concat(chunks) };
      if (!confirm) keep(answer);
      else {
        confirm()
          .then((same) => same && unchanged() && keep(answer))
          .catch(() => {})
          .finally(() => end(chunk, ...rest));
        return res;
      }
    }
    return end(chunk, ...rest);
  }) as Response['end'];
}
