import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as passwords from '~/server/auth/password.server';
import { hashPassword, verifyPassword } from '~/server/auth/password.server';

// verifyPassword stays the real argon2id check; the spy only records which hashes a login verified.
vi.mock('~/server/auth/password.server', async (importOriginal) => {
  const actual = await importOriginal<typeof passwords>();
  return { ...actual, verifyPassword: vi.fn(actual.verifyPassword) };
});
import { createSession } from '~/server/session.server';
import {
  accountRegister,
  confirmAccount,
  login,
  logout,
  requestPasswordReset,
  setPassword,
} from '~/server/services/accounts';
import { listMails } from '~/server/mail/outbox.server';
import { addMember, createOrganization, createUser } from '../fixtures/factories';
import { createTestApp, type TestApp } from '../helpers/app';
import { lastMailLink } from './accounts-helpers';

const PASSWORD = 'Lichtung-Ahorn-73';
let t: TestApp;
// letters only: digits in the address would make numeric test passwords "too similar to the e-mail"
const letters = (n: number) => Array.from({ length: n }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
const uniqueEmail = () => `person-${letters(12)}@test.example`;

/** An active user with a password. */
async function userWithPassword(overrides: Record<string, unknown> = {}) {
  return createUser(t.app.db, { email: uniqueEmail(), password_hash: await hashPassword(PASSWORD), ...overrides });
}

const TOKEN_CREATE = `mutation($email: String!, $password: String!) {
  tokenCreate(email: $email, password: $password) {
    token csrfToken refreshToken user { id email shopuid } error { code field message } errors { code }
  }
}`;
const TOKEN_REFRESH = `mutation($csrfToken: String, $refreshToken: String) {
  tokenRefresh(csrfToken: $csrfToken, refreshToken: $refreshToken) {
    token csrfToken refreshToken user { id email } error { code field message }
  }
}`;
const REGISTER = `mutation($input: AccountRegisterInput!, $redirectUrl: String) {
  accountRegister(input: $input, redirectUrl: $redirectUrl) { requiresConfirmation error { code field message } errors { code field message } }
}`;

type Gql = Record<string, { error: { code: string; field: string | null; message: string } | null } & Record<string, unknown>>;

async function rawGraphql(query: string, variables: Record<string, unknown>, headers: Record<string, string> = {}) {
  const res = await fetch(`${t.url}/graphql/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json', ...headers },
    body: JSON.stringify({ query, variables }),
  });
  return { res, body: (await res.json()) as { data: Gql; errors?: unknown[] } };
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('accountRegister and confirmAccount', () => {
  it('creates an inactive user and mails an activation link in the chosen language', async () => {
    const email = uniqueEmail();
    const { body } = await t.graphql<Gql>(REGISTER, {
      input: { email, password: PASSWORD, firstName: 'Anna', lastName: 'Berg', defaultLanguage: 'EN' },
    });
    expect(body.data?.accountRegister).toMatchObject({ requiresConfirmation: true, error: null });
    const user = await t.app.db('users').where({ email }).first();
    expect(user).toMatchObject({ is_active: false, first_name: 'Anna', default_language: 'EN', email_confirmed_at: null });
    expect(user.password_hash).toMatch(/^\$argon2id\$/);

    const [mail] = await listMails(t.app.db, { to: email });
    expect(mail.subject).toBe('Please activate your account');
    expect(mail.html).toContain('Activate account');
    expect(mail.text).toContain('Hello Anna,');
    const link = await lastMailLink(t.app.db, email);
    expect(`${link.origin}${link.pathname}`).toBe('http://localhost:3000/activate-account');
    expect(link.searchParams.get('email')).toBe(email);
    // only the hash of the token is stored
    const token = link.searchParams.get('token')!;
    expect(await t.app.db('account_tokens').where({ token_hash: token }).first()).toBeUndefined();
  });

  it('writes German mails for German users and honours a same-site redirect URL', async () => {
    const email = uniqueEmail();
    const ctx = await t.serviceContext(null, 'DE');
    await accountRegister(ctx, { email, password: PASSWORD, firstName: 'Jörg', lastName: 'Lenz' }, 'http://localhost:3000/de/aktivieren');
    const [mail] = await listMails(t.app.db, { to: email });
    expect(mail.subject).toBe('Bitte aktivieren Sie Ihr Konto');
    expect(mail.text).toContain('Hallo Jörg,');
    expect((await lastMailLink(t.app.db, email)).pathname).toBe('/de/aktivieren');
  });

  it('refuses a redirect URL on another site', async () => {
    const { body } = await t.graphql<Gql>(REGISTER, {
      input: { email: uniqueEmail(), password: PASSWORD, firstName: 'A', lastName: 'B' },
      redirectUrl: 'https://evil.example/activate',
    });
    expect(body.data?.accountRegister.error).toMatchObject({ code: 'INVALID', field: 'redirectUrl' });
  });

  it('answers EMAIL_EXISTS for a taken address, whatever its case', async () => {
    const existing = await userWithPassword();
    const { body } = await t.graphql<Gql>(REGISTER, {
      input: { email: existing.email.toUpperCase(), password: PASSWORD, firstName: 'A', lastName: 'B' },
    }, { headers: { 'accept-language': 'de' } });
    expect(body.data?.accountRegister.error).toEqual({
      code: 'EMAIL_EXISTS',
      field: 'email',
      message: 'Ein Benutzer mit dieser E-Mail-Adresse existiert bereits',
    });
  });

  it('reports every password problem at once, translated', async () => {
    const { body } = await t.graphql<Gql>(
      REGISTER,
      { input: { email: uniqueEmail(), password: '123456', firstName: 'A', lastName: 'B' } },
      { headers: { 'accept-language': 'en' } },
    );
    expect(body.data?.accountRegister.errors).toEqual([
      { code: 'PASSWORD_TOO_SHORT', field: 'password', message: 'This password is too short. It must contain at least 8 characters.' },
      { code: 'PASSWORD_TOO_COMMON', field: 'password', message: 'This password is too common.' },
      { code: 'PASSWORD_ENTIRELY_NUMERIC', field: 'password', message: 'This password is entirely numeric.' },
    ]);
    const similar = await t.graphql<Gql>(
      REGISTER,
      { input: { email: 'maximilian.sonnenschein@test.example', password: 'Sonnenschein', firstName: 'Max', lastName: 'S' } },
      { headers: { 'accept-language': 'en' } },
    );
    expect(similar.body.data?.accountRegister.errors).toEqual([
      { code: 'PASSWORD_TOO_SIMILAR', field: 'password', message: 'The password is too similar to the e-mail address.' },
    ]);
    expect(await t.app.db('users').where({ email: 'maximilian.sonnenschein@test.example' }).first()).toBeUndefined();
  });

  it('activates with the mailed token once; wrong token INVALID, unknown e-mail NOT_FOUND', async () => {
    const email = uniqueEmail();
    await accountRegister(await t.serviceContext(null, 'EN'), { email, password: PASSWORD, firstName: 'C', lastName: 'D' });
    const token = (await lastMailLink(t.app.db, email)).searchParams.get('token')!;
    const CONFIRM = `mutation($email: String!, $token: String!) { confirmAccount(email: $email, token: $token) { error { code field message } } }`;

    const wrong = await t.graphql<Gql>(CONFIRM, { email, token: 'nope' }, { headers: { 'accept-language': 'en' } });
    expect(wrong.body.data?.confirmAccount.error).toMatchObject({ code: 'INVALID', field: 'token' });
    const unknown = await t.graphql<Gql>(CONFIRM, { email: 'nobody@test.example', token });
    expect(unknown.body.data?.confirmAccount.error).toMatchObject({ code: 'NOT_FOUND', field: 'email' });

    const ok = await t.graphql<Gql>(CONFIRM, { email: email.toUpperCase(), token });
    expect(ok.body.data?.confirmAccount.error).toBeNull();
    expect(await t.app.db('users').where({ email }).first('is_active')).toEqual({ is_active: true });
    const again = await t.graphql<Gql>(CONFIRM, { email, token });
    expect(again.body.data?.confirmAccount.error?.code).toBe('INVALID');
  });

  it('does not accept an expired activation token', async () => {
    const email = uniqueEmail();
    const ctx = await t.serviceContext(null, 'EN');
    const { userId } = await accountRegister(ctx, { email, password: PASSWORD, firstName: 'E', lastName: 'F' });
    const token = (await lastMailLink(t.app.db, email)).searchParams.get('token')!;
    await t.app.db('account_tokens').where({ user_id: userId }).update({ expires_at: new Date(Date.now() - 1000) });
    await expect(confirmAccount(ctx, email, token)).rejects.toMatchObject({
      code: 'INVALID',
      message: 'The activation link is invalid or has expired.',
    });
  });
});

describe('tokenCreate', () => {
  it('logs in: access token with organisation and features, CSRF and refresh token, refresh cookie', async () => {
    const user = await userWithPassword();
    const org = await createOrganization(t.app.db, { suites: 1 + 2 + 4 });
    await addMember(t.app.db, org.id, user.id);
    const { res, body } = await rawGraphql(TOKEN_CREATE, { email: user.email, password: PASSWORD });
    const result = body.data.tokenCreate as Record<string, unknown>;
    expect(result.error).toBeNull();
    expect(result.user).toEqual({ id: user.id, email: user.email, shopuid: user.id });
    expect(typeof result.csrfToken).toBe('string');
    const claims = JSON.parse(Buffer.from(String(result.token).split('.')[1], 'base64url').toString());
    expect(claims).toMatchObject({ sub: user.id, org: org.id, features: 7 });
    expect(claims.exp - claims.iat).toBe(300);
    const cookie = res.headers.get('set-cookie')!;
    expect(cookie).toContain(`refreshToken=${String(result.refreshToken)}`);
    expect(cookie).toMatch(/Path=\/graphql\//);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    // the access token authenticates GraphQL calls
    const me = await t.graphql<{ me: { id: string } }>('{ me { id email } }', {}, { headers: { authorization: `JWT ${String(result.token)}` } });
    expect(me.body.data?.me).toEqual({ id: user.id, email: user.email });
  });

  it('answers INVALID_CREDENTIALS for a wrong password and an unknown e-mail alike', async () => {
    const user = await userWithPassword();
    const wrong = await t.graphql<Gql>(TOKEN_CREATE, { email: user.email, password: 'Falsches-Passwort-1' }, { headers: { 'accept-language': 'en' } });
    const unknown = await t.graphql<Gql>(TOKEN_CREATE, { email: uniqueEmail(), password: 'Falsches-Passwort-1' }, { headers: { 'accept-language': 'en' } });
    expect(wrong.body.data?.tokenCreate.error).toEqual({ code: 'INVALID_CREDENTIALS', field: null, message: 'Invalid credentials' });
    expect(unknown.body.data?.tokenCreate.error).toEqual(wrong.body.data?.tokenCreate.error);
    expect(wrong.body.data?.tokenCreate.token).toBeNull();
  });

  it('does as much work for an unknown e-mail as for a wrong password (one argon2id verification each)', async () => {
    const ctx = await t.serviceContext(null, 'EN');
    const verify = vi.mocked(verifyPassword);
    const verifiedHashes = async (email: string) => {
      verify.mockClear();
      await login(ctx, { email, password: 'Falsches-Passwort-2', ip: null }).catch(() => undefined);
      return verify.mock.calls.map(([hash]) => hash);
    };
    const known = await verifiedHashes((await userWithPassword()).email);
    const unknown = await verifiedHashes(uniqueEmail());
    // without the dummy hash an unknown e-mail would answer at once, and the answer time would tell who has an account
    expect(known).toHaveLength(1);
    expect(unknown).toHaveLength(1);
    expect(unknown[0]).toMatch(/^\$argon2id\$/);
    expect(unknown[0].split('$').slice(0, 4)).toEqual(known[0].split('$').slice(0, 4));
  });

  it('refuses accounts not yet activated (INACTIVE, check your e-mail) and deactivated ones (USER_NOT_ACTIVE)', async () => {
    const pending = await userWithPassword({ is_active: false, email_confirmed_at: null });
    const deactivated = await userWithPassword({ is_active: false, email_confirmed_at: new Date() });
    const a = await t.graphql<Gql>(TOKEN_CREATE, { email: pending.email, password: PASSWORD }, { headers: { 'accept-language': 'de' } });
    expect(a.body.data?.tokenCreate.error).toMatchObject({
      code: 'INACTIVE',
      message: 'Ihr Konto wurde noch nicht aktiviert. Bitte prüfen Sie Ihre E-Mails und folgen Sie dem Aktivierungslink.',
    });
    const b = await t.graphql<Gql>(TOKEN_CREATE, { email: deactivated.email, password: PASSWORD }, { headers: { 'accept-language': 'en' } });
    expect(b.body.data?.tokenCreate.error).toMatchObject({ code: 'USER_NOT_ACTIVE', message: 'This user is not active' });
    // a wrong password does not reveal the state
    const c = await t.graphql<Gql>(TOKEN_CREATE, { email: pending.email, password: 'Falsches-Passwort-3' });
    expect(c.body.data?.tokenCreate.error?.code).toBe('INVALID_CREDENTIALS');
  });

  it('asks for both e-mail and password', async () => {
    const { body } = await t.graphql<Gql>(TOKEN_CREATE, { email: '', password: '' }, { headers: { 'accept-language': 'en' } });
    expect(body.data?.tokenCreate.errors).toEqual([{ code: 'REQUIRED' }, { code: 'REQUIRED' }]);
    expect(body.data?.tokenCreate.error?.message).toBe('Please fill in your e-mail address and password');
  });
});

describe('tokenRefresh and tokenVerify', () => {
  async function loggedIn() {
    const user = await userWithPassword();
    const { res, body } = await rawGraphql(TOKEN_CREATE, { email: user.email, password: PASSWORD });
    const cookie = res.headers.get('set-cookie')!.split(';')[0];
    return { user, cookie, ...(body.data.tokenCreate as unknown as { token: string; csrfToken: string; refreshToken: string }) };
  }

  it('rotates the refresh token given as argument; reusing an old one revokes the whole family', async () => {
    const first = await loggedIn();
    const { body } = await rawGraphql(TOKEN_REFRESH, { refreshToken: first.refreshToken });
    const second = body.data.tokenRefresh as unknown as { token: string; refreshToken: string; csrfToken: string; error: null; user: { id: string } };
    expect(second.error).toBeNull();
    expect(second.user.id).toBe(first.user.id);
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(second.csrfToken).not.toBe(first.csrfToken);

    const reuse = await rawGraphql(TOKEN_REFRESH, { refreshToken: first.refreshToken });
    expect(reuse.body.data.tokenRefresh.error).toMatchObject({ code: 'JWT_INVALID_TOKEN', field: 'refreshToken' });
    const afterTheft = await rawGraphql(TOKEN_REFRESH, { refreshToken: second.refreshToken });
    expect(afterTheft.body.data.tokenRefresh.error?.code).toBe('JWT_INVALID_TOKEN');
  });

  it('refreshes even when the client still sends its expired access token (spec token lifecycle)', async () => {
    const first = await loggedIn();
    const expired = await new SignJWT({ email: first.user.email, org: null, features: 0, type: 'access' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(first.user.id)
      .setIssuedAt(Math.floor(Date.now() / 1000) - 600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 300)
      .sign(new TextEncoder().encode(t.app.env.jwtSecret));
    // any other call with the expired token is refused with UNAUTHENTICATED ...
    const other = await rawGraphql('{ defaultLanguage }', {}, { authorization: `JWT ${expired}` });
    expect(JSON.stringify(other.body.errors)).toMatch(/JWT_SIGNATURE_EXPIRED/);
    // ... but the refresh itself goes through
    const { body } = await rawGraphql(TOKEN_REFRESH, { refreshToken: first.refreshToken }, { authorization: `JWT ${expired}` });
    expect(body.data.tokenRefresh).toMatchObject({ error: null, user: { id: first.user.id } });
  });

  it('takes the refresh token from its cookie and then requires the CSRF token', async () => {
    const session = await loggedIn();
    const missing = await rawGraphql(TOKEN_REFRESH, {}, { cookie: session.cookie, 'accept-language': 'en' });
    expect(missing.body.data.tokenRefresh.error).toEqual({ code: 'JWT_INVALID_CSRF_TOKEN', field: 'csrfToken', message: 'The CSRF token is invalid' });
    const wrong = await rawGraphql(TOKEN_REFRESH, { csrfToken: 'guess' }, { cookie: session.cookie });
    expect(wrong.body.data.tokenRefresh.error?.code).toBe('JWT_INVALID_CSRF_TOKEN');

    const ok = await rawGraphql(TOKEN_REFRESH, { csrfToken: session.csrfToken }, { cookie: session.cookie });
    const result = ok.body.data.tokenRefresh as unknown as { token: string; refreshToken: string; error: null };
    expect(result.error).toBeNull();
    expect(ok.res.headers.get('set-cookie')).toContain(`refreshToken=${result.refreshToken}`);
    const verify = await t.graphql<Gql>('mutation($t: String!) { tokenVerify(token: $t) { isValid payload { sub } error { code } } }', { t: result.token });
    expect(verify.body.data?.tokenVerify).toEqual({ isValid: true, payload: { sub: session.user.id }, error: null });
  });

  it('answers JWT_MISSING_TOKEN without any refresh token and JWT_SIGNATURE_EXPIRED for an expired one', async () => {
    const none = await rawGraphql(TOKEN_REFRESH, { csrfToken: 'x' });
    expect(none.body.data.tokenRefresh.error?.code).toBe('JWT_MISSING_TOKEN');
    const session = await loggedIn();
    await t.app.db('refresh_tokens').where({ user_id: session.user.id }).update({ expires_at: new Date(Date.now() - 1000) });
    const expired = await rawGraphql(TOKEN_REFRESH, { refreshToken: session.refreshToken });
    expect(expired.body.data.tokenRefresh.error?.code).toBe('JWT_SIGNATURE_EXPIRED');
  });

  it('tokenVerify rejects expired, forged and garbage tokens', async () => {
    const user = await userWithPassword();
    const VERIFY = 'mutation($t: String!) { tokenVerify(token: $t) { isValid payload { sub } user { id } error { code field } } }';
    const secret = new TextEncoder().encode(t.app.env.jwtSecret);
    const expiredToken = await new SignJWT({ email: user.email, org: null, features: 0, type: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setIssuedAt(Math.floor(Date.now() / 1000) - 600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 300)
      .sign(secret);
    const forged = await new SignJWT({ email: user.email, org: null, features: 4095, type: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('another-secret-of-some-length'));
    const expired = await t.graphql<Gql>(VERIFY, { t: expiredToken });
    expect(expired.body.data?.tokenVerify).toMatchObject({ isValid: false, payload: null, error: { code: 'JWT_SIGNATURE_EXPIRED', field: 'token' } });
    expect((await t.graphql<Gql>(VERIFY, { t: forged })).body.data?.tokenVerify).toMatchObject({ isValid: false, error: { code: 'JWT_INVALID_TOKEN' } });
    expect((await t.graphql<Gql>(VERIFY, { t: 'not-a-jwt' })).body.data?.tokenVerify).toMatchObject({ isValid: false, error: { code: 'JWT_DECODE_ERROR' } });
    const valid = await t.graphql<Gql>(VERIFY, { t: await t.accessToken(user.id) });
    expect(valid.body.data?.tokenVerify).toMatchObject({ isValid: true, user: { id: user.id }, error: null });
  });
});

describe('throttling', () => {
  it('locks an account with growing delays and answers THROTTLED with the seconds to wait', async () => {
    const user = await userWithPassword();
    const ctx = await t.serviceContext(null, 'EN');
    const attempt = (password: string) =>
      login(ctx, { email: user.email, password, ip: '198.51.100.7' }).then(
        () => 'OK',
        (e: { code: string; message: string }) => e,
      );
    for (let i = 0; i < 4; i += 1) expect(await attempt('Falsch-123x')).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    // the 4th failure locked the account for 2 seconds: even the right password waits
    const throttled = await attempt(PASSWORD);
    expect(throttled).toMatchObject({ code: 'THROTTLED', message: 'Too many attempts. Please wait 2 seconds and try again.' });

    await t.app.db('login_throttles').where({ scope: 'account' }).update({ locked_until: new Date(Date.now() - 1) });
    expect(await attempt('Falsch-123x')).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    const row = await t.app.db('login_throttles').where({ scope: 'account', key: user.email }).first();
    expect(row.failures).toBe(5);
    const seconds = Math.round((new Date(row.locked_until).getTime() - Date.now()) / 1000);
    expect(seconds).toBe(4);

    // GraphQL gives the same clear answer, not a server error
    const gql = await t.graphql<Gql>(TOKEN_CREATE, { email: user.email, password: PASSWORD }, { headers: { 'accept-language': 'de' } });
    expect(gql.status).toBe(200);
    expect(gql.body.data?.tokenCreate.error?.code).toBe('THROTTLED');
    expect(gql.body.data?.tokenCreate.error?.message).toMatch(/^Zu viele Versuche\. Bitte warten Sie \d Sekunden/);

    // a successful login after the wait clears the account's failures
    await t.app.db('login_throttles').where({ scope: 'account' }).update({ locked_until: new Date(Date.now() - 1) });
    expect(await attempt(PASSWORD)).toBe('OK');
    expect(await t.app.db('login_throttles').where({ scope: 'account', key: user.email }).first()).toBeUndefined();
  });

  it('locks an IP that fails on many accounts', async () => {
    const ctx = await t.serviceContext(null, 'EN');
    const ip = '203.0.113.9';
    for (let i = 0; i < 21; i += 1) {
      await expect(login(ctx, { email: uniqueEmail(), password: 'Falsch-123x', ip })).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS' });
    }
    const user = await userWithPassword();
    await expect(login(ctx, { email: user.email, password: PASSWORD, ip })).rejects.toMatchObject({ code: 'THROTTLED' });
    await expect(login(ctx, { email: user.email, password: PASSWORD, ip: '203.0.113.10' })).resolves.toEqual({ userId: user.id });
  });
});

describe('password reset', () => {
  const RESET = 'mutation($email: String!, $url: String) { requestPasswordReset(email: $email, redirectUrl: $url) { error { code field message } } }';
  const SET = 'mutation($email: String!, $token: String!, $password: String!) { setPassword(email: $email, token: $token, password: $password) { error { code field message } errors { code } } }';

  it('answers NOT_FOUND with the spec text for an unknown e-mail', async () => {
    const de = await t.graphql<Gql>(RESET, { email: 'niemand@test.example' }, { headers: { 'accept-language': 'de' } });
    expect(de.body.data?.requestPasswordReset.error).toEqual({ code: 'NOT_FOUND', field: 'email', message: 'Kein Benutzer mit dieser E-Mail-Adresse gefunden' });
    const en = await t.graphql<Gql>(RESET, { email: 'nobody@test.example' }, { headers: { 'accept-language': 'en' } });
    expect(en.body.data?.requestPasswordReset.error?.message).toBe('No user with this e-mail address found');
  });

  it('sets a new password with the mailed token and ends every session and refresh token', async () => {
    const user = await userWithPassword({ default_language: 'EN' });
    const tokens = await rawGraphql(TOKEN_CREATE, { email: user.email, password: PASSWORD });
    const refreshToken = (tokens.body.data.tokenCreate as unknown as { refreshToken: string }).refreshToken;
    const { sessionId } = await createSession(t.app.env, t.app.db, user.id);

    expect((await t.graphql<Gql>(RESET, { email: user.email })).body.data?.requestPasswordReset.error).toBeNull();
    const [mail] = await listMails(t.app.db, { to: user.email });
    expect(mail.subject).toBe('Reset your password');
    const link = await lastMailLink(t.app.db, user.email);
    expect(link.pathname).toBe('/set-new-password');
    const token = link.searchParams.get('token')!;

    const bad = await t.graphql<Gql>(SET, { email: user.email, token: 'wrong', password: 'Neues-Passwort-99' }, { headers: { 'accept-language': 'de' } });
    expect(bad.body.data?.setPassword.error).toEqual({ code: 'INVALID', field: 'token', message: 'Das Token zum Zurücksetzen des Kennworts ist ungültig oder abgelaufen.' });
    const weak = await t.graphql<Gql>(SET, { email: user.email, token, password: '12345678' });
    expect(weak.body.data?.setPassword.errors).toEqual([{ code: 'PASSWORD_TOO_COMMON' }, { code: 'PASSWORD_ENTIRELY_NUMERIC' }]);

    const ok = await t.graphql<Gql>(SET, { email: user.email, token, password: 'Neues-Passwort-99' });
    expect(ok.body.data?.setPassword.error).toBeNull();
    const reuse = await t.graphql<Gql>(SET, { email: user.email, token, password: 'Noch-ein-Passwort-1' }, { headers: { 'accept-language': 'en' } });
    expect(reuse.body.data?.setPassword.error?.message).toBe('The password reset token is invalid or has expired.');

    const ctx = await t.serviceContext(null, 'EN');
    await expect(login(ctx, { email: user.email, password: PASSWORD })).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS' });
    await expect(login(ctx, { email: user.email, password: 'Neues-Passwort-99' })).resolves.toEqual({ userId: user.id });
    const refresh = await rawGraphql(TOKEN_REFRESH, { refreshToken });
    expect(refresh.body.data.tokenRefresh.error?.code).toBe('JWT_INVALID_TOKEN');
    expect(await t.app.db('sessions').where({ id: sessionId }).first()).toBeUndefined();
  });

  it('does not accept an expired reset token', async () => {
    const user = await userWithPassword();
    const ctx = await t.serviceContext(null, 'EN');
    await requestPasswordReset(ctx, user.email);
    const token = (await lastMailLink(t.app.db, user.email)).searchParams.get('token')!;
    await t.app.db('account_tokens').where({ user_id: user.id }).update({ expires_at: new Date(Date.now() - 1) });
    await expect(setPassword(ctx, { email: user.email, token, password: 'Neues-Passwort-98' })).rejects.toMatchObject({ code: 'INVALID' });
  });
});

describe('browser login helpers', () => {
  it('login returns the user id; logout ends the session and clears the cookie', async () => {
    const user = await userWithPassword();
    const ctx = await t.serviceContext(null, 'EN');
    const { userId } = await login(ctx, { email: ` ${user.email.toUpperCase()} `, password: PASSWORD, ip: '192.0.2.1' });
    expect(userId).toBe(user.id);
    const { sessionId } = await createSession(t.app.env, t.app.db, userId);
    const cleared = await logout(ctx, sessionId);
    expect(cleared).toMatch(/Max-Age=0/);
    expect(await t.app.db('sessions').where({ id: sessionId }).first()).toBeUndefined();
  });
});

describe('me and accountUpdate', () => {
  const UPDATE = `mutation($input: AccountInput!) { accountUpdate(input: $input) {
    user { firstName lastName defaultLanguage avatar { id } } error { code field message } errors { code field } } }`;

  it('returns the logged-in user, null for a visitor', async () => {
    const user = await userWithPassword({ first_name: 'Mia', is_staff: true });
    const cookie = await t.sessionCookie(user.id);
    const { body } = await t.graphql<{ me: Record<string, unknown> }>(
      '{ me { id email firstName lastName sales isStaff isActive dateJoined defaultLanguage avatar { id } address { id } } }',
      {},
      { headers: { cookie } },
    );
    expect(body.data?.me).toMatchObject({ id: user.id, firstName: 'Mia', isStaff: true, isActive: true, sales: false, defaultLanguage: 'DE', avatar: null, address: null });
    expect((await t.graphql('{ me { id } }')).body.data).toEqual({ me: null });
  });

  it('lists the organisations of the user, the current one first', async () => {
    const user = await userWithPassword();
    const first = await createOrganization(t.app.db, { name: 'Zeta Messe' });
    const second = await createOrganization(t.app.db, { name: 'Alpha Messe' });
    await addMember(t.app.db, first.id, user.id);
    await addMember(t.app.db, second.id, user.id, { role: 'sales' });
    await t.app.db('users').where({ id: user.id }).update({ default_organization_id: second.id });
    const { body } = await t.graphql<{ me: Record<string, unknown> }>(
      '{ me { sales organization { id name slug } organizations { id } } }',
      {},
      { headers: { authorization: `JWT ${await t.accessToken(user.id)}` } },
    );
    expect(body.data?.me).toEqual({
      sales: true,
      organization: { id: second.id, name: 'Alpha Messe', slug: second.slug },
      organizations: [{ id: second.id }, { id: first.id }],
    });
  });

  it('updates names, language and avatar (own uploaded image only)', async () => {
    const user = await userWithPassword();
    const other = await userWithPassword();
    const [own] = await t.app.db('files')
      .insert({ uploaded_by_id: user.id, storage_key: `k-${user.id}`, filename: 'a.jpg', mime_type: 'image/jpeg', size: 10 })
      .returning('id');
    const [foreign] = await t.app.db('files')
      .insert({ uploaded_by_id: other.id, storage_key: `k-${other.id}`, filename: 'b.jpg', mime_type: 'image/jpeg', size: 10 })
      .returning('id');
    const token = await t.accessToken(user.id);
    const headers = { authorization: `JWT ${token}`, 'accept-language': 'en' };

    const bad = await t.graphql<Gql>(UPDATE, { input: { defaultLanguage: 'FR', avatarId: foreign.id, firstName: ' ' } }, { headers });
    expect(bad.body.data?.accountUpdate.errors).toEqual([
      { code: 'REQUIRED', field: 'firstName' },
      { code: 'INVALID', field: 'defaultLanguage' },
      { code: 'NOT_FOUND', field: 'avatarId' },
    ]);
    const ok = await t.graphql<Gql>(UPDATE, { input: { defaultLanguage: 'en', avatarId: own.id, firstName: 'Lena', lastName: 'Kurz' } }, { headers });
    expect(ok.body.data?.accountUpdate).toMatchObject({
      user: { firstName: 'Lena', lastName: 'Kurz', defaultLanguage: 'EN', avatar: { id: own.id } },
      error: null,
    });
  });

  it('needs a logged-in user', async () => {
    const { body } = await t.graphql(UPDATE, { input: { firstName: 'X' } });
    expect(body.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('account deletion', () => {
  it('mails a deletion link and deletes the account with its memberships and tokens', async () => {
    const user = await userWithPassword({ default_language: 'EN' });
    const org = await createOrganization(t.app.db);
    await addMember(t.app.db, org.id, user.id);
    const headers = await t.sessionHeaders(user.id);
    const REQUEST = 'mutation { accountRequestDeletion { error { code } } }';
    expect((await t.graphql<Gql>(REQUEST, {}, { headers })).body.data?.accountRequestDeletion.error).toBeNull();
    const [mail] = await listMails(t.app.db, { to: user.email });
    expect(mail.subject).toBe('Confirm the deletion of your account');
    const token = (await lastMailLink(t.app.db, user.email)).searchParams.get('token')!;

    const DELETE = 'mutation($token: String!) { accountDelete(token: $token) { id error { code field } } }';
    const wrong = await t.graphql<Gql>(DELETE, { token: 'nope' }, { headers });
    expect(wrong.body.data?.accountDelete.error).toEqual({ code: 'INVALID', field: 'token' });
    const ok = await t.graphql<Gql>(DELETE, { token }, { headers });
    expect(ok.body.data?.accountDelete).toEqual({ id: user.id, error: null });
    expect(await t.app.db('users').where({ id: user.id }).first()).toBeUndefined();
    expect(await t.app.db('organization_members').where({ user_id: user.id }).first()).toBeUndefined();
    expect(await t.app.db('sessions').where({ user_id: user.id }).first()).toBeUndefined();
  });
});

describe('addresses', () => {
  const CREATE = `mutation($input: AddressInput!, $all: Boolean) { addressCreate(input: $input, allDataRequired: $all) {
    address { id firstName companyName phone country { code name } } error { code field message } errors { code field } } }`;
  const UPDATE = `mutation($id: ID!, $input: AddressInput!) { addressUpdate(id: $id, input: $input) {
    address { id city phone } error { code field message } } }`;
  const full = {
    firstName: 'Anna',
    lastName: 'Berg',
    companyName: 'Berg GmbH',
    streetAddress1: 'Hauptstraße',
    houseNo: '5a',
    city: 'Köln',
    postalCode: '50667',
    phone: '0221 1234567',
  };

  it('requires every business-card field when all data is required', async () => {
    const user = await userWithPassword();
    const headers = { authorization: `JWT ${await t.accessToken(user.id)}` };
    const { body } = await t.graphql<Gql>(CREATE, { input: { firstName: 'Anna' }, all: true }, { headers });
    expect(body.data?.addressCreate.errors).toEqual(
      ['lastName', 'companyName', 'streetAddress1', 'houseNo', 'city', 'postalCode', 'phone'].map((field) => ({ code: 'REQUIRED', field })),
    );
  });

  it('validates the phone number and the country; stores the number in E.164 and defaults to DE', async () => {
    const user = await userWithPassword({ default_language: 'EN' });
    const headers = { authorization: `JWT ${await t.accessToken(user.id)}` };
    const badPhone = await t.graphql<Gql>(CREATE, { input: { ...full, phone: '12' }, all: true }, { headers });
    expect(badPhone.body.data?.addressCreate.error).toEqual({ code: 'INVALID', field: 'phone', message: 'The phone number entered is not valid' });
    const germanUser = await userWithPassword({ default_language: 'DE' });
    const germanHeaders = { authorization: `JWT ${await t.accessToken(germanUser.id)}` };
    const badPhoneDe = await t.graphql<Gql>(CREATE, { input: { ...full, phone: '12' } }, { headers: germanHeaders });
    expect(badPhoneDe.body.data?.addressCreate.error?.message).toBe('Die eingegebene Telefonnummer ist ungültig');
    const badCountry = await t.graphql<Gql>(CREATE, { input: { ...full, country: 'XX' } }, { headers });
    expect(badCountry.body.data?.addressCreate.errors).toContainEqual({ code: 'INVALID', field: 'country' });

    const ok = await t.graphql<Gql>(CREATE, { input: full, all: true }, { headers });
    expect(ok.body.data?.addressCreate).toMatchObject({
      address: { firstName: 'Anna', companyName: 'Berg GmbH', phone: '+492211234567', country: { code: 'DE', name: 'Germany' } },
      error: null,
    });
    // a user has one address: creating again updates it
    const again = await t.graphql<Gql>(CREATE, { input: { city: 'Bonn' } }, { headers });
    expect((again.body.data?.addressCreate.address as { id: string }).id).toBe((ok.body.data?.addressCreate.address as { id: string }).id);
    expect(await t.app.db('addresses').where({ user_id: user.id }).count('* as n').first()).toEqual({ n: 1 });
  });

  it('lets only the owner update an address', async () => {
    const owner = await userWithPassword();
    const intruder = await userWithPassword({ default_language: 'EN' });
    const ownerHeaders = { authorization: `JWT ${await t.accessToken(owner.id)}` };
    const created = await t.graphql<Gql>(CREATE, { input: full }, { headers: ownerHeaders });
    const id = (created.body.data?.addressCreate.address as { id: string }).id;

    const denied = await t.graphql<Gql>(UPDATE, { id, input: { city: 'Hacked' } }, { headers: { authorization: `JWT ${await t.accessToken(intruder.id)}`, 'accept-language': 'en' } });
    expect(denied.body.data?.addressUpdate.error).toEqual({ code: 'PERMISSION_DENIED', field: null, message: "You don't have permission to perform this action." });
    const missing = await t.graphql<Gql>(UPDATE, { id: '00000000-0000-4000-8000-000000000000', input: { city: 'X' } }, { headers: ownerHeaders });
    expect(missing.body.data?.addressUpdate.error?.code).toBe('NOT_FOUND');
    const ok = await t.graphql<Gql>(UPDATE, { id, input: { city: 'Bonn', phone: '+49 228 123456' } }, { headers: ownerHeaders });
    expect(ok.body.data?.addressUpdate).toMatchObject({ address: { id, city: 'Bonn', phone: '+49228123456' }, error: null });
    const me = await t.graphql<{ me: { address: { city: string } } }>('{ me { address { city } } }', {}, { headers: ownerHeaders });
    expect(me.body.data?.me.address.city).toBe('Bonn');
  });
});
