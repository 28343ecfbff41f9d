import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { GripVertical } from 'lucide-react';
import { MoveButtons, useServerOrder } from '../ui/reorder';

export interface ReorderableListProps<T extends { id: string }> {
  items: T[];
  /** the item's name in move-button labels and announcements */
  nameOf: (item: T) => string;
  /** the row's content beside the drag handle and move buttons */
  children: (item: T) => ReactNode;
  /** accessible name of the list */
  label: string;
}

/**
 * A list the user sorts by drag and drop (sortablejs, loaded only in the browser and only on pages that show
 * this list) or with the move-up / move-down buttons. Each move button is a form (intent `move`, `id`,
 * `direction`) that works without JavaScript; with JavaScript both ways post the whole new order (intent
 * `reorder`, `ids`) through a fetcher, update the list at once and announce the new position.
 */
export function ReorderableList<T extends { id: string }>({ items, nameOf, children, label }: ReorderableListProps<T>) {
  const { t } = useTranslation('events');
  const [announcement, setAnnouncement] = useState('');
  const { list, rows, hydrated, onMoveSubmit } = useServerOrder(items, {
    handle: '[data-drag-handle]',
    announce: (moved, position, total) => setAnnouncement(t('hallPages.order.moved', { name: moved ? nameOf(moved) : '', position, total })),
  });

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
              <MoveButtons
                id={item.id}
                index={index}
                total={rows.length}
                labelOf={(direction) => t(direction === 'up' ? 'hallPages.order.moveUp' : 'hallPages.order.moveDown', { name })}
                onMoveSubmit={onMoveSubmit}
              />
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
