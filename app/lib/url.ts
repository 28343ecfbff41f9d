import { z } from 'zod';
import type { I18nIssueParams } from './validation-messages';

/**
 * Links that users enter and visitors follow (support, homepage and privacy pages, shop and chat, meeting links,
 * embedded pages, foyer points). One rule for all of them, checked when they are saved and again when a page puts
 * them into `href` or `src`: web addresses (http, https) only, plus `mailto:` where the spec allows an e-mail
 * address (001 point 5: image links). Anything else (`javascript:`, `data:`, `vbscript:`, `file:` ...) is refused.
 * Isomorphic: the page forms validate with the same schemas in the browser.
 */

/** The longest link stored (the stand columns; organisation, convention and fair links have 500). */
export const URL_MAX_LENGTH = 2000;

/** White space, control characters and invisible formatting characters have no place in a link. */
// eslint-disable-next-line no-control-regex
const UNSAFE_CHARACTERS = /[\s\u0000-\u001f\u007f-\u009f\u00ad\u200b-\u200f\u2028-\u202e\u2060-\u2064\ufeff]/;
const WEB_SCHEME = /^https?:\/\//i;
const MAILTO_SCHEME = /^mailto:/i;

const emailAddress = z.string().email().max(254);
const isEmailAddress = (value: string) => emailAddress.safeParse(value).success;

/**
 * An absolute http(s) address with a host and without user name or password in it (`https://bank.example@evil.example`
 * would show one host and open another).
 */
export function isHttpUrl(value: string): boolean {
  if (!WEB_SCHEME.test(value) || UNSAFE_CHARACTERS.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '' && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** `mailto:` with one valid e-mail address (and optional `?subject=` style fields). */
export function isMailtoUrl(value: string): boolean {
  if (!MAILTO_SCHEME.test(value) || UNSAFE_CHARACTERS.test(value)) return false;
  const address = value.slice('mailto:'.length).split('?')[0];
  try {
    return isEmailAddress(decodeURIComponent(address));
  } catch {
    return false;
  }
}

const issue = (i18n: string): { params: I18nIssueParams } => ({ params: { i18n } });

/** A web address (http or https), trimmed, at most `max` characters. */
export function httpUrl(max = URL_MAX_LENGTH) {
  return z.string().trim().max(max).refine(isHttpUrl, issue('httpUrl'));
}

/**
 * A web address or an e-mail address (spec 001 point 5: "An image link needs a URL or an e-mail address. A link
 * that looks like an e-mail address is saved with a mailto: prefix").
 */
export function httpOrMailtoUrl(max = URL_MAX_LENGTH) {
  return z
    .string()
    .trim()
    .transform((value) => (isEmailAddress(value) ? `mailto:${value}` : value))
    .pipe(
      z
        .string()
        .max(max)
        .refine((value) => isHttpUrl(value) || isMailtoUrl(value), issue('httpOrMailtoUrl')),
    );
}

/**
 * A stored link as it may go into `href`, `src` or an iframe: the link when it is a web or mailto address,
 * otherwise undefined (the page then leaves the link out). Values saved before the rule existed pass here too.
 */
export function safeHref(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  return isHttpUrl(value) || isMailtoUrl(value) ? value : undefined;
}
