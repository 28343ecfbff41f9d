import type { LoaderFunctionArgs } from '@remix-run/node';
import { defineGuards } from '~/lib/guards';
import { runGuards } from '~/server/guards.server';
import { paramsOf } from '~/server/route-kit.server';
import { recordOpen } from '~/server/services/email';

/**
 * Public resource route (issue 29): the open-tracking pixel of an organisation's mail, embedded only for recipients
 * who agreed to tracking; loading it marks the mail as opened in the delivery log. The unguessable token is the key;
 * every answer is the same transparent GIF, so a token's existence does not leak.
 */
export const guards = defineGuards({ public: true });

const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  await recordOpen(context.service, paramsOf(params, 'token').token);
  return new Response(PIXEL, {
    headers: { 'content-type': 'image/gif', 'content-length': String(PIXEL.length), 'cache-control': 'no-store, private' },
  });
}
