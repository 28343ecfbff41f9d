import DataLoader from 'dataloader';
import { ContentObject } from '#db/models/index';
import { CHILD_TYPES, MAX_DEPTH, type ContentIssue, type ContentLanguage, type ContentObjectTypeName } from '~/lib/schemas/content';
import { defineLoader, type ServiceContext } from '../../context.server';

/** A content object with its children, in their order. */
export interface ContentNode {
  row: ContentObject;
  children: ContentNode[];
}

/** Builds a group's tree from its objects (any order) in memory: one query per group, however big it grows. */
export function buildTree(rows: ContentObject[]): ContentNode[] {
  const nodes = new Map(rows.map((row) => [row.id, { row, children: [] as ContentNode[] }]));
  const roots: ContentNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.row.parent_id ? nodes.get(node.row.parent_id) : null;
    (parent ? parent.children : roots).push(node);
  }
  const order = (list: ContentNode[]) => {
    list.sort((a, b) => a.row.sort - b.row.sort || a.row.created_at.getTime() - b.row.created_at.getTime());
    for (const node of list) order(node.children);
  };
  order(roots);
  return roots;
}

/** The objects of groups, one query for all groups a request asks about. */
export const objectsByGroup = defineLoader(
  (ctx: ServiceContext) =>
    new DataLoader<string, ContentObject[]>(async (groupIds) => {
      const rows = await ContentObject.query(ctx.db).whereIn('group_id', groupIds as string[]);
      return groupIds.map((id) => rows.filter((row) => row.group_id === id));
    }),
);

export async function groupTree(ctx: ServiceContext, groupId: string): Promise<ContentNode[]> {
  return buildTree(await objectsByGroup(ctx).load(groupId));
}

/** Levels from the node down to its deepest descendant (a leaf is 1). */
export function height(rows: ContentObject[], id: string): number {
  const children = rows.filter((row) => row.parent_id === id);
  return 1 + Math.max(0, ...children.map((child) => height(rows, child.id)));
}

/** Levels from the top down to the node (a top-level node is 1). */
export function depth(rows: ContentObject[], id: string): number {
  const byId = new Map(rows.map((row) => [row.id, row]));
  let level = 0;
  for (let current = byId.get(id); current; current = current.parent_id ? byId.get(current.parent_id) : undefined) level += 1;
  return level;
}

function isInside(rows: ContentObject[], id: string, ancestorId: string): boolean {
  const byId = new Map(rows.map((row) => [row.id, row]));
  for (let current = byId.get(id); current; current = current.parent_id ? byId.get(current.parent_id) : undefined) {
    if (current.id === ancestorId) return true;
  }
  return false;
}

/**
 * Whether an object (new, or `movingId` with its subtree) may sit under `parent` (null: the top level): only
 * containers take children, each its own types; no node inside itself; at most MAX_DEPTH levels; a LOCALIZED
 * object's children each name a language, one per language. `rows` are all objects of the group.
 */
export function placementIssue(
  rows: ContentObject[],
  parent: ContentObject | null,
  node: { type: ContentObjectTypeName; language: ContentLanguage | null; movingId?: string },
): ContentIssue | null {
  if (!parent) return null;
  if (node.movingId && isInside(rows, parent.id, node.movingId)) {
    return { code: 'NESTABLE_ERROR', field: 'parentId', key: 'errors.insideItself' };
  }
  if (!CHILD_TYPES[parent.type]?.includes(node.type)) return { code: 'NESTABLE_ERROR', field: 'parentId', key: 'errors.notNestable' };
  const levels = node.movingId ? height(rows, node.movingId) : 1;
  if (depth(rows, parent.id) + levels > MAX_DEPTH) {
    return { code: 'NESTABLE_ERROR', field: 'parentId', key: 'errors.tooDeep', values: { max: MAX_DEPTH } };
  }
  if (parent.type === 'LOCALIZED') {
    if (!node.language) return { code: 'NESTABLE_ERROR', field: 'language', key: 'errors.languageRequired' };
    const taken = rows.some((row) => row.parent_id === parent.id && row.id !== node.movingId && row.language === node.language);
    if (taken) return { code: 'NESTABLE_ERROR', field: 'language', key: 'errors.languageTaken' };
  }
  return null;
}
