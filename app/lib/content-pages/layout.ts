import { z } from 'zod';
import { BLOCK_TYPES, blockSchema, type BlockType } from './blocks';

/**
 * The layout of a content page translation (spec 000 point 3, 001 point 9; issue 16): rows of columns, a column
 * either holding one item (one block) or nested rows, down to six levels of data (row, column, row, column, row,
 * column). Column widths are N1, N2, N4 and N8. Stored as JSONB per translation, validated here on the way in by
 * the service (and by the builder in the browser, the same schema). Block contents are the block registry's
 * (`app/lib/content-pages/blocks`); this module only checks that an item carries a known block type and leaves
 * each block's own fields to `blockSchema`.
 *
 * Stored shape: `{ rows: [{ id, type: 'ROW', columns: [{ id, type: 'COL', width, item | null, rows }] }] }`,
 * an item `{ id, sort, content: { type, ...fields } }`.
 */

/** The six levels of data of spec 001 point 9: a row is level 1, its columns 2, a row inside a column 3, ... */
export const MAX_LAYOUT_DEPTH = 6;
/** Drop zones of the builder reach only this deep (spec 000 point 4). */
export const MAX_DROP_DEPTH = 3;
export const COLUMN_WIDTHS = ['N1', 'N2', 'N4', 'N8'] as const;
export type ColumnWidth = (typeof COLUMN_WIDTHS)[number];
/** Limits the spec leaves open, set so a page stays a page (a 200-item page is the benchmark). */
export const MAX_COLUMNS_PER_ROW = 8;
export const MAX_ROWS_PER_LEVEL = 200;
export const MAX_ITEMS = 500;
export const LAYOUT_ID_MAX = 64;
export const PAGE_NAME_MAX = 200;

/** The 17 block types of the registry (app/lib/content-pages/blocks). */
export const BLOCK_TYPE_NAMES = BLOCK_TYPES as [BlockType, ...BlockType[]];
export type BlockTypeName = BlockType;

/** Ids of rows, columns and items are the builder's (uuids or short random strings): letters, digits, - and _. */
export const layoutId = z
  .string()
  .min(1)
  .max(LAYOUT_ID_MAX)
  .regex(/^[A-Za-z0-9_-]+$/);

/**
 * A block's content as the layout's structure sees it: a known `type` and its fields. `pageLayoutSchema` checks
 * the fields with the registry's `blockSchema`; the service checks the structure first with this envelope and
 * then each block (server/services/content-pages/blocks.ts), so it can answer each with the spec's code.
 */
export const blockEnvelope = z.object({ type: z.enum(BLOCK_TYPE_NAMES) }).passthrough();
export type BlockEnvelope = z.infer<typeof blockEnvelope>;

export interface LayoutItem {
  id: string;
  sort: number;
  content: BlockEnvelope;
}

export interface LayoutColumn {
  id: string;
  type: 'COL';
  width: ColumnWidth;
  item: LayoutItem | null;
  rows: LayoutRow[];
}

export interface LayoutRow {
  id: string;
  type: 'ROW';
  columns: LayoutColumn[];
}

export interface PageLayout {
  rows: LayoutRow[];
}

/** The layout's shape with items' contents checked by `content`. */
function layoutSchemaWith(content: z.ZodTypeAny) {
  const item = z.object({
    id: layoutId,
    sort: z.number().int().min(0).max(100_000).default(0),
    content,
  }) as unknown as z.ZodType<LayoutItem, z.ZodTypeDef, unknown>;
  const column: z.ZodType<LayoutColumn, z.ZodTypeDef, unknown> = z.lazy(() =>
    z.object({
      id: layoutId,
      type: z.literal('COL').default('COL'),
      width: z.enum(COLUMN_WIDTHS).default('N8'),
      item: item.nullable().default(null),
      rows: z.array(row).max(MAX_ROWS_PER_LEVEL).default([]),
    }),
  );
  const row: z.ZodType<LayoutRow, z.ZodTypeDef, unknown> = z.lazy(() =>
    z.object({
      id: layoutId,
      type: z.literal('ROW').default('ROW'),
      columns: z.array(column).min(1).max(MAX_COLUMNS_PER_ROW),
    }),
  );
  return { item, layout: z.object({ rows: z.array(row).max(MAX_ROWS_PER_LEVEL).default([]) }) };
}

