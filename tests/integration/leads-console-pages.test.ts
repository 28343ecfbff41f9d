import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Package } from '~/lib/features';
import * as lead from '~/routes/_console.leads.$slug/route';
import * as overview from '~/routes/_console.leads._index/route';
import * as archive from '~/routes/_console.leads.archive/route';
import * as builder from '~/routes/_console.leads.edit-leadform/route';
import * as capture from '~/routes/_console.leads.leadform/route';
import * as publicForm from '~/routes/leadform/route';
import * as csv from '~/routes/resources.leads-csv';
import { listMails } from '~/server/mail/outbox.server';
import { Lead, LeadForm } from '../../db/models/index';
import { addMember, createLead, createLeadForm, createOrganization, createUser } from '../fixtures/factories';
import { createTestApp, type TestApp } from '../helpers/app';
import { asResponse, callRoute, loadContext, type RouteFn } from '../helpers/routes';
import { elf, pdf } from './files-fixtures';

/**
 * The leads console's page doors (issue 18): overview filter / sort / pages, bulk archive, restore and delete with
 * the confirmation step, the CSV resource route, the lead page (edit, mail and its errors), the capture form (QR
 * contact, validation, consent proof), the builder and the public /leadform; and who may not (another
 * organisation's lead, an organisation without the lead suite, anonymous).
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function member(suites: number = Package.SALES | Package.DATA) {
  const org = await createOrganization(t.app.db, { suites });
  const user = await createUser(t.app.db, { default_language: 'EN' });
  await addMember(t.app.db, org.id, user.id, { role: 'admin', isOwner: true });
  return { org, user };
}

type Overview = Awaited<ReturnType<typeof overview.loader>>;

/** A page action with a multipart body (the capture page's pictures). */
async function postMultipart(
  route: { action: RouteFn },
  url: string,
  userId: string,
  fields: Record<string, string>,
  files: Record<string, { name: string; bytes: Buffer; type?: string }> = {},
  params: Record<string, string> = {},
) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  for (const [k, f] of Object.entries(files)) body.append(k, new Blob([f.bytes], { type: f.type ?? 'image/png' }), f.name);
  const request = new Request(`http://localhost${url}`, { method: 'POST', headers: { cookie: await t.sessionCookie(userId), 'accept-language': 'en' }, body });
  const context = await loadContext(t, request);
  let response: Response;
  try {
    response = asResponse(await route.action({ request, context, params }));
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    response = thrown;
  }
  const text = await response.text();
  let data: Record<string, unknown> | null = null;
  try {
    data = text ? (JSON.parse(text) as Record<string, unknown>) : null;
  } catch {
    /* a redirect's empty or plain body */
  }
  return { status: response.status, location: response.headers.get('location'), data };
}

