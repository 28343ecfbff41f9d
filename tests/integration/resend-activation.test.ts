import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as activateAccount from '~/routes/_public.activate-account';
import * as checkEmail from '~/routes/_public.check-email';
import * as login from '~/routes/_public.login';
import * as resend from '~/routes/_public.resend-activation';
import { hashPassword } from '~/server/auth/password.server';
import { listMails } from '~/server/mail/outbox.server';
import { createTestApp, type TestApp } from '../helpers/app';
import { callRoute } from '../helpers/routes';
import { createUser } from '../fixtures/factories';
import { lastMailLink } from './accounts-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PASSWORD = 'Kaffeemaschine-Blau-7';
let counter = 0;
const uniqueEmail = (what: string) => `resend-${what}-${Date.now().toString(36)}${(counter++).toString(36)}@test.example`;

async function user(overrides: Record<string, unknown>) {
  const email = uniqueEmail('user');
  await createUser(t.app.db, { email, default_language: 'EN', password_hash: await hashPassword(PASSWORD), ...overrides });
  return email;
}

const mailsTo = async (email: string) => (await listMails(t.app.db, { to: email })).length;

describe('send the activation mail again', () => {
  it('a login refused for a not yet activated account offers it; the new link activates, the old one is void', async () => {
    const email = await user({ is_active: false, email_confirmed_at: null });
    const refused = await callRoute(t, login.action, { url: '/login', form: { email, password: PASSWORD } });
    expect(refused).toMatchObject({ status: 400, data: { resendActivation: email } });

    const page = await callRoute(t, resend.loader, { url: `/resend-activation?email=${encodeURIComponent(email)}` });
    expect(page.data).toMatchObject({ title: 'Send the activation mail again', email });

    const first = await callRoute(t, resend.action, { url: '/resend-activation', form: { email } });
    expect(first).toMatchObject({ status: 302, location: '/check-email?for=resent' });
    const oldLink = await lastMailLink(t.app.db, email);
    const second = await callRoute(t, resend.action, { url: '/resend-activation', form: { email } });
    expect(second).toMatchObject({ status: 302, location: '/check-email?for=resent' });
    expect(await mailsTo(email)).toBe(2);
    const [mail] = await listMails(t.app.db, { to: email, limit: 1 });
    expect(mail.subject).toMatch(/activat/i);
    const link = await lastMailLink(t.app.db, email);
    expect(link.pathname).toBe('/activate-account');

    const stale = await callRoute(t, activateAccount.action, { url: '/activate-account', form: { email, token: oldLink.searchParams.get('token')! } });
    expect(stale.status).toBe(400);
    const activated = await callRoute(t, activateAccount.action, { url: '/activate-account', form: { email, token: link.searchParams.get('token')! } });
    expect(activated).toMatchObject({ status: 302, location: '/activate-account?activated=1' });
  });

  it('answers the same for an unknown address and an active account, and mails nobody', async () => {
    const active = await user({ is_active: true, email_confirmed_at: new Date() });
    const unknown = uniqueEmail('nobody');
    for (const email of [active, unknown]) {
      const res = await callRoute(t, resend.action, { url: '/resend-activation', form: { email } });
      expect(res).toMatchObject({ status: 302, location: '/check-email?for=resent' });
      expect(await mailsTo(email)).toBe(0);
    }
    const wrongPassword = await callRoute(t, login.action, { url: '/login', form: { email: active, password: 'Wrong-password-9' } });
    expect(wrongPassword.data).not.toHaveProperty('resendActivation');
  });

  it('is throttled per address, whether or not the account exists', async () => {
    for (const email of [await user({ is_active: false, email_confirmed_at: null }), uniqueEmail('ghost')]) {
      const answers = [];
      for (let i = 0; i < 5; i += 1) answers.push(await callRoute(t, resend.action, { url: '/resend-activation', form: { email } }));
      expect(answers.slice(0, 4).map((a) => a.status)).toEqual([302, 302, 302, 302]);
      expect(answers[4]).toMatchObject({ status: 400, data: { result: { error: { '': [expect.stringMatching(/seconds/)] } } } });
      expect(await mailsTo(email)).toBeLessThanOrEqual(4);
    }
  });

  it('the check-e-mail page after registering offers it, and after it answers neutrally', async () => {
    expect((await callRoute(t, checkEmail.loader, { url: '/check-email' })).data).toMatchObject({ reason: 'activation' });
    expect((await callRoute(t, checkEmail.loader, { url: '/check-email?for=resent' })).data).toMatchObject({ reason: 'resent' });
  });
});
