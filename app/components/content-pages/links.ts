/**
 * The renderers' last check of a stored link before it goes into `href` or `src`. The rule itself is
 * app/lib/url.ts, applied by the block schemas when a page is saved; this repeats only its scheme and host part,
 * without zod, so the visitor pages do not load zod for it. A link that fails is left out.
 */

// eslint-disable-next-line no-control-regex
const UNSAFE_CHARACTERS = /[\s\u0000-\u001f\u007f-\u009f\u00ad\u200b-\u200f\u2028-\u202e\u2060-\u2064\ufeff]/;

function webUrl(value: string): URL | null {
  if (!/^https?:\/\//i.test(value) || UNSAFE_CHARACTERS.test(value)) return null;
  try {
    const url = new URL(value);
    return url.hostname && !url.username && !url.password ? url : null;
  } catch {
    return null;
  }
}

/** A web address (http, https) or a mailto: link, else undefined. */
export function safeHref(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  if (webUrl(value)) return value;
  return /^mailto:[^\s@/?#]+@[^\s@/?#]+/i.test(value) && !UNSAFE_CHARACTERS.test(value) ? value : undefined;
}

/** An https address (an embedded page), else null. */
export function httpsHref(value: string | null | undefined): string | null {
  return value && webUrl(value)?.protocol === 'https:' ? value : null;
}
