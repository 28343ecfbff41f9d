import { DomUtils, parseDocument } from 'htmlparser2';
import sanitizeHtml from 'sanitize-html';

/**
 * TEXT objects are rich text from the builder's editor. What is stored is what visitors are shown, so it is
 * cleaned once, on save, with an allow-list: paragraphs, headings, lists, emphasis and links (http, https,
 * mailto only); no scripts, styles, event handlers or `javascript:` links.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'a', 'blockquote'],
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => {
      const attributes: Record<string, string> = {};
      if (attribs.href) attributes.href = attribs.href;
      if (attribs.target === '_blank') {
        attributes.target = '_blank';
        attributes.rel = 'noopener noreferrer';
      }
      return { tagName, attribs: attributes };
    },
  },
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** The text a visitor would read, for the "not empty" rule after cleaning. */
export function visibleText(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/&nbsp;|\s/g, '').trim();
}

/** Where a reader sees a break between words: after a block's end and at a line break. */
const BREAKS = /<\/(p|h[1-6]|li|blockquote)\s*>|<br\s*\/?>/gi;

/**
 * Rich text as a reader sees it, on one line: tags dropped and character references read (`&amp;` is `&`), for
 * summaries that are shown as text (React escapes them once; the stored HTML must not be shown as its source).
 */
export function readableText(html: string): string {
  return DomUtils.textContent(parseDocument(html.replace(BREAKS, '$& ')))
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * An organisation's own mail text (issue 29): bold, links and paragraphs only, with the same link rules as above.
 */
export function sanitizeMailText(html: string): string {
  return sanitizeHtml(html, { ...OPTIONS, allowedTags: ['p', 'br', 'strong', 'b', 'a'] }).trim();
}

/** Text without any markup (a mail's subject or button label), character references read. */
export function plainMailText(html: string): string {
  return readableText(sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }));
}
