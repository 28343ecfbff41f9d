import { blockDefaults, type BlockType } from '~/lib/content-pages/blocks';
import {
  MAX_COLUMNS_PER_ROW,
  MAX_DROP_DEPTH,
  type LayoutColumn,
  type LayoutItem,
  type LayoutRow,
  type PageLayout,
} from '~/lib/content-pages/layout';
import { buildTemplate, type TemplateKey } from '~/lib/content-pages/templates';

/**
 * The content page builder's state (issue 16, spec 000 point 4): pure operations on a page layout, shared by the
 * browser (every change before saving, with undo and redo) and the server (the no-JavaScript forms apply the same
 * operation to the stored layout). Rows and columns are addressed by the column's id; levels count as in
 * layout.ts (a top-level row is level 1, its columns 2, a nested row 3, ...). The builder's drop zones and moves
 * reach only MAX_DROP_DEPTH: a lone cell may be wrapped in a nested row only while that row stays within it.
 */

export type MoveDirection = 'up' | 'down' | 'into' | 'out';

export type LayoutOp =
  | { op: 'template'; key: TemplateKey }
  /** a new block: at the end of the page, after the row of `afterColumnId`, or beside that column in its row */
  | { op: 'add'; block: BlockType; afterColumnId?: string | null; beside?: boolean; before?: boolean; itemId?: string; columnId?: string; rowId?: string }
  /** dropping a block on a cell fills it or replaces its item */
  | { op: 'fill'; columnId: string; block: BlockType; itemId?: string }
  /**
   * a new block beside a cell (spec 000 point 4): a cell alone in its row that holds an item is wrapped in a nested
   * row with the new cell beside it (while that row stays within the drop depth); otherwise a column is inserted
   */
  | { op: 'beside'; columnId: string; block: BlockType; side: 'before' | 'after'; itemId?: string; newColumnId?: string }
  | { op: 'update'; itemId: string; content: LayoutItem['content'] }
  | { op: 'delete'; columnId: string }
  | { op: 'move'; columnId: string; direction: MoveDirection }
  /** drag and drop: the row holding `columnId` goes to position `to` among its sibling rows */
  | { op: 'reorder'; columnId: string; to: number };

export type OpFailure = 'NOT_FOUND' | 'NO_MOVE' | 'TOO_DEEP' | 'TOO_MANY_COLUMNS';
export type OpResult = { ok: true; layout: PageLayout; focus: string | null } | { ok: false; reason: OpFailure };

export const newLayoutId = (): string =>
  typeof globalThis.crypto?.randomUUID === 'function'
    ? globalThis.crypto.randomUUID()
    : `id-${Math.random().toString(36).slice(2)}${Date.now().toString(36)}`;

/** A new item of a block type, showing its example until touched. */
export function newItem(block: BlockType, id = newLayoutId()): LayoutItem {
  return { id, sort: 0, content: { ...blockDefaults(block), type: block, showExample: true } };
}

const cloneRows = (rows: LayoutRow[]): LayoutRow[] =>
  rows.map((row) => ({ ...row, columns: row.columns.map((c) => ({ ...c, rows: cloneRows(c.rows) })) }));

/** Where a column sits: the list of rows holding its row, the row's index there, the column's index, its level. */
interface Place {
  rows: LayoutRow[];
  rowIndex: number;
  row: LayoutRow;
  columnIndex: number;
  column: LayoutColumn;
  level: number;
  /** the column whose `rows` is `rows` (null at the top) and its own place */
  parent: Place | null;
}

function find(rows: LayoutRow[], columnId: string, level = 1, parent: Place | null = null): Place | null {
  for (let r = 0; r < rows.length; r += 1) {
    const row = rows[r]!;
    for (let c = 0; c < row.columns.length; c += 1) {
      const column = row.columns[c]!;
      const place: Place = { rows, rowIndex: r, row, columnIndex: c, column, level: level + 1, parent };
      if (column.id === columnId) return place;
      const inner = find(column.rows, columnId, level + 2, place);
      if (inner) return inner;
    }
  }
  return null;
}

/** The column holding an item. */
export function columnOfItem(layout: PageLayout, itemId: string): LayoutColumn | null {
  const walk = (rows: LayoutRow[]): LayoutColumn | null => {
    for (const row of rows)
      for (const column of row.columns) {
        if (column.item?.id === itemId) return column;
        const inner = walk(column.rows);
        if (inner) return inner;
      }
    return null;
  };
  return walk(layout.rows);
}

