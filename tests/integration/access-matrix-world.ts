import { Readable } from 'node:stream';
import { Package } from '~/lib/features';
import { uploadFile } from '~/server/services/files/files.server';
import type { TestApp } from '../helpers/app';
import {
  addMember,
  createContentGroup,
  createContentObject,
  createContentPage,
  createContentPageTranslation,
  createConvention,
  createExhibition,
  createHall,
  createOrganization,
  createUser,
  createVirtualRoom,
  createVirtualRoomPano,
} from '../fixtures/factories';
import { unique } from '../fixtures/unique';
import { png } from './files-fixtures';

/**
 * The world of the access matrix (issue 25): one host organisation owning one object of every protected kind in
 * every access type, each with an access key, a visitor holding a permission from that key and a visitor whose
 * permission on it is suspended; and the people who ask for them.
 */

export type Access = 'PUBLIC' | 'LOGGED_IN' | 'TOKEN';
export const ACCESS_TYPES: readonly Access[] = ['PUBLIC', 'LOGGED_IN', 'TOKEN'];

/** The kinds whose objects carry an access type, keys and permissions (content pages have neither). */
export type Kind = 'convention' | 'hall' | 'exhibition' | 'room' | 'contentGroup';

/** The column of object_tokens / object_permissions naming an object of the kind. */
const OBJECT_COLUMN: Record<Kind, string> = {
  convention: 'convention_id',
  hall: 'hall_id',
  exhibition: 'exhibition_id',
  room: 'virtual_room_id',
  contentGroup: 'content_group_id',
};

export interface ProtectedObject {
  kind: Kind;
  access: Access;
  id: string;
  slug: string;
  /** a hall: the slug of the (PUBLIC) convention it is shown in */
  conventionSlug?: string;
  /** holds an unsuspended permission of this object, as redeeming its key leaves it */
  keyHolderId: string;
  /** holds a suspended permission of this object, and an unsuspended one of another object of the host */
  suspendedId: string;
}

export type PageState = 'PRIVATE' | 'PUBLISHED' | 'UNPUBLISHED';
export const PAGE_STATES: readonly PageState[] = ['PRIVATE', 'PUBLISHED', 'UNPUBLISHED'];
/** The pages of the matrix: one in each state that no convention links, and the published help page of the page convention. */
export type PageName = PageState | 'LINKED';

export interface PageObject {
  name: PageName;
  id: string;
  slug: string;
  /** the token its link carries now (PUBLISHED) or carried before it was unpublished (UNPUBLISHED); null when it never had one */
  linkToken: string | null;
}

async function gqlAs(t: TestApp, userId: string, query: string, variables: Record<string, unknown>) {
  const { body } = await t.graphql<Record<string, { error?: { code: string; message: string } | null } & Record<string, unknown>>>(query, variables, {
    headers: { Authorization: `JWT ${await t.accessToken(userId)}` },
  });
  if (body.errors?.length) throw new Error(`${query}: ${JSON.stringify(body.errors)}`);
  const [answer] = Object.values(body.data!);
  if (answer?.error) throw new Error(`${query}: ${JSON.stringify(answer.error)}`);
  return answer;
}

