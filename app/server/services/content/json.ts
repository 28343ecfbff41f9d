import { ContentGroup, ContentObject } from '#db/models/index';
import {
  CHILD_TYPES,
  ContentJsonSchema,
  MAX_DEPTH,
  groupNameIssue,
  type ContentIssue,
  type ContentJson,
  type ContentJsonNode,
  type ContentObjectValues,
} from '~/lib/schemas/content';
import { inTransaction, type ServiceContext } from '../../context.server';
import { DomainError, type FieldError } from '../errors';
import { freeSlug } from '../slugs';
import { contentError } from './errors';
import { editableGroup, type ContentGroupRow } from './groups';
import { requireContentEditor } from './policy';
import { objectIssues } from './objects';
import type { ContentNode } from './tree';

/** A group as JSON (`generatedJson`): what `addJson` takes back. */
export function groupJson(group: Pick<ContentGroup, 'name'>, tree: ContentNode[]): ContentJson {
  const node = ({ row, children }: ContentNode): ContentJsonNode => ({
    type: row.type,
    name: row.name,
    value: row.value,
    link: row.link,
    openLinkInNewWindow: row.open_link_in_new_window,
    fileId: row.file_id,
    size: row.size,
    language: row.language,
    ...(children.length ? { children: children.map(node) } : {}),
  });
  return { version: 1, name: group.name, children: tree.map(node) };
}

interface PlannedNode {
  values: ContentObjectValues;
  children: PlannedNode[];
}

/** Every node checked as `contentObjectCreate` would check it, with its place in the tree; issues carry the node's path. */
async function planImport(
  ctx: ServiceContext,
  organizationId: string,
  roots: ContentJsonNode[],
): Promise<{ nodes: PlannedNode[]; issues: { path: string; issue: ContentIssue }[] }> {
  const issues: { path: string; issue: ContentIssue }[] = [];
  const plan = async (nodes: ContentJsonNode[], parent: ContentJsonNode | null, level: number, base: string): Promise<PlannedNode[]> => {
    const planned: PlannedNode[] = [];
    const languages = new Set<string>();
    for (const [index, node] of nodes.entries()) {
      const path = `${base}.${index}`;
      const checked = await objectIssues(ctx, organizationId, node);
      for (const issue of checked.issues) issues.push({ path, issue });
      if (parent && !CHILD_TYPES[parent.type]?.includes(node.type)) {
        issues.push({ path, issue: { code: 'NESTABLE_ERROR', field: 'type', key: 'errors.notNestable' } });
      }
      if (level > MAX_DEPTH) issues.push({ path, issue: { code: 'NESTABLE_ERROR', field: 'type', key: 'errors.tooDeep', values: { max: MAX_DEPTH } } });
      if (parent?.type === 'LOCALIZED') {
        if (!node.language) issues.push({ path, issue: { code: 'NESTABLE_ERROR', field: 'language', key: 'errors.languageRequired' } });
        else if (languages.has(node.language)) issues.push({ path, issue: { code: 'NESTABLE_ERROR', field: 'language', key: 'errors.languageTaken' } });
        else languages.add(node.language);
      }
      planned.push({ values: checked.values, children: await plan(node.children ?? [], node, level + 1, `${path}.children`) });
    }
    return planned;
  };
  const nodes = await plan(roots, null, 1, 'children');
  return { nodes, issues };
}

/**
 * Imports a group from JSON: checked whole (shape with zod, then every object's rules and its place in the tree,
 * files of the organisation), created in one transaction, or refused whole with every problem named by its path.
 */
export async function addJson(ctx: ServiceContext, json: string, name?: string | null): Promise<ContentGroupRow> {
  const { organizationId } = requireContentEditor(ctx);
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch {
    throw new DomainError('INVALID', ctx.t('content:errors.jsonInvalid', { detail: 'JSON' }), 'json');
  }
  const parsed = ContentJsonSchema.safeParse(data);
  if (!parsed.success) {
    const errors: FieldError[] = parsed.error.issues.slice(0, 20).map((issue) => ({
      code: 'INVALID',
      field: ['json', ...issue.path].join('.'),
      message: ctx.t('content:errors.jsonInvalid', { detail: issue.path.join('.') || 'json', interpolation: { escapeValue: false } }),
    }));
    throw DomainError.fromFieldErrors(errors);
  }
  const groupName = (name ?? parsed.data.name).trim();
  const nameIssue = groupNameIssue(groupName);
  if (nameIssue) throw contentError(ctx, [nameIssue]);

  const planned = await planImport(ctx, organizationId, parsed.data.children);
  if (planned.issues.length) {
    throw DomainError.fromFieldErrors(
      planned.issues.map(({ path, issue }) => ({
        code: issue.code,
        field: `json.${path}.${issue.field}`,
        message: ctx.t(`content:${issue.key}`, issue.values ?? {}),
      })),
    );
  }
  const id = await inTransaction(ctx, async (tx) => {
    const group = await ContentGroup.query(tx.db)
      .insert({ organization_id: organizationId, name: groupName, slug: await freeSlug(tx, 'content_groups', groupName, 'content') })
      .returning('*');
    const insert = async (nodes: PlannedNode[], parentId: string | null) => {
      for (const [sort, node] of nodes.entries()) {
        const row = await ContentObject.query(tx.db)
          .insert({ ...node.values, organization_id: organizationId, group_id: group.id, parent_id: parentId, sort })
          .returning('*');
        await insert(node.children, row.id);
      }
    };
    await insert(planned.nodes, null);
    return group.id;
  });
  return editableGroup(ctx, id);
}