describe('/leads overview and archive', () => {
  it('lists only the organisation’s active leads, filters, sorts by score and pages on the server', async () => {
    const { org, user } = await member();
    const other = await member();
    await createLead(t.app.db, { organization_id: other.org.id, name: 'Fremder Lead' });
    for (let i = 0; i < 27; i += 1) await createLead(t.app.db, { organization_id: org.id, name: `Lead ${String(i).padStart(2, '0')}`, score: i });
    await createLead(t.app.db, { organization_id: org.id, name: 'Zora Tagged', company: 'Tagwerk', tags: ['Messe'], score: 99 });
    await createLead(t.app.db, { organization_id: org.id, name: 'Archived Anton', archived_at: new Date() });

    const first = (await callRoute(t, overview.loader, { url: '/leads', userId: user.id })).data as Overview;
    expect(first.total).toBe(28);
    expect(first.items).toHaveLength(25);
    expect(first.items.map((i) => i.name)).not.toContain('Fremder Lead');
    expect(first.items.map((i) => i.name)).not.toContain('Archived Anton');
    expect(first.choices.tags).toEqual(['Messe']);

    const second = (await callRoute(t, overview.loader, { url: '/leads?page=2', userId: user.id })).data as Overview;
    expect(second.items).toHaveLength(3);
    expect(second.filter.page).toBe(2);

    const byScore = (await callRoute(t, overview.loader, { url: '/leads?sort=score&dir=desc', userId: user.id })).data as Overview;
    expect(byScore.items[0]!.name).toBe('Zora Tagged');
    const tagged = (await callRoute(t, overview.loader, { url: '/leads?tag=Messe', userId: user.id })).data as Overview;
    expect(tagged.items.map((i) => i.name)).toEqual(['Zora Tagged']);
    const searched = (await callRoute(t, overview.loader, { url: '/leads?q=tagwerk', userId: user.id })).data as Overview;
    expect(searched.items.map((i) => i.name)).toEqual(['Zora Tagged']);
    // a bad parameter falls back to its default instead of failing
    const odd = (await callRoute(t, overview.loader, { url: '/leads?sort=evil&page=-3&from=yesterday', userId: user.id })).data as Overview;
    expect(odd.filter).toMatchObject({ sort: 'created', page: 1, from: '' });

    const archived = (await callRoute(t, archive.loader, { url: '/leads/archive', userId: user.id })).data as Overview;
    expect(archived.items.map((i) => i.name)).toEqual(['Archived Anton']);
  });

  it('archives, restores and deletes the checked leads (deleting asks first); another organisation’s lead is left alone', async () => {
    const { org, user } = await member();
    const other = await member();
    const a = await createLead(t.app.db, { organization_id: org.id });
    const b = await createLead(t.app.db, { organization_id: org.id });
    const foreign = await createLead(t.app.db, { organization_id: other.org.id });

    const none = await callRoute(t, overview.action, { url: '/leads?index', userId: user.id, form: { intent: 'archive' } });
    expect(none.toast).toMatchObject({ type: 'error', key: 'leadsconsole:bulk.noneSelected' });

    const archived = await callRoute(t, overview.action, { url: '/leads?index&q=x', userId: user.id, form: { intent: 'archive', ids: [a.id, b.id, foreign.id] } });
    expect(archived.location).toBe('/leads?q=x');
    expect(archived.toast).toMatchObject({ type: 'success', key: 'leadsconsole:bulk.archived', values: { count: 3 } });
    expect((await Lead.query(t.app.db).findById(a.id))!.archived_at).not.toBeNull();
    expect((await Lead.query(t.app.db).findById(foreign.id))!.archived_at).toBeNull();

    const restored = await callRoute(t, archive.action, { url: '/leads/archive', userId: user.id, form: { intent: 'restore', ids: [b.id] } });
    expect(restored.toast).toMatchObject({ type: 'success', key: 'leadsconsole:bulk.restored' });
    expect((await Lead.query(t.app.db).findById(b.id))!.archived_at).toBeNull();

    const ask = await callRoute(t, archive.action, { url: '/leads/archive', userId: user.id, form: { intent: 'delete', ids: [a.id, foreign.id] } });
    expect(ask.status).toBe(200);
    expect(ask.data).toEqual({ confirm: { intent: 'delete', id: `${a.id},${foreign.id}`, name: '2' } });
    expect(await Lead.query(t.app.db).findById(a.id)).toBeDefined();
    const deleted = await callRoute(t, archive.action, { url: '/leads/archive', userId: user.id, form: { intent: 'delete', id: `${a.id},${foreign.id}`, confirmed: 'yes' } });
    expect(deleted.toast).toMatchObject({ type: 'success', key: 'leadsconsole:bulk.deleted' });
    expect(await Lead.query(t.app.db).findById(a.id)).toBeUndefined();
    expect(await Lead.query(t.app.db).findById(foreign.id)).toBeDefined();

    const unknown = await callRoute(t, overview.action, { url: '/leads?index', userId: user.id, form: { intent: 'explode', ids: [b.id] } });
    expect(unknown.status).toBe(400);
  });

  it('is not for an organisation without the lead suite, nor for visitors', async () => {
    const { user } = await member(Package.EVENT);
    const refused = await callRoute(t, overview.loader, { url: '/leads', userId: user.id });
    expect(refused.location).toBe('/missing-feature/lead');
    const anonymous = await callRoute(t, overview.loader, { url: '/leads', userId: null });
    expect(anonymous.location).toBe('/login?next=%2Fleads');
    expect((await callRoute(t, csv.loader, { url: '/resources/leads-csv', userId: user.id })).location).toBe('/missing-feature/lead');
  });
});

describe('/resources/leads-csv', () => {
  it('streams the filtered list as CSV with a BOM', async () => {
    const { org, user } = await member();
    await createLead(t.app.db, { organization_id: org.id, name: 'Carla Csv', company: 'Komma AG' });
    await createLead(t.app.db, { organization_id: org.id, name: 'Other Person' });
    const request = new Request('http://localhost/resources/leads-csv?q=komma', { headers: { cookie: await t.sessionCookie(user.id), 'accept-language': 'en' } });
    const context = await loadContext(t, request);
    const response = (await csv.loader({ request, context, params: {} })) as Response;
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"$/);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer());
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(text).toContain('Carla Csv');
    expect(text).not.toContain('Other Person');
  });
});

