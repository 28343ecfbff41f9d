import { Form, useFetcher } from '@remix-run/react';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent, type RefObject } from 'react';
import { buttonClassName } from './button';
import { useHydrated } from './use-hydrated';

/**
 * Reordering a list, shared by the hall's stands, the room tour, the content pool tree, the lead form builder and
 * the content page builder: the new order after a move (also for the form without JavaScript), sortablejs loaded
 * only in the browser and only on pages that sort, and a server-ordered list with move buttons and arrow keys.
 */

export type MoveDirection = 'up' | 'down';

/** The new order after moving `id` one place up or down (the form without JavaScript); null at the edges. */
export function movedOrder(ids: string[], id: string, direction: string): string[] | null {
  const from = ids.indexOf(id);
  const to = direction === 'up' ? from - 1 : direction === 'down' ? from + 1 : -1;
  if (from < 0 || to < 0 || to >= ids.length) return null;
  const next = [...ids];
  next.splice(from, 1);
  next.splice(to, 0, id);
  return next;
}

/** `items` with the entry at index `from` moved to index `to`. */
export function movedIndex<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return next;
}

/** sortablejs options for dragging with mouse and touch events instead of native drag and drop: the same in every browser. */
export const POINTER_DRAG = { forceFallback: true, fallbackOnBody: true } as const;

/**
 * Hands the DOM back to React after sortablejs moved a node: undoes the move and returns the indexes, for the
 * state to reorder; null when nothing moved.
 */
export function handBackToReact(event: { item: HTMLElement; from: HTMLElement; oldIndex?: number; newIndex?: number }) {
  const { item, from, oldIndex, newIndex } = event;
  if (oldIndex === undefined || newIndex === undefined || oldIndex === newIndex) return null;
  from.removeChild(item);
  from.insertBefore(item, from.children[oldIndex] ?? null);
  return { from: oldIndex, to: newIndex };
}

/**
 * Sorts the children of `list` by dragging their `handle` (sortablejs, imported once `enabled`); calls `onMove`
 * with the old and new index and leaves the DOM to React. The list carries `data-dnd-ready="true"` once it sorts.
 */
export function useSortable(
  list: RefObject<HTMLElement | null>,
  { enabled, handle, draggable, onMove }: { enabled: boolean; handle: string; draggable?: string; onMove: (from: number, to: number) => void },
) {
  const onMoveRef = useRef(onMove);
  onMoveRef.current = onMove;
  useEffect(() => {
    const element = list.current;
    if (!enabled || !element) return;
    let cancelled = false;
    let sortable: { destroy: () => void } | undefined;
    void import('sortablejs').then(({ default: Sortable }) => {
      if (cancelled) return;
      sortable = Sortable.create(element, {
        handle,
        ...(draggable ? { draggable } : {}),
        animation: 150,
        ...POINTER_DRAG,
        onEnd: (event) => {
          const moved = handBackToReact(event);
          if (moved) onMoveRef.current(moved.from, moved.to);
        },
      });
      element.dataset.dndReady = 'true';
    });
    return () => {
      cancelled = true;
      sortable?.destroy();
      delete element.dataset.dndReady;
    };
  }, [list, enabled, handle, draggable]);
}

/** `useLayoutEffect` without the server-render warning. */
const useIsomorphicLayoutEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect;

/**
 * The order of a list the server keeps: sorted by drag and drop (`handle`), the move buttons (`MoveButtons`) or the
 * arrow keys on a focused handle button (`onHandleKeyDown`, for a handle carrying `data-handle={id}`). Each move
 * updates the list at once, is announced (`announce`) and posts the whole new order (intent `reorder`, `ids`)
 * through a fetcher to `action`; the focus stays on the pressed button or handle.
 */
