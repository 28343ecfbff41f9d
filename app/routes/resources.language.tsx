import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { serialize } from 'cookie';
import { isLanguage } from '~/lib/language';
import { defineGuards } from '~/lib/guards';
import { runGuards, safeNext } from '~/server/guards.server';
import { readForm } from '~/server/posted-form.server';
import { LANGUAGE_COOKIE } from '~/server/request-context.server';
import { persistDefaultLanguage } from '~/server/services/i18n/languages';
import { redirectWithToast } from '~/server/toast.server';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** The page to return to, without a `lang` query parameter (it would override the choice just made). */
function returnPath(value: string | null | undefined): string {
  const path = safeNext(value);
  const url = new URL(path, 'http://same.site');
  url.searchParams.delete('lang');
  return `${url.pathname}${url.search}${url.hash}`;
}

export const guards = defineGuards({ public: true });

/**
 * The language switch: remembers the choice in the `lng` cookie for a year and, for a logged-in user,
 * as their default language. A plain form post (works without JavaScript) that redirects back with a toast.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const form = await readForm(request);
  const value = String(form.get('language') ?? '').trim();
  const language = value.toUpperCase();
  if (!isLanguage(language)) {
    return Response.json({ error: context.service.t('errors:invalidLanguage', { value }) }, { status: 400 });
  }
  if (context.viewer) await persistDefaultLanguage(context.service, language);
  const cookie = serialize(LANGUAGE_COOKIE, language, {
    path: '/',
    maxAge: ONE_YEAR_SECONDS,
    sameSite: 'lax',
    secure: new URL(request.url).protocol === 'https:',
  });
  const name = context.service.t(`common:languages.${language}`);
  return redirectWithToast(
    returnPath(form.get('redirectTo')?.toString()),
    { type: 'success', key: 'language.changed', values: { name } },
    { headers: { 'Set-Cookie': cookie } },
  );
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  throw new Response('Not Found', { status: 404 });
}
