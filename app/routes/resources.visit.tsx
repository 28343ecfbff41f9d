import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { defineGuards } from '~/lib/guards';
import { readConsent } from '~/server/consent.server';
import { runGuards } from '~/server/guards.server';
import { recordPageLeave, recordPageView } from '~/server/services/analytics';

/**
 * The page-view recorder's door (issue 30): POST from the page's recorder (`navigator.sendBeacon` of a form whose
 * field `m` is a small JSON text: `{ "t": "v", "p": path, "f": previous path }` for a view, `{ "t": "l", "p": path, "d": milliseconds }` on
 * leave), GET from the `<noscript>` image of a page without JavaScript (`?p=path`). Public; the cookie choice is read
 * here on the server and nothing is recorded unless it is "true" (spec 001 point 9). It answers at once: the view is
 * only queued.
 */
export const guards = defineGuards({ public: true });

const NO_STORE = { 'cache-control': 'no-store' };
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const MAX_BODY = 2048;

const textOf = (value: unknown) => (typeof value === 'string' ? value : null);

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const url = new URL(request.url);
  recordPageView(context.service.db, {
    consent: readConsent(request.headers.get('cookie')),
    path: url.searchParams.get('p') ?? '',
    ip: context.clientIp ?? null,
    userAgent: request.headers.get('user-agent'),
  });
  return new Response(PIXEL, { headers: { ...NO_STORE, 'content-type': 'image/gif' } });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const text = await request.text();
  if (text.length > MAX_BODY * 3) return new Response(null, { status: 413, headers: NO_STORE });
  // the recorder posts a form (`m` = the JSON message), as the page-post guard admits only forms; a JSON text
  // body is read as well (the same message without the form around it)
  const isForm = (request.headers.get('content-type') ?? '').toLowerCase().startsWith('application/x-www-form-urlencoded');
  const body = isForm ? (new URLSearchParams(text).get('m') ?? '') : text;
  if (body.length > MAX_BODY) return new Response(null, { status: 413, headers: NO_STORE });
  let message: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(body);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
    message = parsed as Record<string, unknown>;
  } catch {
    return new Response(null, { status: 400, headers: NO_STORE });
  }
  const visit = {
    consent: readConsent(request.headers.get('cookie')),
    path: textOf(message.p) ?? '',
    ip: context.clientIp ?? null,
    userAgent: request.headers.get('user-agent'),
  };
  if (message.t === 'v') recordPageView(context.service.db, { ...visit, from: textOf(message.f) });
  else if (message.t === 'l' && typeof message.d === 'number') recordPageLeave(context.service.db, { ...visit, durationMs: message.d });
  else return new Response(null, { status: 400, headers: NO_STORE });
  return new Response(null, { status: 204, headers: NO_STORE });
}
