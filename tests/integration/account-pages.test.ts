import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as activateAccount from '~/routes/_public.activate-account';
import * as forgottenPassword from '~/routes/_public.forgotten-password';
import * as login from '~/routes/_public.login';
import * as register from '~/routes/_public.register';
import * as setNewPassword from '~/routes/_public.set-new-password';
import * as logout from '~/routes/logout';
import { hashPassword } from '~/server/auth/password.server';
import { listMails } from '~/server/mail/outbox.server';
import { createTestApp, type TestApp } from '../helpers/app';
import { asResponse, callRoute, loadContext, type RouteFn } from '../helpers/routes';
import { createUser } from '../fixtures/factories';
import { lastMailLink } from './accounts-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PASSWORD = 'Kaffeemaschine-Blau-7';
let counter = 0;
const uniqueEmail = (what: string) => `pages-${what}-${Date.now().toString(36)}${(counter++).toString(36)}@test.example`.replace(/\d/g, (d) => 'abcdefghij'[Number(d)]);

async function userWithPassword(overrides: Record<string, unknown> = {}) {
  const email = uniqueEmail('user');
  const user = await createUser(t.app.db, { email, default_language: 'EN', password_hash: await hashPassword(PASSWORD), ...overrides });
  return { id: user.id, email };
}

