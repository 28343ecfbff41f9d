import { parse as parseCookie } from 'cookie';
import type { Request as ExpressRequest } from 'express';
import { LRUCache } from 'lru-cache';
import { authenticateRequest } from '../auth/request-auth.server';
import type { AppServices } from '../context.server';
import type { DataChanges } from '../data-changes.server';
import { LANGUAGE_COOKIE } from '../request-context.server';
import { SESSION_COOKIE } from '../session.server';
import { permissionSignatureQuery } from '../services/access/index';
import { addressOfUserWith } from '../services/accounts';
import { cartSignatureQuery } from '../services/shop';
import { isBusinessCardComplete } from './business-card.server';

/**
 * The audience of a logged-in request (issue 26; visitor-cache.server.ts): everything of its viewer that a visitor
 * page may depend on, as one string: the language, staff, the current organisation with role, owner and sales flags
 * and booked features, all memberships, the object permissions (with their suspension: what the access rule reads),
 * whether the business card is complete (a convention that wants it asks until it is) and the viewer's cart counts
 * (the shop's cart button, issue 31), read in two statements (the viewer, then the rest). Viewers with the same
 * audience see the same visitor pages; anything else of a viewer (name, e-mail, the card itself) is personal and the
 * page that shows it says so (RequestContext.personal). GraphQL answers can hold anything of the viewer (`me`), so
 * their audience is the user. Null when the credentials do not hold (the request then goes its own way).
 */
export async function audienceOf(app: AppServices, req: ExpressRequest, kind: 'page' | 'graphql'): Promise<string | null> {
  return (await readAudience(app, req, kind))?.audience ?? null;
}

interface Audience {
  audience: string;
  userId: string;
  /** until when the request's credentials hold (the session's end, the token's expiry) */
  validUntil: number | null;
}

async function readAudience(app: AppServices, req: ExpressRequest, kind: 'page' | 'graphql'): Promise<Audience | null> {
  let auth;
  try {
    auth = await authenticateRequest(app, req, { ignoreAuthorization: kind === 'page' });
  } catch {
    return null;
  }
  const viewer = auth.viewer;
  if (!viewer) return null;
  // one statement besides the viewer's own, on every request: the business card with the permissions and carts
  const { address, values } = await addressOfUserWith(auth.service, viewer.userId, {
    permissions: permissionSignatureQuery(app.db, viewer.userId),
    carts: cartSignatureQuery(app.db, viewer.userId),
  });
  const audience = JSON.stringify([
    kind === 'graphql' ? viewer.userId : null,
    auth.auth,
    auth.language,
    viewer.isStaff,
    viewer.organization?.id ?? null,
    viewer.role,
    viewer.isOwner,
    viewer.sales,
    viewer.features,
    viewer.organizations.map((o) => o.id).sort(),
    values?.permissions ?? null,
    isBusinessCardComplete(address),
    values?.carts ?? null,
  ]);
  return { audience, userId: viewer.userId, validUntil: auth.validUntil ?? null };
}

/**
 * What of a logged-in request its audience is read from: its credentials (the session cookie, for GraphQL the
 * Authorization header before it) and what the language is detected from; null without credentials.
 */
function credentialsKey(req: ExpressRequest, kind: 'page' | 'graphql'): string | null {
  const cookies = parseCookie(req.get('cookie') ?? '');
  const authorization = kind === 'graphql' ? (req.get('authorization') ?? null) : null;
  const session = cookies[SESSION_COOKIE] ?? null;
  if (!authorization && !session) return null;
  const lang = new URL(req.originalUrl, 'http://localhost').searchParams.get('lang');
  return JSON.stringify([kind, authorization, session, lang, cookies[LANGUAGE_COOKIE] ?? null, req.get('accept-language') ?? null]);
}

export interface RememberedAudiencesOptions {
  /** how long an audience is remembered at most */
  ttlMs?: number;
  /** how many credentials' audiences are remembered */
  max?: number;
}

/**
 * audienceOf with a memory, so a logged-in visitor's kept page or GraphQL answer costs no statement (issue 26): the
 * audience read for a request's credentials is reused for the next request with the same credentials until
 * - anything it is made of changes: a watched table (memberships, organisations' features, carts) empties the memory,
 *   as it empties the visitor cache; a change to the user's row, sessions, object permissions or business card
 *   (unwatched tables, migration 0042) forgets that user's audiences. Both arrive by PostgreSQL notifications at every
 *   app instance when the write commits, so a suspension or a logout takes effect within the notification's delivery;
 * - the credentials end (the session's idle or absolute end, the access token's expiry), or after `ttlMs` at most,
 *   which also keeps the session's idle timer refreshed (session.server.ts touches it every five minutes);
 * - or at once while the notifications cannot be trusted (not yet or no longer listening): nothing is remembered then.
 * An audience read while such a change arrived is not remembered. Access is still decided for every request from it:
 * the rule reads the same memberships and permissions the audience names.
 */
export function rememberedAudiences(
  app: AppServices,
  changes: DataChanges,
  options: RememberedAudiencesOptions = {},
): (req: ExpressRequest, kind: 'page' | 'graphql', options?: { fresh?: boolean }) => Promise<string | null> {
  const keysOfUser = new Map<string, Set<string>>();
  const known = new LRUCache<string, Audience>({
    max: options.max ?? 50_000,
    ttl: options.ttlMs ?? 10_000,
    dispose: (value, key) => {
      const keys = keysOfUser.get(value.userId);
      keys?.delete(key);
      if (keys?.size === 0) keysOfUser.delete(value.userId);
    },
  });
  let generation = 0;
  changes.subscribe(() => {
    generation += 1;
    known.clear();
  });
  changes.subscribeViewers((userId) => {
    generation += 1;
    if (userId === '*') return known.clear();
    for (const key of [...(keysOfUser.get(userId) ?? [])]) known.delete(key);
  });
  // `fresh` reads it anew (and remembers what it read): how the visitor cache confirms an answer's audience
  return async (req, kind, { fresh: anew = false } = {}) => {
    const key = credentialsKey(req, kind);
    if (key === null) return null;
    const kept = changes.listening && !anew ? known.get(key) : undefined;
    if (kept && (kept.validUntil === null || kept.validUntil > Date.now())) return kept.audience;
    const before = generation;
    const fresh = await readAudience(app, req, kind);
    if (fresh && changes.listening && generation === before) {
      known.set(key, fresh);
      const keys = keysOfUser.get(fresh.userId) ?? new Set<string>();
      keysOfUser.set(fresh.userId, keys.add(key));
    }
    return fresh?.audience ?? null;
  };
}
