import { data, type LoaderFunctionArgs } from '@remix-run/node';
import { isRouteErrorResponse, useRouteError } from '@remix-run/react';
import { NotFoundPage, type NotFoundData } from '~/components/not-found';
import { defineGuards } from '~/lib/guards';
import { runGuards } from '~/server/guards.server';
import { conventionOfPath } from '~/server/services/events/convention-info';

export const guards = defineGuards({ public: true });

/**
 * Every path no other route claims: answers 404 with the not-found page. Below `/convention/{slug}` it names the
 * convention, so the page leads back to its foyer; a logged-in member is offered the start page, not the login.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const convention = await conventionOfPath(context.service, new URL(request.url).pathname);
  throw data<NotFoundData>({ convention, loggedIn: Boolean(context.service.viewer) }, { status: 404 });
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
  const found = isRouteErrorResponse(error) ? (error.data as Partial<NotFoundData> | null) : null;
  return <NotFoundPage convention={found?.convention ?? null} loggedIn={found?.loggedIn ?? false} />;
}
