import { redirect } from '@remix-run/node';
import { hasFeature, type FeatureName } from '~/lib/features';
import type { RequestContext } from './request-context.server';
import { isDomainError } from './services/errors';

/**
 * The four route guards of spec 001 point 6, declared next to a route's loader and run in fixed order:
 * 1. checkLoggedIn: a logged-in user is sent to `/` (login, register, ...).
 * 2. login: unless the route is public, a visitor without session goes to /login?next=<path>.
 * 3. permission: object access; NOT_FOUND gives 404, PERMISSION_DENIED sends a logged-out visitor to
 *    /login?next= and a logged-in one to /token?next=. Other errors are ignored and the route continues.
 * 4. feature: the organisation lacks the suite bit -> /missing-feature/{feature}.
 * Console routes also need an organisation: a member without one goes to /onboarding.
 */
export interface Guards {
  checkLoggedIn?: boolean;
  public?: boolean;
  permission?: (ctx: RequestContext, params: Record<string, string | undefined>) => Promise<void>;
  feature?: FeatureName;
  organization?: boolean;
  /** platform staff only (isStaff), checked with the login guard */
  staff?: boolean;
}

export const defineGuards = (guards: Guards): Guards => guards;

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

/** A `next` value is honoured only when it is a path on this site (no scheme, no //host, no backslashes). */
export function safeNext(value: string | null | undefined, fallback = '/'): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return fallback;
  try {
    const url = new URL(value, 'http://same.site');
    return url.host === 'same.site' ? `${url.pathname}${url.search}${url.hash}` : fallback;
  } catch {
    return fallback;
  }
}

/** Runs the guards in their fixed order; throws a redirect or a 404 response when one fails. */
export async function runGuards({ request, context, params }: GuardArgs, guards: Guards): Promise<void> {
  const viewer = context.viewer;
  if (guards.checkLoggedIn && viewer) throw redirect('/');
  if (!guards.public && !viewer) throw redirect(withNext('/login', targetPath(request)));
  if (guards.staff && !viewer?.isStaff) throw new Response('Not Found', { status: 404 });
  if (guards.organization && viewer && !viewer.organization) throw redirect('/onboarding');
  if (guards.permission) {
    try {
      await guards.permission(context, params);
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
