import { toLocale, type Language } from '~/lib/language';

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The frame every mail's HTML shares: the document, the white card and the greeting; `body` is the card's HTML. */
export function mailDocument(language: Language, subject: string, greeting: string, body: string): string {
  const e = escapeHtml;
  return `<!doctype html>
<html lang="${toLocale(language)}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${e(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f7f7f7;font-family:Arial,Helvetica,sans-serif;color:#283853">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px">
<tr><td style="padding:32px">
<p style="margin:0 0 16px">${e(greeting)}</p>
${body}
</td></tr></table>
</body>
</html>`;
}

/** A mail's call to action: the brand-coloured button linking to `href`. */
export function mailButton(label: string, href: string): string {
  const e = escapeHtml;
  return `<p style="margin:0 0 24px"><a href="${e(href)}" style="display:inline-block;padding:12px 20px;background:#e45364;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold">${e(label)}</a></p>`;
}
