import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from './app';

/**
 * A local SMTP server that keeps what it receives, and the decoding the mail tests read it with (the accounts
 * mails, mail-smtp.test.ts, and the lead information mail, leads-mail-smtp.test.ts).
 */
export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface SmtpCatcher {
  /** `smtp://127.0.0.1:{port}` for `SMTP_URL`. */
  url: string;
  /** What arrived, oldest first; empty it with `received.length = 0`. */
  received: ReceivedMail[];
  close(): Promise<void>;
}

export async function startSmtpCatcher(): Promise<SmtpCatcher> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

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

/**
 * The test app with its mails going to a local SMTP catcher, for the whole test file (registers beforeAll and
 * afterAll): `mail.t` is the app, `mail.received` the mails the catcher got.
 */
export function useAppWithSmtp() {
  const world = {} as { t: TestApp; smtp: SmtpCatcher; readonly received: ReceivedMail[] };
  Object.defineProperty(world, 'received', { get: () => world.smtp.received });
  beforeAll(async () => {
    world.smtp = await startSmtpCatcher();
    world.t = await createTestApp();
    world.t.app.env.SMTP_URL = world.smtp.url;
  });
  afterAll(async () => {
    await world.t.close();
    await world.smtp.close();
  });
  return world;
}
