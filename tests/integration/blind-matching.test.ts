import { afterEach, describe, expect, it } from 'vitest';
import * as blindMatchingPage from '~/routes/_public.blind-matching';
import * as setPasswordPage from '~/routes/_public.blind-matching_.set-password';
import * as loginPage from '~/routes/_public.login';
import { hashPassword } from '~/server/auth/password.server';
import { deliverPending, listMails } from '~/server/mail/outbox.server';
import { callRoute } from '../helpers/routes';
import { mimePart, useAppWithSmtp } from '../helpers/smtp';
import { createConvention, createUser } from '../fixtures/factories';

const world = useAppWithSmtp();
afterEach(() => {
  world.received.length = 0;
});

const PASSWORD = 'Lichtung-Ahorn-73';
let counter = 0;
const uniqueEmail = (what: string) => `blind-${what}-${Date.now().toString(36)}${(counter++).toString(36)}@test.example`;
const linkIn = (text: string) => new URL(/https?:\/\/\S+/.exec(text)![0]);

const REGISTER = `mutation($email: String!, $convention: String!) {
  blindMatchingRegister(email: $email, convention: $convention) { error { code field message } errors { code field } }
}`;
const SET_PASSWORD = `mutation($email: String!, $token: String!, $password: String!) {
  blindMatchingSetPassword(email: $email, token: $token, password: $password) { error { code field } }
}`;

async function registerByGraphql(email: string, convention: string) {
  const res = await world.t.graphql<{ blindMatchingRegister: { error: { code: string; field: string | null; message: string } | null } }>(REGISTER, {
    email,
    convention,
  });
  return { status: res.status, body: res.body };
}

/** The one mail the SMTP catcher got for `to` after the outbox ran: subject, text and HTML. */
async function deliveredMailTo(to: string) {
  await deliverPending(world.t.app);
  const mails = world.received.filter((m) => m.to.includes(to));
  expect(mails).toHaveLength(1);
  return { text: mimePart(mails[0].raw, 'text/plain'), html: mimePart(mails[0].raw, 'text/html') };
}

