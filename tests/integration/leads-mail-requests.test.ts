import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Lead, LeadMailRequest } from '#db/models/index';
import { Package } from '~/lib/features';
import type { LeadFormField } from '~/lib/leads/form-schema';
import { listMails } from '~/server/mail/outbox.server';
import { submitLeadForm } from '~/server/services/leads/forms';
import { MAIL_REQUEST_LIMITS } from '~/server/services/leads/mail-requests';
import * as overview from '~/routes/_console.leads._index/route';
import * as confirmPage from '~/routes/leadform_.confirm';
import { createTestApp, type TestApp } from '../helpers/app';
import { callRoute } from '../helpers/routes';
import { addMember, createLeadForm, createOrganization, createUser } from '../fixtures/factories';

/**
 * The public lead form cannot mail strangers (issue 24 item 2): someone not logged in who asks for the information
 * mail makes the address get a neutral confirmation mail (no submitted text or link in it), and the information mail
 * only after the address confirmed; at most 3 confirmation mails a day per address and 10 an hour per client; the
 * refused requests are listed in the organisation's leads console (and nobody else's).
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const field = (over: Partial<LeadFormField>): LeadFormField => ({
  id: crypto.randomUUID(),
  type: 'TEXT',
  name: 'x',
  label: 'X',
  langlabel: {},
  required: false,
  selects: [],
  langselects: {},
  headline: '',
  langheadline: {},
  searchable: false,
  standard: null,
  ...over,
});
const SCHEMA = [
  field({ name: 'name', label: 'Name', standard: 'name' }),
  field({ type: 'EMAIL', name: 'email', label: 'E-Mail', standard: 'email' }),
  field({ type: 'TEXTAREA', name: 'note', label: 'Notiz' }),
];

async function sendingForm() {
  const org = await createOrganization(t.app.db, { suites: Package.SALES, name: `Messe ${crypto.randomUUID().slice(0, 6)} GmbH` });
  const form = await createLeadForm(t.app.db, { organization_id: org.id, schema: SCHEMA, send_mail: true, name: 'Messeformular' });
  const admin = await createUser(t.app.db, { default_language: 'EN' });
  await addMember(t.app.db, org.id, admin.id, { role: 'admin', isOwner: true });
  return { org, form, admin };
}

const ATTACK = { name: 'Gewinn! Klicken Sie https://evil.example/win', note: 'Visit https://evil.example now' };

async function submit(formId: string, email: string, client: string | null, lang: 'DE' | 'EN' = 'DE') {
  const ctx = await t.serviceContext(null, lang);
  return submitLeadForm(ctx, formId, { ...ATTACK, email }, { lang, consent: { contact: true, material: true }, client });
}

const tokenIn = (text: string) => /\/leadform\/confirm\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? null;

describe('the public form asks the address first', () => {
  it('sends a neutral confirmation mail without the submitted text; the information mail follows the confirmation', async () => {
    const { org, form } = await sendingForm();
    const victim = `victim-${crypto.randomUUID()}@example.com`;
    const lead = await submit(form.id, victim, '203.0.113.1');
    expect(lead.information_mail_sent_at).toBeNull();
    const [mail, ...more] = await listMails(t.app.db, { to: victim });
    expect(more).toEqual([]);
    expect(mail.subject).toBe(`Bitte bestätigen Sie Ihre Anfrage an ${org.name}`);
    for (const part of [mail.text, mail.html]) {
      expect(part).not.toContain('evil.example');
      expect(part).not.toContain('Gewinn');
      expect(part).not.toContain('/information-collection/');
    }
    const token = tokenIn(mail.text);
    expect(token).not.toBeNull();

    // opening the link (as a mail scanner does) confirms nothing; the button does
    const page = await callRoute(t, confirmPage.loader, { url: `/leadform/confirm?token=${token}` });
    expect(page.data).toMatchObject({ state: { ok: true, confirmed: false, organisation: org.name } });
    expect(await listMails(t.app.db, { to: victim })).toHaveLength(1);
    const confirmed = await callRoute(t, confirmPage.action, { url: `/leadform/confirm?token=${token}`, form: {} });
    expect(confirmed.location).toBe(`/leadform/confirm?token=${token}`);
    const mails = await listMails(t.app.db, { to: victim });
    expect(mails).toHaveLength(2);
    expect(mails.find((m) => m.subject === `Ihre Informationen von ${org.name}`)!.text).toContain(`/information-collection/${lead.slug}`);
    expect((await Lead.query(t.app.db).findById(lead.id))!.information_mail_sent_at).not.toBeNull();
    // twice: nothing more
    await callRoute(t, confirmPage.action, { url: `/leadform/confirm?token=${token}`, form: {} });
    expect(await listMails(t.app.db, { to: victim })).toHaveLength(2);
    expect((await callRoute(t, confirmPage.loader, { url: `/leadform/confirm?token=${token}` })).data).toMatchObject({ state: { ok: true, confirmed: true } });
  });

  it('an unknown or broken link says so, in the language, not a 500', async () => {
    for (const token of ['nope', '', 'x'.repeat(500)]) {
      const page = await callRoute(t, confirmPage.loader, { url: `/leadform/confirm?token=${token}` });
      expect(page.status).toBe(200);
      expect(page.data).toMatchObject({ state: { ok: false, message: 'This confirmation link is not valid (any more). Please fill in the form again.' } });
      const posted = await callRoute(t, confirmPage.action, { url: `/leadform/confirm?token=${token}`, form: {} });
      expect(posted.status).toBe(302);
    }
  });

  it('a member capturing at the stand still mails at once (the rep typed the address with the lead in front of them)', async () => {
    const { form, admin } = await sendingForm();
    const email = `stand-${crypto.randomUUID()}@example.com`;
    const ctx = await t.serviceContext(admin.id, 'EN');
    const lead = await submitLeadForm(ctx, form.id, { name: 'Stefan', email }, { lang: 'EN', consent: { material: true }, client: '203.0.113.9' });
    expect(lead.information_mail_sent_at).not.toBeNull();
    const [mail] = await listMails(t.app.db, { to: email });
    expect(mail.subject).toMatch(/^Your information from /);
  });
});

describe('limits', () => {
  it(`an address gets at most ${MAIL_REQUEST_LIMITS.address} confirmation mails a day, whoever asks; the leads are saved`, async () => {
    const { form } = await sendingForm();
    const victim = `victim-${crypto.randomUUID()}@example.com`;
    for (let i = 0; i < 10; i++) await submit(form.id, victim, `198.51.100.${i}`);
    expect(await listMails(t.app.db, { to: victim })).toHaveLength(MAIL_REQUEST_LIMITS.address);
    expect(await Lead.query(t.app.db).where({ form_id: form.id }).resultSize()).toBe(10);
    const statuses = (await LeadMailRequest.query(t.app.db).where({ form_id: form.id })).map((r) => r.status);
    expect(statuses.filter((s) => s === 'THROTTLED_ADDRESS')).toHaveLength(10 - MAIL_REQUEST_LIMITS.address);
  });

  it(`a client asks for at most ${MAIL_REQUEST_LIMITS.client} confirmation mails an hour`, async () => {
    const { form } = await sendingForm();
    const client = `192.0.2.${Math.floor(Math.random() * 250)}-${crypto.randomUUID()}`;
    const addresses = Array.from({ length: MAIL_REQUEST_LIMITS.client + 2 }, () => `many-${crypto.randomUUID()}@example.com`);
    for (const address of addresses) await submit(form.id, address, client);
    const mailed = await Promise.all(addresses.map(async (address) => (await listMails(t.app.db, { to: address })).length));
    expect(mailed.filter((n) => n === 1)).toHaveLength(MAIL_REQUEST_LIMITS.client);
    expect(mailed.slice(-2)).toEqual([0, 0]);
    const statuses = (await LeadMailRequest.query(t.app.db).where({ form_id: form.id })).map((r) => r.status);
    expect(statuses.filter((s) => s === 'THROTTLED_CLIENT')).toHaveLength(2);
  });
});

describe('the organisation sees the refused requests', () => {
  it('lists them in its leads console, translated; another organisation sees none', async () => {
    const { form, admin } = await sendingForm();
    const victim = `victim-${crypto.randomUUID()}@example.com`;
    for (let i = 0; i < MAIL_REQUEST_LIMITS.address + 1; i++) await submit(form.id, victim, `198.51.100.${100 + i}`);
    const page = await callRoute(t, overview.loader, { url: '/leads', userId: admin.id });
    const refused = (page.data as { refusedMails: { email: string; status: string; formName: string; createdAt: string }[] }).refusedMails;
    expect(refused).toEqual([expect.objectContaining({ email: victim, status: 'THROTTLED_ADDRESS', formName: 'Messeformular', createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/) })]);

    const other = await sendingForm();
    const otherPage = await callRoute(t, overview.loader, { url: '/leads', userId: other.admin.id });
    expect((otherPage.data as { refusedMails: unknown[] }).refusedMails).toEqual([]);
  });
});
