import type { Knex } from 'knex';
import { expect } from './fixtures';

/** The first link of the newest mail to `to`, as a path on the site under test (the outbox is the mailbox). */
export async function mailLink(db: Knex, to: string): Promise<string> {
  const row = await db('outbox').whereRaw("payload->>'to' = ?", [to]).orderBy('created_at', 'desc').first('payload');
  expect(row, `a mail to ${to}`).toBeDefined();
  const payload = typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload;
  const link = /https?:\/\/\S+/.exec(payload.text)?.[0];
  expect(link, 'a link in the mail').toBeDefined();
  const url = new URL(link!);
  return `${url.pathname}${url.search}`;
}