export async function accessMatrixWorld(t: TestApp) {
  const db = t.app.db;
  const en = { default_language: 'EN' };
  // the host runs events, content and the sales hub, so it owns objects of every kind
  const host = await createOrganization(db, { suites: Package.BASIC | Package.EVENT | Package.SALES });
  const other = await createOrganization(db, { suites: Package.BASIC | Package.EVENT | Package.SALES });
  const owner = await createUser(db, en);
  const sales = await createUser(db, en);
  const stranger = await createUser(db, en);
  const visitor = await createUser(db, en);
  const otherKey = await createUser(db, en);
  await addMember(db, host.id, owner.id, { role: 'admin', isOwner: true });
  await addMember(db, host.id, sales.id, { role: 'sales', sales: true });
  await addMember(db, other.id, stranger.id, { role: 'admin', isOwner: true });

  const key = async (kind: Kind, objectId: string) => {
    const [row] = await db('object_tokens')
      .insert({ organization_id: host.id, [OBJECT_COLUMN[kind]]: objectId, token: `KEY-${unique().toUpperCase()}${unique().toUpperCase()}`, limit: 100, signed_up: 1 })
      .returning('id');
    return row.id as string;
  };
  const permit = async (kind: Kind, objectId: string, userId: string, options: { tokenId?: string; suspended?: boolean } = {}) => {
    await db('object_permissions').insert({
      organization_id: host.id,
      user_id: userId,
      [OBJECT_COLUMN[kind]]: objectId,
      token_id: options.tokenId ?? null,
      suspended: options.suspended ?? false,
    });
  };

  // objects of the host nobody asks for in the matrix: the keys other visitors hold
  const sideConvention = await createConvention(db, { organization_id: host.id, permission_type: 'TOKEN', translations: { EN: { title: 'Partner day' } } });
  const sideRoom = await createVirtualRoom(db, { organization_id: host.id, access_type: 'TOKEN' });
  // the sales hub's room key handed to one lead (issue 25, hole 1)
  await permit('room', sideRoom.id, otherKey.id, { tokenId: await key('room', sideRoom.id) });
  const sideConventionKey = await key('convention', sideConvention.id);

  // the PUBLIC convention the halls are shown in
  const hallConvention = await createConvention(db, { organization_id: host.id, permission_type: 'PUBLIC', translations: { EN: { title: 'Hall fair' } } });

  const makeObject = async (kind: Kind, access: Access): Promise<Omit<ProtectedObject, 'keyHolderId' | 'suspendedId'>> => {
    switch (kind) {
      case 'convention': {
        const c = await createConvention(db, { organization_id: host.id, permission_type: access, translations: { EN: { title: `Fair ${access}` } } });
        return { kind, access, id: c.id, slug: c.slug };
      }
      case 'hall': {
        const h = await createHall(db, { conventionId: hallConvention.id, permission_type: access, translations: { EN: { title: `Hall ${access}` } } });
        return { kind, access, id: h.id, slug: h.slug, conventionSlug: hallConvention.slug };
      }
      case 'exhibition': {
        const e = await createExhibition(db, { organization_id: host.id, permission_type: access });
        return { kind, access, id: e.id, slug: e.slug };
      }
      case 'room': {
        const r = await createVirtualRoom(db, { organization_id: host.id, access_type: access });
        const pano = await createVirtualRoomPano(db, { virtual_room_id: r.id });
        await db('virtual_rooms')
          .where({ id: r.id })
          .update({ initial_pano_id: pano.id, initial_azimuthal_angle: 0, initial_polar_angle: 1.57, initial_focal_length: 35 });
        return { kind, access, id: r.id, slug: r.slug };
      }
      case 'contentGroup': {
        const g = await createContentGroup(db, { organization_id: host.id, permission_type: access });
        await createContentObject(db, { group_id: g.id });
        return { kind, access, id: g.id, slug: g.slug };
      }
    }
  };

  const objects: ProtectedObject[] = [];
  for (const kind of ['convention', 'hall', 'exhibition', 'room', 'contentGroup'] as const) {
    for (const access of ACCESS_TYPES) {
      const object = await makeObject(kind, access);
      const keyHolder = await createUser(db, en);
      const suspended = await createUser(db, en);
      const tokenId = await key(kind, object.id);
      await permit(kind, object.id, keyHolder.id, { tokenId });
      await permit(kind, object.id, suspended.id, { tokenId, suspended: true });
      // ... who still holds the host's convention key (the demo's 100-use key; issue 25, hole 1)
      await permit('convention', sideConvention.id, suspended.id, { tokenId: sideConventionKey });
      objects.push({ ...object, keyHolderId: keyHolder.id, suspendedId: suspended.id });
    }
  }

  // content pages of the host in each state, and a PUBLIC convention of the host that links none of them
  const pageConvention = await createConvention(db, { organization_id: host.id, permission_type: 'PUBLIC', translations: { EN: { title: 'Page fair' } } });
  const pages: PageObject[] = [];
  for (const state of PAGE_STATES) {
    const linkToken = state === 'PRIVATE' ? null : `link-${unique()}${unique()}${unique()}`;
    const page = await createContentPage(db, {
      organization_id: host.id,
      state,
      publish_token: state === 'PUBLISHED' ? linkToken : null,
      published_at: state === 'PRIVATE' ? null : new Date(),
    });
    await createContentPageTranslation(db, { page_id: page.id, language: 'EN', name: `Page ${state}` });
    pages.push({ name: state, id: page.id, slug: page.slug, linkToken });
  }
  // the convention's help page: a page it links
  const helpToken = `link-${unique()}${unique()}${unique()}`;
  const helpPage = await createContentPage(db, { organization_id: host.id, state: 'PUBLISHED', publish_token: helpToken, published_at: new Date() });
  await createContentPageTranslation(db, { page_id: helpPage.id, language: 'EN', name: 'Help' });
  await db('conventions').where({ id: pageConvention.id }).update({ help_content_page_id: helpPage.id });
  pages.push({ name: 'LINKED', id: helpPage.id, slug: helpPage.slug, linkToken: helpToken });

  const object = (kind: Kind, access: Access): ProtectedObject => objects.find((o) => o.kind === kind && o.access === access)!;
  return {
    host,
    other,
    owner,
    sales,
    stranger,
    visitor,
    otherKey,
    objects,
    object,
    pageConvention,
    pages,
    page: (name: PageName) => pages.find((p) => p.name === name)!,
  };
}

