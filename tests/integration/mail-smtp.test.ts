import { afterEach, describe, expect, it } from 'vitest';
import { inTransaction } from '~/server/context.server';
import { deliverPending, enqueueMail, listMails, MAX_ATTEMPTS } from '~/server/mail/outbox.server';
import { headerOf, mimePart, useAppWithSmtp } from '../helpers/smtp';

const linkIn = (text: string) => new URL(/https?:\/\/\S+/.exec(text)![0]);

const world = useAppWithSmtp();

afterEach(() => {
  world.received.length = 0;
});

describe('mail through SMTP', () => {
  it('delivers the activation mail (HTML and text, in the user language); its link activates the account', async () => {
    const email = `smtp-${Date.now()}@test.example`;
    const register = await world.t.graphql<{ accountRegister: { error: unknown } }>(
      `mutation($input: AccountRegisterInput!) { accountRegister(input: $input) { error { code } } }`,
      { input: { email, password: 'Lichtung-Ahorn-73', firstName: 'Jörg', lastName: 'Weiß', defaultLanguage: 'DE' } },
    );
    expect(register.body.data?.accountRegister.error).toBeNull();
    expect(world.received).toHaveLength(0); // written to the outbox, sent by the worker

    expect(await deliverPending(world.t.app)).toBe(1);
    expect(world.received).toHaveLength(1);
    const [mail] = world.received;
    expect(mail.to).toEqual([email]);
    expect(mail.from).toBe('no-reply@localhost');
    expect(headerOf(mail.raw, 'Content-Type')).toMatch(/^multipart\/alternative/);
    const text = mimePart(mail.raw, 'text/plain');
    const html = mimePart(mail.raw, 'text/html');
    expect(text).toContain('Hallo Jörg,');
    expect(html).toContain('Konto aktivieren');

    const link = linkIn(text);
    expect(link.pathname).toBe('/activate-account');
    expect(html).toContain(link.toString().replace(/&/g, '&amp;'));
    const confirm = await world.t.graphql<{ confirmAccount: { error: unknown } }>(
      `mutation($email: String!, $token: String!) { confirmAccount(email: $email, token: $token) { error { code } } }`,
      { email: link.searchParams.get('email'), token: link.searchParams.get('token') },
    );
    expect(confirm.body.data?.confirmAccount.error).toBeNull();
    const login = await world.t.graphql<{ tokenCreate: { token: string | null; error: unknown } }>(
      `mutation { tokenCreate(email: "${email}", password: "Lichtung-Ahorn-73") { token error { code } } }`,
    );
    expect(login.body.data?.tokenCreate.error).toBeNull();
    expect(login.body.data?.tokenCreate.token).toBeTruthy();

    const [stored] = await listMails(world.t.app.db, { to: email });
    expect(stored).toMatchObject({ status: 'sent', transport: 'smtp', attempts: 1 });
    expect(await deliverPending(world.t.app)).toBe(0); // sent once only
  });

  it('delivers the password reset mail; its link sets a new password', async () => {
    const email = `reset-${Date.now()}@test.example`;
    await world.t.graphql(
      `mutation($input: AccountRegisterInput!) { accountRegister(input: $input) { error { code } } }`,
      { input: { email, password: 'Lichtung-Ahorn-73', firstName: 'Amy', lastName: 'Pond', defaultLanguage: 'EN' } },
    );
    await world.t.app.db('users').where({ email }).update({ is_active: true, email_confirmed_at: new Date() });
    await deliverPending(world.t.app);
    world.received.length = 0;

    const request = await world.t.graphql<{ requestPasswordReset: { error: unknown } }>(
      `mutation { requestPasswordReset(email: "${email}", redirectUrl: "/set-new-password") { error { code } } }`,
    );
    expect(request.body.data?.requestPasswordReset.error).toBeNull();
    await deliverPending(world.t.app);
    expect(world.received).toHaveLength(1);
    expect(headerOf(world.received[0].raw, 'Subject')).toBe('Reset your password');
    const link = linkIn(mimePart(world.received[0].raw, 'text/plain'));
    expect(link.pathname).toBe('/set-new-password');

    const set = await world.t.graphql<{ setPassword: { error: unknown } }>(
      `mutation($email: String!, $token: String!) { setPassword(email: $email, token: $token, password: "Neues-Passwort-99") { error { code } } }`,
      { email: link.searchParams.get('email'), token: link.searchParams.get('token') },
    );
    expect(set.body.data?.setPassword.error).toBeNull();
    const login = await world.t.graphql<{ tokenCreate: { error: unknown } }>(
      `mutation { tokenCreate(email: "${email}", password: "Neues-Passwort-99") { token error { code } } }`,
    );
    expect(login.body.data?.tokenCreate.error).toBeNull();
  });

  it('delivers each mail once when several workers run at the same time', async () => {
    for (let i = 0; i < 6; i += 1) {
      await enqueueMail(world.t.app.db, { to: `batch-${i}@test.example`, subject: `Batch ${i}`, html: '<p>x</p>', text: 'x' });
    }
    const counts = await Promise.all([deliverPending(world.t.app), deliverPending(world.t.app), deliverPending(world.t.app)]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(6);
    expect(world.received.map((r) => r.to[0]).sort()).toEqual([0, 1, 2, 3, 4, 5].map((i) => `batch-${i}@test.example`));
  });
});

describe('outbox', () => {
  it('writes nothing when the transaction of the change rolls back', async () => {
    const ctx = await world.t.serviceContext(null);
    await expect(
      inTransaction(ctx, async (tx) => {
        await enqueueMail(tx.db, { to: 'rollback@test.example', subject: 'x', html: 'x', text: 'x' });
        throw new Error('change failed');
      }),
    ).rejects.toThrow('change failed');
    expect(await listMails(world.t.app.db, { to: 'rollback@test.example' })).toEqual([]);
  });

  it('keeps the mail for /dev/mail when no SMTP_URL is set', async () => {
    const smtpUrl = world.t.app.env.SMTP_URL;
    world.t.app.env.SMTP_URL = undefined;
    try {
      await enqueueMail(world.t.app.db, { to: 'dev@test.example', subject: 'Dev', html: '<p>x</p>', text: 'x' });
      expect(await deliverPending(world.t.app)).toBe(1);
      const [mail] = await listMails(world.t.app.db, { to: 'dev@test.example' });
      expect(mail).toMatchObject({ status: 'sent', transport: 'dev', subject: 'Dev', html: '<p>x</p>' });
      expect(world.received).toHaveLength(0);
    } finally {
      world.t.app.env.SMTP_URL = smtpUrl;
    }
  });

  it('retries a failed delivery with growing delays and gives up after the last attempt', async () => {
    const smtpUrl = world.t.app.env.SMTP_URL;
    world.t.app.env.SMTP_URL = 'smtp://127.0.0.1:9?connectionTimeout=500';
    try {
      await enqueueMail(world.t.app.db, { to: 'retry@test.example', subject: 'Retry', html: 'x', text: 'x' });
      expect(await deliverPending(world.t.app)).toBe(0);
      let [mail] = await listMails(world.t.app.db, { to: 'retry@test.example' });
      expect(mail).toMatchObject({ status: 'pending', attempts: 1 });
      expect(mail.lastError).toBeTruthy();
      const first = await world.t.app.db('outbox').where({ id: mail.id }).first('next_attempt_at');
      expect(new Date(first.next_attempt_at).getTime() - Date.now()).toBeGreaterThan(25_000);

      expect(await deliverPending(world.t.app)).toBe(0); // not due yet: nothing is tried
      expect((await listMails(world.t.app.db, { to: 'retry@test.example' }))[0].attempts).toBe(1);

      await world.t.app.db('outbox').where({ id: mail.id }).update({ next_attempt_at: new Date(Date.now() - 1000) });
      await deliverPending(world.t.app);
      const second = await world.t.app.db('outbox').where({ id: mail.id }).first('next_attempt_at');
      expect(new Date(second.next_attempt_at).getTime() - Date.now()).toBeGreaterThan(55_000);

      for (let i = 2; i < MAX_ATTEMPTS; i += 1) {
        await world.t.app.db('outbox').where({ id: mail.id }).update({ next_attempt_at: new Date(Date.now() - 1000) });
        await deliverPending(world.t.app);
      }
      [mail] = await listMails(world.t.app.db, { to: 'retry@test.example' });
      expect(mail).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
    } finally {
      world.t.app.env.SMTP_URL = smtpUrl;
    }
  });
});
