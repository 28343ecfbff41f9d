import { getNamedType, isLeafType, isObjectType, type GraphQLObjectType } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Package } from '~/lib/features';
import { buildSchema } from '#graphql/server';
import { columnName } from '#graphql/mappers';
import { createTestApp, type TestApp } from '../helpers/app';
import { addMember, createAddress, createConvention, createFile, createInvite, createOrganization, createUser } from '../fixtures/factories';

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
    // the organisation's mail look (issue 29): stored values, so its fields answer them
    await db('email_settings').insert({ organization_id: org.id, color: '#0055aa', header_image_id: logo.id, sender_name: 'Acme Messe', reply_to: 'antwort@acme.example' });
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

  it('answer every field of a convention from its columns (events types mapped to the services\' rows)', async () => {
    const db = t.app.db;
    const org = await createOrganization(db, { suites: Package.BASIC | Package.EVENT });
    const user = await createUser(db, { default_language: 'EN' });
    await addMember(db, org.id, user.id, { isOwner: true });
    const picture = await createFile(db, { organization_id: org.id, is_public: true });
    const convention = await createConvention(db, {
      organization_id: org.id,
      video: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      start_date: new Date('2030-05-01T08:00:00Z'),
      end_date: new Date('2030-05-03T18:00:00Z'),
      shop: true,
      permission_type: 'LOGGED_IN',
      header_image_id: picture.id,
      help_page: 'https://help.example',
      navigation_mode: 'IMAGE_FOYER',
      translations: { EN: { title: 'Fair', description: 'All about it' } },
    });

    // every plain field of the convention and of its organisation and translations (the whole tree is too costly a query)
    const leaves = (name: string) => selection(schema.getType(name) as GraphQLObjectType, new Set(Object.keys(schema.getTypeMap())));
    const query = `{ conventions { ${leaves('Convention')} headerImage { id } stage { id } imageFoyer { id }
      organization { ${leaves('EventOrganization')} } translations { ${leaves('ConventionTranslation')} } } }`;
    const res = await t.graphql<{ conventions: Record<string, unknown>[] }>(query, {}, { headers: { Authorization: `JWT ${await t.accessToken(user.id)}` } });
    expect(res.body.errors).toBeUndefined();
    const [answer] = res.body.data!.conventions;
    // references to content that arrives later, and the stage, foyer and virtual room this convention has not got
    expect(nulls(answer).sort()).toEqual(['contentId', 'contentPageId', 'helpContentPageId', 'imageFoyer', 'stage', 'virtualRoomId']);
    expect(answer).toMatchObject({
      id: convention.id,
      startDate: new Date('2030-05-01T08:00:00Z').toISOString(),
      endDate: new Date('2030-05-03T18:00:00Z').toISOString(),
      status: 'UPCOMING',
      shop: true,
      permissionType: 'LOGGED_IN',
      headerImage: { id: picture.id },
      helpPage: 'https://help.example',
      navigationMode: 'IMAGE_FOYER',
      translations: [{ language: 'EN', title: 'Fair', description: 'All about it' }],
      organization: { id: org.id, slug: org.slug, supportUrl: '', chatEnabled: false },
    });
    expect(answer.videoEmbedUrl).toContain('dQw4w9WgXcQ');
  });

  it('answer every field of a file from its row (File mapped to the UploadedFile model)', async () => {
    const db = t.app.db;
    const org = await createOrganization(db);
    const user = await createUser(db);
    await addMember(db, org.id, user.id);
    const file = await createFile(db, { organization_id: org.id, is_public: false, filename: 'plan.png', size: 4096, width: 640, height: 320 });
    const query = `query ($id: ID!) { file(id: $id) { ${selection(schema.getType('File') as GraphQLObjectType, new Set(['File']))} } }`;
    const res = await t.graphql<{ file: Record<string, unknown> }>(query, { id: file.id }, { headers: { Authorization: `JWT ${await t.accessToken(user.id)}` } });
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data!.file).toEqual({
      id: file.id,
      url: `/files/${file.id}`,
      filename: 'plan.png',
      mimeType: 'image/png',
      size: 4096,
      width: 640,
      height: 320,
      isPublic: false,
      created: file.created_at.toISOString(),
    });
  });
});
