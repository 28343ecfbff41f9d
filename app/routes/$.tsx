import { data, type LoaderFunctionArgs } from '@remix-run/node';
import { isRouteErrorResponse, useRouteError } from '@remix-run/react';
import { parse } from 'cookie';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { ConsoleError } from '~/components/layout/console-shell';
import { NotFoundPage, type NotFoundData } from '~/components/not-found';
import { defineGuards } from '~/lib/guards';
import { isSidebarCollapsed, SIDEBAR_COOKIE } from '~/lib/nav';
import { useRootData } from '~/components/root-data';
import { runGuards } from '~/server/guards.server';
import { conventionOfPath } from '~/server/services/events/convention-info';

export const guards = defineGuards({ public: true });

/** The not-found page's data, and for a member's console shell the sidebar they left. */
type CatchAllData = NotFoundData & { sidebarCollapsed: boolean };

/**
 * Every path no other route claims: answers 404 with the not-found page. Below `/convention/{slug}` it names the
 * convention, so the page leads back to its foyer; a logged-in member gets the console's 404 in the console
 * shell (the start page, no login link).
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const convention = await conventionOfPath(context.service, new URL(request.url).pathname);
  const sidebarCollapsed = isSidebarCollapsed(parse(request.headers.get('cookie') ?? '')[SIDEBAR_COOKIE]);
  throw data<CatchAllData>({ convention, loggedIn: Boolean(context.service.viewer), sidebarCollapsed }, { status: 404 });
}

export async function action() {
  throw new Response('Not Found', { status: 404 });
}

export const handle = { title: 'common:notFound.title' };

export default function CatchAll() {
  return <NotFoundPage />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const member = Boolean(useRootData()?.user);
  const found = isRouteErrorResponse(error) ? (error.data as Partial<CatchAllData> | null) : null;
  if (member && !found?.convention) return <ConsoleError error={error} sidebarCollapsed={found?.sidebarCollapsed ?? false} />;
  const notFound = () => <NotFoundPage convention={found?.convention ?? null} loggedIn={found?.loggedIn ?? false} />;
  return <GeneralErrorBoundary error={error} statusHandlers={{ 404: notFound }} />;
}
