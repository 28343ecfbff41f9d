import { runGuards, type GuardArgs, type Guards } from '../guards.server';

/** The mail viewer's pages run their guards, then 404 in production: it is a development tool. */
export async function openMailViewer(args: GuardArgs, guards: Guards): Promise<void> {
  await runGuards(args, guards);
  if (args.context.app.env.NODE_ENV === 'production') throw new Response('Not found', { status: 404 });
}
