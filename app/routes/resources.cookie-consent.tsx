import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { CONSENT_COOKIE, CONSENT_MAX_AGE_SECONDS } from '~/server/consent.server';
import { defineGuards } from '~/lib/guards';
import { runGuards, safeNext } from '~/server/guards.server';
import { readForm } from '~/server/posted-form.server';
import { serialize } from 'cookie';

/** Stores the cookie choice (true or false) for 365 days and goes back to the page the banner was on. */
export const guards = defineGuards({ public: true });

export async function action({ request, context, params }: ActionFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const form = await readForm(request);
  const consent = form.get('consent');
  if (consent !== 'true' && consent !== 'false') {
    throw new Response('Bad Request', { status: 400 });
  }
  const cookie = serialize(CONSENT_COOKIE, consent, {
    path: '/',
    maxAge: CONSENT_MAX_AGE_SECONDS,
    sameSite: 'lax',
    secure: new URL(request.url).protocol === 'https:',
  });
  // the banner's script posts through a fetcher: a redirect would become a navigation and could overtake a link
  // the visitor clicked meanwhile, so it gets a plain answer; the form without JavaScript goes back to its page
  if (form.get('client') === 'fetcher') return Response.json({ consent: consent === 'true' }, { headers: { 'Set-Cookie': cookie } });
  return redirect(safeNext(form.get('redirectTo')?.toString()), { headers: { 'Set-Cookie': cookie } });
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  throw new Response('Not Found', { status: 404 });
}