export function findColumn(layout: PageLayout, columnId: string): LayoutColumn | null {
  return find(layout.rows, columnId)?.column ?? null;
}

/** A cell without item and without nested rows (deleting it asks first, spec 000 point 4). */
export const isEmptyCell = (column: LayoutColumn): boolean => !column.item && column.rows.length === 0;

/** Removes a column; the last one of a row removes the row; a parent column left without rows and item goes too. */
function removeColumn(place: Place) {
  place.row.columns.splice(place.columnIndex, 1);
  if (place.row.columns.length === 0) {
    place.rows.splice(place.rowIndex, 1);
    const parent = place.parent;
    if (parent && isEmptyCell(parent.column)) removeColumn(parent);
  }
}

const singleRow = (column: LayoutColumn): LayoutRow => ({ id: newLayoutId(), type: 'ROW', columns: [{ ...column, width: 'N8' }] });

export function applyOp(layout: PageLayout, action: LayoutOp): OpResult {
  if (action.op === 'template') return { ok: true, layout: buildTemplate(action.key, (type) => blockDefaults(type)), focus: null };
  const rows = cloneRows(layout.rows);
  const next = (focus: string | null): OpResult => ({ ok: true, layout: { rows }, focus });
  switch (action.op) {
    case 'add': {
      const item = newItem(action.block, action.itemId);
      const column: LayoutColumn = { id: action.columnId ?? newLayoutId(), type: 'COL', width: 'N8', item, rows: [] };
      if (!action.afterColumnId) {
        rows.push({ id: action.rowId ?? newLayoutId(), type: 'ROW', columns: [column] });
        return next(column.id);
      }
      const place = find(rows, action.afterColumnId);
      if (!place) return { ok: false, reason: 'NOT_FOUND' };
      if (action.beside) {
        if (place.row.columns.length >= MAX_COLUMNS_PER_ROW) return { ok: false, reason: 'TOO_MANY_COLUMNS' };
        place.row.columns.splice(place.columnIndex + 1, 0, { ...column, width: place.column.width });
      } else {
        place.rows.splice(action.before ? place.rowIndex : place.rowIndex + 1, 0, { id: action.rowId ?? newLayoutId(), type: 'ROW', columns: [column] });
      }
      return next(column.id);
    }
    case 'fill': {
      const place = find(rows, action.columnId);
      if (!place) return { ok: false, reason: 'NOT_FOUND' };
      place.row.columns[place.columnIndex] = { ...place.column, item: newItem(action.block, action.itemId), rows: [] };
      return next(place.column.id);
    }
    case 'beside': {
      const place = find(rows, action.columnId);
      if (!place) return { ok: false, reason: 'NOT_FOUND' };
      const added: LayoutColumn = { id: action.newColumnId ?? newLayoutId(), type: 'COL', width: 'N8', item: newItem(action.block, action.itemId), rows: [] };
      const lone = place.row.columns.length === 1 && place.column.item && place.column.rows.length === 0;
      if (lone && place.level + 1 <= MAX_DROP_DEPTH) {
        const moved: LayoutColumn = { id: newLayoutId(), type: 'COL', width: 'N8', item: place.column.item, rows: [] };
        place.row.columns[place.columnIndex] = {
          ...place.column,
          item: null,
          rows: [{ id: newLayoutId(), type: 'ROW', columns: action.side === 'before' ? [added, moved] : [moved, added] }],
        };
        return next(added.id);
      }
      if (place.row.columns.length >= MAX_COLUMNS_PER_ROW) return { ok: false, reason: 'TOO_MANY_COLUMNS' };
      place.row.columns.splice(action.side === 'before' ? place.columnIndex : place.columnIndex + 1, 0, { ...added, width: place.column.width });
      return next(added.id);
    }
    case 'update': {
      const update = (list: LayoutRow[]): boolean =>
        list.some((row) =>
          row.columns.some((column, i) => {
            if (column.item?.id === action.itemId) {
              row.columns[i] = { ...column, item: { ...column.item, content: action.content } };
              return true;
            }
            return update(column.rows);
          })
        );
      if (!update(rows)) return { ok: false, reason: 'NOT_FOUND' };
      return next(columnOfItem({ rows }, action.itemId)?.id ?? null);
    }
    case 'delete': {
      const place = find(rows, action.columnId);
      if (!place) return { ok: false, reason: 'NOT_FOUND' };
      const before =
        place.columnIndex > 0
          ? place.row.columns[place.columnIndex - 1]
          : place.rowIndex > 0
          ? place.rows[place.rowIndex - 1]!.columns[0]
          : null;
      removeColumn(place);
      return next(before?.id ?? null);
    }
    case 'move':
      return move(rows, action.columnId, action.direction, next);
    case 'reorder': {
      const place = find(rows, action.columnId);
      if (!place) return { ok: false, reason: 'NOT_FOUND' };
      const to = Math.max(0, Math.min(action.to, place.rows.length - 1));
      if (to === place.rowIndex) return { ok: false, reason: 'NO_MOVE' };
      const [row] = place.rows.splice(place.rowIndex, 1);
      place.rows.splice(to, 0, row!);
      return next(action.columnId);
    }
  }
}

