/**
 * A chat message is plain text (never HTML); its http(s) addresses become links (issue 28). Splits the text into
 * text and link parts the components render as React nodes, so nothing of the text is ever parsed as markup.
 */
export type MessagePart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

const URL_IN_TEXT = /\bhttps?:\/\/[^\s<>"']+/gi;
/** Punctuation that ends a sentence rather than the address. */
const TRAILING = /[.,;:!?)\]}]+$/;

export function messageParts(body: string): MessagePart[] {
  const parts: MessagePart[] = [];
  let at = 0;
  for (const match of body.matchAll(URL_IN_TEXT)) {
    const start = match.index ?? 0;
    const raw = match[0];
    const href = raw.replace(TRAILING, '');
    let valid = false;
    try {
      valid = ['http:', 'https:'].includes(new URL(href).protocol);
    } catch {
      valid = false;
    }
    if (!valid) continue;
    if (start > at) parts.push({ kind: 'text', text: body.slice(at, start) });
    parts.push({ kind: 'link', text: href, href });
    at = start + href.length;
  }
  if (at < body.length) parts.push({ kind: 'text', text: body.slice(at) });
  return parts;
}
