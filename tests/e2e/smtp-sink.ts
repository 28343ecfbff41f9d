import fs from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

/**
 * The e2e run's mail server (Playwright globalSetup): the app under test sends every mail over real SMTP to
 * 127.0.0.1:{E2E_PORT + 2000} (playwright.config.ts sets SMTP_URL), and this sink writes each mail it accepts as one
 * JSON file ({ to, raw }) into var/e2e-smtp-{E2E_PORT}, where the tests read them (tests/e2e/smtp-mailbox.ts). Files,
 * not memory, since the tests run in worker processes; each run starts with an empty folder.
 */

export const e2ePort = () => Number(process.env.E2E_PORT ?? 3100);
export const smtpSinkPort = (port = e2ePort()) => port + 2000;
export const smtpSinkDir = (port = e2ePort()) => path.resolve('var', `e2e-smtp-${port}`);

export default async function startSmtpSink(): Promise<() => Promise<void>> {
  const dir = smtpSinkDir();
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        count += 1;
        const mail = { to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') };
        const name = `${Date.now()}-${String(count).padStart(6, '0')}.json`;
        // written under a temporary name and renamed, so a reader never sees half a mail
        fs.writeFileSync(path.join(dir, `${name}.tmp`), JSON.stringify(mail));
        fs.renameSync(path.join(dir, `${name}.tmp`), path.join(dir, name));
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(smtpSinkPort(), '127.0.0.1', () => resolve());
  });
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
