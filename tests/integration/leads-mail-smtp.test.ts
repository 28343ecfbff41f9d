import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Package } from '~/lib/features';
import * as informationCollection from '~/routes/information-collection.$leadslug/route';
import { deliverPending } from '~/server/mail/outbox.server';
import { addMember, createLead, createOrganization, createUser } from '../fixtures/factories';
import { createTestApp, type TestApp } from '../helpers/app';
import { callRoute } from '../helpers/routes';

/**
 * The lead information mail over real SMTP (issue 18), as the accounts mails are tested (mail-smtp.test.ts): a local
 * SMTP server receives what the outbox worker delivers; the mail is in the lead's language whatever the rep's, and
 * its link opens the lead's information page.
 */

interface Received {
  to: string[];
  raw: string;
}

/** The decoded body of the first MIME part of `type` (text/plain or text/html). */
function mimePart(raw: string, type: string): string {
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

/** A header, with RFC 2047 encoded words decoded. */
const headerOf = (raw: string, name: string) =>
  (new RegExp(`^${name}: (.*(?:\\r\\n[ \\t].*)*)`, 'im').exec(raw)?.[1] ?? '')
    .replace(/\r\n[ \t]/g, ' ')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_m, kind: string, text: string) =>
      kind.toLowerCase() === 'b' ? Buffer.from(text, 'base64').toString('utf8') : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8'),
    )
    .trim();

let t: TestApp;
let smtp: SMTPServer;
const received: Received[] = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  t = await createTestApp();
  t.app.env.SMTP_URL = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe('lead information mail through SMTP', () => {
  it('an English-speaking rep sends a German lead its mail: it arrives in German with the link to the information page', async () => {
    const org = await createOrganization(t.app.db, { suites: Package.SALES, name: 'Muster Messebau' });
    const rep = await createUser(t.app.db, { default_language: 'EN', first_name: 'Rita', last_name: 'Rep' });
    await addMember(t.app.db, org.id, rep.id, { role: 'admin', isOwner: true });
    const email = `lead-${crypto.randomUUID()}@test.example`;
    const lead = await createLead(t.app.db, { organization_id: org.id, email, name: 'Jörg Weiß', language: 'DE', contact_id: rep.id });

    const sent = await t.graphql<{ sendLeadInformationEmail: { error: unknown } }>(
      `mutation($id: ID!) { sendLeadInformationEmail(id: $id, lang: EN) { error { code message } } }`,
      { id: lead.id },
      { headers: { Authorization: `JWT ${await t.accessToken(rep.id)}` } },
    );
    expect(sent.body.data?.sendLeadInformationEmail.error).toBeNull();
    expect(received).toHaveLength(0); // in the outbox; the worker sends it

    expect(await deliverPending(t.app)).toBe(1);
    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail!.to).toEqual([email]);
    expect(headerOf(mail!.raw, 'Subject')).toBe('Ihre Informationen von Muster Messebau');
    const text = mimePart(mail!.raw, 'text/plain');
    expect(text).toContain('Hallo Jörg Weiß');
    const link = new URL(/https?:\/\/\S+\/information-collection\/\S+/.exec(text)![0]);
    expect(link.pathname).toBe(`/information-collection/${lead.slug}`);
    expect(mimePart(mail!.raw, 'text/html')).toContain(`/information-collection/${lead.slug}`);

    // the link opens the lead's page, for anyone who has it
    const page = await callRoute(t, informationCollection.loader as never, { url: `${link.pathname}?lang=DE`, userId: null, params: { leadslug: lead.slug } });
    expect(page.status).toBe(200);
    expect(JSON.stringify(page.data)).toContain('Muster Messebau');
  });
});
