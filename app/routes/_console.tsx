import type { LoaderFunctionArgs } from '@remix-run/node';
import { Outlet, useLoaderData, useRouteError, useRouteLoaderData } from '@remix-run/react';
import type { ReactNode } from 'react';
import { parse } from 'cookie';
import { ConsoleNotFound, GeneralErrorBoundary } from '~/components/error-boundary';
import { ConsoleShell } from '~/components/layout/console-shell';
import { AriaProviders } from '~/components/ui/aria-providers';
import { isSidebarCollapsed, SIDEBAR_COOKIE } from '~/lib/nav';
import { useRootData } from '~/root';
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

/** The console shell for a logged-in member; without a session (the guard redirects) the page alone. */
function ConsoleFrame({ sidebarCollapsed, children }: { sidebarCollapsed: boolean; children: ReactNode }) {
  const root = useRootData();
  return (
    <AriaProviders>
      {root?.user ? (
        <ConsoleShell user={root.user} language={root.language} sidebarCollapsed={sidebarCollapsed}>
          {children}
        </ConsoleShell>
      ) : (
        children
      )}
    </AriaProviders>
  );
}

/**
 * Every console page is inside this boundary: an error keeps the console shell around it (a logged-in member
 * keeps the navigation), and a missing object is the console's 404, without the login link.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  const layout = useRouteLoaderData<typeof loader>('routes/_console');
  const root = useRootData();
  const inShell = Boolean(root?.user);
  return (
    <ConsoleFrame sidebarCollapsed={layout?.sidebarCollapsed ?? false}>
      <GeneralErrorBoundary error={error} inLayout={inShell} statusHandlers={inShell ? { 404: () => <ConsoleNotFound /> } : undefined} />
    </ConsoleFrame>
  );
}