describe('/leads/{slug}', () => {
  it('is 404 for another organisation’s lead; edits the lead; the mail needs an e-mail and goes out once', async () => {
    const { org, user } = await member();
    const other = await member();
    const foreign = await createLead(t.app.db, { organization_id: other.org.id });
    expect((await callRoute(t, lead.loader, { url: `/leads/${foreign.slug}`, userId: user.id, params: { slug: foreign.slug } })).status).toBe(404);

    const own = await createLead(t.app.db, { organization_id: org.id, email: '', name: 'Mia Mail' });
    const at = { url: `/leads/${own.slug}`, userId: user.id, params: { slug: own.slug } };
    const noMail = await callRoute(t, lead.action, { ...at, form: { intent: 'sendMail', lang: 'EN' } });
    expect(noMail.toast).toMatchObject({ type: 'error', values: { message: 'Please enter an E-Mail' } });

    const bad = await callRoute(t, lead.action, { ...at, form: { intent: 'update', name: 'Mia Mail', email: 'not-mail', language: 'EN' } });
    expect(bad.status).toBe(400);
    expect((await Lead.query(t.app.db).findById(own.id))!.email).toBe('');

    const saved = await callRoute(t, lead.action, { ...at, form: { intent: 'update', name: 'Mia Mail', email: 'mia@test.example', language: 'DE', tags: 'Hot, Messe' } });
    expect(saved.toast).toMatchObject({ type: 'success', key: 'leadsconsole:detail.saved' });
    const page = (await callRoute(t, lead.loader, at)).data as Awaited<ReturnType<typeof lead.loader>>;
    expect(page.lead.email).toBe('mia@test.example');
    expect(page.tags).toEqual(['Hot', 'Messe']);

    const sent = await callRoute(t, lead.action, { ...at, form: { intent: 'sendMail', lang: 'DE' } });
    expect(sent.toast).toMatchObject({ type: 'success', key: 'leadsconsole:detail.mailSent' });
    // an attachment: a PDF is kept, a program is refused and changes nothing
    const attached = await postMultipart(lead, at.url, user.id, { intent: 'attachment' }, { attachment: { name: 'offer.pdf', bytes: pdf, type: 'application/pdf' } }, at.params);
    expect(attached.status).toBe(302);
    const withFile = (await Lead.query(t.app.db).findById(own.id))!;
    expect(withFile.attachment_id).not.toBeNull();
    const refusedFile = await postMultipart(lead, at.url, user.id, { intent: 'attachment' }, { attachment: { name: 'x.pdf', bytes: elf, type: 'application/pdf' } }, at.params);
    expect(refusedFile.status).toBe(302);
    expect((await Lead.query(t.app.db).findById(own.id))!.attachment_id).toBe(withFile.attachment_id);

    // the mail went out in the lead's language (German), though the rep works in English
    const [mail, ...more] = await listMails(t.app.db, { to: 'mia@test.example' });
    expect(more).toEqual([]);
    expect(mail!.text).toContain('Hallo Mia Mail');
    expect(mail!.text).toContain(`/information-collection/${own.slug}`);

    // MAIL_ALREADY_SENT_ONCE answers in the rep's language (English), not the lead's; a stray lang field changes neither
    const again = await callRoute(t, lead.action, { ...at, form: { intent: 'sendMail', lang: 'DE' } });
    expect(again.toast).toMatchObject({ type: 'error', values: { message: 'The information mail has already been sent to this lead' } });
    expect(await listMails(t.app.db, { to: 'mia@test.example' })).toHaveLength(1);
  });
});

