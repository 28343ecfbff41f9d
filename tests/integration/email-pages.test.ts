import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_TEMPLATE_KEYS } from '~/lib/email/templates';
import { Feature, Package } from '~/lib/features';
import * as page from '~/routes/_console.email-management/route';
import * as preview from '~/routes/_console.email-management_.preview';
import { deliverPending, listMails } from '~/server/mail/outbox.server';
import { addMember, createOrganization, createUser } from '../fixtures/factories';
import { createTestApp, type TestApp } from '../helpers/app';
import { callRoute } from '../helpers/routes';

/**
 * /email-management through the page door (issue 29): the same rules as the GraphQL door (email-management's
 * email.test.ts), as forms without JavaScript: texts side by side, INVALID at the field that names the placeholder,
 * reset, the live preview, the test mail, the settings' contrast rule, the log with retry, and who may not.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function admin(suites: number = Package.BASIC) {
  const org = await createOrganization(t.app.db, { suites, name: `Seiten ${crypto.randomUUID().slice(0, 6)}` });
  const user = await createUser(t.app.db, { default_language: 'DE' });
  await addMember(t.app.db, org.id, user.id, { role: 'admin', isOwner: true });
  return { org, user };
}

const open = (userId: string | null, query = '') => callRoute(t, page.loader, { url: `/email-management${query}`, userId });
const post = (userId: string | null, form: Record<string, string>, query = '?mail=leadInformation&preview=DE&width=desktop') =>
  callRoute(t, page.action, { url: `/email-management${query}`, userId, form });

type PageData = {
  query: { mail: string; lang: string; width: string };
  mails: { key: string; changed: number }[];
  mail: { translatables: { msgId: string; lang: string; msg: string | null; default: string }[] };
  preview: { subject: string; html: string };
  log: { total: number; items: { id: string; state: string; recipient: string }[] };
};

describe('/email-management', () => {
  it('shows the mails, one mail with DE and EN beside the defaults and its preview in the asked language', async () => {
    const { org, user } = await admin();
    const res = await open(user.id, '?mail=appointmentCancelled&preview=EN&width=phone');
    expect(res.status).toBe(200);
    const data = res.data as PageData;
    expect(data.query).toEqual({ mail: 'appointmentCancelled', lang: 'EN', width: 'phone', page: 1 });
    expect(data.mails).toHaveLength(EMAIL_TEMPLATE_KEYS.length);
    expect(data.mails.map((m: { key: string }) => m.key)).toEqual(expect.arrayContaining(['orderRequest', 'orderRequestCopy', 'orderAnswer']));
    expect(data.mail.translatables.filter((x) => x.msgId === 'subject').map((x) => [x.lang, x.default])).toEqual([
      ['DE', 'Abgesagt: Termin am {{date}}'],
      ['EN', 'Cancelled: appointment on {{date}}'],
    ]);
    expect(data.preview.subject).toBe('Cancelled: appointment on 26/10/2026');
    expect(data.preview.html).toContain(org.name);
    // an unknown mail key falls back to the first mail
    expect(((await open(user.id, '?mail=__proto__')).data as PageData).query.mail).toBe('leadInformation');
  });

  it('who may not: anonymous to the login, a sales user and an organisation without the feature to /missing-feature', async () => {
    expect(await open(null)).toMatchObject({ status: 302, location: `/login?next=${encodeURIComponent('/email-management')}` });
    const { org } = await admin();
    const sales = await createUser(t.app.db);
    await addMember(t.app.db, org.id, sales.id, { role: 'sales', sales: true });
    expect(await open(sales.id)).toMatchObject({ status: 302, location: '/missing-feature/email' });
    expect(await post(sales.id, { intent: 'test', template: 'leadInformation', lang: 'DE' })).toMatchObject({ status: 302, location: '/missing-feature/email' });
    const { user: noFeature } = await admin(Feature.content);
    expect(await open(noFeature.id)).toMatchObject({ status: 302, location: '/missing-feature/email' });
    expect(await callRoute(t, preview.action, { url: '/email-management/preview', userId: noFeature.id, form: { template: 'leadInformation', lang: 'DE' } })).toMatchObject({
      status: 302,
      location: '/missing-feature/email',
    });
  });

  it('saves texts, refuses an unknown placeholder at its field without writing anything, and resets to the default', async () => {
    const { user } = await admin();
    const bad = await post(user.id, { intent: 'texts', template: 'leadInformation', 'DE.intro': 'Danke!', 'EN.subject': 'Hi {{leadName}}' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.data)).toContain('EN.subject');
    expect(JSON.stringify(bad.data)).toContain('{{leadName}}');
    expect(((await open(user.id)).data as PageData).mails[0].changed).toBe(0);

    const ok = await post(user.id, { intent: 'texts', template: 'leadInformation', 'DE.subject': 'Ihre Unterlagen von {{organisation}}', 'EN.subject': '' });
    expect(ok).toMatchObject({ status: 302, toast: { type: 'success', key: 'email:texts.saved' } });
    let data = (await open(user.id)).data as PageData;
    expect(data.mails[0].changed).toBe(1);
    expect(data.preview.subject).toMatch(/^Ihre Unterlagen von Seiten/);
    expect(data.mail.translatables.find((x) => x.msgId === 'subject' && x.lang === 'EN')!.msg).toBeNull();

    expect(await post(user.id, { intent: 'reset', template: 'leadInformation', msgId: 'subject', lang: 'DE' })).toMatchObject({ status: 302, toast: { key: 'email:texts.resetDone' } });
    data = (await open(user.id)).data as PageData;
    expect(data.mails[0].changed).toBe(0);
    expect(data.preview.subject).toMatch(/^Ihre Informationen von Seiten/);
  });

  it('previews a draft without saving it', async () => {
    const { user } = await admin();
    const res = await callRoute(t, preview.action, {
      url: '/email-management/preview',
      userId: user.id,
      form: { template: 'leadInformation', lang: 'EN', 'EN.intro': '<p>Draft for <strong>{{organisation}}</strong></p>', 'DE.intro': 'Nur Deutsch' },
    });
    expect(res.status).toBe(200);
    expect((res.data as { html: string }).html).toContain('Draft for <strong>Seiten');
    expect((res.data as { html: string }).html).not.toContain('Nur Deutsch');
    expect(((await open(user.id)).data as PageData).mails[0].changed).toBe(0);
  });

  it('sends a test mail to the viewer, refuses a colour too light, and lists the mail in the log', async () => {
    const { user } = await admin();
    const sent = await post(user.id, { intent: 'test', template: 'appointmentBooked', lang: 'EN' });
    expect(sent).toMatchObject({ status: 302, toast: { key: 'email:test.sent', values: { email: user.email } } });
    expect((await listMails(t.app.db, { to: user.email }))[0].subject).toMatch(/^Your appointment with/);

    const light = await post(user.id, { intent: 'settings', color: '#fafafa', senderName: '', replyTo: '' });
    expect(light.status).toBe(400);
    expect(JSON.stringify(light.data)).toMatch(/Kontrast 1\.\d:1/);
    const saved = await post(user.id, { intent: 'settings', color: '#283853', senderName: 'Team Seiten', replyTo: 'team@seiten.example' });
    expect(saved).toMatchObject({ status: 302, toast: { key: 'email:settings.saved' } });
    expect(((await open(user.id)).data as { settings: unknown }).settings).toMatchObject({ color: '#283853', senderName: 'Team Seiten', replyTo: 'team@seiten.example' });

    await deliverPending(t.app);
    const log = ((await open(user.id)).data as PageData).log;
    expect(log.total).toBe(1);
    expect(log.items[0]).toMatchObject({ recipient: user.email, state: 'SENT' });
    // a sent mail is not sent again; another organisation's mail is not found
    expect(await post(user.id, { intent: 'retry', id: log.items[0].id })).toMatchObject({ status: 302, toast: { type: 'error' } });
    const other = await admin();
    const foreign = await post(other.user.id, { intent: 'retry', id: log.items[0].id });
    expect(foreign).toMatchObject({ status: 302, toast: { type: 'error' } });
    expect(String(foreign.toast!.values!.message)).toMatch(/nicht gefunden/i);
  });
});

describe('the demo seed', () => {
  it('gives the demo organisation its mail colour, header image, sender and one changed German text, which its admin sees', async () => {
    const { seedDemo } = await import('~/server/seed/demo');
    await seedDemo(t.app.db, { force: true });
    const anna = await t.app.db('users').where({ email: 'admin@demo.example' }).first('id');
    const res = await open(anna.id, '?mail=leadInformation&preview=DE');
    expect(res.status).toBe(200);
    const data = res.data as PageData & { settings: { color: string; headerImageUrl: string | null; senderName: string } };
    expect(data.settings).toMatchObject({ color: '#1f4e79', senderName: expect.stringContaining('Messeteam') });
    expect(data.settings.headerImageUrl).toMatch(/^\/files\//);
    expect(data.mails.find((m) => m.key === 'leadInformation')!.changed).toBe(1);
    expect(data.preview.subject).toMatch(/^Schön, dass Sie an unserem Stand waren/);
    expect(data.preview.html).toContain('#1f4e79');
    // the whole demo seed runs inside the test: on a loaded 2-core CI machine it can take most of the default 30 s
  }, 120_000);
});
