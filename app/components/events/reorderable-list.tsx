import { Form, useFetcher } from '@remix-run/react';
import { useEffect, useLayoutEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ArrowDown, ArrowUp, GripVertical } from 'lucide-react';
import { buttonClassName } from '../ui/button';
import { useHydrated } from '../ui/use-hydrated';

export interface ReorderableListProps<T extends { id: string }> {
  items: T[];
  /** the item's name in move-button labels and announcements */
  nameOf: (item: T) => string;
  /** the row's content beside the drag handle and move buttons */
  children: (item: T) => ReactNode;
  /** accessible name of the list */
  label: string;
}

/** `useLayoutEffect` without the server-render warning. */
const useIsomorphicLayoutEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect;

/**
 * A list the user sorts by drag and drop (sortablejs, loaded only in the browser and only on pages that show
 * this list) or with the move-up / move-down buttons. Each move button is a form (intent `move`, `id`,
 * `direction`) that works without JavaScript; with JavaScript both ways post the whole new order (intent
 * `reorder`, `ids`) through a fetcher, update the list at once and announce the new position.
 */
export function ReorderableList<T extends { id: string }>({ items, nameOf, children, label }: ReorderableListProps<T>) {
  const { t } = useTranslation('events');
  const hydrated = useHydrated();
  const fetcher = useFetcher();
  const serverOrder = items.map((i) => i.id).join(',');
  const [order, setOrder] = useState<string[]>(() => items.map((i) => i.id));
  const [announcement, setAnnouncement] = useState('');
  const list = useRef<HTMLOListElement>(null);
  const pendingFocus = useRef<{ id: string; direction: 'up' | 'down' } | null>(null);
  const byId = new Map(items.map((i) => [i.id, i]));

  useEffect(() => setOrder(serverOrder ? serverOrder.split(',') : []), [serverOrder]);

  function commit(next: string[], movedId: string) {
    setOrder(next);
    const moved = byId.get(movedId);
    setAnnouncement(t('hallPages.order.moved', { name: moved ? nameOf(moved) : '', position: next.indexOf(movedId) + 1, total: next.length }));
    const body = new FormData();
    body.append('intent', 'reorder');
    for (const id of next) body.append('ids', id);
    fetcher.submit(body, { method: 'post' });
  }
  const commitRef = useRef(commit);
  commitRef.current = commit;
  const orderRef = useRef(order);
  orderRef.current = order;

  useEffect(() => {
    const element = list.current;
    if (!hydrated || !element) return;
    let cancelled = false;
    let sortable: { destroy: () => void } | undefined;
    void import('sortablejs').then(({ default: Sortable }) => {
      if (cancelled) return;
      sortable = Sortable.create(element, {
        handle: '[data-drag-handle]',
        animation: 150,
        // mouse and touch events instead of native drag and drop: the same behaviour in every browser
        forceFallback: true,
        fallbackOnBody: true,
        onEnd: ({ item, from, oldIndex, newIndex }) => {
          if (oldIndex === undefined || newIndex === undefined || oldIndex === newIndex) return;
          // hand the DOM back to React: undo sortable's move, then reorder the state
          from.removeChild(item);
          from.insertBefore(item, from.children[oldIndex] ?? null);
          const next = [...orderRef.current];
          const [moved] = next.splice(oldIndex, 1);
          next.splice(newIndex, 0, moved!);
          commitRef.current(next, moved!);
        },
      });
    });
    return () => {
      cancelled = true;
      sortable?.destroy();
    };
  }, [hydrated]);

  // moving a row re-inserts its DOM node, which drops the focus: give it back to the pressed button
  useIsomorphicLayoutEffect(() => {
    const focus = pendingFocus.current;
    if (!focus || !list.current) return;
    pendingFocus.current = null;
    const other = focus.direction === 'up' ? 'down' : 'up';
    const button =
      list.current.querySelector<HTMLButtonElement>(`[data-move="${focus.id}:${focus.direction}"]:not(:disabled)`) ??
      list.current.querySelector<HTMLButtonElement>(`[data-move="${focus.id}:${other}"]`);
    button?.focus();
  }, [order]);

  function move(event: FormEvent<HTMLFormElement>, id: string, direction: 'up' | 'down') {
    if (!hydrated) return;
    event.preventDefault();
    const next = movedOrder(order, id, direction);
    if (!next) return;
    pendingFocus.current = { id, direction };
    commit(next, id);
  }

  const rows = order.map((id) => byId.get(id)).filter((item): item is T => Boolean(item));
  const small = `${buttonClassName('whiteModal')} !p-2`;
  return (
    <>
      <ol ref={list} aria-label={label} className="divide-y rounded-md border">
        {rows.map((item, index) => {
          const name = nameOf(item);
          return (
            <li key={item.id} data-item-id={item.id} className="flex flex-wrap items-center gap-3 bg-white p-3">
              {hydrated ? (
                <span data-drag-handle title={t('hallPages.order.drag')} className="cursor-grab touch-none text-gray-500">
                  <GripVertical aria-hidden="true" className="h-5 w-5" />
                </span>
              ) : null}
              <span className="w-8 text-sm text-gray-600" aria-hidden="true">
                {index + 1}.
              </span>
              <div className="min-w-0 flex-1">{children(item)}</div>
              <div className="flex gap-1">
                {(['up', 'down'] as const).map((direction) => {
                  const Icon = direction === 'up' ? ArrowUp : ArrowDown;
                  const disabled = direction === 'up' ? index === 0 : index === rows.length - 1;
                  return (
                    <Form key={direction} method="post" onSubmit={(event) => move(event, item.id, direction)}>
                      <input type="hidden" name="intent" value="move" />
                      <input type="hidden" name="id" value={item.id} />
                      <input type="hidden" name="direction" value={direction} />
                      <button
                        type="submit"
                        disabled={disabled}
                        data-move={`${item.id}:${direction}`}
                        aria-label={t(direction === 'up' ? 'hallPages.order.moveUp' : 'hallPages.order.moveDown', { name })}
                        className={small}
                      >
                        <Icon aria-hidden="true" className="h-4 w-4" />
                      </button>
                    </Form>
                  );
                })}
              </div>
            </li>
          );
        })}
      </ol>
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </>
  );
}

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
