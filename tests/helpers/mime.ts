/**
 * Decoding of raw mails as an SMTP server receives them, shared by the integration tests' catcher (smtp.ts) and the
 * e2e tests' SMTP sink (tests/e2e/smtp-sink.ts); no test runner imports here, so both runners can load it.
 */

/** The decoded body of the first MIME part of `type` (text/plain or text/html). */
export function mimePart(raw: string, type: string): string {
  const start = raw.search(new RegExp(`^Content-Type: ${type}`, 'im'));
  if (start < 0) throw new Error(`no ${type} part`);
  const rest = raw.slice(start);
  const headerEnd = rest.indexOf('\r\n\r\n');
  const headers = rest.slice(0, headerEnd);
  const body = rest.slice(headerEnd + 4).split(/\r\n--/)[0];
  const encoding = /Content-Transfer-Encoding:\s*(\S+)/i.exec(headers)?.[1].toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/** A header, unfolded, with RFC 2047 encoded words decoded. */
export const headerOf = (raw: string, name: string) =>
  (new RegExp(`^${name}: (.*(?:\\r\\n[ \\t].*)*)`, 'im').exec(raw)?.[1] ?? '')
    .replace(/\r\n[ \t]/g, ' ')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_m, kind: string, text: string) =>
      kind.toLowerCase() === 'b' ? Buffer.from(text, 'base64').toString('utf8') : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8'),
    )
    .trim();