function move(rows: LayoutRow[], columnId: string, direction: MoveDirection, next: (focus: string | null) => OpResult): OpResult {
  const place = find(rows, columnId);
  if (!place) return { ok: false, reason: 'NOT_FOUND' };
  const { row, column, columnIndex, rowIndex } = place;
  const alone = row.columns.length === 1;
  if (direction === 'up' || direction === 'down') {
    const step = direction === 'up' ? -1 : 1;
    if (alone) {
      // a row of one cell trades places with its neighbour row
      const other = rowIndex + step;
      if (other < 0 || other >= place.rows.length) return { ok: false, reason: 'NO_MOVE' };
      [place.rows[rowIndex], place.rows[other]] = [place.rows[other]!, row];
      return next(column.id);
    }
    const other = columnIndex + step;
    if (other >= 0 && other < row.columns.length) {
      [row.columns[columnIndex], row.columns[other]] = [row.columns[other]!, column];
      return next(column.id);
    }
    // the first (last) cell of a row leaves it to a row of its own before (after) it
    row.columns.splice(columnIndex, 1);
    place.rows.splice(direction === 'up' ? rowIndex : rowIndex + 1, 0, singleRow(column));
    return next(column.id);
  }
  if (direction === 'into') {
    // a lone cell is wrapped in a nested row (the drop "beside a lone cell" of spec 000 point 4)
    if (!column.item || place.level + 1 > MAX_DROP_DEPTH) return { ok: false, reason: 'TOO_DEEP' };
    row.columns[columnIndex] = {
      ...column,
      item: null,
      rows: [{ id: newLayoutId(), type: 'ROW', columns: [{ id: newLayoutId(), type: 'COL', width: 'N8', item: column.item, rows: [] }] }],
    };
    return next(row.columns[columnIndex]!.rows[0]!.columns[0]!.id);
  }
  // out: the cell leaves its nested row to a row of its own after the parent's row
  const parent = place.parent;
  if (!parent) return { ok: false, reason: 'NO_MOVE' };
  row.columns.splice(columnIndex, 1);
  if (row.columns.length === 0) place.rows.splice(rowIndex, 1);
  const parentRowIndex = parent.rows.indexOf(parent.row);
  parent.rows.splice(parentRowIndex + 1, 0, singleRow(column));
  if (isEmptyCell(parent.column))
    removeColumn({ ...parent, rowIndex: parentRowIndex, columnIndex: parent.row.columns.indexOf(parent.column) });
  return next(column.id);
}

/** Where "add block here" puts the new block, relative to the selected cell (the keyboard's drop positions). */
export const ADD_PLACES = ['below', 'above', 'right', 'left', 'replace'] as const;
export type AddPlace = (typeof ADD_PLACES)[number];

/** The layout operation of "add block here" (and of a drop at the same place). */
export function addOp(block: BlockType, columnId: string | null, where: AddPlace, itemId = newLayoutId()): LayoutOp {
  if (!columnId) return { op: 'add', block, itemId };
  switch (where) {
    case 'replace':
      return { op: 'fill', columnId, block, itemId };
    case 'left':
    case 'right':
      return { op: 'beside', columnId, block, side: where === 'left' ? 'before' : 'after', itemId };
    default:
      return { op: 'add', block, afterColumnId: columnId, before: where === 'above', itemId };
  }
}

/**
 * The next layout with every row and column that did not change replaced by the previous layout's object (same id,
 * same fields, same item and nested rows): applyOp clones all rows and columns, and the canvas re-renders only what
 * is not referentially equal (a move on a 200-item page touches two rows, npm run bench:builder).
 */