describe('/leads/leadform (capture)', () => {
  it('fills the form from a vCard QR code, says "QR code incompatible" for anything else, validates and keeps the consent proof', async () => {
    const { user } = await member();
    const vcard = 'BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Quinn Scan\r\nEMAIL:quinn@test.example\r\nORG:Scan AG\r\nEND:VCARD';
    const read = await postMultipart(capture, '/leads/leadform', user.id, { intent: 'qrText', text: vcard });
    expect(read.status).toBe(200);
    expect(read.data).toMatchObject({ prefill: { source: 'qr', values: { std_name: 'Quinn Scan', std_email: 'quinn@test.example', std_company: 'Scan AG' } } });

    const picture = await postMultipart(capture, '/leads/leadform', user.id, { intent: 'qrImage' }, { qr: { name: 'qr.png', bytes: await QRCode.toBuffer(vcard, { width: 300 }) } });
    expect(picture.data).toMatchObject({ prefill: { values: { std_name: 'Quinn Scan' } } });

    const incompatible = await postMultipart(capture, '/leads/leadform', user.id, { intent: 'qrText', text: 'https://example.com' });
    expect(incompatible.status).toBe(422);
    expect(incompatible.data).toEqual({ form: 'capture', error: 'QR code incompatible' });

    const before = await Lead.query(t.app.db).where('user_id', user.id).resultSize();
    const invalid = await postMultipart(capture, '/leads/leadform', user.id, { intent: 'save', std_name: 'Quinn', std_email: 'nope', std_web: 'www.scan.example' });
    expect(invalid.status).toBe(400);
    expect(((invalid.data!.result as { error: Record<string, string[]> }).error.std_email ?? []).length).toBeGreaterThan(0);
    expect(await Lead.query(t.app.db).where('user_id', user.id).resultSize()).toBe(before);

    const saved = await postMultipart(capture, '/leads/leadform', user.id, {
      intent: 'save',
      std_name: 'Quinn Scan',
      std_email: 'quinn@test.example',
      std_web: 'www.scan.example',
      language: 'EN',
      tags: 'QR',
      consent_tracking: 'on',
    });
    expect(saved.status).toBe(302);
    const row = await Lead.query(t.app.db).findOne({ user_id: user.id, email: 'quinn@test.example' });
    expect(row).toMatchObject({ name: 'Quinn Scan', web: 'www.scan.example', language: 'EN' });
    expect(row!.consent!.items.find((i) => i.kind === 'tracking')).toMatchObject({ agreed: true });
    expect(row!.consent!.items.find((i) => i.kind === 'contact')).toMatchObject({ agreed: false });
  });
});

describe('/leads/leadform with a send-mail form', () => {
  it('mails the lead at once, in its language, when it agreed to receive material; without that consent no mail', async () => {
    const { org, user } = await member();
    const form = await createLeadForm(t.app.db, { organization_id: org.id, schema: [], send_mail: true });
    const save = (email: string, consent: Record<string, string>) =>
      callRoute(t, capture.action, {
        url: '/leads/leadform',
        userId: user.id,
        form: { intent: 'save', formId: form.id, std_name: 'Nora Neu', std_email: email, language: 'DE', ...consent },
      });

    const saved = await save('nora@test.example', { consent_material: 'on' });
    expect(saved.status).toBe(302);
    // the toast says that the mail went out, and to whom
    expect(saved.toast).toEqual({ type: 'success', key: 'leadsconsole:capture.savedAndMailed', values: { email: 'nora@test.example' } });
    const row = (await Lead.query(t.app.db).findOne({ organization_id: org.id, email: 'nora@test.example' }))!;
    expect(row.form_id).toBe(form.id);
    expect(row.information_mail_sent_at).not.toBeNull();
    const [mail, ...more] = await listMails(t.app.db, { to: 'nora@test.example' });
    expect(more).toEqual([]);
    expect(mail!.text).toContain('Hallo Nora Neu');
    expect(mail!.text).toContain(`/information-collection/${row.slug}`);

    const unmailed = await save('no-material@test.example', { consent_contact: 'on' });
    expect(unmailed).toMatchObject({ status: 302, toast: { type: 'success', key: 'leadsconsole:capture.saved' } });
    expect((await Lead.query(t.app.db).findOne({ organization_id: org.id, email: 'no-material@test.example' }))!.information_mail_sent_at).toBeNull();
    expect(await listMails(t.app.db, { to: 'no-material@test.example' })).toEqual([]);
  });
});

