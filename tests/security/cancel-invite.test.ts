import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Package } from '~/lib/features';
import * as editOrganisation from '~/routes/_console.edit-organisation';
import { acceptInvitation, inviteUser } from '~/server/services/organizations/invites';
import { createTestApp, type TestApp } from '../helpers/app';
import { callRoute } from '../helpers/routes';
import { addMember, createOrganization, createUser } from '../fixtures/factories';

/**
 * Issue 11, finding 9: an admin of organisation B cancelling organisation A's invite got `ok: true` (nothing was
 * deleted). The embedded database reported a delete's result object instead of its row count, so the service's
 * "nothing deleted" check never fired. Both databases, both doors.
 */
describe.each(['auto', 'pglite'] as const)('cancelInvite of an invite the viewer may not touch (%s database)', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ database });
  }, 120_000);
  afterAll(() => t.close());

  async function world() {
    const db = t.app.db;
    const suites = Package.BASIC | Package.EVENT;
    const orgA = await createOrganization(db, { suites });
    const orgB = await createOrganization(db, { suites });
    const ownerA = await createUser(db, { default_language: 'EN' });
    const salesA = await createUser(db, { default_language: 'EN' });
    const adminB = await createUser(db, { default_language: 'EN' });
    await addMember(db, orgA.id, ownerA.id, { role: 'admin', isOwner: true });
    await addMember(db, orgA.id, salesA.id, { role: 'sales', sales: true });
    await addMember(db, orgB.id, adminB.id, { role: 'admin' });
    const invite = await inviteUser(await t.serviceContext(ownerA.id, 'EN'), { email: `pending-${Date.now()}@test.example` });
    return { orgA, ownerA, salesA, adminB, invite };
  }

  const CANCEL = `mutation($id: ID!) { cancelInvite(id: $id) { ok id error { code field message } } }`;
  const asUser = async (userId: string) => ({ Authorization: `JWT ${await t.accessToken(userId)}` });
  const inviteExists = async (id: string) => Boolean(await t.app.db('invites').where({ id }).first('id'));

  it('answers NOT_FOUND through GraphQL to an admin of another organisation and keeps the invite', async () => {
    const w = await world();
    const res = await t.graphql(CANCEL, { id: w.invite.id }, { headers: await asUser(w.adminB.id) });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      cancelInvite: { ok: false, id: null, error: { code: 'NOT_FOUND', field: 'id', message: 'Not found' } },
    });
    expect(await inviteExists(w.invite.id)).toBe(true);
  });

  it('answers the same NOT_FOUND for an unknown id, a malformed id and an accepted invite', async () => {
    const w = await world();
    const invitee = await createUser(t.app.db, { default_language: 'EN' });
    const accepted = await inviteUser(await t.serviceContext(w.ownerA.id, 'EN'), { email: invitee.email });
    const mail = await t.app.db('outbox').whereRaw("payload->>'to' = ?", [invitee.email]).first('payload');
    const link = /https?:\/\/\S+\/invites\?email=[^\s"]+&token=[\w-]+/.exec(mail.payload.text)?.[0];
    await acceptInvitation(await t.serviceContext(invitee.id, 'EN'), invitee.email, new URL(link!).searchParams.get('token')!);
    const headers = await asUser(w.ownerA.id);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', accepted.id]) {
      const res = await t.graphql(CANCEL, { id }, { headers });
      expect(res.body.data, id).toMatchObject({ cancelInvite: { ok: false, error: { code: 'NOT_FOUND' } } });
    }
    expect(await inviteExists(accepted.id)).toBe(true);
  });

  it('refuses a sales user of the inviting organisation', async () => {
    const w = await world();
    const res = await t.graphql(CANCEL, { id: w.invite.id }, { headers: await asUser(w.salesA.id) });
    expect(res.body.data).toMatchObject({ cancelInvite: { ok: false, error: { code: 'PERMISSION_DENIED' } } });
    expect(await inviteExists(w.invite.id)).toBe(true);
  });

  it('answers NOT_FOUND on the edit-organisation page too', async () => {
    const w = await world();
    const res = await callRoute(t, editOrganisation.action, {
      url: '/edit-organisation',
      userId: w.adminB.id,
      form: { intent: 'cancelInvite', id: w.invite.id },
    });
    expect(res).toMatchObject({
      status: 302,
      location: '/edit-organisation',
      toast: { type: 'error', key: 'errors:raw', values: { message: 'Not found' } },
    });
    expect(await inviteExists(w.invite.id)).toBe(true);
  });

  it('still lets the inviting admin cancel the invite, once', async () => {
    const w = await world();
    const headers = await asUser(w.ownerA.id);
    const first = await t.graphql(CANCEL, { id: w.invite.id }, { headers });
    expect(first.body.data).toEqual({ cancelInvite: { ok: true, id: w.invite.id, error: null } });
    expect(await inviteExists(w.invite.id)).toBe(false);
    const again = await t.graphql(CANCEL, { id: w.invite.id }, { headers });
    expect(again.body.data).toMatchObject({ cancelInvite: { ok: false, error: { code: 'NOT_FOUND' } } });
  });
});
