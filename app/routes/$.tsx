import { NotFoundPage } from '~/components/not-found';
import { defineGuards } from '~/lib/guards';

export const guards = defineGuards({ public: true });

/** Every path no other route claims: answers 404 with the not-found page. */
export async function loader() {
  throw new Response('Not Found', { status: 404 });
}

export async function action() {
  throw new Response('Not Found', { status: 404 });
}

export const handle = { title: 'common:notFound.title' };

export default function CatchAll() {
  return <NotFoundPage />;
}

export function ErrorBoundary() {
  return <NotFoundPage />;
}
