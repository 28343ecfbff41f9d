import { z } from 'zod';
import { isEmailAddress, isHttpUrl, isMailtoUrl, safeHref } from './safe-href';
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

// The link checks themselves live in ./safe-href (no zod there, for the visitor pages' JavaScript budget).
export { isHttpUrl, isMailtoUrl, safeHref };

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
