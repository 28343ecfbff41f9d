import { useEffect, useRef, type RefObject } from 'react';
import { handBackToReact, POINTER_DRAG } from '~/components/ui/reorder';
import { isBlockType, type BlockType } from '~/lib/content-pages/blocks';
import { MAX_DROP_DEPTH } from '~/lib/content-pages/layout';

/**
 * Drag and drop of the content page builder (issue 16, spec 000 point 4), with sortablejs loaded on this page only
 * (a dynamic import after hydration): a row dragged by a cell's handle goes to another place among its sibling
 * rows; a block dragged from the palette onto a cell fills it or replaces its item, beside a row (into the gap
 * between rows) inserts a row, onto a cell's left or right edge inserts a column there (a lone cell is wrapped in a
 * nested row with the new one beside it). Drop zones exist only to MAX_DROP_DEPTH (lists of rows at deeper levels,
 * and their cells, take no drops). sortablejs's DOM changes are undone at once and
 * the change goes through the builder's state (so undo, redo and the announcements follow).
 */

export interface DropHandlers {
  /** the row of `columnId` dragged to position `to` of its list */
  reorder: (columnId: string, to: number) => void;
  /** a palette block dropped into the list of rows beside `neighbourColumnId` (the row there moves down) */
  insert: (block: BlockType, neighbourColumnId: string | null, before: boolean) => void;
  /** a palette block dropped on a cell */
  fill: (block: BlockType, columnId: string) => void;
  /** a palette block dropped on a cell's left (before) or right (after) edge */
  beside: (block: BlockType, columnId: string, side: 'before' | 'after') => void;
}

/** A palette entry sortable moved into a drop target goes back to its place (React keeps that node). */
function restorePalette(item: HTMLElement, clone: HTMLElement | undefined) {
  if (clone?.parentNode) clone.parentNode.replaceChild(item, clone);
  else item.parentNode?.removeChild(item);
}

/** The first column's id of each row element of a list. */
const firstColumnOf = (row: Element | undefined | null) => row?.querySelector<HTMLElement>('[data-builder-cell]')?.dataset.builderCell ?? null;

export function useBuilderDnd(
  canvas: RefObject<HTMLElement | null>,
  palette: RefObject<HTMLElement | null>,
  enabled: boolean,
  layoutKey: unknown,
  handlers: DropHandlers,
) {
  const handlersRef = useRef(handlers);
  handlersRef.current = handlers;
  useEffect(() => {
    const root = canvas.current;
    const source = palette.current;
    if (!enabled || !root || !source) return;
    let cancelled = false;
    const instances: { destroy: () => void }[] = [];
    void import('sortablejs').then(({ default: Sortable }) => {
      if (cancelled) return;
      // cells and their edges: drop targets without draggables of their own (sortable appends the dragged entry),
      // made only while a palette entry is dragged (a page of 200 items does not set up 600 of them on every change)
      let targets: { destroy: () => void }[] = [];
      const dropTargets = () => {
        targets = [...root.querySelectorAll<HTMLElement>('[data-cell-drop], [data-cell-beside]')].map((target) =>
          Sortable.create(target, {
            group: { name: 'content-page-blocks', pull: false, put: true },
            sort: false,
            draggable: '>[data-palette-block]',
            ...POINTER_DRAG,
            onAdd: ({ item, clone }) => {
              const block = item.getAttribute('data-palette-block');
              restorePalette(item, clone);
              if (!isBlockType(block)) return;
              const side = target.dataset.cellBeside;
              if (side === 'before' || side === 'after') handlersRef.current.beside(block, target.dataset.cell ?? '', side);
              else handlersRef.current.fill(block, target.dataset.cellDrop ?? '');
            },
          }),
        );
      };
      const dropTargetsGone = () => {
        targets.forEach((target) => target.destroy());
        targets = [];
      };
      instances.push({ destroy: dropTargetsGone });
      instances.push(
        Sortable.create(source, {
          group: { name: 'content-page-blocks', pull: 'clone', put: false },
          sort: false,
          draggable: '[data-palette-block]',
          ...POINTER_DRAG,
          onStart: dropTargets,
          onEnd: dropTargetsGone,
        }),
      );
      const lists = [...root.querySelectorAll<HTMLElement>('[data-builder-rows]')].filter((list) => Number(list.dataset.level) <= MAX_DROP_DEPTH);
      for (const list of lists) {
        instances.push(
          Sortable.create(list, {
            group: { name: 'content-page-blocks', pull: false, put: true },
            // sortablejs's own "direct child" syntax: in Element.matches `:scope >` means a child of the row itself, so
            // no row was ever draggable
            draggable: '>[data-layout-row]',
            handle: '[data-builder-handle]',
            // only the handles of this list's own rows: a handle in a deeper list that takes no drops does not drag
            // the row around it
            filter: (event) => (event.target as Element | null)?.closest('[data-builder-rows]') !== list,
            preventOnFilter: false,
            animation: 120,
            ...POINTER_DRAG,
            onEnd: (event) => {
              const moved = handBackToReact(event);
              const columnId = firstColumnOf(event.item);
              if (moved && columnId) handlersRef.current.reorder(columnId, moved.to);
            },
            onAdd: ({ item, clone, to, newIndex }) => {
              const block = item.getAttribute('data-palette-block');
              // the dragged palette entry goes back to its place (React keeps that node) in place of sortable's copy
              restorePalette(item, clone);
              if (!isBlockType(block) || newIndex === undefined) return;
              const rows = [...to.children].filter((child) => child.hasAttribute('data-layout-row'));
              const before = rows[newIndex];
              const neighbour = before ?? rows[rows.length - 1];
              handlersRef.current.insert(block, firstColumnOf(neighbour), Boolean(before));
            },
          }),
        );
      }
      root.setAttribute('data-dnd-ready', 'yes');
    });
    return () => {
      cancelled = true;
      root.removeAttribute('data-dnd-ready');
      instances.forEach((instance) => instance.destroy());
    };
  }, [canvas, palette, enabled, layoutKey]);
}
