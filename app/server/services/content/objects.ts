import { ContentObject, UploadedFile } from '#db/models/index';
import {
  checkContentObject,
  type ContentIssue,
  type ContentLanguage,
  type ContentObjectInput,
  type ContentObjectValues,
} from '~/lib/schemas/content';
import { isUuid } from '~/lib/ids';
import { inTransaction, type ServiceContext } from '../../context.server';
import { assertId } from '../authz';
import { DomainError } from '../errors';
import { recordFileUses } from '../access/files';
import { contentError } from './errors';
import { editableGroup } from './groups';
import { rememberVideoThumbnail } from '../events/video-thumbnails';
import { EMPTY_PREVIEW, linkPreview, type LinkPreview } from './link-preview';
import { sanitizeRichText, visibleText } from './sanitize';
import { placementIssue } from './tree';

/** An object's own fields checked and cleaned: TEXT sanitised (and still not empty), its file one of the organisation's. */
export async function objectIssues(
  ctx: ServiceContext,
  organizationId: string,
  input: ContentObjectInput,
): Promise<{ values: ContentObjectValues; issues: ContentIssue[] }> {
  const { values, issues } = checkContentObject(input);
  if (values.type === 'TEXT' && values.value !== null) {
    values.value = sanitizeRichText(values.value);
    if (!visibleText(values.value)) issues.push({ code: 'VALUE_IS_EMPTY', field: 'value', key: 'errors.valueEmpty' });
  }
  if (values.file_id && !issues.some((i) => i.field === 'fileId')) {
    const file = isUuid(values.file_id)
      ? await UploadedFile.query(ctx.db).findOne({ id: values.file_id, organization_id: organizationId })
      : undefined;
    if (!file) issues.push({ code: 'INVALID', field: 'fileId', key: 'errors.fileNotFound' });
  }
  return { values, issues };
}

async function cleanValues(ctx: ServiceContext, organizationId: string, input: ContentObjectInput): Promise<ContentObjectValues> {
  const { values, issues } = await objectIssues(ctx, organizationId, input);
  if (issues.length) throw contentError(ctx, issues);
  return values;
}

/** A BOOKMARK's page preview (never an error); other types have none. */
async function previewOf(ctx: ServiceContext, values: ContentObjectValues): Promise<LinkPreview> {
  if (values.type !== 'BOOKMARK' || !values.value) return EMPTY_PREVIEW;
  const mode = ctx.app.env.LINK_PREVIEW ?? (ctx.app.env.NODE_ENV === 'test' ? 'off' : 'public');
  return linkPreview(values.value, mode);
}

/**
 * A YOUTUBE object's picture is fetched once and kept in our storage (as for stages and on-demand videos), so
 * visitors see it without any request to the video site before they start the video. Never fails the save.
 */
async function rememberVideoPicture(ctx: ServiceContext, organizationId: string, values: ContentObjectValues): Promise<void> {
  if (values.type === 'YOUTUBE' && values.value) await rememberVideoThumbnail(ctx, organizationId, values.value);
}

async function groupObjects(ctx: ServiceContext, groupId: string): Promise<ContentObject[]> {
  return ContentObject.query(ctx.db).where({ group_id: groupId });
}

/** An object of the current organisation's pool; NOT_FOUND otherwise. */
async function editableObject(ctx: ServiceContext, id: string): Promise<ContentObject> {
  assertId(ctx, id);
  const object = await ContentObject.query(ctx.db).findById(id);
  if (!object) throw new DomainError('NOT_FOUND', ctx.t('errors:notFound'), 'id');
  await editableGroup(ctx, object.group_id);
  return object;
}

function parentIn(ctx: ServiceContext, rows: ContentObject[], parentId: string | null | undefined): ContentObject | null {
  if (!parentId) return null;
  const parent = rows.find((row) => row.id === parentId);
  if (!parent) throw new DomainError('NOT_FOUND', ctx.t('errors:notFound'), 'parentId');
  return parent;
}

const nextSort = (rows: ContentObject[], parentId: string | null) =>
  1 + Math.max(-1, ...rows.filter((row) => row.parent_id === parentId).map((row) => row.sort));

function failOn(ctx: ServiceContext, issue: ContentIssue | null): void {
  if (issue) throw contentError(ctx, [issue]);
}

/** Adds an object to a group, at the end of its parent's children (or of the top level). */
export async function createObject(
  ctx: ServiceContext,
  groupId: string,
  parentId: string | null | undefined,
  input: ContentObjectInput,
): Promise<ContentObject> {
  const group = await editableGroup(ctx, groupId);
  const values = await cleanValues(ctx, group.organization_id, input);
  const preview = await previewOf(ctx, values);
  await rememberVideoPicture(ctx, group.organization_id, values);
  return inTransaction(ctx, async (tx) => {
    const rows = await groupObjects(tx, group.id);
    const parent = parentIn(ctx, rows, parentId);
    failOn(ctx, placementIssue(rows, parent, values));
    const created = await ContentObject.query(tx.db)
      .insert({ ...values, ...preview, organization_id: group.organization_id, group_id: group.id, parent_id: parent?.id ?? null, sort: nextSort(rows, parent?.id ?? null) })
      .returning('*');
    // its picture or document is served to whoever may see the group
    await recordFileUses(tx, { kind: 'content', objectId: group.id, organizationId: group.organization_id }, [created.file_id]);
    return created;
  });
}

