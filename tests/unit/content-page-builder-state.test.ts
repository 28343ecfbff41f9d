import { describe, expect, it } from 'vitest';
import { applyOp, historyReducer, initialHistory, type LayoutOp } from '~/components/content-pages/builder/state';
import { layoutIssues, pageLayoutShapeSchema, type PageLayout } from '~/lib/content-pages/layout';

const ok = (layout: PageLayout, op: LayoutOp) => {
  const result = applyOp(layout, op);
  if (!result.ok) throw new Error(`refused: ${result.reason}`);
  expect(layoutIssues(result.layout)).toEqual([]);
  expect(pageLayoutShapeSchema.safeParse(result.layout).success).toBe(true);
  return result.layout;
};
/** The page as rows of block types (nested rows in brackets). */
const shape = (layout: PageLayout): unknown =>
  layout.rows.map((row) => row.columns.map((c) => (c.item ? c.item.content.type : c.rows.length ? shape({ rows: c.rows }) : 'EMPTY')));

describe('content page builder state (issue 16)', () => {
  it('inserts blocks at the end, after a row and beside a column; new items show their example', () => {
    let layout = ok({ rows: [] }, { op: 'add', block: 'TEXT', columnId: 'a' });
    layout = ok(layout, { op: 'add', block: 'IMAGE', columnId: 'b' });
    layout = ok(layout, { op: 'add', block: 'HERO', afterColumnId: 'a', columnId: 'c' });
    layout = ok(layout, { op: 'add', block: 'VIDEO', afterColumnId: 'c', beside: true, columnId: 'd' });
    expect(shape(layout)).toEqual([['TEXT'], ['HERO', 'VIDEO'], ['IMAGE']]);
    expect(layout.rows[0]!.columns[0]!.item!.content).toMatchObject({ type: 'TEXT', showExample: true });
  });

  it('fills an empty cell or replaces its item, and updates an item', () => {
    let layout = ok({ rows: [] }, { op: 'template', key: 's2' });
    const [left] = layout.rows[0]!.columns;
    layout = ok(layout, { op: 'fill', columnId: left!.id, block: 'TEXT', itemId: 'i1' });
    layout = ok(layout, { op: 'fill', columnId: left!.id, block: 'IMAGE', itemId: 'i2' });
    expect(shape(layout)).toEqual([['IMAGE', 'EMPTY']]);
    layout = ok(layout, { op: 'update', itemId: 'i2', content: { type: 'IMAGE', text: 'Alt' } });
    expect(layout.rows[0]!.columns[0]!.item!.content).toEqual({ type: 'IMAGE', text: 'Alt' });
    expect(applyOp(layout, { op: 'update', itemId: 'nope', content: { type: 'TEXT' } })).toEqual({ ok: false, reason: 'NOT_FOUND' });
  });

  it('moves up and down: rows trade places, cells of a row swap, the first cell leaves to a row of its own', () => {
    let layout = ok({ rows: [] }, { op: 'add', block: 'TEXT', columnId: 'a' });
    layout = ok(layout, { op: 'add', block: 'IMAGE', columnId: 'b' });
    layout = ok(layout, { op: 'add', block: 'HERO', afterColumnId: 'b', beside: true, columnId: 'c' });
    layout = ok(layout, { op: 'move', columnId: 'a', direction: 'down' });
    expect(shape(layout)).toEqual([['IMAGE', 'HERO'], ['TEXT']]);
    layout = ok(layout, { op: 'move', columnId: 'c', direction: 'up' });
    expect(shape(layout)).toEqual([['HERO', 'IMAGE'], ['TEXT']]);
    layout = ok(layout, { op: 'move', columnId: 'c', direction: 'up' });
    expect(shape(layout)).toEqual([['HERO'], ['IMAGE'], ['TEXT']]);
    expect(applyOp(layout, { op: 'move', columnId: 'c', direction: 'up' })).toEqual({ ok: false, reason: 'NO_MOVE' });
  });

  it('drag and drop reorders a row among its siblings', () => {
    let layout = ok({ rows: [] }, { op: 'add', block: 'TEXT', columnId: 'a' });
    layout = ok(layout, { op: 'add', block: 'IMAGE', columnId: 'b' });
    layout = ok(layout, { op: 'add', block: 'HERO', columnId: 'c' });
    layout = ok(layout, { op: 'reorder', columnId: 'c', to: 0 });
    expect(shape(layout)).toEqual([['HERO'], ['TEXT'], ['IMAGE']]);
    expect(applyOp(layout, { op: 'reorder', columnId: 'c', to: 0 })).toEqual({ ok: false, reason: 'NO_MOVE' });
  });

  it('wraps a lone cell in a nested row and takes it out again; depth stops at the drop limit', () => {
    let layout = ok({ rows: [] }, { op: 'add', block: 'TEXT', columnId: 'a', itemId: 'i' });
    const wrapped = applyOp(layout, { op: 'move', columnId: 'a', direction: 'into' });
    if (!wrapped.ok) throw new Error('refused');
    layout = wrapped.layout;
    expect(shape(layout)).toEqual([[[['TEXT']]]]);
    const inner = wrapped.focus!;
    expect(applyOp(layout, { op: 'move', columnId: inner, direction: 'into' })).toEqual({ ok: false, reason: 'TOO_DEEP' });
    layout = ok(layout, { op: 'move', columnId: inner, direction: 'out' });
    expect(shape(layout)).toEqual([['TEXT']]);
    expect(applyOp(layout, { op: 'move', columnId: inner, direction: 'out' })).toEqual({ ok: false, reason: 'NO_MOVE' });
  });

  it('deleting the last column of a row deletes the row', () => {
    let layout = ok({ rows: [] }, { op: 'template', key: 's2' });
    const [left, right] = layout.rows[0]!.columns;
    layout = ok(layout, { op: 'delete', columnId: left!.id });
    expect(shape(layout)).toEqual([['EMPTY']]);
    layout = ok(layout, { op: 'delete', columnId: right!.id });
    expect(layout.rows).toEqual([]);
  });

  it('templates t1-t4 and structures s1-s4 start a page', () => {
    expect(shape(ok({ rows: [] }, { op: 'template', key: 't1' }))).toEqual([['HERO'], ['TEXT'], ['IMAGE', 'TEXT']]);
    expect(shape(ok({ rows: [] }, { op: 'template', key: 's3' }))).toEqual([['EMPTY', 'EMPTY', 'EMPTY']]);
  });

  it('undoes and redoes every change; a new change drops the redo list', () => {
    let state = initialHistory({ rows: [] });
    state = historyReducer(state, { type: 'apply', action: { op: 'add', block: 'TEXT', columnId: 'a' } });
    state = historyReducer(state, { type: 'apply', action: { op: 'add', block: 'IMAGE', columnId: 'b' } });
    state = historyReducer(state, { type: 'apply', action: { op: 'move', columnId: 'b', direction: 'up' } });
    expect(shape(state.present)).toEqual([['IMAGE'], ['TEXT']]);
    state = historyReducer(state, { type: 'undo' });
    expect(shape(state.present)).toEqual([['TEXT'], ['IMAGE']]);
    state = historyReducer(state, { type: 'undo' });
    state = historyReducer(state, { type: 'undo' });
    expect(state.present.rows).toEqual([]);
    expect(historyReducer(state, { type: 'undo' })).toBe(state);
    state = historyReducer(state, { type: 'redo' });
    state = historyReducer(state, { type: 'redo' });
    expect(shape(state.present)).toEqual([['TEXT'], ['IMAGE']]);
    state = historyReducer(state, { type: 'apply', action: { op: 'delete', columnId: 'a' } });
    expect(state.future).toEqual([]);
    expect(historyReducer(state, { type: 'redo' })).toBe(state);
    const refused = historyReducer(state, { type: 'apply', action: { op: 'move', columnId: 'b', direction: 'up' } });
    expect(refused.failure).toBe('NO_MOVE');
    expect(refused.present).toBe(state.present);
  });

  it('keeps every row and column a change does not touch referentially equal (the canvas re-renders only those)', () => {
    let layout: PageLayout = { rows: [] };
    for (const id of ['a', 'b', 'c', 'd']) layout = ok(layout, { op: 'add', block: 'TEXT', columnId: id, rowId: `r-${id}` });
    layout = ok(layout, { op: 'add', block: 'IMAGE', afterColumnId: 'd', beside: true, columnId: 'e' });
    let state = historyReducer(initialHistory(layout), { type: 'apply', action: { op: 'move', columnId: 'b', direction: 'down' } });
    const [r0, r1, r2, r3] = state.present.rows;
    expect(shape(state.present)).toEqual([['TEXT'], ['TEXT'], ['TEXT'], ['TEXT', 'IMAGE']]);
    expect([r0!.id, r1!.id, r2!.id]).toEqual(['r-a', 'r-c', 'r-b']);
    // the rows only changed places: all four are the previous objects, the list is new
    expect(r0).toBe(layout.rows[0]);
    expect(r1).toBe(layout.rows[2]);
    expect(r2).toBe(layout.rows[1]);
    expect(r3).toBe(layout.rows[3]);
    expect(state.present.rows).not.toBe(layout.rows);
    // an update replaces its item's column and row, nothing else
    const before = state.present;
    state = historyReducer(state, { type: 'apply', action: { op: 'update', itemId: r3!.columns[1]!.item!.id, content: { type: 'IMAGE', text: 'Alt' } } });
    expect(state.present.rows.slice(0, 3)).toEqual(before.rows.slice(0, 3));
    state.present.rows.slice(0, 3).forEach((row, i) => expect(row).toBe(before.rows[i]));
    expect(state.present.rows[3]).not.toBe(before.rows[3]);
    expect(state.present.rows[3]!.columns[0]).toBe(before.rows[3]!.columns[0]);
    expect(state.present.rows[3]!.columns[1]!.item!.content).toEqual({ type: 'IMAGE', text: 'Alt' });
    // undo gives back the previous layout itself
    expect(historyReducer(state, { type: 'undo' }).present).toBe(before);
  });
});
