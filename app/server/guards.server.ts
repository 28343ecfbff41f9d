import { redirect } from '@remix-run/node';
import { hasFeature } from '~/lib/features';
import type { Guards, PermissionKind } from '~/lib/guards';
import type { RequestContext } from './request-context.server';
import { permissionChecks, type CheckedObject, type PermissionCheck } from './permissions.server';
import { deniedOutcome } from './services/access/guard';

export type { Guards } from '~/lib/guards';
export type { PermissionCheck } from './permissions.server';

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

/** What runGuards hands the loader: the object its permission check loaded (undefined without one). */
export type Guarded<G extends Guards> = G['permission'] extends { kind: infer K extends PermissionKind } ? { object: CheckedObject<K> } : { object?: undefined };

/**
 * Runs the guards in their fixed order; throws a redirect or a 404 response when one fails. Returns the object the
 * permission check loaded, so the loader need not load it again. `checks` replaces the app's checks (unit tests).
 */
export async function runGuards<G extends Guards>(
  { request, context, params }: GuardArgs,
  guards: G,
  checks: Record<string, PermissionCheck> = permissionChecks,
): Promise<Guarded<G>> {
  const viewer = context.viewer;
  if (guards.checkLoggedIn && viewer) throw comingFromLeadForm(request) ? cancelledNavigation(request) : redirect('/');
  if (!guards.public && !viewer) throw redirect(withNext('/login', targetPath(request)));
  if (guards.staff && !viewer?.isStaff) throw new Response('Not Found', { status: 404 });
  if (guards.organization && viewer && !viewer.organization) throw redirect('/onboarding');
  let object: unknown;
  if (guards.permission) {
    const check = checks[guards.permission.kind];
    if (!check) throw new Error(`No permission check registered for "${guards.permission.kind}"`);
    try {
      object = await check(context, params[guards.permission.param] ?? '', params);
    } catch (error) {
      const outcome = deniedOutcome(error, Boolean(viewer));
      if (!outcome) throw error;
      if (outcome === 'not-found') throw new Response('Not Found', { status: 404 });
      if (outcome === 'login' || outcome === 'token') throw redirect(withNext(`/${outcome}`, targetPath(request)));
      // Other errors are ignored: the route continues (spec 001 point 6).
    }
  }
  if (guards.feature && !hasFeature(viewer?.features ?? 0, guards.feature)) {
    throw redirect(`/missing-feature/${guards.feature}`);
  }
  return { object } as Guarded<G>;
}