export type AccessMatrixWorld = Awaited<ReturnType<typeof accessMatrixWorld>>;

/** A real PNG uploaded by the owner through the files service (a private file of the host until something shows it). */
async function upload(t: TestApp, userId: string): Promise<string> {
  const ctx = await t.serviceContext(userId);
  const file = await uploadFile(ctx, { stream: Readable.from([png(8, 8)]), filename: `picture-${unique()}.png` });
  return file.id;
}

/**
 * Files as the editors use them, through GraphQL: a picture in the TOKEN content group; and pictures on three
 * content pages that were published, then one unpublished and one deleted.
 */
export async function accessMatrixFiles(t: TestApp, w: AccessMatrixWorld) {
  const ownerId = w.owner.id;
  const groupFile = await upload(t, ownerId);
  await gqlAs(
    t,
    ownerId,
    `mutation($g: ID!, $f: ID!) { contentObjectCreate(groupId: $g, type: IMAGE, input: { fileId: $f }) { contentObject { id } error { code message } } }`,
    { g: w.object('contentGroup', 'TOKEN').id, f: groupFile },
  );

  const pageWithPicture = async (name: string) => {
    const fileId = await upload(t, ownerId);
    const created = (await gqlAs(
      t,
      ownerId,
      `mutation($name: String) { contentPageCreate(language: EN, name: $name) { contentPage { id translations { id version } } error { code message } } }`,
      { name },
    )) as unknown as { contentPage: { id: string; translations: { id: string; version: number }[] } };
    const page = created.contentPage;
    const items = [{ id: 'picture', content: { type: 'IMAGE', file: fileId } }];
    await gqlAs(
      t,
      ownerId,
      `mutation($id: ID!, $input: ContentPageTranslationInput!) { contentPageTranslationUpdate(translationId: $id, input: $input) { contentPageTranslation { id } error { code message } } }`,
      {
        id: page.translations[0].id,
        input: {
          baseVersion: page.translations[0].version,
          contentItems: items,
          contentLayouts: { rows: [{ id: 'row', type: 'ROW', columns: [{ id: 'col', type: 'COL', width: 'N8', itemId: 'picture', rows: [] }] }] },
        },
      },
    );
    await gqlAs(t, ownerId, `mutation($id: ID!) { contentPagePublish(id: $id) { contentPage { id } error { code message } } }`, { id: page.id });
    return { pageId: page.id, fileId };
  };

  const published = await pageWithPicture(`Published ${unique()}`);
  const unpublished = await pageWithPicture(`Unpublished ${unique()}`);
  await gqlAs(t, ownerId, `mutation($id: ID!) { contentPageUnpublish(id: $id) { contentPage { id } error { code message } } }`, { id: unpublished.pageId });
  const deleted = await pageWithPicture(`Deleted ${unique()}`);
  await gqlAs(t, ownerId, `mutation($id: ID!) { contentPageDelete(id: $id) { id error { code message } } }`, { id: deleted.pageId });

  return { groupFile, publishedPageFile: published.fileId, unpublishedPageFile: unpublished.fileId, deletedPageFile: deleted.fileId };
}
