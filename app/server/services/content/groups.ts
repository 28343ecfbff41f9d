import DataLoader from 'dataloader';
import { ContentGroup, ContentGroupLike, ContentGroupTag, ContentTag, UploadedFile, type PermissionType } from '#db/models/index';
import { isUuid } from '~/lib/ids';
import { groupNameIssue, tagIssue } from '~/lib/schemas/content';
import { defineLoader, inTransaction, type ServiceContext } from '../../context.server';
import { assertId, permissionDenied, requireViewer } from '../authz';
import { DomainError } from '../errors';
import { freeSlug } from '../slugs';
import { publishFile } from '../files/files.server';
import { contentError } from './errors';
import { deleteUnlessUsed, linkingFoyers, linkingPoints } from './in-use';
import { mayEditContent, requireContentEditor } from './policy';
import { groupAccess } from './visit';

/** A group as lists and pages show it: the viewer's "liked" mark and whether it has objects come with the row. */
export type ContentGroupRow = ContentGroup & { liked: boolean; has_children: boolean };

const PERMISSION_TYPES: PermissionType[] = ['LOGGED_IN', 'PUBLIC', 'TOKEN'];

function withMarks(ctx: ServiceContext) {
  const userId = ctx.viewer?.userId ?? null;
  return ContentGroup.query(ctx.db).select(
    'content_groups.*',
    ctx.db.raw(
      'exists (select 1 from content_group_likes l where l.group_id = content_groups.id and l.user_id = ?) as liked',
      [userId],
    ),
    ctx.db.raw('exists (select 1 from content_objects o where o.group_id = content_groups.id) as has_children'),
  );
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The current organisation's groups, liked ones first, then by name; optionally by search text and tag. */
export async function listGroups(ctx: ServiceContext, filter: { search?: string | null; tagId?: string | null } = {}): Promise<ContentGroupRow[]> {
  const { organizationId } = requireContentEditor(ctx);
  const query = withMarks(ctx).where('content_groups.organization_id', organizationId);
  const search = filter.search?.trim();
  if (search) query.where('content_groups.name', 'ilike', likePattern(search));
  if (filter.tagId) {
    if (!isUuid(filter.tagId)) return [];
    query.whereExists(
      ContentGroupTag.query(ctx.db).whereColumn('content_group_tags.group_id', 'content_groups.id').where('tag_id', filter.tagId),
    );
  }
  return (await query.orderByRaw('liked desc, lower(content_groups.name), content_groups.created_at')) as ContentGroupRow[];
}

/** Ids of an organisation's groups, for its members. */
export async function groupIdsOf(ctx: ServiceContext, organizationId: string): Promise<string[]> {
  const viewer = requireViewer(ctx);
  if (!isUuid(organizationId) || !mayEditContent(viewer, organizationId)) throw permissionDenied(ctx);
  const rows = await ContentGroup.query(ctx.db).where({ organization_id: organizationId }).orderBy('created_at').select('id');
  return rows.map((row) => row.id);
}

/** A group of the current organisation for editing; NOT_FOUND for anything else (another organisation's looks missing). */
export async function editableGroup(ctx: ServiceContext, id: string): Promise<ContentGroupRow> {
  const { organizationId } = requireContentEditor(ctx);
  assertId(ctx, id);
  const group = (await withMarks(ctx).findOne({ 'content_groups.id': id, 'content_groups.organization_id': organizationId })) as
    | ContentGroupRow
    | undefined;
  if (!group) throw new DomainError('NOT_FOUND', ctx.t('errors:notFound'), 'id');
  return group;
}

/** A group as visitors see it, by id or slug: by its access type (visit.ts: PUBLIC, LOGGED_IN, TOKEN). */
export async function viewGroup(ctx: ServiceContext, by: { id?: string | null; slug?: string | null }): Promise<ContentGroupRow> {
  if (by.id) assertId(ctx, by.id);
  else if (!by.slug) throw new DomainError('NOT_FOUND', ctx.t('errors:notFound'), 'id');
  const where = by.id ? { 'content_groups.id': by.id } : { 'content_groups.slug': by.slug! };
  const group = (await withMarks(ctx).findOne(where)) as ContentGroupRow | undefined;
  if (!group) throw new DomainError('NOT_FOUND', ctx.t('errors:notFound'), by.id ? 'id' : 'slug');
  const access = await groupAccess(ctx, group);
  if (access !== 'open') {
    if (access === 'login') throw new DomainError('UNAUTHENTICATED', ctx.t('errors:unauthenticated'));
    throw permissionDenied(ctx);
  }
  return group;
}

export async function createGroup(ctx: ServiceContext, input: { name: string }): Promise<ContentGroupRow> {
  const { organizationId } = requireContentEditor(ctx);
  const issue = groupNameIssue(input.name);
  if (issue) throw contentError(ctx, [issue]);
  const name = input.name.trim();
  const group = await ContentGroup.query(ctx.db)
    .insert({ organization_id: organizationId, name, slug: await freeSlug(ctx, 'content_groups', name, 'content') })
    .returning('*');
  return editableGroup(ctx, group.id);
}

export async function renameGroup(ctx: ServiceContext, id: string, name: string): Promise<ContentGroupRow> {
  const group = await editableGroup(ctx, id);
  const issue = groupNameIssue(name);
  if (issue) throw contentError(ctx, [issue]);
  await ContentGroup.query(ctx.db).findById(group.id).patch({ name: name.trim() });
  return editableGroup(ctx, id);
}

export async function setGroupPermissionType(ctx: ServiceContext, id: string, permissionType: PermissionType): Promise<ContentGroupRow> {
  const group = await editableGroup(ctx, id);
  if (!PERMISSION_TYPES.includes(permissionType)) throw new DomainError('INVALID', ctx.t('validation:invalidOption'), 'permissionType');
  await ContentGroup.query(ctx.db).findById(group.id).patch({ permission_type: permissionType });
  return editableGroup(ctx, id);
}

/** Where a group is still linked: stand reference points, conventions, foyer points. Names in the viewer's language. */
export async function groupUsages(ctx: ServiceContext, groupId: string): Promise<string[]> {
  // in turn: asked inside deleteUnlessUsed's transaction, whose one connection runs one statement at a time
  const points = await linkingPoints(ctx, 'content_group_id', groupId);
  const conventions: { name: string }[] = await ctx.db('conventions').where('content_id', groupId).select('slug as name');
  const foyerPoints = await linkingFoyers(ctx, 'CONTENT', groupId);
  return [
    ...points.map((p) => ctx.t('content:usedBy.point', { name: p.name, stand: p.stand })),
    ...conventions.map((c) => ctx.t('content:usedBy.convention', { name: c.name })),
    ...foyerPoints.map((c) => ctx.t('content:usedBy.foyerPoint', { name: c.name })),
  ];
}

/** Deletes a group and its objects, unless something still links it: then INVALID naming every place. */
export async function deleteGroup(ctx: ServiceContext, id: string): Promise<string> {
  const group = await editableGroup(ctx, id);
  return deleteUnlessUsed(ctx, ContentGroup, group.id, groupUsages, 'content:errors.inUse');
}

/** Sets or clears the viewer's "liked" mark. */
export async function likeGroup(ctx: ServiceContext, id: string, liked: boolean): Promise<ContentGroupRow> {
  const group = await editableGroup(ctx, id);
  const userId = ctx.viewer!.userId;
  if (liked) await ContentGroupLike.query(ctx.db).insert({ group_id: group.id, user_id: userId }).onConflict(['group_id', 'user_id']).ignore();
  else await ContentGroupLike.query(ctx.db).where({ group_id: group.id, user_id: userId }).delete();
  return editableGroup(ctx, id);
}

/** Tags a group with a tag of the organisation (made when new). */
export async function tagGroup(ctx: ServiceContext, id: string, text: string): Promise<ContentGroupRow> {
  const group = await editableGroup(ctx, id);
  const issue = tagIssue(text);
  if (issue) throw contentError(ctx, [issue]);
  await inTransaction(ctx, async (tx) => {
    const [tag] = await tx
      .db('content_tags')
      .insert({ organization_id: group.organization_id, type: 'CONTENT', text: text.trim() })
      .onConflict(['organization_id', 'type', 'text'])
      .merge(['updated_at'])
      .returning('id');
    await tx.db('content_group_tags').insert({ group_id: group.id, tag_id: tag.id }).onConflict(['group_id', 'tag_id']).ignore();
  });
  return editableGroup(ctx, id);
}

export async function untagGroup(ctx: ServiceContext, id: string, tagId: string): Promise<ContentGroupRow> {
  const group = await editableGroup(ctx, id);
  assertId(ctx, tagId, 'tagId');
  await ContentGroupTag.query(ctx.db).where({ group_id: group.id, tag_id: tagId }).delete();
  return editableGroup(ctx, id);
}

/** The current organisation's tags of a type (`CONTENT`), by text. */
export async function tagsByType(ctx: ServiceContext, type: string): Promise<ContentTag[]> {
  const { organizationId } = requireContentEditor(ctx);
  return ContentTag.query(ctx.db).where({ organization_id: organizationId, type }).orderByRaw('lower(text)');
}

/**
 * The tags of each of the owners (groups, pages) by their link table, in one query, each list by text: the body of
 * the tag loaders of groups and of content pages.
 */
export async function tagsOfOwners(ctx: ServiceContext, linkTable: string, ownerColumn: string, ownerIds: readonly string[]): Promise<ContentTag[][]> {
  const rows = (await ContentTag.query(ctx.db)
    .join(`${linkTable} as l`, 'l.tag_id', 'content_tags.id')
    .whereIn(`l.${ownerColumn}`, ownerIds as string[])
    .select('content_tags.*', `l.${ownerColumn}`)
    .orderByRaw('lower(content_tags.text)')) as (ContentTag & Record<string, unknown>)[];
  return ownerIds.map((id) => rows.filter((row) => row[ownerColumn] === id));
}

/** Tags of groups, one query per request. */
export const tagsByGroup = defineLoader(
  (ctx: ServiceContext) => new DataLoader<string, ContentTag[]>((groupIds) => tagsOfOwners(ctx, 'content_group_tags', 'group_id', groupIds)),
);

/** A group of the current organisation by its slug, for the builder page; NOT_FOUND for anything else. */
export async function editableGroupBySlug(ctx: ServiceContext, slug: string): Promise<ContentGroupRow> {
  const { organizationId } = requireContentEditor(ctx);
  const group = slug
    ? ((await withMarks(ctx).findOne({ 'content_groups.slug': slug, 'content_groups.organization_id': organizationId })) as ContentGroupRow | undefined)
    : undefined;
  if (!group) throw new DomainError('NOT_FOUND', ctx.t('errors:notFound'), 'slug');
  return group;
}

/** Sets (or with null clears) the group's preview picture: an image of the group's organisation, else INVALID at `previewId`. */
export async function setGroupPreview(ctx: ServiceContext, id: string, fileId: string | null): Promise<ContentGroupRow> {
  const group = await editableGroup(ctx, id);
  if (fileId) {
    const file = isUuid(fileId) ? await UploadedFile.query(ctx.db).findOne({ id: fileId, organization_id: group.organization_id }) : undefined;
    if (!file || !file.width || !file.height) throw contentError(ctx, [{ code: 'INVALID', field: 'previewId', key: 'errors.fileNotFound' }]);
  }
  await ContentGroup.query(ctx.db).findById(group.id).patch({ preview_id: fileId });
  await publishFile(ctx, fileId, group.organization_id);
  return editableGroup(ctx, id);
}
