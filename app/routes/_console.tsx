import type { LoaderFunctionArgs } from '@remix-run/node';
import { Outlet, useLoaderData, useRouteError, useRouteLoaderData } from '@remix-run/react';
import { parse } from 'cookie';
import { ConsoleError, ConsoleFrame } from '~/components/layout/console-shell';
import { isSidebarCollapsed, SIDEBAR_COOKIE } from '~/lib/nav';
import { defineGuards } from '~/lib/guards';
import { runGuards } from '~/server/guards.server';

/** Console pages a member without organisation may see (they need no organisation themselves). */
const WITHOUT_ORGANIZATION = new Set(['/onboarding', '/invites']);

/**
 * The console is for logged-in members: no session -> /login?next=<path>, no organisation -> /onboarding.
 * A page nested here with `handle = { logoutOnly: true }` gets an account menu with only Logout.
 */
export const guards = defineGuards({ organization: true });

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { pathname } = new URL(request.url);
  await runGuards({ request, context, params }, WITHOUT_ORGANIZATION.has(pathname) ? { ...guards, organization: false } : guards);
  const cookies = parse(request.headers.get('cookie') ?? '');
  return { sidebarCollapsed: isSidebarCollapsed(cookies[SIDEBAR_COOKIE]) };
}

export default function ConsoleLayout() {
  const { sidebarCollapsed } = useLoaderData<typeof loader>();
  return <ConsoleFrame sidebarCollapsed={sidebarCollapsed}>{<Outlet />}</ConsoleFrame>;
}

/**
 * Every console page is inside this boundary: an error keeps the console shell around it (a logged-in member
 * keeps the navigation), and a missing object is the console's 404, without the login link.
 */
export function ErrorBoundary() {
  const layout = useRouteLoaderData<typeof loader>('routes/_console');
  return <ConsoleError error={useRouteError()} sidebarCollapsed={layout?.sidebarCollapsed ?? false} />;
}
