import { findFile } from '~/server/services/files/files.server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Package } from '~/lib/features';
import { createTestApp, type TestApp } from '../helpers/app';
import { addMember, createContentGroup, createContentObject, createFile, createOrganization, createUser } from '../fixtures/factories';

/**
 * Files of the content pool (issue 12: a file reached through a GraphQL field passes the same access check as
 * /files/{id}; issue 15: what an editor puts into a public group is shown to its visitors).
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function world() {
  const db = t.app.db;
  const org = await createOrganization(db, { suites: Package.BASIC });
  const admin = await createUser(db);
  await addMember(db, org.id, admin.id, { role: 'admin', isOwner: true });
  const group = await createContentGroup(db, { organization_id: org.id, permission_type: 'PUBLIC' });
  return { org, admin, group, token: await t.accessToken(admin.id) };
}

const FILE_OF_GROUP = `query($slug: String!) { content(slug: $slug) { preview { id } children { type file { id } } } }`;

describe('content pool files', () => {
  it('an uploaded picture an editor adds to a public group, or sets as its preview, is shown to anonymous visitors', async () => {
    const w = await world();
    const picture = await createFile(t.app.db, { organization_id: w.org.id, uploaded_by_id: w.admin.id, is_public: false });
    const preview = await createFile(t.app.db, { organization_id: w.org.id, uploaded_by_id: w.admin.id, is_public: false });
    const auth = { headers: { Authorization: `JWT ${w.token}` } };

    const created = await t.graphql<{ contentObjectCreate: { contentObject: { id: string } | null; error: unknown } }>(
      `mutation($g: ID!, $f: ID!) { contentObjectCreate(groupId: $g, type: IMAGE, input: { fileId: $f }) { contentObject { id } error { code message } } }`,
      { g: w.group.id, f: picture.id },
      auth,
    );
    expect(created.body.data!.contentObjectCreate.error).toBeNull();
    const previewSet = await t.graphql<{ contentGroupPreviewUpdate: { error: unknown } }>(
      `mutation($g: ID!, $f: ID) { contentGroupPreviewUpdate(id: $g, previewId: $f) { error { code message } } }`,
      { g: w.group.id, f: preview.id },
      auth,
    );
    expect(previewSet.body.data!.contentGroupPreviewUpdate.error).toBeNull();

    const anonymous = await t.graphql<{ content: { preview: { id: string } | null; children: { type: string; file: { id: string } | null }[] } }>(FILE_OF_GROUP, {
      slug: w.group.slug,
    });
    expect(anonymous.body.data!.content.preview).toEqual({ id: preview.id });
    expect(anonymous.body.data!.content.children).toEqual([{ type: 'IMAGE', file: { id: picture.id } }]);
    // the files route answers anonymous visitors for both (the group is PUBLIC)
    const anonymousCtx = await t.serviceContext(null);
    expect([await findFile(anonymousCtx, picture.id), await findFile(anonymousCtx, preview.id)].map((f) => f?.id)).toEqual([picture.id, preview.id]);
  });

  it('a file field answers null where /files/{id} would refuse the viewer (a private file of the organisation)', async () => {
    const w = await world();
    // written past the service, as an older row or another door could have left it: the file stays private
    const hidden = await createFile(t.app.db, { organization_id: w.org.id, uploaded_by_id: w.admin.id, is_public: false });
    await createContentObject(t.app.db, { group_id: w.group.id, type: 'IMAGE', value: null, file_id: hidden.id });

    const anonymous = await t.graphql<{ content: { children: { file: { id: string } | null }[] } }>(FILE_OF_GROUP, { slug: w.group.slug });
    expect(anonymous.body.data!.content.children).toEqual([{ type: 'IMAGE', file: null }]);

    // the organisation's own member sees it, as /files/{id} lets them (canAccessFile)
    const member = await t.graphql<{ content: { children: { file: { id: string } | null }[] } }>(FILE_OF_GROUP, { slug: w.group.slug }, {
      headers: { Authorization: `JWT ${w.token}` },
    });
    expect(member.body.data!.content.children).toEqual([{ type: 'IMAGE', file: { id: hidden.id } }]);
  });
});