const shape = layoutSchemaWith(blockEnvelope);
const full = layoutSchemaWith(blockSchema);

export type LayoutIssueCode = 'TOO_DEEP' | 'BOTH_ITEM_AND_ROWS' | 'DUPLICATE_ID' | 'TOO_MANY_ITEMS';

export interface LayoutIssue {
  code: LayoutIssueCode;
  /** where, as a path into the layout (`rows.0.columns.1`) */
  path: string;
}

/** The structural rules zod cannot express per node: depth, one of item or rows per column, unique ids, item count. */
export function layoutIssues(layout: PageLayout): LayoutIssue[] {
  const issues: LayoutIssue[] = [];
  const ids = new Set<string>();
  let items = 0;
  const seen = (id: string, path: string) => {
    if (ids.has(id)) issues.push({ code: 'DUPLICATE_ID', path });
    ids.add(id);
  };
  const walkRows = (rows: LayoutRow[], level: number, path: string) => {
    rows.forEach((row, r) => {
      const rowPath = `${path}${path ? '.' : ''}rows.${r}`;
      if (level > MAX_LAYOUT_DEPTH) {
        issues.push({ code: 'TOO_DEEP', path: rowPath });
        return;
      }
      seen(row.id, rowPath);
      row.columns.forEach((column, c) => {
        const columnPath = `${rowPath}.columns.${c}`;
        if (level + 1 > MAX_LAYOUT_DEPTH) {
          issues.push({ code: 'TOO_DEEP', path: columnPath });
          return;
        }
        seen(column.id, columnPath);
        if (column.item && column.rows.length) issues.push({ code: 'BOTH_ITEM_AND_ROWS', path: columnPath });
        if (column.item) {
          seen(column.item.id, `${columnPath}.item`);
          items += 1;
        }
        walkRows(column.rows, level + 2, columnPath);
      });
    });
  };
  walkRows(layout.rows, 1, '');
  if (items > MAX_ITEMS) issues.push({ code: 'TOO_MANY_ITEMS', path: 'rows' });
  return issues;
}

/**
 * The layout: its shape and every block's fields. The structural rules (`layoutIssues`: depth, unique ids, one of
 * item or rows, item count) are checked after it, so the service can answer them with the spec's NESTABLE_ERROR
 * and the builder can mark the node they are about.
 */
export const pageLayoutSchema = full.layout;
/** Only the shape (items need a known block type); the service checks the blocks one by one after it. */
export const pageLayoutShapeSchema = shape.layout;

export const EMPTY_LAYOUT: PageLayout = { rows: [] };

/** Every item of a layout in reading order (rows top to bottom, columns left to right, depth first). */
export function layoutItems(layout: PageLayout): LayoutItem[] {
  const found: LayoutItem[] = [];
  const walk = (rows: LayoutRow[]) => {
    for (const row of rows)
      for (const column of row.columns) {
        if (column.item) found.push(column.item);
        walk(column.rows);
      }
  };
  walk(layout.rows);
  return found;
}

/** The same layout with every item's content replaced (`null` empties the cell). */
export function mapItems(layout: PageLayout, map: (item: LayoutItem) => LayoutItem | null): PageLayout {
  const rows = (list: LayoutRow[]): LayoutRow[] =>
    list.map((row) => ({
      ...row,
      columns: row.columns.map((column) => ({ ...column, item: column.item ? map(column.item) : null, rows: rows(column.rows) })),
    }));
  return { rows: rows(layout.rows) };
}

/** How deep a layout goes (0 for an empty one; a row of columns is 2). */
export function layoutDepth(layout: PageLayout): number {
  const depth = (rows: LayoutRow[], level: number): number =>
    rows.reduce(
      (max, row) => Math.max(max, ...row.columns.map((c) => Math.max(level + 1, depth(c.rows, level + 2)))),
      rows.length ? level : 0
    );
  return depth(layout.rows, 1);
}