export function shareUnchanged(previous: PageLayout, next: PageLayout): PageLayout {
  const oldRows = new Map<string, LayoutRow>();
  const oldColumns = new Map<string, LayoutColumn>();
  const index = (rows: LayoutRow[]) => {
    for (const row of rows) {
      oldRows.set(row.id, row);
      for (const column of row.columns) {
        oldColumns.set(column.id, column);
        index(column.rows);
      }
    }
  };
  index(previous.rows);
  const sameList = <T>(a: T[], b: T[]) => a.length === b.length && a.every((value, i) => value === b[i]);
  const shareRows = (rows: LayoutRow[]): LayoutRow[] => {
    const shared = rows.map((row) => {
      const columns = row.columns.map((column) => {
        const old = oldColumns.get(column.id);
        const nested = column.rows.length === 0 && old?.rows.length === 0 ? old.rows : shareRows(column.rows);
        if (old && old.type === column.type && old.width === column.width && old.item === column.item && old.rows === nested) return old;
        return nested === column.rows ? column : { ...column, rows: nested };
      });
      const old = oldRows.get(row.id);
      if (old && old.type === row.type && sameList(old.columns, columns)) return old;
      return sameList(row.columns, columns) ? row : { ...row, columns };
    });
    // a list of rows that did not change at all is the previous list itself
    const before = rows.length ? oldListOf.get(shared[0]!) : undefined;
    return before && sameList(before, shared) ? before : shared;
  };
  const oldListOf = new Map<LayoutRow, LayoutRow[]>();
  const lists = (rows: LayoutRow[]) => {
    for (const row of rows) {
      oldListOf.set(row, rows);
      for (const column of row.columns) lists(column.rows);
    }
  };
  lists(previous.rows);
  const rows = shareRows(next.rows);
  return rows === previous.rows ? previous : { ...next, rows };
}

/** Undo and redo of every change before saving (Ctrl+Z / Ctrl+Shift+Z). */
export interface BuilderHistory {
  past: PageLayout[];
  present: PageLayout;
  future: PageLayout[];
  /** the column last changed or moved (focus and announcements follow it) */
  focus: string | null;
  /** why the last action changed nothing */
  failure: OpFailure | null;
}

export const HISTORY_LIMIT = 200;

export type HistoryAction =
  | { type: 'apply'; action: LayoutOp }
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'reset'; layout: PageLayout }
  /** a kept draft taken back: one step that undo takes back to the stored layout */
  | { type: 'restore'; layout: PageLayout };

export const initialHistory = (layout: PageLayout): BuilderHistory => ({
  past: [],
  present: layout,
  future: [],
  focus: null,
  failure: null,
});

export function historyReducer(state: BuilderHistory, action: HistoryAction): BuilderHistory {
  switch (action.type) {
    case 'apply': {
      const result = applyOp(state.present, action.action);
      if (!result.ok) return { ...state, failure: result.reason };
      return {
        past: [...state.past, state.present].slice(-HISTORY_LIMIT),
        present: shareUnchanged(state.present, result.layout),
        future: [],
        focus: result.focus,
        failure: null,
      };
    }
    case 'undo': {
      const previous = state.past[state.past.length - 1];
      if (!previous) return state;
      return {
        past: state.past.slice(0, -1),
        present: previous,
        future: [state.present, ...state.future],
        focus: state.focus,
        failure: null,
      };
    }
    case 'redo': {
      const [following, ...rest] = state.future;
      if (!following) return state;
      return { past: [...state.past, state.present], present: following, future: rest, focus: state.focus, failure: null };
    }
    case 'reset':
      return initialHistory(action.layout);
    case 'restore':
      return { past: [...state.past, state.present].slice(-HISTORY_LIMIT), present: action.layout, future: [], focus: null, failure: null };
  }
}

/** Where a column is, for announcements: its row's number among its siblings, its own number in the row, its level. */
export function positionOf(
  layout: PageLayout,
  columnId: string
): { row: number; rows: number; column: number; columns: number; level: number } | null {
  const place = find(layout.rows, columnId);
  if (!place) return null;
  return {
    row: place.rowIndex + 1,
    rows: place.rows.length,
    column: place.columnIndex + 1,
    columns: place.row.columns.length,
    level: place.level,
  };
}
