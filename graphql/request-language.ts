import { parse as parseCookie } from 'cookie';
import type { Request as ExpressRequest } from 'express';
import { detectLanguage, type Language } from '~/lib/language';
import { LANGUAGE_COOKIE } from '~/server/request-context.server';

/** The language of a request before its viewer is known (?lang=, language cookie, Accept-Language). */
export function requestLanguage(req: ExpressRequest): Language {
  const cookies = parseCookie(req.get('cookie') ?? '');
  return detectLanguage({
    query: typeof req.query.lang === 'string' ? req.query.lang : null,
    cookie: cookies[LANGUAGE_COOKIE],
    acceptLanguage: req.get('accept-language'),
  });
}
