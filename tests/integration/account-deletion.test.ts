import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as deleteAccount from '~/routes/_public.delete-account';
import { listMails } from '~/server/mail/outbox.server';
import { createTestApp, type TestApp } from '../helpers/app';
import { callRoute } from '../helpers/routes';
import { addMember, createOrganization, createUser } from '../fixtures/factories';
import { lastMailLink } from './accounts-helpers';

/**
 * Account deletion (issue 31): the page the deletion mail links to (`/delete-account`) exists, asks once more,
 * deletes and logs out; the last admin of an organisation with other members is told to hand over first, through
 * the page and through GraphQL.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Gql = Record<string, { error: { code: string; field: string | null; message: string } | null; id?: string }>;
const REQUEST = 'mutation { accountRequestDeletion { error { code field message } } }';
const DELETE = 'mutation($token: String!) { accountDelete(token: $token) { id error { code field message } } }';

let counter = 0;
const person = (what: string) => createUser(t.app.db, { email: `deletion-${what}-${Date.now().toString(36)}-${counter++}@test.example`, default_language: 'EN' });

describe('/delete-account', () => {
  it('sends a logged-out user to the login page first, and back here afterwards', async () => {
    const outcome = await callRoute(t, deleteAccount.loader, { url: '/delete-account?token=abc' });
    expect(outcome.status).toBe(302);
    expect(outcome.location).toBe(`/login?next=${encodeURIComponent('/delete-account?token=abc')}`);
  });

  it('offers the confirmation mail; its link asks once more, deletes the account and logs out', async () => {
    const user = await person('walk');
    const start = await callRoute(t, deleteAccount.loader, { url: '/delete-account', userId: user.id });
    expect(start.data).toMatchObject({ email: user.email, token: '', handOver: [] });

    const requested = await callRoute(t, deleteAccount.action, { url: '/delete-account', userId: user.id, form: { intent: 'request' } });
    expect(requested).toMatchObject({ status: 302, location: '/delete-account?sent=1' });
    expect((await callRoute(t, deleteAccount.loader, { url: '/delete-account?sent=1', userId: user.id })).data).toMatchObject({ sent: true });
    const [mail] = await listMails(t.app.db, { to: user.email });
    expect(mail!.subject).toBe('Confirm the deletion of your account');
    const link = await lastMailLink(t.app.db, user.email);
    expect(link.pathname).toBe('/delete-account');
    const token = link.searchParams.get('token')!;

    // the link's page asks once more: nothing is deleted by opening it
    const confirm = await callRoute(t, deleteAccount.loader, { url: `/delete-account?token=${token}`, userId: user.id });
    expect(confirm.data).toMatchObject({ token, handOver: [] });
    expect(await t.app.db('users').where({ id: user.id }).first()).toBeDefined();

    const wrong = await callRoute(t, deleteAccount.action, { url: '/delete-account', userId: user.id, form: { intent: 'delete', token: 'nope' } });
    expect(wrong).toMatchObject({ status: 400, data: { code: 'INVALID', error: 'The deletion link is invalid or has expired.' } });
    expect(await t.app.db('users').where({ id: user.id }).first()).toBeDefined();

    const deleted = await callRoute(t, deleteAccount.action, { url: '/delete-account', userId: user.id, form: { intent: 'delete', token } });
    expect(deleted).toMatchObject({ status: 302, location: '/login', toast: { type: 'success', key: 'auth:deletion.done' } });
    expect(await t.app.db('users').where({ id: user.id }).first()).toBeUndefined();
    expect(await t.app.db('sessions').where({ user_id: user.id }).first()).toBeUndefined();
  });

  it('tells the last admin of an organisation with other members to hand over first, on the page and by GraphQL', async () => {
    const admin = await person('last-admin');
    const sales = await person('sales');
    const org = await createOrganization(t.app.db, { name: 'Messebau Nord' });
    await addMember(t.app.db, org.id, admin.id, { isOwner: true });
    await addMember(t.app.db, org.id, sales.id, { role: 'sales', sales: true });
    const headers = await t.sessionHeaders(admin.id);

    const page = await callRoute(t, deleteAccount.loader, { url: '/delete-account', userId: admin.id });
    expect(page.data).toMatchObject({ handOver: [{ id: org.id, name: 'Messebau Nord' }] });
    const refused = await callRoute(t, deleteAccount.action, { url: '/delete-account', userId: admin.id, form: { intent: 'request' } });
    expect(refused).toMatchObject({ status: 400, data: { code: 'LAST_ADMIN' } });
    expect((refused.data as { error: string }).error).toContain('Messebau Nord');
    const request = (await t.graphql<Gql>(REQUEST, {}, { headers })).body.data!.accountRequestDeletion;
    expect(request.error).toMatchObject({ code: 'LAST_ADMIN', field: null });
    expect(await listMails(t.app.db, { to: admin.email })).toHaveLength(0);

    // a second admin takes over: the deletion goes through and the organisation keeps an owner
    const second = await person('second-admin');
    await addMember(t.app.db, org.id, second.id);
    expect((await t.graphql<Gql>(REQUEST, {}, { headers })).body.data!.accountRequestDeletion.error).toBeNull();
    const token = (await lastMailLink(t.app.db, admin.email)).searchParams.get('token')!;
    const done = (await t.graphql<Gql>(DELETE, { token }, { headers })).body.data!.accountDelete;
    expect(done).toEqual({ id: admin.id, error: null });
    const members = await t.app.db('organization_members').where({ organization_id: org.id }).orderBy('created_at').select('user_id', 'is_owner', 'role');
    expect(members).toEqual([
      { user_id: sales.id, is_owner: false, role: 'sales' },
      { user_id: second.id, is_owner: true, role: 'admin' },
    ]);
  });

  it('refuses a deletion token while the user has become the last admin since the mail, and keeps the token', async () => {
    const admin = await person('became-last');
    const other = await person('other-admin');
    const org = await createOrganization(t.app.db);
    await addMember(t.app.db, org.id, admin.id);
    const otherMembership = await addMember(t.app.db, org.id, other.id);
    const headers = await t.sessionHeaders(admin.id);
    expect((await t.graphql<Gql>(REQUEST, {}, { headers })).body.data!.accountRequestDeletion.error).toBeNull();
    const token = (await lastMailLink(t.app.db, admin.email)).searchParams.get('token')!;
    await t.app.db('organization_members').where({ id: otherMembership.id }).update({ role: 'sales', sales: true });

    const refused = await callRoute(t, deleteAccount.action, { url: '/delete-account', userId: admin.id, form: { intent: 'delete', token } });
    expect(refused).toMatchObject({ status: 400, data: { code: 'LAST_ADMIN' } });
    expect(await t.app.db('users').where({ id: admin.id }).first()).toBeDefined();
    // handed over: the same link works
    await t.app.db('organization_members').where({ id: otherMembership.id }).update({ role: 'admin', sales: false });
    const done = await callRoute(t, deleteAccount.action, { url: '/delete-account', userId: admin.id, form: { intent: 'delete', token } });
    expect(done.status).toBe(302);
    expect(await t.app.db('users').where({ id: admin.id }).first()).toBeUndefined();
  });
});