/** Calls a route function with raw headers and returns its Response (plain data as JSON), for the Set-Cookie headers. */
async function rawCall(fn: RouteFn, url: string, init: { form?: Record<string, string>; cookie?: string } = {}): Promise<Response> {
  const headers = new Headers({ 'accept-language': 'en' });
  if (init.cookie) headers.set('cookie', init.cookie);
  let body: FormData | undefined;
  if (init.form) {
    body = new FormData();
    for (const [k, v] of Object.entries(init.form)) body.append(k, v);
  }
  const request = new Request(`http://localhost${url}`, { method: body ? 'POST' : 'GET', headers, body });
  const context = await loadContext(t, request);
  try {
    const result = await fn({ request, context, params: {} });
    return asResponse(result);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

const setCookies = (res: Response) => res.headers.getSetCookie();
const sessionIdOf = (res: Response) => setCookies(res).find((c) => c.startsWith('__session='));

describe('login page', () => {
  it('starts a session and goes to a same-site next path', async () => {
    const user = await userWithPassword();
    const res = await rawCall(login.action, '/login', {
      form: { email: user.email, password: PASSWORD, redirectTo: '/edit-organisation?tab=1' },
    });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/edit-organisation?tab=1');
    expect(sessionIdOf(res)).toMatch(/^__session=[^;]+;.*HttpOnly/i);
    expect(await t.app.db('sessions').where({ user_id: user.id }).select('id')).toHaveLength(1);
  });

  it('ignores a next that points to another site', async () => {
    const user = await userWithPassword();
    for (const next of ['//evil.example', 'https://evil.example/x', '/\\evil.example']) {
      const res = await rawCall(login.action, '/login', { form: { email: user.email, password: PASSWORD, redirectTo: next } });
      expect(res.headers.get('location'), next).toBe('/');
    }
  });

  it('remembers next as the redirectAfterLoggingIn cookie and honours it', async () => {
    const shown = await rawCall(login.loader, `/login?next=${encodeURIComponent('/invites')}`);
    const remembered = setCookies(shown).find((c) => c.startsWith('redirectAfterLoggingIn='));
    expect(remembered).toBeDefined();
    const foreign = await rawCall(login.loader, `/login?next=${encodeURIComponent('//evil.example')}`);
    expect(setCookies(foreign).some((c) => c.startsWith('redirectAfterLoggingIn='))).toBe(false);

    const user = await userWithPassword();
    const res = await rawCall(login.action, '/login', {
      form: { email: user.email, password: PASSWORD },
      cookie: remembered!.split(';')[0],
    });
    expect(res.headers.get('location')).toBe('/invites');
    expect(setCookies(res).some((c) => /^redirectAfterLoggingIn=;.*Max-Age=0/i.test(c))).toBe(true);
  });

  it('answers a wrong password with the invalid-credentials message and no session', async () => {
    const user = await userWithPassword();
    const res = await callRoute(t, login.action, { url: '/login', form: { email: user.email, password: 'Wrong-password-9' } });
    expect(res.status).toBe(400);
    expect(res.data).toMatchObject({ result: { error: { '': ['Invalid credentials'] } } });
    expect(JSON.stringify(res.data)).not.toContain('Wrong-password-9');
    expect(await t.app.db('sessions').where({ user_id: user.id }).first()).toBeUndefined();
  });

  it('tells an account that was never activated to check its e-mail', async () => {
    const user = await userWithPassword({ is_active: false, email_confirmed_at: null });
    const res = await callRoute(t, login.action, { url: '/login', form: { email: user.email, password: PASSWORD } });
    expect(res.status).toBe(400);
    expect(res.data).toMatchObject({
      result: { error: { '': ['Your account has not been activated yet. Please check your e-mail and follow the activation link.'] } },
    });
  });

  it('asks for e-mail and password when one is missing', async () => {
    const res = await callRoute(t, login.action, { url: '/login', form: { email: 'someone@test.example', password: '' } });
    expect(res.status).toBe(400);
    expect(res.data).toMatchObject({ result: { error: { '': ['Please fill in your e-mail address and password'] } } });
  });

  it('answers a throttled login with the translated wait message, not an error page', async () => {
    const user = await userWithPassword();
    let last: Awaited<ReturnType<typeof callRoute>> | null = null;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      last = await callRoute(t, login.action, { url: '/login', form: { email: user.email, password: `Wrong-${attempt}-x` } });
    }
    expect(last!.status).toBe(400);
    expect((last!.data as { result: { error: Record<string, string[]> } }).result.error['']).toEqual([
      expect.stringMatching(/^Too many attempts\. Please wait \d+ seconds and try again\.$/),
    ]);
    // even the right password waits until the lock has passed
    const right = await callRoute(t, login.action, { url: '/login', form: { email: user.email, password: PASSWORD } });
    expect(right.status).toBe(400);
  });

  it('sends a logged-in user home', async () => {
    const user = await userWithPassword();
    for (const fn of [login.loader, login.action]) {
      const res = await callRoute(t, fn, { url: '/login', userId: user.id, ...(fn === login.action ? { form: {} } : {}) });
      expect(res).toMatchObject({ status: 302, location: '/' });
    }
  });
});

describe('register page', () => {
  const form = (email: string, overrides: Record<string, string> = {}) => ({
    email,
    firstName: 'Clara',
    lastName: 'Schuhmann',
    password: PASSWORD,
    passwordRepeat: PASSWORD,
    defaultLanguage: 'DE',
    ...overrides,
  });

  it('registers an inactive user, mails the activation link and goes to /check-email', async () => {
    const email = uniqueEmail('register');
    const res = await callRoute(t, register.action, { url: '/register', form: form(email) });
    expect(res).toMatchObject({ status: 302, location: '/check-email' });
    const user = await t.app.db('users').where({ email }).first();
    expect(user).toMatchObject({ is_active: false, default_language: 'DE', first_name: 'Clara' });
    const [mail] = await listMails(t.app.db, { to: email, limit: 1 });
    expect(mail).toBeDefined();
    const link = await lastMailLink(t.app.db, email);
    expect(link.pathname).toBe('/activate-account');
    expect(link.searchParams.get('email')).toBe(email);

    const activated = await callRoute(t, activateAccount.action, {
      url: link.pathname + link.search,
      form: { email, token: link.searchParams.get('token')! },
    });
    expect(activated).toMatchObject({ status: 302, location: '/activate-account?activated=1' });
    expect(await t.app.db('users').where({ email }).first()).toMatchObject({ is_active: true });
  });

  it('puts a password mismatch on the repetition and keeps no password in the reply', async () => {
    const email = uniqueEmail('mismatch');
    const res = await callRoute(t, register.action, { url: '/register', form: form(email, { passwordRepeat: `${PASSWORD}x` }) });
    expect(res.status).toBe(400);
    expect(res.data).toMatchObject({
      result: { error: { passwordRepeat: ['The two passwords do not match'], '': ['Please correct the marked fields and try again'] } },
    });
    expect(JSON.stringify(res.data)).not.toContain(PASSWORD);
    expect(await t.app.db('users').where({ email }).first()).toBeUndefined();
  });

  it('shows every password problem and an existing e-mail on their fields', async () => {
    const taken = await userWithPassword();
    const res = await callRoute(t, register.action, {
      url: '/register',
      form: form(taken.email, { password: '12345678', passwordRepeat: '12345678' }),
    });
    expect(res.status).toBe(400);
    const error = (res.data as { result: { error: Record<string, string[]> } }).result.error;
    expect(error.email).toEqual(['A user with this e-mail address already exists']);
    expect(error.password).toEqual(expect.arrayContaining(['This password is too common.', 'This password is entirely numeric.']));
    expect(error['']).toEqual(['Please correct the marked fields and try again']);
  });

  it('refuses a wrong activation token with a clear message', async () => {
    const user = await userWithPassword({ is_active: false, email_confirmed_at: null });
    const res = await callRoute(t, activateAccount.action, { url: '/activate-account', form: { email: user.email, token: 'nope' } });
    expect(res.status).toBe(400);
    expect(res.data).toMatchObject({ result: { error: { '': ['The activation link is invalid or has expired.'] } } });
  });
});

describe('password reset pages', () => {
  it('mails a reset link, sets the new password and sends the user to login with a toast', async () => {
    const user = await userWithPassword();
    const asked = await callRoute(t, forgottenPassword.action, { url: '/forgotten-password', form: { email: user.email } });
    expect(asked).toMatchObject({ status: 302, location: '/check-email?for=password' });
    const link = await lastMailLink(t.app.db, user.email);
    expect(link.pathname).toBe('/set-new-password');
    const fresh = 'Neues-Fahrrad-Gruen-3';
    const token = link.searchParams.get('token')!;
    const set = await callRoute(t, setNewPassword.action, {
      url: link.pathname + link.search,
      form: { email: user.email, token, password: fresh, passwordRepeat: fresh },
    });
    expect(set).toMatchObject({ status: 302, location: '/login', toast: { type: 'success', key: 'auth:setNewPassword.success' } });
    const again = await callRoute(t, setNewPassword.action, {
      url: '/set-new-password',
      form: { email: user.email, token, password: fresh, passwordRepeat: fresh },
    });
    expect(again.data).toMatchObject({ result: { error: { '': ['The password reset token is invalid or has expired.'] } } });
    const loggedIn = await callRoute(t, login.action, { url: '/login', form: { email: user.email, password: fresh } });
    expect(loggedIn).toMatchObject({ status: 302, location: '/' });
  });

  it('names an unknown e-mail address', async () => {
    const res = await callRoute(t, forgottenPassword.action, {
      url: '/forgotten-password',
      form: { email: uniqueEmail('unknown') },
    });
    expect(res.status).toBe(400);
    expect(res.data).toMatchObject({ result: { error: { email: ['No user with this e-mail address found'] } } });
  });
});

describe('logout', () => {
  it('GET only asks; POST deletes the session row and clears the cookie', async () => {
    const user = await userWithPassword();
    const cookie = await t.sessionCookie(user.id);
    expect(await t.app.db('sessions').where({ user_id: user.id }).select('id')).toHaveLength(1);

    const asked = await rawCall(logout.loader, '/logout', { cookie });
    expect(asked.status).toBe(200);
    expect(await t.app.db('sessions').where({ user_id: user.id }).first()).toBeDefined();

    const res = await rawCall(logout.action, '/logout', { form: {}, cookie });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/login');
    expect(setCookies(res).some((c) => /^__session=;.*Max-Age=0/i.test(c))).toBe(true);
    expect(await t.app.db('sessions').where({ user_id: user.id }).first()).toBeUndefined();
  });

  it('sends a visitor without session to /login', async () => {
    const res = await callRoute(t, logout.loader, { url: '/logout' });
    expect(res).toMatchObject({ status: 302, location: '/login' });
  });
});
