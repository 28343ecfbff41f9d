import fs from 'node:fs';
import path from 'node:path';
import { headerOf, mimePart } from '../helpers/mime';
import { expect } from './fixtures';
import { smtpSinkDir } from './smtp-sink';

/** A mail the run's SMTP sink received (tests/e2e/smtp-sink.ts). */
export interface SinkMail {
  to: string[];
  raw: string;
  subject: string;
}

/** Every mail the sink has received for `address` so far, oldest first. */
export function sinkMailsTo(address: string): SinkMail[] {
  const dir = smtpSinkDir();
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as { to: string[]; raw: string })
    .filter((mail) => mail.to.some((to) => to.toLowerCase() === address.toLowerCase()))
    .map((mail) => ({ ...mail, subject: headerOf(mail.raw, 'Subject') }));
}

/** Waits (by polling the sink, no fixed sleep) until `address` has `count` mails whose calendar part says `method`. */
export async function awaitCalendarMails(address: string, method: 'REQUEST' | 'CANCEL', count = 1): Promise<SinkMail[]> {
  const matching = () => sinkMailsTo(address).filter((mail) => /^Content-Type: text\/calendar/im.test(mail.raw) && icsOf(mail).method === method);
  await expect.poll(() => matching().length, { message: `${method} mail over SMTP to ${address}`, timeout: 30_000 }).toBeGreaterThanOrEqual(count);
  return matching();
}

export interface ParsedIcs {
  method: string;
  uid: string;
  sequence: number;
  start: Date;
  end: Date;
  status: string;
}

/** RFC 5545 date-time in UTC (`20261028T090000Z`). */
function utc(value: string | undefined, name: string): Date {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value ?? '');
  if (!m) throw new Error(`${name} is not a UTC date-time: ${value}`);
  return new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!));
}

/**
 * The .ics attached to a mail, parsed back minimally (no parser package is installed): lines unfolded (RFC 5545
 * 3.1), exactly one VCALENDAR (VERSION 2.0, PRODID) holding exactly one VEVENT; METHOD, UID, SEQUENCE, DTSTART, DTEND
 * (UTC) and STATUS of it. Throws on anything malformed, so a broken invitation fails the test.
 */
export function icsOf(mail: Pick<SinkMail, 'raw'>): ParsedIcs {
  const lines = mimePart(mail.raw, 'text/calendar').replace(/\r?\n[ \t]/g, '').split(/\r?\n/).filter(Boolean);
  const props = (from: number, to: number) => {
    const out = new Map<string, string>();
    for (const line of lines.slice(from, to)) {
      const colon = line.indexOf(':');
      if (colon < 1) throw new Error(`not a content line: ${line}`);
      const name = line.slice(0, colon).split(';')[0]!.toUpperCase();
      if (!out.has(name)) out.set(name, line.slice(colon + 1));
    }
    return out;
  };
  if (lines[0] !== 'BEGIN:VCALENDAR' || lines.at(-1) !== 'END:VCALENDAR') throw new Error('not one VCALENDAR');
  const begin = lines.indexOf('BEGIN:VEVENT');
  const end = lines.indexOf('END:VEVENT');
  if (begin < 0 || end < begin || lines.lastIndexOf('BEGIN:VEVENT') !== begin) throw new Error('not exactly one VEVENT');
  const calendar = props(1, begin);
  const event = props(begin + 1, end);
  if (calendar.get('VERSION') !== '2.0' || !calendar.get('PRODID')) throw new Error('VERSION 2.0 and PRODID missing');
  const sequence = Number(event.get('SEQUENCE'));
  if (!Number.isInteger(sequence)) throw new Error('SEQUENCE missing');
  if (!event.get('UID')) throw new Error('UID missing');
  return {
    method: calendar.get('METHOD') ?? '',
    uid: event.get('UID')!,
    sequence,
    start: utc(event.get('DTSTART'), 'DTSTART'),
    end: utc(event.get('DTEND'), 'DTEND'),
    status: event.get('STATUS') ?? '',
  };
}