/**
 * Changes the fields given (others stay; `link: null` clears a link) and checks the whole object again; its type
 * stays. A LOCALIZED object's child keeps one language per child.
 */
export async function updateObject(ctx: ServiceContext, id: string, input: Omit<ContentObjectInput, 'type'>): Promise<ContentObject> {
  const object = await editableObject(ctx, id);
  const values = await cleanValues(ctx, object.organization_id, {
    type: object.type,
    name: input.name ?? object.name,
    value: input.value ?? object.value,
    link: input.link !== undefined ? input.link : object.link,
    openLinkInNewWindow: input.openLinkInNewWindow ?? object.open_link_in_new_window,
    fileId: input.fileId ?? object.file_id,
    size: input.size ?? object.size,
    language: input.language ?? object.language,
  });
  // a changed link is read again; an unchanged one keeps its preview
  const preview = values.value !== object.value ? await previewOf(ctx, values) : {};
  if (values.value !== object.value) await rememberVideoPicture(ctx, object.organization_id, values);
  return inTransaction(ctx, async (tx) => {
    const rows = await groupObjects(tx, object.group_id);
    const parent = parentIn(ctx, rows, object.parent_id);
    if (parent?.type === 'LOCALIZED') failOn(ctx, placementIssue(rows, parent, { ...values, movingId: object.id }));
    const updated = await ContentObject.query(tx.db).patchAndFetchById(object.id, { ...values, ...preview });
    await recordFileUses(tx, { kind: 'content', objectId: object.group_id, organizationId: object.organization_id }, [updated.file_id]);
    return updated;
  });
}

export async function deleteObject(ctx: ServiceContext, id: string): Promise<string> {
  const object = await editableObject(ctx, id);
  await ContentObject.query(ctx.db).deleteById(object.id);
  return object.id;
}

/** Moves an object with its children under another object of its group (add parent), or to the top level (remove parent). */
export async function moveObject(ctx: ServiceContext, id: string, parentId: string | null): Promise<ContentObject> {
  const object = await editableObject(ctx, id);
  return inTransaction(ctx, async (tx) => {
    const rows = await groupObjects(tx, object.group_id);
    const parent = parentIn(ctx, rows, parentId);
    failOn(ctx, placementIssue(rows, parent, { type: object.type, language: object.language, movingId: object.id }));
    return ContentObject.query(tx.db).patchAndFetchById(object.id, { parent_id: parent?.id ?? null, sort: nextSort(rows, parent?.id ?? null) });
  });
}

/**
 * Translates a child of a LOCALIZED object: copies it with its children as the child for another language
 * (NESTABLE_ERROR when the object is not such a child or the language has one).
 */
export async function translateObject(ctx: ServiceContext, id: string, language: ContentLanguage): Promise<ContentObject> {
  const object = await editableObject(ctx, id);
  return inTransaction(ctx, async (tx) => {
    const rows = await groupObjects(tx, object.group_id);
    const parent = parentIn(ctx, rows, object.parent_id);
    if (parent?.type !== 'LOCALIZED') throw contentError(ctx, [{ code: 'NESTABLE_ERROR', field: 'id', key: 'errors.notNestable' }]);
    failOn(ctx, placementIssue(rows, parent, { type: object.type, language }));
    const copy = async (source: ContentObject, parentIdOfCopy: string, lang: ContentLanguage | null): Promise<ContentObject> => {
      const { id: _id, created_at: _c, updated_at: _u, parent_id: _p, ...fields } = source.toJSON() as ContentObject;
      const created = await ContentObject.query(tx.db)
        .insert({ ...fields, language: lang, parent_id: parentIdOfCopy, sort: source.id === object.id ? nextSort(rows, parent.id) : source.sort })
        .returning('*');
      for (const child of rows.filter((row) => row.parent_id === source.id)) await copy(child, created.id, child.language);
      return created;
    };
    return copy(object, parent.id, language);
  });
}

/** Puts the children of one parent in the given order: the ids must be exactly that parent's children, each once. */
export async function updateOrder(ctx: ServiceContext, ids: string[]): Promise<void> {
  const invalid = () => new DomainError('INVALID', ctx.t('content:errors.orderInvalid'), 'ids');
  if (!ids.length || new Set(ids).size !== ids.length) throw invalid();
  const first = await editableObject(ctx, ids[0]!);
  await inTransaction(ctx, async (tx) => {
    const rows = await groupObjects(tx, first.group_id);
    const siblings = rows.filter((row) => row.parent_id === first.parent_id);
    const siblingIds = new Set(siblings.map((row) => row.id));
    if (siblings.length !== ids.length || !ids.every((id) => siblingIds.has(id))) throw invalid();
    for (const [index, id] of ids.entries()) await ContentObject.query(tx.db).findById(id).patch({ sort: index });
  });
}
