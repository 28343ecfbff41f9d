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
