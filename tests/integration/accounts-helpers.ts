import { listMails } from '~/server/mail/outbox.server';
import type { Db } from '#db/connection';

/** The first link of the newest mail to `to`, with its query parameters. */
export async function lastMailLink(db: Db, to: string): Promise<URL> {
  const [mail] = await listMails(db, { to, limit: 1 });
  if (!mail) throw new Error(`no mail to ${to}`);
  const match = /https?:\/\/\S+/.exec(mail.text);
  if (!match) throw new Error('no link in the mail');
  return new URL(match[0]);
}
