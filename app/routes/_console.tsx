import type { LoaderFunctionArgs } from '@remix-run/node';
import { Outlet, useLoaderData, useRouteError } from '@remix-run/react';
import { parse } from 'cookie';
import { GeneralErrorBoundary } from '~/components/error-boundary';
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
  const root = useRootData();
  return (
    <AriaProviders>
      {root?.user ? (
        <ConsoleShell user={root.user} language={root.language} sidebarCollapsed={sidebarCollapsed}>
          <Outlet />
        </ConsoleShell>
      ) : (
        <Outlet />
      )}
    </AriaProviders>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary error={useRouteError()} />;
}
