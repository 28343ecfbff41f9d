import { redirect } from '@remix-run/node';
import { hasFeature } from '~/lib/features';
import type { Guards } from '~/lib/guards';
import type { RequestContext } from './request-context.server';
import { permissionChecks } from './permissions.server';
import { isDomainError } from './services/errors';

export type { Guards } from '~/lib/guards';

/**
 * Object-permission checks by kind; a check throws DomainError NOT_FOUND or PERMISSION_DENIED. It gets the
 * guard's parameter and all route parameters (a hall is found by convention and hall slug).
 */
export type PermissionCheck = (ctx: RequestContext, value: string, params: Record<string, string | undefined>) => Promise<void>;

/** Adds a check (tests add their own kinds; the app's kinds are listed in permissions.server.ts). */
export function registerPermission(kind: string, check: PermissionCheck): void {
  permissionChecks[kind] = check;
}

export interface GuardArgs {
  request: Request;
  context: RequestContext;
  params: Record<string, string | undefined>;
}

/** The path (with query) to come back to after login or token entry. Same-site paths only. */
export function targetPath(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

export function withNext(path: string, next: string): string {
  return `${path}?next=${encodeURIComponent(next)}`;
}

const SAME_SITE = 'http://same.site';
/** Control characters (C0, DEL, C1) and backslashes: browsers drop or rewrite them, so they never belong in a path. */
// eslint-disable-next-line no-control-regex
const UNSAFE_CHARS = /[\u0000-\u001f\u007f-\u009f\\]/;

/** The value percent-decoded until it no longer changes or no longer decodes (a few rounds: `%252F` hides `/`). */
function fullyDecoded(value: string): string {
  let current = value;
  for (let round = 0; round < 4; round += 1) {
    try {
      const next = decodeURIComponent(current);
      if (next === current) break;
      current = next;
    } catch {
      break;
    }
  }
  return current;
}

/**
 * The one safe-path function: every redirect target that comes from a request (a `next` or `redirectTo` field,
 * a query string, a cookie, a Referer) goes through it. A value is honoured only when it is a path on this site
 * after URL normalisation (`/./`, `/%2e/`, `..`) and percent-decoding: no scheme or host, no `//` or `/\` at the
 * start (a browser reads both as another host), no control characters or backslashes anywhere. Anything else
 * gives `fallback`.
 */
export function safeNext(value: string | null | undefined, fallback = '/'): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.length > 2048 || UNSAFE_CHARS.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, SAME_SITE);
  } catch {
    return fallback;
  }
  if (url.origin !== SAME_SITE) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // encoded slashes and dots count as what they decode to, in case some later hop decodes them
  const decoded = fullyDecoded(url.pathname);
  if (UNSAFE_CHARS.test(decoded) || !isSameSitePath(path) || !isSameSitePath(decoded)) return fallback;
  return path;
}

function isSameSitePath(path: string): boolean {
  if (!path.startsWith('/') || path.startsWith('//')) return false;
  try {
    const url = new URL(path, SAME_SITE);
    return url.origin === SAME_SITE && !url.pathname.startsWith('//');
  } catch {
    return false;
  }
}

/** The same-site path of the page a form was posted from (its Referer), or `fallback` for a foreign or missing one. */
export function refererPath(request: Request, fallback = '/'): string {
  const referer = request.headers.get('referer');
  if (!referer) return fallback;
  try {
    const url = new URL(referer);
    if (url.origin !== new URL(request.url).origin) return fallback;
    return safeNext(`${url.pathname}${url.search}`, fallback);
  } catch {
    return fallback;
  }
}

/** The lead forms (the rep's `/leads/leadform` and the public `/leadform`), where a check-logged-in route must not lead away. */
const LEAD_FORM_PATHS = new Set(['/leadform', '/leads/leadform']);

function comingFromLeadForm(request: Request): boolean {
  const from = refererPath(request, '');
  return from !== '' && LEAD_FORM_PATHS.has(new URL(from, SAME_SITE).pathname);
}

/**
 * Spec 001 point 6.1: coming from the lead form, a check-logged-in route cancels the navigation instead of sending
 * the user home. A page load answers 204 (the browser stays on the form, what was typed kept); a client-side
 * navigation's data request goes back to the form it came from.
 */
function cancelledNavigation(request: Request): Response {
  if (request.headers.get('sec-fetch-mode') === 'navigate') return new Response(null, { status: 204 });
  return redirect(refererPath(request, '/'));
}

/** Runs the guards in their fixed order; throws a redirect or a 404 response when one fails. */
export async function runGuards({ request, context, params }: GuardArgs, guards: Guards): Promise<void> {
  const viewer = context.viewer;
  if (guards.checkLoggedIn && viewer) throw comingFromLeadForm(request) ? cancelledNavigation(request) : redirect('/');
  if (!guards.public && !viewer) throw redirect(withNext('/login', targetPath(request)));
  if (guards.staff && !viewer?.isStaff) throw new Response('Not Found', { status: 404 });
  if (guards.organization && viewer && !viewer.organization) throw redirect('/onboarding');
  if (guards.permission) {
    const check = permissionChecks[guards.permission.kind];
    if (!check) throw new Error(`No permission check registered for "${guards.permission.kind}"`);
    try {
      await check(context, params[guards.permission.param] ?? '', params);
    } catch (error) {
      if (!isDomainError(error)) throw error;
      if (error.code === 'NOT_FOUND') throw new Response('Not Found', { status: 404 });
      if (error.code === 'PERMISSION_DENIED') {
        throw redirect(withNext(viewer ? '/token' : '/login', targetPath(request)));
      }
      // Other errors are ignored: the route continues (spec 001 point 6).
    }
  }
  if (guards.feature && !hasFeature(viewer?.features ?? 0, guards.feature)) {
    throw redirect(`/missing-feature/${guards.feature}`);
  }
}
