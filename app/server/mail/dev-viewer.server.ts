import type { RequestContext } from '../request-context.server';

/** The mail viewer is a development tool: it does not exist in production. */
export function assertMailViewerAvailable(context: RequestContext): void {
  if (context.app.env.NODE_ENV === 'production') throw new Response('Not found', { status: 404 });
}