export function useServerOrder<T extends { id: string }>(
  items: T[],
  { action, handle, draggable, announce }: {
    action?: string;
    handle: string;
    draggable?: string;
    announce: (moved: T | undefined, position: number, total: number) => void;
  },
) {
  const hydrated = useHydrated();
  const fetcher = useFetcher();
  const serverOrder = items.map((i) => i.id).join(',');
  const [order, setOrder] = useState<string[]>(() => items.map((i) => i.id));
  const list = useRef<HTMLOListElement>(null);
  const pendingFocus = useRef<{ id: string; direction: MoveDirection | 'handle' } | null>(null);
  const byId = new Map(items.map((i) => [i.id, i]));

  useEffect(() => setOrder(serverOrder ? serverOrder.split(',') : []), [serverOrder]);

  function commit(next: string[], movedId: string) {
    setOrder(next);
    announce(byId.get(movedId), next.indexOf(movedId) + 1, next.length);
    const body = new FormData();
    body.append('intent', 'reorder');
    for (const id of next) body.append('ids', id);
    fetcher.submit(body, { method: 'post', action });
  }
  useSortable(list, { enabled: hydrated, handle, draggable, onMove: (from, to) => commit(movedIndex(order, from, to), order[from]!) });

  // moving a row re-inserts its DOM node, which drops the focus: give it back to the pressed button or handle
  useIsomorphicLayoutEffect(() => {
    const focus = pendingFocus.current;
    if (!focus || !list.current) return;
    pendingFocus.current = null;
    if (focus.direction === 'handle') {
      list.current.querySelector<HTMLButtonElement>(`[data-handle="${focus.id}"]`)?.focus();
      return;
    }
    const other = focus.direction === 'up' ? 'down' : 'up';
    const button =
      list.current.querySelector<HTMLButtonElement>(`[data-move="${focus.id}:${focus.direction}"]:not(:disabled)`) ??
      list.current.querySelector<HTMLButtonElement>(`[data-move="${focus.id}:${other}"]`);
    button?.focus();
  }, [order]);

  function move(id: string, direction: MoveDirection): boolean {
    const next = movedOrder(order, id, direction);
    if (!next) return false;
    pendingFocus.current = { id, direction };
    commit(next, id);
    return true;
  }
  /** A move button's form: with JavaScript the move happens here instead of a page load. */
  function onMoveSubmit(event: FormEvent<HTMLFormElement>, id: string, direction: MoveDirection) {
    if (!hydrated) return;
    event.preventDefault();
    move(id, direction);
  }
  /** Arrow up/down on a focused handle moves its row (the keyboard's drag and drop). */
  function onHandleKeyDown(event: KeyboardEvent<HTMLElement>, id: string) {
    if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
    event.preventDefault();
    if (move(id, event.key === 'ArrowUp' ? 'up' : 'down')) pendingFocus.current = { id, direction: 'handle' };
  }

  const rows = order.map((id) => byId.get(id)).filter((item): item is T => Boolean(item));
  return { list, rows, hydrated, onMoveSubmit, onHandleKeyDown };
}

const SMALL = `${buttonClassName('whiteModal')} !p-2`;

/**
 * The move-up and move-down buttons of row `index` of `total`: each a form (intent `move`, `id`, `direction`) that
 * works without JavaScript, marked `data-move="<id>:<direction>"`.
 */
export function MoveButtons({
  id,
  index,
  total,
  action,
  labelOf,
  onMoveSubmit,
}: {
  id: string;
  index: number;
  total: number;
  action?: string;
  labelOf: (direction: MoveDirection) => string;
  onMoveSubmit: (event: FormEvent<HTMLFormElement>, id: string, direction: MoveDirection) => void;
}) {
  return (
    <div className="flex gap-1">
      {(['up', 'down'] as const).map((direction) => {
        const Icon = direction === 'up' ? ArrowUp : ArrowDown;
        const disabled = direction === 'up' ? index === 0 : index === total - 1;
        return (
          <Form key={direction} method="post" action={action} onSubmit={(event) => onMoveSubmit(event, id, direction)}>
            <input type="hidden" name="intent" value="move" />
            <input type="hidden" name="id" value={id} />
            <input type="hidden" name="direction" value={direction} />
            <button type="submit" disabled={disabled} data-move={`${id}:${direction}`} aria-label={labelOf(direction)} className={SMALL}>
              <Icon aria-hidden="true" className="h-4 w-4" />
            </button>
          </Form>
        );
      })}
    </div>
  );
}
