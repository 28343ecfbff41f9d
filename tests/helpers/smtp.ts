import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from './app';

export { headerOf, mimePart } from './mime';

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