describe('/leads/edit-leadform and the public /leadform', () => {
  it('creates a form, adds and saves fields (a field without label is refused at its place), and the public form takes a lead', async () => {
    const { org, user } = await member();
    const created = await callRoute(t, builder.action, { url: '/leads/edit-leadform', userId: user.id, form: { intent: 'create', name: 'Messe 2026' } });
    const form = await LeadForm.query(t.app.db).findOne({ organization_id: org.id, name: 'Messe 2026' });
    expect(created.location).toBe(`/leads/edit-leadform?form=${form!.id}`);

    const field = (i: number, f: Record<string, string>) => Object.fromEntries(Object.entries(f).map(([k, v]) => [`f.${i}.${k}`, v]));
    const id1 = crypto.randomUUID();
    const refused = await callRoute(t, builder.action, {
      url: '/leads/edit-leadform',
      userId: user.id,
      form: { intent: 'schema', id: form!.id, fieldCount: '1', ...field(0, { id: id1, type: 'TEXT', name: 'interest', label: '' }) },
    });
    expect(refused.status).toBe(400);
    expect(Object.keys((refused.data as { fieldErrors: Record<string, string[]> }).fieldErrors)).toContain('0.label');

    const added = await callRoute(t, builder.action, {
      url: '/leads/edit-leadform',
      userId: user.id,
      form: {
        intent: 'schema',
        id: form!.id,
        fieldCount: '1',
        op: 'add:EMAIL',
        ...field(0, { id: id1, type: 'TEXT', name: 'interest', label: 'Interest', labelDE: 'Interesse', required: 'on' }),
      },
    });
    expect(added.toast).toMatchObject({ type: 'success' });
    const saved = await LeadForm.query(t.app.db).findById(form!.id);
    expect(saved!.schema.map((f) => [f.type, f.name])).toEqual([
      ['TEXT', 'interest'],
      ['EMAIL', 'email_1'],
    ]);
    expect(saved!.version).toBe(2);

    // another organisation's form is not found
    const other = await member();
    const foreign = await createLeadForm(t.app.db, { organization_id: other.org.id });
    expect((await callRoute(t, builder.loader, { url: `/leads/edit-leadform?form=${foreign.id}`, userId: user.id })).status).toBe(404);
    // saving the fields of another organisation's form, or of none, is the 404 page and changes nothing (the CI fuzz seed found a 500)
    for (const id of [foreign.id, '']) {
      const refused = await callRoute(t, builder.action, { url: '/leads/edit-leadform', userId: user.id, form: { intent: 'schema', id, 'f.0.type': 'TEXT', 'f.0.label': 'X', 'f.0.name': 'x' } });
      expect(refused.status).toBe(404);
    }
    expect((await LeadForm.query(t.app.db).findById(foreign.id))!.schema).toEqual(foreign.schema);
    // an id with a NUL byte and non-ASCII letters goes back to the builder with the error, encoded (a random fuzz seed found a 500)
    for (const intent of ['pages', 'settings', 'header']) {
      const odd = await callRoute(t, builder.action, { url: '/leads/edit-leadform', userId: user.id, form: { intent, id: '6räjl86d\u0000l0z0', name: 'x' } });
      expect(odd).toMatchObject({ status: 302, location: '/leads/edit-leadform?form=6r%C3%A4jl86d%00l0z0', toast: { type: 'error' } });
    }

    // the public form: unknown is 404, a missing required value is refused, then the lead is taken without a capturing user
    expect((await callRoute(t, publicForm.loader, { url: `/leadform?form=${crypto.randomUUID()}`, userId: null })).status).toBe(404);
    const page = (await callRoute(t, publicForm.loader, { url: `/leadform?form=${form!.id}&lang=DE`, userId: null })).data as Awaited<ReturnType<typeof publicForm.loader>>;
    expect(page.branding.organizationName).toBe(org.name);
    expect(page.schema.map((f) => f.name)).toEqual(['interest', 'email_1']);
    const missing = await callRoute(t, publicForm.action, { url: `/leadform?form=${form!.id}&lang=DE`, userId: null, form: { email_1: 'x@test.example' } });
    expect(missing.status).toBe(400);
    const taken = await callRoute(t, publicForm.action, {
      url: `/leadform?form=${form!.id}&lang=DE`,
      userId: null,
      form: { interest: 'Roboter', email_1: 'pub@test.example', consent_contact: 'on' },
    });
    expect(taken.location).toBe(`/leadform?form=${form!.id}&lang=DE&thanks=1`);
    const row = await Lead.query(t.app.db).findOne({ organization_id: org.id, form_id: form!.id });
    expect(row).toMatchObject({ user_id: null, language: 'DE' });
    // the added e-mail field fills no lead column (no standard chosen), so both are free values
    expect(row!.values).toEqual([
      { name: 'interest', value: 'Roboter' },
      { name: 'email_1', value: 'pub@test.example' },
    ]);
  });
});
