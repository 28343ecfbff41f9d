import { CHILD_TYPES, CONTENT_LANGUAGES, type ContentLanguage, type ContentObjectTypeName } from '~/lib/schemas/content';
import { readFormWithFile } from '~/server/posted-form.server';
import type { RequestContext } from '~/server/request-context.server';
import { editableGroupBySlug, tagsByGroup, type ContentGroupRow } from '~/server/services/content/groups';
import { groupTree, type ContentNode } from '~/server/services/content/tree';
import type { DomainError } from '~/server/services/errors';
import { readableText } from '~/server/services/content/sanitize';
import { fileById, fileUrl, uploadFile, type UploadedFile } from '~/server/services/files/files.server';
import { filePurposeOf } from './forms';
import { flatten, type BuilderNode } from './nodes';

function toNode(node: ContentNode, files: Map<string, UploadedFile | null>): BuilderNode {
  const { row } = node;
  const file = row.file_id ? files.get(row.file_id) : null;
  const taken = node.children.map((child) => child.row.language);
  return {
    id: row.id,
    type: row.type as ContentObjectTypeName,
    name: row.name,
    value: row.value,
    readable: row.type === 'TEXT' ? readableText(row.value ?? '') : null,
    link: row.link,
    openLinkInNewWindow: row.open_link_in_new_window,
    fileId: row.file_id,
    fileUrl: row.file_id ? fileUrl({ id: row.file_id }) : null,
    fileName: file?.filename ?? null,
    size: row.size,
    language: row.language as ContentLanguage | null,
    parentId: row.parent_id,
    availableLanguages: row.type === 'LOCALIZED' ? CONTENT_LANGUAGES.filter((lang) => !taken.includes(lang)) : [],
    children: node.children.map((child) => toNode(child, files)),
  };
}

function allRows(nodes: ContentNode[]): ContentNode['row'][] {
  return nodes.flatMap((node) => [node.row, ...allRows(node.children)]);
}

/** The page's data: the group of the current organisation (404 otherwise, through the caller), its tree and tags. */
export async function builderData(context: RequestContext, group: ContentGroupRow) {
  const ctx = context.service;
  const [tree, tags] = await Promise.all([groupTree(ctx, group.id), tagsByGroup(ctx).load(group.id)]);
  const fileIds = [...new Set(allRows(tree).flatMap((row) => (row.file_id ? [row.file_id] : [])))];
  const files = new Map(await Promise.all(fileIds.map(async (id) => [id, await fileById(ctx).load(id)] as const)));
  const nodes = tree.map((node) => toNode(node, files));
  return {
    group: {
      id: group.id,
      slug: group.slug,
      name: group.name,
      previewUrl: group.preview_id ? fileUrl({ id: group.preview_id }) : null,
      permissionType: group.permission_type,
      tags: tags.map((tag) => ({ id: tag.id, text: tag.text })),
    },
    tree: nodes,
    /** the objects that take children, for "add into" and "move into" */
    containers: flatten(nodes)
      .filter((node) => node.type in CHILD_TYPES)
      .map((node) => ({ id: node.id, type: node.type, name: node.name, availableLanguages: node.availableLanguages })),
  };
}

export { editableGroupBySlug };

export interface BuilderPost {
  formData: FormData;
  /** the stored file of a create, update or preview form */
  uploaded: UploadedFile | null;
  /** why storing it failed (too large, wrong type ...), in the user's language */
  failure: DomainError | null;
}

const FILE_INTENTS = ['create', 'update', 'preview'];

/**
 * Reads the page's post. Forms with a file (IMAGE, PDF, the preview picture) post as multipart with `intent` and
 * `type` before the file field `file`, which is stored through the upload service as a picture or a document
 * (without JavaScript; with it the file went to /resources/upload already and only its id is posted).
 */
export async function readBuilderPost(request: Request, context: RequestContext): Promise<BuilderPost> {
  const { formData, stored, failure } = await readFormWithFile(request, (fields) => {
    const intent = fields.get('intent') ?? '';
    if (!FILE_INTENTS.includes(intent)) return null;
    const purpose = intent === 'preview' ? 'IMAGE' : filePurposeOf(fields.get('type') ?? '');
    return (file) => uploadFile(context.service, { ...file, forOrg: null, purpose });
  });
  if (stored) formData.set('fileId', stored.id);
  return { formData, uploaded: stored, failure };
}
