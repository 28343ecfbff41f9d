import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Feature, Package } from '~/lib/features';
import * as pixel from '~/routes/email-open.$token';
import { deliverPending } from '~/server/mail/outbox.server';
import { uploadFile } from '~/server/services/files/files.server';
import { addMember, createFile, createLead, createOrganization, createUser } from '../fixtures/factories';
import { createTestApp, type TestApp } from '../helpers/app';
import { callRoute } from '../helpers/routes';
import { headerOf, mimePart, type ReceivedMail } from '../helpers/smtp';

/**
 * E-mail management through GraphQL (issue 29): Emails (lang), UpdateEmailTranslatables, UpdateEmailSettings, the
 * delivery log and its retry, and who may not. Real SMTP: a local server that refuses addresses starting with
 * "refused" with a permanent 550 while `refusing` is set.
 */

let t: TestApp;
let smtp: SMTPServer;
const received: ReceivedMail[] = [];
let refusing = true;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (refusing && address.address.startsWith('refused')) {
        callback(Object.assign(new Error('5.1.1 Mailbox unavailable'), { responseCode: 550 }));
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
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

const unique = () => crypto.randomUUID().slice(0, 8);

async function orgWithAdmin(suites: number = Package.BASIC, name = `Mail Org ${unique()}`) {
  const org = await createOrganization(t.app.db, { suites, name });
  const admin = await createUser(t.app.db, { default_language: 'EN', first_name: 'Ada', last_name: 'Admin' });
  await addMember(t.app.db, org.id, admin.id, { role: 'admin', isOwner: true });
  return { org, admin };
}

async function gql<T = Record<string, unknown>>(userId: string | null, query: string, variables: Record<string, unknown> = {}) {
  const headers: Record<string, string> = userId ? { Authorization: `JWT ${await t.accessToken(userId)}` } : {};
  return t.graphql<T>(query, variables, { headers });
}

const EMAILS = `query($lang: LanguageCodeEnum) { emails(lang: $lang) { key subject html translatables { msgId lang msg default kind required } } }`;
const UPDATE_TEXTS = `mutation($translations: [EmailTranslationInput!]!) { updateEmailTranslatables(translations: $translations) { ok error { code field message } } }`;
const UPDATE_SETTINGS = `mutation($s: EmailSettingsInput!) { updateEmailSettings(emailSettings: $s) { emailSettings { color senderName replyTo headerImage { id } } error { code field message } } }`;
const DELIVERIES = `query($page: Int) { emailDeliveries(page: $page) { total pages items { id recipient template lang state answer } } }`;
const RETRY = `mutation($id: ID!) { emailDeliveryRetry(id: $id) { delivery { id state } error { code field message } } }`;

type EmailsData = { emails: { key: string; subject: string; html: string; translatables: { msgId: string; lang: string; msg: string | null; default: string }[] }[] };
type Deliveries = { emailDeliveries: { total: number; items: { id: string; recipient: string; template: string; lang: string; state: string; answer: string | null }[] } };

describe('who may manage mails', () => {
  it('an admin with the email feature reads the mails; anonymous, no organisation, a sales user and an organisation without the feature may not', async () => {
    const { org, admin } = await orgWithAdmin();
    const ok = await gql<EmailsData>(admin.id, EMAILS, { lang: 'EN' });
    expect(ok.body.errors).toBeUndefined();
    expect(ok.body.data!.emails.map((e) => e.key)).toEqual(['leadInformation', 'appointmentBooked', 'appointmentContactBooked', 'appointmentCancelled', 'invite', 'chatOffline', 'orderRequest', 'orderRequestCopy', 'orderAnswer']);
    const lead = ok.body.data!.emails[0];
    expect(lead.subject).toBe(`Your information from ${org.name}`);
    expect(lead.translatables.find((x) => x.msgId === 'subject')).toMatchObject({ lang: 'EN', msg: null, default: 'Your information from {{organisation}}' });

    const anonymous = await gql(null, EMAILS);
    expect(anonymous.body.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');

    const loner = await createUser(t.app.db);
    expect((await gql(loner.id, EMAILS)).body.errors?.[0].extensions?.code).toBe('ORG_DOES_NOT_EXIST');
    expect((await gql<{ updateEmailSettings: { error: { code: string } } }>(loner.id, UPDATE_SETTINGS, { s: { color: '#283853' } })).body.data!.updateEmailSettings.error.code).toBe('ORG_DOES_NOT_EXIST');

    const sales = await createUser(t.app.db);
    await addMember(t.app.db, org.id, sales.id, { role: 'sales', sales: true });
    expect((await gql(sales.id, EMAILS)).body.errors?.[0].extensions?.code).toBe('PERMISSION_DENIED');
    const salesUpdate = await gql<{ updateEmailTranslatables: { ok: boolean; error: { code: string } } }>(sales.id, UPDATE_TEXTS, {
      translations: [{ template: 'leadInformation', msgId: 'subject', lang: 'DE', msg: 'Hallo' }],
    });
    expect(salesUpdate.body.data!.updateEmailTranslatables).toMatchObject({ ok: false, error: { code: 'PERMISSION_DENIED' } });

    const { admin: noFeature } = await orgWithAdmin(Feature.content);
    expect((await gql(noFeature.id, EMAILS)).body.errors?.[0].extensions?.code).toBe('PERMISSION_DENIED');

    const settings = await gql<{ emailSettings: { color: string | null } }>(admin.id, `query { emailSettings { color senderName } }`);
    expect(settings.body.data!.emailSettings.color).toBeNull();
  });
});

describe('texts', () => {
  it('an override with an unknown placeholder or without a required one is INVALID naming it, and nothing is written', async () => {
    const { admin } = await orgWithAdmin();
    const unknown = await gql<{ updateEmailTranslatables: { ok: boolean; error: { code: string; field: string; message: string } } }>(admin.id, UPDATE_TEXTS, {
      translations: [
        { template: 'leadInformation', msgId: 'intro', lang: 'DE', msg: 'Gut, dass Sie da waren.' },
        { template: 'leadInformation', msgId: 'subject', lang: 'DE', msg: 'Hallo {{leadName}}' },
      ],
    });
    expect(unknown.body.data!.updateEmailTranslatables).toMatchObject({ ok: false, error: { code: 'INVALID', field: 'translations.1.msg' } });
    expect(unknown.body.data!.updateEmailTranslatables.error.message).toContain('{{leadName}}');

    const missing = await gql<{ updateEmailTranslatables: { ok: boolean; error: { code: string; message: string } } }>(admin.id, UPDATE_TEXTS, {
      translations: [{ template: 'appointmentBooked', msgId: 'subject', lang: 'EN', msg: 'See you soon' }],
    });
    expect(missing.body.data!.updateEmailTranslatables.error).toMatchObject({ code: 'INVALID' });
    expect(missing.body.data!.updateEmailTranslatables.error.message).toContain('{{date}}');

    const unknownMessage = await gql<{ updateEmailTranslatables: { error: { code: string; field: string } } }>(admin.id, UPDATE_TEXTS, {
      translations: [{ template: 'leadInformation', msgId: 'footer', lang: 'EN', msg: 'x' }],
    });
    expect(unknownMessage.body.data!.updateEmailTranslatables.error).toMatchObject({ code: 'NOT_FOUND', field: 'translations.0.msgId' });

    const unknownTemplate = await gql<{ updateEmailTranslatables: { error: { code: string } } }>(admin.id, UPDATE_TEXTS, {
      translations: [{ template: 'newsletter', msgId: 'subject', lang: 'EN', msg: 'x' }],
    });
    expect(unknownTemplate.body.data!.updateEmailTranslatables.error.code).toBe('INVALID');

    const after = await gql<EmailsData>(admin.id, EMAILS, { lang: 'DE' });
    expect(after.body.data!.emails[0].translatables.every((x) => x.msg === null)).toBe(true);
  });

  it('keeps bold, links and paragraphs only, fills placeholders escaped, shows the override beside the default and resets to it', async () => {
    const { org, admin } = await orgWithAdmin(Package.BASIC, 'Müller & Söhne');
    const saved = await gql<{ updateEmailTranslatables: { ok: boolean } }>(admin.id, UPDATE_TEXTS, {
      translations: [
        {
          template: 'leadInformation',
          msgId: 'intro',
          lang: 'EN',
          msg: '<p>Thanks for visiting <strong>{{organisation}}</strong>!</p><script>alert(1)</script><p><a href="javascript:alert(1)">x</a> <a href="https://example.com/more">More</a></p><img src="x" onerror="y">',
        },
      ],
    });
    expect(saved.body.data!.updateEmailTranslatables.ok).toBe(true);
    const both = await gql<EmailsData>(admin.id, EMAILS);
    const intro = both.body.data!.emails[0].translatables.filter((x) => x.msgId === 'intro');
    expect(intro.map((x) => x.lang)).toEqual(['DE', 'EN']);
    const en = intro.find((x) => x.lang === 'EN')!;
    expect(en.msg).toBe('<p>Thanks for visiting <strong>{{organisation}}</strong>!</p><p><a>x</a> <a href="https://example.com/more">More</a></p>');
    expect(en.default).toContain('{{contact}} of {{organisation}}');
    expect(intro.find((x) => x.lang === 'DE')!.msg).toBeNull();

    const html = (await gql<EmailsData>(admin.id, EMAILS, { lang: 'EN' })).body.data!.emails[0].html;
    expect(html).toContain('Thanks for visiting <strong>Müller &amp; Söhne</strong>!');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('onerror');
    expect(org.name).toBe('Müller & Söhne');

    const reset = await gql<{ updateEmailTranslatables: { ok: boolean } }>(admin.id, UPDATE_TEXTS, { translations: [{ template: 'leadInformation', msgId: 'intro', lang: 'EN', msg: '' }] });
    expect(reset.body.data!.updateEmailTranslatables.ok).toBe(true);
    const afterReset = await gql<EmailsData>(admin.id, EMAILS, { lang: 'EN' });
    expect(afterReset.body.data!.emails[0].translatables.find((x) => x.msgId === 'intro')!.msg).toBeNull();
  });

  it("another organisation's admin sees its own defaults, not the first one's texts", async () => {
    const first = await orgWithAdmin();
    await gql(first.admin.id, UPDATE_TEXTS, { translations: [{ template: 'leadInformation', msgId: 'subject', lang: 'EN', msg: 'Only for the first' }] });
    const other = await orgWithAdmin();
    const theirs = await gql<EmailsData>(other.admin.id, EMAILS, { lang: 'EN' });
    expect(theirs.body.data!.emails[0].subject).not.toContain('Only for the first');
    expect(theirs.body.data!.emails[0].translatables.find((x) => x.msgId === 'subject')!.msg).toBeNull();
  });
});

describe('settings', () => {
  it('refuses a colour too light on white, a bad reply-to and a header image of another organisation; saves valid ones', async () => {
    const { org, admin } = await orgWithAdmin();
    type S = { updateEmailSettings: { emailSettings: { color: string; senderName: string; replyTo: string; headerImage: { id: string } | null } | null; error: { code: string; field: string; message: string } | null } };
    const light = await gql<S>(admin.id, UPDATE_SETTINGS, { s: { color: '#ffee00' } });
    expect(light.body.data!.updateEmailSettings.error).toMatchObject({ code: 'INVALID', field: 'color' });
    expect(light.body.data!.updateEmailSettings.error!.message).toMatch(/contrast 1\.\d:1/);

    const badReply = await gql<S>(admin.id, UPDATE_SETTINGS, { s: { replyTo: 'not an address' } });
    expect(badReply.body.data!.updateEmailSettings.error).toMatchObject({ code: 'INVALID', field: 'replyTo' });

    const { org: otherOrg } = await orgWithAdmin();
    const foreign = await createFile(t.app.db, { organization_id: otherOrg.id, mime_type: 'image/png', width: 1200, height: 300 });
    const stolen = await gql<S>(admin.id, UPDATE_SETTINGS, { s: { headerImageId: foreign.id } });
    expect(stolen.body.data!.updateEmailSettings.error).toMatchObject({ code: 'NOT_FOUND', field: 'headerImageId' });

    const tall = await createFile(t.app.db, { organization_id: org.id, uploaded_by_id: admin.id, mime_type: 'image/png', width: 600, height: 900 });
    const tooTall = await gql<S>(admin.id, UPDATE_SETTINGS, { s: { headerImageId: tall.id } });
    expect(tooTall.body.data!.updateEmailSettings.error).toMatchObject({ code: 'INVALID', field: 'headerImageId' });
    expect(tooTall.body.data!.updateEmailSettings.error!.message).toContain('600×900');
    const header = await createFile(t.app.db, { organization_id: org.id, uploaded_by_id: admin.id, mime_type: 'image/png', width: 1200, height: 300 });
    const ok = await gql<S>(admin.id, UPDATE_SETTINGS, { s: { color: '#1A7F37', senderName: 'Mail Org Team', replyTo: 'hello@mail-org.example', headerImageId: header.id } });
    expect(ok.body.data!.updateEmailSettings).toMatchObject({
      error: null,
      emailSettings: { color: '#1a7f37', senderName: 'Mail Org Team', replyTo: 'hello@mail-org.example', headerImage: { id: header.id } },
    });
    // a field left out keeps its value, null clears it
    const partly = await gql<S>(admin.id, UPDATE_SETTINGS, { s: { senderName: null } });
    expect(partly.body.data!.updateEmailSettings.emailSettings).toMatchObject({ color: '#1a7f37', senderName: null, replyTo: 'hello@mail-org.example' });
    // mail readers load the header image without a session
    expect((await t.app.db('files').where({ id: header.id }).first()).is_public).toBe(true);
  });
});

describe('mails through SMTP', () => {
  it('puts the header image into the mail sized for mail: asks for 1120 px (twice its 560) and gets the next stored width, 1280 px, as JPEG for a reader without WebP', async () => {
    received.length = 0;
    const { org, admin } = await orgWithAdmin(Package.SALES, `Kopfbild ${unique()}`);
    const wide = await sharp({ create: { width: 3200, height: 800, channels: 3, background: { r: 11, g: 83, b: 148 } } }).jpeg({ quality: 95 }).toBuffer();
    const header = await uploadFile(await t.serviceContext(admin.id), { stream: Readable.from(wide), filename: 'kopfbild.jpg' });
    const saved = await gql<{ updateEmailSettings: { error: unknown } }>(admin.id, UPDATE_SETTINGS, { s: { headerImageId: header.id } });
    expect(saved.body.data!.updateEmailSettings.error).toBeNull();
    const lead = await createLead(t.app.db, { organization_id: org.id, email: `kopf-${unique()}@test.example`, name: 'Jörg', language: 'DE', contact_id: admin.id });
    await gql(admin.id, `mutation($id: ID!) { sendLeadInformationEmail(id: $id) { error { code } } }`, { id: lead.id });
    expect(await deliverPending(t.app)).toBe(1);
    const html = mimePart(received.find((m) => m.to[0] === lead.email)!.raw, 'text/html');
    const src = new RegExp(`src="([^"]*/files/${header.id}\\?w=1120)"`).exec(html)?.[1];
    expect(src).toBeDefined();
    // a mail reader fetches it without a session and without WebP in its Accept header
    const res = await fetch(`${t.url}${new URL(src!).pathname}${new URL(src!).search}`, { headers: { accept: '*/*' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([1280, 320]);
  });

  it('a German lead gets the organisation\'s German subject and colour, an English lead the default; a second send is MAIL_ALREADY_SENT_ONCE', async () => {
    received.length = 0;
    const { org, admin } = await orgWithAdmin(Package.SALES, `Farbe ${unique()}`);
    await gql(admin.id, UPDATE_SETTINGS, { s: { color: '#0b5394', senderName: 'Farbe Vertrieb', replyTo: 'vertrieb@farbe.example' } });
    const texts = await gql<{ updateEmailTranslatables: { ok: boolean } }>(admin.id, UPDATE_TEXTS, {
      translations: [{ template: 'leadInformation', msgId: 'subject', lang: 'DE', msg: 'Schön, dass Sie bei {{organisation}} waren' }],
    });
    expect(texts.body.data!.updateEmailTranslatables.ok).toBe(true);
    const deLead = await createLead(t.app.db, { organization_id: org.id, email: `de-${unique()}@test.example`, name: 'Jörg', language: 'DE', contact_id: admin.id });
    const enLead = await createLead(t.app.db, { organization_id: org.id, email: `en-${unique()}@test.example`, name: 'Jane', language: 'EN', contact_id: admin.id });
    const SEND = `mutation($id: ID!) { sendLeadInformationEmail(id: $id) { error { code } } }`;
    for (const lead of [deLead, enLead]) expect((await gql<{ sendLeadInformationEmail: { error: unknown } }>(admin.id, SEND, { id: lead.id })).body.data!.sendLeadInformationEmail.error).toBeNull();
    expect((await gql<{ sendLeadInformationEmail: { error: { code: string } } }>(admin.id, SEND, { id: deLead.id })).body.data!.sendLeadInformationEmail.error.code).toBe('MAIL_ALREADY_SENT_ONCE');

    expect(await deliverPending(t.app)).toBe(2);
    const toDe = received.find((m) => m.to[0] === deLead.email)!;
    const toEn = received.find((m) => m.to[0] === enLead.email)!;
    expect(headerOf(toDe.raw, 'Subject')).toBe(`Schön, dass Sie bei ${org.name} waren`);
    expect(headerOf(toEn.raw, 'Subject')).toBe(`Your information from ${org.name}`);
    expect(mimePart(toDe.raw, 'text/html')).toContain('#0b5394');
    expect(headerOf(toDe.raw, 'From')).toContain('Farbe Vertrieb');
    expect(headerOf(toDe.raw, 'Reply-To')).toBe('vertrieb@farbe.example');
    expect(mimePart(toDe.raw, 'text/plain')).toContain('Hallo Jörg');

    const log = await gql<Deliveries>(admin.id, DELIVERIES);
    expect(log.body.data!.emailDeliveries.total).toBe(2);
    expect(log.body.data!.emailDeliveries.items.map((i) => [i.recipient, i.template, i.lang, i.state]).sort()).toEqual(
      [
        [deLead.email, 'leadInformation', 'DE', 'SENT'],
        [enLead.email, 'leadInformation', 'EN', 'SENT'],
      ].sort(),
    );
  });

  it('a refused address shows as failed with the server\'s answer, later mails to it are held, and retry sends both once the server accepts', async () => {
    received.length = 0;
    refusing = true;
    const { org, admin } = await orgWithAdmin(Package.SALES);
    const address = `refused-${unique()}@test.example`;
    const first = await createLead(t.app.db, { organization_id: org.id, email: address, name: 'R', language: 'EN', contact_id: admin.id });
    const SEND = `mutation($id: ID!) { sendLeadInformationEmail(id: $id) { error { code } } }`;
    await gql(admin.id, SEND, { id: first.id });
    await deliverPending(t.app);
    let log = (await gql<Deliveries>(admin.id, DELIVERIES)).body.data!.emailDeliveries.items;
    expect(log[0]).toMatchObject({ recipient: address, state: 'FAILED' });
    expect(log[0].answer).toContain('Mailbox unavailable');

    const second = await createLead(t.app.db, { organization_id: org.id, email: address.toUpperCase(), name: 'R2', language: 'EN', contact_id: admin.id });
    await gql(admin.id, SEND, { id: second.id });
    expect(await deliverPending(t.app)).toBe(0);
    log = (await gql<Deliveries>(admin.id, DELIVERIES)).body.data!.emailDeliveries.items;
    expect(log.map((i) => i.state)).toEqual(['HELD', 'FAILED']);

    // who may not retry: another organisation (NOT_FOUND), a sales user; a sent mail is not retried (INVALID)
    const stranger = await orgWithAdmin();
    type R = { emailDeliveryRetry: { delivery: { state: string } | null; error: { code: string } | null } };
    expect((await gql<R>(stranger.admin.id, RETRY, { id: log[1].id })).body.data!.emailDeliveryRetry.error!.code).toBe('NOT_FOUND');
    const sales = await createUser(t.app.db);
    await addMember(t.app.db, org.id, sales.id, { role: 'sales', sales: true });
    expect((await gql<R>(sales.id, RETRY, { id: log[1].id })).body.data!.emailDeliveryRetry.error!.code).toBe('PERMISSION_DENIED');

    refusing = false;
    for (const row of log) {
      const retried = await gql<R>(admin.id, RETRY, { id: row.id });
      expect(retried.body.data!.emailDeliveryRetry).toMatchObject({ error: null, delivery: { state: 'QUEUED' } });
    }
    expect(await deliverPending(t.app)).toBe(2);
    expect(received.filter((m) => m.to[0].toLowerCase() === address)).toHaveLength(2);
    log = (await gql<Deliveries>(admin.id, DELIVERIES)).body.data!.emailDeliveries.items;
    expect(log.map((i) => i.state)).toEqual(['SENT', 'SENT']);
    expect((await gql<R>(admin.id, RETRY, { id: log[0].id })).body.data!.emailDeliveryRetry.error!.code).toBe('INVALID');
  });

  it('sends the viewer a test mail of a template in the asked language, logged like any other', async () => {
    received.length = 0;
    const { admin } = await orgWithAdmin();
    const TEST = `mutation($template: String!, $lang: LanguageCodeEnum!) { emailTestSend(template: $template, lang: $lang) { email error { code } } }`;
    const sent = await gql<{ emailTestSend: { email: string; error: unknown } }>(admin.id, TEST, { template: 'appointmentBooked', lang: 'DE' });
    expect(sent.body.data!.emailTestSend).toMatchObject({ email: admin.email, error: null });
    await deliverPending(t.app);
    expect(received).toHaveLength(1);
    expect(headerOf(received[0].raw, 'Subject')).toMatch(/^Ihr Termin mit .* am 26\.10\.2026$/);
    const log = (await gql<Deliveries>(admin.id, DELIVERIES)).body.data!.emailDeliveries.items;
    expect(log).toMatchObject([{ recipient: admin.email, template: 'appointmentBooked', lang: 'DE', state: 'SENT' }]);
  });

  it('a lead who agreed to tracking gets the open pixel and opening marks the mail OPENED; a lead who did not gets none', async () => {
    received.length = 0;
    const { org, admin } = await orgWithAdmin(Package.SALES | Feature.leadTracking);
    const consent = (agreed: boolean) => ({ items: [{ kind: 'tracking' as const, text: 'Tracking', agreed }], formId: null, formVersion: null, givenAt: new Date().toISOString(), language: 'EN' as const });
    const yes = await createLead(t.app.db, { organization_id: org.id, email: `yes-${unique()}@test.example`, name: 'Y', language: 'EN', contact_id: admin.id, consent: consent(true) });
    const no = await createLead(t.app.db, { organization_id: org.id, email: `no-${unique()}@test.example`, name: 'N', language: 'EN', contact_id: admin.id, consent: consent(false) });
    const SEND = `mutation($id: ID!) { sendLeadInformationEmail(id: $id) { error { code } } }`;
    for (const lead of [yes, no]) await gql(admin.id, SEND, { id: lead.id });
    await deliverPending(t.app);
    const html = (to: string) => mimePart(received.find((m) => m.to[0] === to)!.raw, 'text/html');
    expect(html(no.email)).not.toContain('/email-open/');
    const src = /\/email-open\/([A-Za-z0-9_-]+)/.exec(html(yes.email));
    expect(src).not.toBeNull();

    const opened = await callRoute(t, pixel.loader, { url: `/email-open/${src![1]}`, userId: null, params: { token: src![1] } });
    expect(opened.status).toBe(200);
    // an unknown token answers the same and changes nothing
    expect((await callRoute(t, pixel.loader, { url: '/email-open/unknown-token-123456', userId: null, params: { token: 'unknown-token-123456' } })).status).toBe(200);
    const log = (await gql<Deliveries>(admin.id, DELIVERIES)).body.data!.emailDeliveries.items;
    expect(Object.fromEntries(log.map((i) => [i.recipient, i.state]))).toEqual({ [yes.email]: 'OPENED', [no.email]: 'SENT' });
  });
});

describe('invites and chat messages left offline (organisation templates)', () => {
  it('the invite is the organisation\'s template in its delivery log: its German override reaches a German invitee, it is SENT (CREATED) until its link is followed, then OPENED', async () => {
    received.length = 0;
    refusing = false;
    const { org, admin } = await orgWithAdmin(Package.BASIC, `Einladung ${unique()}`);
    await gql(admin.id, UPDATE_SETTINGS, { s: { color: '#0b5394' } });
    const texts = await gql<{ updateEmailTranslatables: { ok: boolean } }>(admin.id, UPDATE_TEXTS, {
      translations: [{ template: 'invite', msgId: 'subject', lang: 'DE', msg: 'Kommen Sie zu {{organisation}}' }],
    });
    expect(texts.body.data!.updateEmailTranslatables.ok).toBe(true);
    const de = await createUser(t.app.db, { default_language: 'DE', first_name: 'Jörg', last_name: 'Eingeladen' });
    const en = await createUser(t.app.db, { default_language: 'EN', first_name: 'Jane', last_name: 'Invited' });
    const ctx = await t.serviceContext(admin.id, 'EN');
    const { inviteUser, openInvite } = await import('~/server/services/organizations/invites');
    await inviteUser(ctx, { email: de.email, role: 'sales' });
    await inviteUser(ctx, { email: en.email, role: 'sales' });
    expect(await deliverPending(t.app)).toBe(2);
    const toDe = received.find((m) => m.to[0] === de.email)!;
    const toEn = received.find((m) => m.to[0] === en.email)!;
    expect(headerOf(toDe.raw, 'Subject')).toBe(`Kommen Sie zu ${org.name}`);
    expect(headerOf(toEn.raw, 'Subject')).toBe('You are invited to join an organisation');
    expect(mimePart(toDe.raw, 'text/html')).toContain('#0b5394');
    expect(mimePart(toDe.raw, 'text/html')).not.toContain('/email-open/');
    const text = mimePart(toEn.raw, 'text/plain');
    expect(text).toContain('Hello Jane Invited');
    expect(text).toContain(`Ada Admin invites you to join ${org.name}`);
    expect(text).toContain('valid for 14 days');

    const states = async () =>
      Object.fromEntries((await gql<Deliveries>(admin.id, DELIVERIES)).body.data!.emailDeliveries.items.map((i) => [i.recipient, [i.template, i.lang, i.state]]));
    expect(await states()).toEqual({ [de.email]: ['invite', 'DE', 'SENT'], [en.email]: ['invite', 'EN', 'SENT'] });
    const link = new URL(/https?:\/\/\S+\/invites\?\S+/.exec(text)![0]);
    await openInvite(await t.serviceContext(null, 'EN'), link.searchParams.get('email')!, link.searchParams.get('token')!);
    expect(await states()).toEqual({ [de.email]: ['invite', 'DE', 'SENT'], [en.email]: ['invite', 'EN', 'OPENED'] });
  });

  it('a chat message left offline reaches each operator in the operator\'s language with the organisation\'s look, logged; the visitor\'s text stays text', async () => {
    received.length = 0;
    refusing = false;
    const { createChatOperator, createChatSettings } = await import('../fixtures/chats');
    const { leaveOfflineMessage } = await import('~/server/services/chats/offline');
    const { org, admin } = await orgWithAdmin(Package.EVENT | Package.BASIC, `Chat ${unique()}`);
    await t.app.db('organizations').where({ id: org.id }).update({ chat_enabled: true });
    await createChatSettings(t.app.db, { organization_id: org.id, allow_guests: true });
    await createChatOperator(t.app.db, { organization_id: org.id, user_id: admin.id });
    const german = await createUser(t.app.db, { default_language: 'DE', first_name: 'Otto', last_name: 'Operator' });
    await addMember(t.app.db, org.id, german.id);
    await createChatOperator(t.app.db, { organization_id: org.id, user_id: german.id });
    await gql(admin.id, UPDATE_SETTINGS, { s: { color: '#0b5394' } });

    await leaveOfflineMessage(await t.serviceContext(null, 'EN'), { organizationId: org.id, name: 'Gast', email: 'gast@x.example', body: 'Bitte <b>rufen</b> Sie zurück' });
    expect(await deliverPending(t.app)).toBe(2);
    const toAdmin = received.find((m) => m.to[0] === admin.email)!;
    const toGerman = received.find((m) => m.to[0] === german.email)!;
    expect(headerOf(toAdmin.raw, 'Subject')).toBe(`Chat message from Gast for ${org.name}`);
    expect(headerOf(toGerman.raw, 'Subject')).toBe(`Chat-Nachricht von Gast für ${org.name}`);
    expect(mimePart(toGerman.raw, 'text/plain')).toContain('Bitte <b>rufen</b> Sie zurück');
    const html = mimePart(toGerman.raw, 'text/html');
    expect(html).toContain('#0b5394');
    expect(html).toContain('&lt;b&gt;rufen');
    expect(html).not.toContain('/email-open/');
    const log = await gql<Deliveries>(admin.id, DELIVERIES);
    expect(log.body.data!.emailDeliveries.items.map((i) => [i.recipient, i.template, i.lang, i.state]).sort()).toEqual(
      [
        [admin.email, 'chatOffline', 'EN', 'SENT'],
        [german.email, 'chatOffline', 'DE', 'SENT'],
      ].sort(),
    );
  });
});
