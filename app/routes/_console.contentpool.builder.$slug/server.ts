import { Readable } from 'node:stream';
import { CHILD_TYPES, CONTENT_LANGUAGES, type ContentLanguage, type ContentObjectTypeName } from '~/lib/schemas/content';
import { drain, formKindOf, parseMultipartForm, readForm, readTextPart } from '~/server/posted-form.server';
import type { RequestContext } from '~/server/request-context.server';
import { editableGroupBySlug, tagsByGroup, type ContentGroupRow } from '~/server/services/content/groups';
import { groupTree, type ContentNode } from '~/server/services/content/tree';
import { isDomainError, type DomainError } from '~/server/services/errors';
import { fileById, fileUrl, uploadFile, type FileRecord } from '~/server/services/files/files.server';
import { filePurposeOf } from './forms';
import { flatten, type BuilderNode } from './nodes';

function toNode(node: ContentNode, files: Map<string, FileRecord | null>): BuilderNode {
  const { row } = node;
  const file = row.file_id ? files.get(row.file_id) : null;
  const taken = node.children.map((child) => child.row.language);
  return {
    id: row.id,
    type: row.type as ContentObjectTypeName,
    name: row.name,
    value: row.value,
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
  uploaded: FileRecord | null;
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
  if (formKindOf(request.headers.get('content-type')) !== 'multipart') return { formData: await readForm(request), uploaded: null, failure: null };
  const post: BuilderPost = { formData: new FormData(), uploaded: null, failure: null };
  const fields = new Map<string, string>();
  try {
    post.formData = await parseMultipartForm(request, async ({ name, filename, contentType, data }) => {
      if (filename === undefined) {
        const text = await readTextPart(data);
        fields.set(name, text);
        return text;
      }
      const intent = fields.get('intent') ?? '';
      if (name !== 'file' || !filename || post.uploaded || post.failure || !FILE_INTENTS.includes(intent)) {
        await drain(data);
        return undefined;
      }
      try {
        post.uploaded = await uploadFile(context.service, {
          stream: Readable.from(data),
          filename,
          declaredMimeType: contentType,
          forOrg: null,
          purpose: intent === 'preview' ? 'IMAGE' : filePurposeOf(fields.get('type') ?? ''),
        });
      } catch (error) {
        if (!isDomainError(error)) throw error;
        post.failure = error;
        await drain(data).catch(() => undefined);
      }
      return undefined;
    });
  } catch (error) {
    if (!post.failure) throw error;
  }
  if (post.uploaded) post.formData.set('fileId', post.uploaded.id);
  return post;
}
