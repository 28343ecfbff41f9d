/**
 * The link checks a visitor page needs to put a stored link into `href` or `src` (see ~/lib/url for the rule and the
 * form schemas). Kept apart from ~/lib/url and without zod, so visitor pages that only show links do not load the
 * validation library up front (visitor JavaScript budget, scripts/js-budget.mjs).
 */

/** White space, control characters and invisible formatting characters have no place in a link. */
// eslint-disable-next-line no-control-regex
const UNSAFE_CHARACTERS = /[\s\u0000-\u001f\u007f-\u009f\u00ad\u200b-\u200f\u2028-\u202e\u2060-\u2064\ufeff]/;
const WEB_SCHEME = /^https?:\/\//i;
const MAILTO_SCHEME = /^mailto:/i;

/** zod 3's `z.string().email()` pattern, with `.max(254)`: the same answer as the form schemas give. */
const EMAIL_ADDRESS = /^(?!\.)(?!.*\.\.)([A-Z0-9_'+\-.]*)[A-Z0-9_+-]@([A-Z0-9][A-Z0-9-]*\.)+[A-Z]{2,}$/i;
export const isEmailAddress = (value: string): boolean => value.length <= 254 && EMAIL_ADDRESS.test(value);

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

/**
 * A stored link as it may go into `href`, `src` or an iframe: the link when it is a web or mailto address,
 * otherwise undefined (the page then leaves the link out). Values saved before the rule existed pass here too.
 */
export function safeHref(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  return isHttpUrl(value) || isMailtoUrl(value) ? value : undefined;
}
