import { Link } from '@remix-run/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../ui/cx';
import { ConfirmDelete } from './confirm-delete';

/**
 * The pieces of the console's list pages (/events, /hall, /stand, /stage, /exhibition): heading with intro, the
 * list of the organisation's objects (or the sentence for none), the link to an object and its delete button.
 * Creating by name is `CreateByName`. Decision 013.
 */

export function ListPageHeader({ title, intro }: { title: ReactNode; intro: ReactNode }) {
  return (
    <div>
      <h1 className="text-2xl font-semibold">{title}</h1>
      <p className="mt-1 text-gray-700">{intro}</p>
    </div>
  );
}

/** The objects as a list, one row each, or `empty` when there are none. */
export function ObjectList<T extends { id: string }>({
  items,
  empty,
  label,
  row = 'py-3',
  children,
}: {
  items: readonly T[];
  empty: ReactNode;
  /** the list's accessible name, where a page has several lists */
  label?: string;
  /** the class of a row; rows with a delete button use `ROW_WITH_ACTIONS` */
  row?: string;
  children: (item: T) => ReactNode;
}) {
  if (items.length === 0) return <p className="mt-4 text-gray-700">{empty}</p>;
  return (
    <ul className="mt-4 divide-y" aria-label={label}>
      {items.map((item) => (
        <li key={item.id} className={row}>
          {children(item)}
        </li>
      ))}
    </ul>
  );
}

export const ROW_WITH_ACTIONS = 'flex flex-wrap items-center justify-between gap-3 py-3';

/** The link from a list to the object's own page. */
export function ObjectLink({ to, children, className }: { to: string; children: ReactNode; className?: string }) {
  return (
    <Link to={to} className={cx('font-medium text-brand-dark underline-offset-2 hover:underline', className)}>
      {children}
    </Link>
  );
}

/**
 * The delete (or remove) button of a list row, asking first. Its texts come from `keys` in `ns`: `<keys>.<verb>`,
 * `.<verb>Named`, `.<verb>Title`, `.<verb>Text`, with the row's name as `name` and `label`; `label` replaces the
 * button text where a page words all its buttons alike ("Remove").
 */
export function DeleteObject({
  item,
  keys,
  intent = 'delete',
  verb = 'delete',
  ns = 'events',
  label,
}: {
  item: { id: string; name: string };
  keys: string;
  intent?: string;
  verb?: 'delete' | 'remove';
  ns?: string;
  label?: string;
}) {
  const { t } = useTranslation(ns);
  const values = { name: item.name, label: item.name };
  return (
    <ConfirmDelete
      intent={intent}
      id={item.id}
      name={item.name}
      label={label ?? t(`${keys}.${verb}`)}
      ariaLabel={t(`${keys}.${verb}Named`, values)}
      title={t(`${keys}.${verb}Title`)}
      message={t(`${keys}.${verb}Text`, values)}
    />
  );
}
