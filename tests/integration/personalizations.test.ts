import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Feature, Package } from '~/lib/features';
import { createTestApp, type TestApp } from '../helpers/app';
import { addMember, createFile, createOrganization, createStand, createUser } from '../fixtures/factories';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Err = { code: string; field: string | null; message: string };

async function member(suites: number, options: { sales?: boolean } = {}) {
  const org = await createOrganization(t.app.db, { suites });
  const user = await createUser(t.app.db, { default_language: 'EN' });
  await addMember(t.app.db, org.id, user.id, options.sales ? { role: 'sales', sales: true } : { role: 'admin', isOwner: true });
  const logo = await createFile(t.app.db, { organization_id: org.id });
  return { org, user, logo };
}

async function gql<T>(userId: string | null, query: string, variables: Record<string, unknown> = {}) {
  const headers: Record<string, string> = userId ? { Authorization: `JWT ${await t.accessToken(userId)}` } : {};
  return (await t.graphql<T>(query, variables, { headers })).body;
}

const FIELDS = 'id slug title logoId logoPosition logoWidth primaryColor secondaryColor contrastWarning logo { url }';

async function create(userId: string, input: Record<string, unknown>) {
  const body = await gql<{ personalizationCreate: { personalization: Record<string, unknown> & { id: string }; errors: Err[] } }>(
    userId,
    `mutation($input: PersonalizationInput!) { personalizationCreate(input: $input) { personalization { ${FIELDS} } errors { code field message } } }`,
    { input },
  );
  return body.data!.personalizationCreate;
}

describe('personalizations', () => {
  it('needs a logo and valid colours; logo width defaults to 100; the first becomes the default; the contrast is checked', async () => {
    const { org, user, logo } = await member(Package.BASIC);
    const refused = await create(user.id, { title: 'Messe-Look', primaryColor: 'red', logoWidth: 5 });
    expect(refused.personalization).toBeNull();
    expect(refused.errors).toEqual([
      { code: 'INVALID', field: 'logoWidth', message: 'The logo width must be between 16 and 1000 pixels.' },
      { code: 'INVALID', field: 'primaryColor', message: 'Please enter a colour as #rrggbb.' },
      { code: 'REQUIRED', field: 'logoId', message: 'Please upload a logo' },
    ]);
    const foreignLogo = await createFile(t.app.db);
    expect((await create(user.id, { title: 'X', logoId: foreignLogo.id })).errors[0]).toMatchObject({ code: 'INVALID', field: 'logoId' });

    const first = await create(user.id, { title: 'Messe-Look', logoId: logo.id, primaryColor: '#FFFF00' });
    expect(first.errors).toEqual([]);
    expect(first.personalization).toMatchObject({ logoWidth: 100, logoPosition: 'LEFT', primaryColor: '#ffff00', contrastWarning: true });
    const second = await create(user.id, { title: 'Dunkel', logoId: logo.id, primaryColor: '#283853', logoPosition: 'MIDDLE' });
    expect(second.personalization).toMatchObject({ contrastWarning: false, logoPosition: 'MIDDLE' });

    const byDefault = await gql<{ defaultPersonalization: { id: string } | null }>(null, `query($o: String!) { defaultPersonalization(orgSlug: $o) { id title } }`, {
      o: org.slug,
    });
    expect(byDefault.data!.defaultPersonalization).toMatchObject({ id: first.personalization.id });
    await gql(user.id, `mutation($id: ID!) { personalizationSetDefault(id: $id) { personalization { id } } }`, { id: second.personalization.id });
    const list = await gql<{ personalizations: { title: string }[] }>(user.id, `{ personalizations { title } }`);
    expect(list.data!.personalizations.map((p) => p.title)).toEqual(['Dunkel', 'Messe-Look']);

    const updated = await gql<{ personalizationUpdate: { personalization: { title: string; logoWidth: number } } }>(
      user.id,
      `mutation($id: ID!) { personalizationUpdate(id: $id, input: { logoWidth: 180 }) { personalization { title logoWidth } errors { code } } }`,
      { id: first.personalization.id },
    );
    expect(updated.data!.personalizationUpdate.personalization).toEqual({ title: 'Messe-Look', logoWidth: 180 });
    const deleted = await gql<{ personalizationDelete: { ok: boolean } }>(user.id, `mutation($id: ID!) { personalizationDelete(id: $id) { ok } }`, {
      id: second.personalization.id,
    });
    expect(deleted.data!.personalizationDelete.ok).toBe(true);
    const none = await gql<{ defaultPersonalization: null }>(null, `query($o: String!) { defaultPersonalization(orgSlug: $o) { id } }`, { o: org.slug });
    expect(none.data!.defaultPersonalization).toBeNull();
  });

  it('another organisation NOT_FOUND, a sales user and an organisation without the feature PERMISSION_DENIED, anonymous UNAUTHENTICATED', async () => {
    const owner = await member(Package.BASIC);
    const own = (await create(owner.user.id, { title: 'Eigen', logoId: owner.logo.id })).personalization;
    const other = await member(Package.BASIC);
    const update = (userId: string | null) =>
      gql<{ personalizationUpdate: { errors: Err[] } }>(userId, `mutation($id: ID!) { personalizationUpdate(id: $id, input: { title: "Fremd" }) { errors { code } } }`, {
        id: own.id,
      });
    expect((await update(other.user.id)).data!.personalizationUpdate.errors[0]).toMatchObject({ code: 'NOT_FOUND' });
    const sales = await createUser(t.app.db);
    await addMember(t.app.db, owner.org.id, sales.id, { role: 'sales', sales: true });
    expect((await update(sales.id)).data!.personalizationUpdate.errors[0]).toMatchObject({ code: 'PERMISSION_DENIED' });
    const lacking = await member(Feature.lead | Feature.content);
    expect((await update(lacking.user.id)).data!.personalizationUpdate.errors[0]).toMatchObject({ code: 'PERMISSION_DENIED' });
    expect((await update(null)).errors![0]!.extensions!.code).toBe('UNAUTHENTICATED');
  });

  it("a stand takes only a personalization of the stand's own organisation", async () => {
    const host = await member(Package.BASIC | Package.EVENT);
    const stand = await createStand(t.app.db, { organization_id: host.org.id });
    const own = (await create(host.user.id, { title: 'Stand-Look', logoId: host.logo.id })).personalization;
    const other = await member(Package.BASIC);
    const foreign = (await create(other.user.id, { title: 'Fremd', logoId: other.logo.id })).personalization;
    const set = (personalizationId: string | null) =>
      gql<{ baseStandPersonalizationUpdate: { stand: { personalizationId: string | null } | null; error: Err | null } }>(
        host.user.id,
        `mutation($id: ID!, $p: ID) { baseStandPersonalizationUpdate(id: $id, personalizationId: $p) { stand { personalizationId } error { code field } } }`,
        { id: stand.id, p: personalizationId },
      );
    expect((await set(foreign.id)).data!.baseStandPersonalizationUpdate).toMatchObject({ stand: null, error: { code: 'NOT_FOUND', field: 'personalizationId' } });
    expect((await set('00000000-0000-4000-8000-000000000000')).data!.baseStandPersonalizationUpdate.error).toMatchObject({ code: 'NOT_FOUND' });
    expect((await set(own.id)).data!.baseStandPersonalizationUpdate).toEqual({ stand: { personalizationId: own.id }, error: null });
    expect((await set(null)).data!.baseStandPersonalizationUpdate).toEqual({ stand: { personalizationId: null }, error: null });
  });
});