describe('blind-matching registration', () => {
  it('page door: a new address gets an inactive account and a set-password link that logs in and leads into the convention', async () => {
    const convention = await createConvention(world.t.app.db, { permission_type: 'LOGGED_IN' });
    const email = uniqueEmail('new');
    const answer = await callRoute(world.t, blindMatchingPage.action, { url: '/blind-matching', form: { email, convention: convention.slug } });
    expect(answer).toMatchObject({ status: 302, location: `/blind-matching?convention=${convention.slug}&sent=1` });
    const user = await world.t.app.db('users').where({ email }).first();
    expect(user).toMatchObject({ is_active: false, password_hash: null, email_confirmed_at: null });

    const mail = await deliveredMailTo(email);
    expect(mail.text).toContain(convention.title);
    const link = linkIn(mail.text);
    expect(link.pathname).toBe('/blind-matching/set-password');
    expect(link.searchParams.get('convention')).toBe(convention.slug);
    expect(mail.html).toContain(link.toString().replace(/&/g, '&amp;'));

    const page = await callRoute(world.t, setPasswordPage.loader, { url: `${link.pathname}${link.search}` });
    expect(page.data).toMatchObject({ email, convention: convention.slug, title: 'Set your password' });
    const form = { email, token: link.searchParams.get('token')!, convention: convention.slug, password: PASSWORD, passwordRepeat: PASSWORD };
    const tooShort = await callRoute(world.t, setPasswordPage.action, { url: '/blind-matching/set-password', form: { ...form, password: 'short', passwordRepeat: 'short' } });
    expect(tooShort.status).toBe(400);
    const done = await callRoute(world.t, setPasswordPage.action, { url: '/blind-matching/set-password', form });
    expect(done).toMatchObject({ status: 302, location: `/convention/${convention.slug}`, toast: { type: 'success' } });
    expect(String(done.data)).toBe('');
    const activated = await world.t.app.db('users').where({ email }).first();
    expect(activated).toMatchObject({ is_active: true });
    expect(activated.email_confirmed_at).toBeTruthy();
    const sessions = await world.t.app.db('sessions').where({ user_id: activated.id });
    expect(sessions).toHaveLength(1);

    // the link is used up; the password now logs in
    const again = await callRoute(world.t, setPasswordPage.action, { url: '/blind-matching/set-password', form });
    expect(again.status).toBe(400);
    const login = await world.t.graphql<{ tokenCreate: { token: string | null } }>(`mutation { tokenCreate(email: "${email}", password: "${PASSWORD}") { token } }`);
    expect(login.body.data?.tokenCreate.token).toBeTruthy();
  });

  it('GraphQL door: the same call for a new address and an existing one answers alike; the existing one gets a login link', async () => {
    const convention = await createConvention(world.t.app.db, { title: 'Gartenmesse' });
    const existing = uniqueEmail('existing');
    await createUser(world.t.app.db, { email: existing, password_hash: await hashPassword(PASSWORD), default_language: 'DE', first_name: 'Jörg' });
    const fresh = uniqueEmail('fresh');

    const forExisting = await registerByGraphql(existing, convention.slug);
    const forFresh = await registerByGraphql(fresh, convention.slug);
    expect(forExisting).toEqual(forFresh);
    expect(forFresh.body).toEqual({ data: { blindMatchingRegister: { error: null, errors: [] } } });

    const loginMail = await deliveredMailTo(existing);
    expect(loginMail.text).toContain('Hallo Jörg,');
    expect(loginMail.text).toContain('Gartenmesse');
    const loginLink = linkIn(loginMail.text);
    expect(loginLink.pathname).toBe('/login');
    expect(loginLink.searchParams.get('next')).toBe(`/convention/${convention.slug}`);
    expect(loginLink.searchParams.has('token')).toBe(false);
    // the existing account is untouched
    expect(await world.t.app.db('users').where({ email: existing }).first()).toMatchObject({ is_active: true });

    const setMail = await deliveredMailTo(fresh);
    const link = linkIn(setMail.text);
    expect(link.pathname).toBe('/blind-matching/set-password');
    const wrong = await world.t.graphql<{ blindMatchingSetPassword: { error: { code: string; field: string } | null } }>(SET_PASSWORD, {
      email: fresh,
      token: 'not-the-token',
      password: PASSWORD,
    });
    expect(wrong.body.data?.blindMatchingSetPassword.error).toEqual({ code: 'INVALID', field: 'token' });
    const ok = await world.t.graphql<{ blindMatchingSetPassword: { error: unknown } }>(SET_PASSWORD, {
      email: fresh,
      token: link.searchParams.get('token'),
      password: PASSWORD,
    });
    expect(ok.body.data?.blindMatchingSetPassword.error).toBeNull();
    // an account with a password is never given a new one this way
    const existingAgain = await world.t.graphql<{ blindMatchingSetPassword: { error: { code: string } | null } }>(SET_PASSWORD, {
      email: existing,
      token: link.searchParams.get('token'),
      password: 'Another-Password-99',
    });
    expect(existingAgain.body.data?.blindMatchingSetPassword.error).toMatchObject({ code: 'INVALID' });
  });

  it('page door answers the same for an existing and a new address (status, location, body)', async () => {
    const convention = await createConvention(world.t.app.db);
    const existing = uniqueEmail('page-existing');
    await createUser(world.t.app.db, { email: existing, password_hash: await hashPassword(PASSWORD) });
    const answers = [];
    for (const email of [existing, uniqueEmail('page-fresh')]) {
      const { toast: _toast, ...answer } = await callRoute(world.t, blindMatchingPage.action, { url: '/blind-matching', form: { email, convention: convention.slug } });
      answers.push(answer);
    }
    expect(answers[0]).toEqual(answers[1]);
    const sent = await callRoute(world.t, blindMatchingPage.loader, { url: answers[0].location! });
    expect(sent.data).toMatchObject({ sent: true, convention: { slug: convention.slug, title: convention.title } });
  });

  it('a blind account that never set its password gets a fresh link on a second request (the old one stops working)', async () => {
    const convention = await createConvention(world.t.app.db);
    const email = uniqueEmail('twice');
    await registerByGraphql(email, convention.slug);
    const first = linkIn((await deliveredMailTo(email)).text);
    world.received.length = 0;
    await registerByGraphql(email, convention.slug);
    const second = linkIn((await deliveredMailTo(email)).text);
    expect(second.pathname).toBe('/blind-matching/set-password');
    expect(second.searchParams.get('token')).not.toBe(first.searchParams.get('token'));
    const stale = await world.t.graphql<{ blindMatchingSetPassword: { error: { code: string } | null } }>(SET_PASSWORD, {
      email,
      token: first.searchParams.get('token'),
      password: PASSWORD,
    });
    expect(stale.body.data?.blindMatchingSetPassword.error).toMatchObject({ code: 'INVALID' });
    expect(await world.t.app.db('users').whereRaw('lower(email) = lower(?)', [email])).toHaveLength(1);
  });

  it('bad input: a missing or malformed address and an unknown convention are field errors, nothing is written', async () => {
    const convention = await createConvention(world.t.app.db);
    const email = uniqueEmail('bad');
    const invalid = await registerByGraphql('not-an-address', convention.slug);
    expect(invalid.body.data?.blindMatchingRegister.error).toMatchObject({ code: 'INVALID', field: 'email' });
    const unknown = await registerByGraphql(email, 'no-such-convention');
    expect(unknown.body.data?.blindMatchingRegister.error).toMatchObject({ code: 'NOT_FOUND', field: 'convention', message: 'This convention does not exist.' });
    const slashes = await registerByGraphql(email, '../admin');
    expect(slashes.body.data?.blindMatchingRegister.error).toMatchObject({ code: 'NOT_FOUND', field: 'convention' });
    expect(await world.t.app.db('users').where({ email })).toHaveLength(0);
    expect(await listMails(world.t.app.db, { to: email })).toHaveLength(0);

    const page = await callRoute(world.t, blindMatchingPage.action, { url: '/blind-matching', form: { email: 'nope', convention: convention.slug } });
    expect(page.status).toBe(400);
    const unknownPage = await callRoute(world.t, blindMatchingPage.loader, { url: '/blind-matching?convention=no-such-convention' });
    expect(unknownPage.status).toBe(404);
  });

  it('is throttled per address, whether or not the account exists', async () => {
    const convention = await createConvention(world.t.app.db);
    const existing = uniqueEmail('throttle-existing');
    await createUser(world.t.app.db, { email: existing, password_hash: await hashPassword(PASSWORD) });
    for (const email of [existing, uniqueEmail('throttle-fresh')]) {
      const codes = [];
      for (let i = 0; i < 5; i += 1) codes.push((await registerByGraphql(email, convention.slug)).body.data?.blindMatchingRegister.error?.code ?? null);
      expect(codes).toEqual([null, null, null, null, 'THROTTLED']);
      expect((await listMails(world.t.app.db, { to: email })).length).toBe(4);
    }
  });

  it('the login page of a convention offers the form; other login pages do not', async () => {
    const convention = await createConvention(world.t.app.db, { permission_type: 'LOGGED_IN' });
    const forConvention = await callRoute(world.t, loginPage.loader, { url: `/login?next=/convention/${convention.slug}` });
    expect(forConvention.data).toMatchObject({ blindMatching: convention.slug });
    const plain = await callRoute(world.t, loginPage.loader, { url: '/login' });
    expect(plain.data).toMatchObject({ blindMatching: null });
    const unknown = await callRoute(world.t, loginPage.loader, { url: '/login?next=/convention/no-such-thing' });
    expect(unknown.data).toMatchObject({ blindMatching: null });
  });
});
