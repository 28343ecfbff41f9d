import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Feature, Package } from '~/lib/features';
import { createTestApp, type TestApp } from '../helpers/app';
import { addMember, createOrganization, createUser } from '../fixtures/factories';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function member(suites: number) {
  const org = await createOrganization(t.app.db, { suites });
  const user = await createUser(t.app.db, { default_language: 'EN' });
  await addMember(t.app.db, org.id, user.id, { role: 'admin', isOwner: true });
  const [personalization] = await t.app.db('personalizations').insert({ organization_id: org.id, slug: `p-${org.id}`, title: 'Look' }).returning('id');
  return { org, user, personalizationId: personalization.id as string };
}

async function gql<T>(userId: string | null, query: string, variables: Record<string, unknown> = {}) {
  const headers: Record<string, string> = userId ? { Authorization: `JWT ${await t.accessToken(userId)}` } : {};
  return (await t.graphql<T>(query, variables, { headers })).body;
}

type Site = { id: string; name: string; slug: string; personalizationId: string | null };
type Payload = { publicsite: Site | null; error: { code: string; field: string | null; message: string } | null };

describe('publicsites', () => {
  it('creates, updates, lists and deletes; the name is required and the personalization must be the organisation\'s own', async () => {
    const a = await member(Package.BASIC);
    const b = await member(Package.BASIC);
    const create = async (userId: string, input: Record<string, unknown>) =>
      (await gql<{ publicsiteCreate: Payload }>(userId, `mutation($i: PublicsiteInput!) { publicsiteCreate(input: $i) { publicsite { id name slug personalizationId } error { code field message } } }`, { i: input }))
        .data!.publicsiteCreate;
    expect((await create(a.user.id, { name: ' ' })).error).toEqual({ code: 'REQUIRED', field: 'name', message: 'Please enter a name.' });
    expect((await create(a.user.id, { name: 'Messe 2026', personalizationId: b.personalizationId })).error).toMatchObject({ code: 'NOT_FOUND', field: 'personalizationId' });
    const site = (await create(a.user.id, { name: 'Messe 2026', personalizationId: a.personalizationId })).publicsite!;
    expect(site).toMatchObject({ name: 'Messe 2026', slug: 'messe-2026', personalizationId: a.personalizationId });

    const updated = await gql<{ publicsiteUpdate: Payload }>(a.user.id, `mutation($id: ID!) { publicsiteUpdate(id: $id, input: { name: "Hausmesse", personalizationId: null }) { publicsite { name personalizationId } error { code } } }`, { id: site.id });
    expect(updated.data!.publicsiteUpdate).toEqual({ publicsite: { name: 'Hausmesse', personalizationId: null }, error: null });
    const list = await gql<{ publicsites: { name: string }[] }>(a.user.id, `{ publicsites { name } }`);
    expect(list.data!.publicsites).toEqual([{ name: 'Hausmesse' }]);
    expect((await gql<{ publicsites: unknown[] }>(b.user.id, `{ publicsites { name } }`)).data!.publicsites).toEqual([]);

    const foreign = await gql<{ publicsiteDelete: { ok: boolean; error: { code: string } | null } }>(b.user.id, `mutation($id: ID!) { publicsiteDelete(id: $id) { ok error { code } } }`, { id: site.id });
    expect(foreign.data!.publicsiteDelete).toEqual({ ok: false, error: { code: 'NOT_FOUND' } });
    const lacking = await member(Feature.lead);
    expect((await gql(lacking.user.id, `{ publicsites { id } }`)).errors![0]!.extensions!.code).toBe('PERMISSION_DENIED');
    expect((await gql(null, `{ publicsites { id } }`)).errors![0]!.extensions!.code).toBe('UNAUTHENTICATED');
    const done = await gql<{ publicsiteDelete: { ok: boolean } }>(a.user.id, `mutation($id: ID!) { publicsiteDelete(id: $id) { ok } }`, { id: site.id });
    expect(done.data!.publicsiteDelete.ok).toBe(true);
  });
});
