import { getNamedType, isLeafType, isObjectType, type GraphQLObjectType } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Package } from '~/lib/features';
import { buildSchema } from '#graphql/server';
import { columnName } from '#graphql/mappers';
import { createTestApp, type TestApp } from '../helpers/app';
import { addMember, createAddress, createFile, createInvite, createOrganization, createUser } from '../fixtures/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const schema = buildSchema(process.cwd());

/** Every field of a type, objects expanded once more (cycles stop at `seen`). */
function selection(type: GraphQLObjectType, seen: Set<string>): string {
  const fields = Object.values(type.getFields()).filter((f) => f.args.length === 0);
  return fields
    .map((field) => {
      const named = getNamedType(field.type);
      if (isLeafType(named)) return field.name;
      if (isObjectType(named) && !seen.has(named.name)) return `${field.name} { ${selection(named, new Set([...seen, named.name]))} }`;
      return null;
    })
    .filter(Boolean)
    .join(' ');
}

/** Paths of the null values in an answer. */
function nulls(value: unknown, path = ''): string[] {
  if (value === null) return [path];
  if (Array.isArray(value)) return value.flatMap((item, i) => nulls(item, `${path}[${i}]`));
  if (typeof value === 'object') return Object.entries(value as object).flatMap(([k, v]) => nulls(v, path ? `${path}.${k}` : k));
  return [];
}

describe('GraphQL types mapped to models (graphql/mappers.ts)', () => {
  it('reads camelCase fields from snake_case columns', () => {
    expect(columnName('supportUrl')).toBe('support_url');
    expect(columnName('streetAddress1')).toBe('street_address_1');
    expect(columnName('isOwner')).toBe('is_owner');
    expect(columnName('id')).toBe('id');
  });

  it('answer every field of me, its organisations, members and invites with the stored values (no silent nulls)', async () => {
    const db = t.app.db;
    const org = await createOrganization(db, { suites: Package.BASIC | Package.EVENT, email: 'info@acme.example', homepage_url: 'https://acme.example' });
    const user = await createUser(db, { default_language: 'EN', is_staff: false });
    await addMember(db, org.id, user.id, { isOwner: true });
    const logo = await createFile(db, { organization_id: org.id });
    const avatar = await createFile(db, { uploaded_by_id: user.id, is_public: false });
    await db('organizations').where({ id: org.id }).update({ avatar_id: logo.id });
    await db('users').where({ id: user.id }).update({ avatar_id: avatar.id });
    await createAddress(db, { user_id: user.id });
    const { invite } = await createInvite(db, { organization_id: org.id, invited_by_id: user.id });

    const query = `{ me { ${selection(schema.getType('User') as GraphQLObjectType, new Set(['User']))} } }`;
    const res = await t.graphql<{ me: Record<string, unknown> }>(query, {}, { headers: { Authorization: `JWT ${await t.accessToken(user.id)}` } });
    expect(res.body.errors).toBeUndefined();
    const me = res.body.data!.me;
    expect(nulls(me)).toEqual([]);
    expect(me).toMatchObject({
      id: user.id,
      firstName: 'Erika',
      isActive: true,
      defaultLanguage: 'EN',
      avatar: { id: avatar.id, mimeType: 'image/png' },
      address: { streetAddress1: 'Musterstraße', houseNo: '1', country: { code: 'DE' } },
      organization: {
        id: org.id,
        email: 'info@acme.example',
        supportUrl: '',
        homepageUrl: 'https://acme.example',
        isActive: true,
        chatEnabled: false,
        features: expect.arrayContaining(['USER_MANAGEMENT', 'EVENT']),
        packages: ['BASIC', 'EVENT'],
        memberCount: 1,
        users: [{ id: user.id, firstName: 'Erika', role: 'ADMIN', isOwner: true, sales: false }],
        invites: [{ id: invite.id, role: 'ADMIN', state: 'CREATED', accepted: false, organization: { id: org.id, name: org.name } }],
      },
    });
  });
});
