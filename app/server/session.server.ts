import crypto from 'node:crypto';
import { createCookie, type Cookie } from '@remix-run/node';
import type { Db } from '#db/connection';
import { isUuid } from '~/lib/ids';
import type { Env } from './env.server';
import { viewerOf, viewerQuery, type Viewer } from './viewer.server';

/** A session ends after this long without a request ... */
export const SESSION_IDLE_MS = 1000 * 60 * 60 * 24 * 7;
/** ... and at the latest this long after login, active or not. */
export const SESSION_ABSOLUTE_MS = 1000 * 60 * 60 * 24 * 30;
/** last_seen_at is written at most this often, so requests stay read-only. */
const TOUCH_EVERY_MS = 1000 * 60 * 5;

/** The session cookie's name. */
export const SESSION_COOKIE = '__session';

let cookie: Cookie | null = null;

export function sessionCookie(env: Env): Cookie {
  if (!cookie) {
    cookie = createCookie(SESSION_COOKIE, {
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      secure: env.PUBLIC_URL?.startsWith('https://') ?? false,
      secrets: [env.sessionSecret],
      maxAge: SESSION_ABSOLUTE_MS / 1000,
    });
  }
  return cookie;
}

/** Reads the session id from the request's cookie; null when absent or tampered with. */
export async function readSessionId(env: Env, cookieHeader: string | null | undefined): Promise<string | null> {
  if (!cookieHeader) return null;
  const value = await sessionCookie(env).parse(cookieHeader);
  return typeof value === 'string' && isUuid(value) ? value : null;
}

/**
 * The session's CSRF token: an HMAC of the session id under the session secret, so it needs no storage, changes
 * with every login and cannot be computed by anyone who has not been handed the page. Cookie-authenticated
 * GraphQL mutations must send it as `X-CSRF-Token` (GraphiQL's page carries it).
 */
export function csrfTokenFor(env: Env, sessionId: string): string {
  return crypto.createHmac('sha256', env.sessionSecret).update(`csrf:${sessionId}`).digest('base64url');
}

/** Whether `given` is the session's CSRF token (compared in constant time). */
export function csrfTokenMatches(env: Env, sessionId: string, given: string | null | undefined): boolean {
  if (!given) return false;
  const expected = Buffer.from(csrfTokenFor(env, sessionId));
  const actual = Buffer.from(given);
  return actual.length === expected.length && crypto.timingSafeEqual(actual, expected);
}

/**
 * The viewer of a live session (session, user and memberships in one statement), refreshing its idle timer, and until
 * when the session holds unless it is used again (its idle or absolute end, whichever comes first); expired sessions
 * are removed. Null without a live session or for an inactive user.
 */
export async function liveSession(db: Db, sessionId: string): Promise<{ viewer: Viewer; validUntil: number } | null> {
  const row = await viewerQuery(db)
    .join('sessions as s', 's.user_id', 'u.id')
    .where('s.id', sessionId)
    .select('s.last_seen_at as session_last_seen_at', 's.expires_at as session_expires_at')
    .first();
  if (!row) return null;
  const now = Date.now();
  let lastSeen = new Date(row.session_last_seen_at).getTime();
  const expires = new Date(row.session_expires_at).getTime();
  if (expires <= now || lastSeen + SESSION_IDLE_MS <= now) {
    await db('sessions').where({ id: sessionId }).delete();
    return null;
  }
  if (now - lastSeen > TOUCH_EVERY_MS) {
    await db('sessions').where({ id: sessionId }).update({ last_seen_at: new Date(now) });
    lastSeen = now;
  }
  const viewer = viewerOf(row);
  return viewer ? { viewer, validUntil: Math.min(expires, lastSeen + SESSION_IDLE_MS) } : null;
}

/** The viewer of a live session (liveSession), or null. */
export async function viewerForSession(db: Db, sessionId: string): Promise<Viewer | null> {
  return (await liveSession(db, sessionId))?.viewer ?? null;
}

/** Starts a new session (a fresh id at every login) and returns the Set-Cookie header. */
export async function createSession(
  env: Env,
  db: Db,
  userId: string,
  userAgent?: string | null,
): Promise<{ sessionId: string; setCookie: string }> {
  const [row] = await db('sessions')
    .insert({
      user_id: userId,
      expires_at: new Date(Date.now() + SESSION_ABSOLUTE_MS),
      user_agent: userAgent?.slice(0, 500) ?? null,
    })
    .returning('id');
  return { sessionId: row.id, setCookie: await sessionCookie(env).serialize(row.id) };
}

/** Ends a session; returns the Set-Cookie header that clears the browser's cookie. */
export async function destroySession(env: Env, db: Db, sessionId: string | null): Promise<string> {
  if (sessionId) await db('sessions').where({ id: sessionId }).delete();
  return sessionCookie(env).serialize('', { maxAge: 0 });
}
