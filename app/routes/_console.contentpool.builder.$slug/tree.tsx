import { Form, Link } from '@remix-run/react';
import { GripVertical } from 'lucide-react';
import { createContext, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDelete } from '~/components/events/confirm-delete';
import { buttonClassName } from '~/components/ui/button';
import { MoveButtons, useServerOrder } from '~/components/ui/reorder';
import { CHILD_TYPES, type ContentObjectTypeName } from '~/lib/schemas/content';
import type { BuilderNode } from './nodes';

/** What every row needs of the page: the announcer of moves and the containers objects can move into. */
export interface TreeContext {
  announce: (text: string) => void;
  containers: { id: string; type: ContentObjectTypeName; name: string }[];
}
export const BuilderTree = createContext<TreeContext>({ announce: () => undefined, containers: [] });

const textButton = `${buttonClassName('transparent')} !px-3 !py-1.5 text-sm`;
const SELECT = 'rounded-md border border-gray-300 bg-white px-2 py-1 text-sm';

/** A short line about the object beside its type. */
function summaryOf(node: BuilderNode, t: (key: string, values?: Record<string, unknown>) => string): string {
  switch (node.type) {
    case 'TEXT':
      return (node.readable ?? '').slice(0, 80);
    case 'BOOKMARK':
    case 'IFRAME':
    case 'YOUTUBE':
      return node.value ?? '';
    case 'IMAGE':
      return node.link ? t('tree.linksTo', { link: node.link }) : '';
    case 'PDF':
      return node.fileName ?? '';
    case 'COLUMN':
      return t('object.sizeOption', { count: node.size ?? 2 });
    case 'LOCALIZED':
      return node.children.map((child) => child.language).join(', ');
    default:
      return '';
  }
}

/**
 * The children of one parent (or the top level) as an ordered list the user sorts by drag and drop (sortablejs,
 * imported in an effect, so only this page loads it), with the move-up/down buttons or the arrow keys on a
 * focused drag handle. Without JavaScript each move button is a form (intent `move`); with it the whole new order is
 * posted (intent `reorder`) through a fetcher and the new position is announced.
 */
export function NodeList({ nodes, parent, here }: { nodes: BuilderNode[]; parent: BuilderNode | null; here: string }) {
  const { t } = useTranslation('builder');
  const { announce } = useContext(BuilderTree);
  const listId = parent?.id ?? 'top';
  const { list, rows, hydrated, onMoveSubmit, onHandleKeyDown } = useServerOrder(nodes, {
    action: here,
    // only this list's own handles: a nested list sorts its own rows
    handle: `[data-drag-handle="${listId}"]`,
    draggable: '[data-node-id]',
    announce: (_moved, position, total) => announce(t('order.moved', { position, total })),
  });
  if (!rows.length) return null;
  return (
    <ol
      ref={list}
      aria-label={parent ? t('tree.childrenOf', { name: parent.name || t(`types.${parent.type}`) }) : t('tree.label')}
      className="divide-y rounded-md border"
    >
      {rows.map((node, index) => {
        const name = node.name || t(`types.${node.type}`);
        return (
          <li key={node.id} data-node-id={node.id} className="bg-white p-3">
            <div className="flex flex-wrap items-start gap-3">
              {hydrated ? (
                <button
                  type="button"
                  data-drag-handle={listId}
                  data-handle={node.id}
                  title={t('order.drag')}
                  aria-label={t('order.handle', { name, position: index + 1, total: rows.length })}
                  aria-keyshortcuts="ArrowUp ArrowDown"
                  onKeyDown={(event) => onHandleKeyDown(event, node.id)}
                  className="mt-1 cursor-grab touch-none rounded text-gray-500 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-pink"
                >
                  <GripVertical aria-hidden="true" className="h-5 w-5" />
                </button>
              ) : null}
              <span className="mt-1 w-8 text-sm text-gray-600" aria-hidden="true">
                {index + 1}.
              </span>
              <NodeRow node={node} parent={parent} here={here} />
              <MoveButtons
                id={node.id}
                index={index}
                total={rows.length}
                action={here}
                labelOf={(direction) => t(direction === 'up' ? 'order.moveUp' : 'order.moveDown', { name })}
                onMoveSubmit={onMoveSubmit}
              />
            </div>
            {node.children.length ? (
              <div className="ml-8 mt-3">
                <NodeList nodes={node.children} parent={node} here={here} />
              </div>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}

/** One object: its type, name and summary; edit, delete, move into or out of a container, translate, add into. */
function NodeRow({ node, parent, here }: { node: BuilderNode; parent: BuilderNode | null; here: string }) {
  const { t } = useTranslation('builder');
  const { containers } = useContext(BuilderTree);
  const name = node.name || t(`types.${node.type}`);
  const summary = summaryOf(node, t);
  const targets = containers.filter((c) => c.id !== node.id && c.id !== node.parentId && CHILD_TYPES[c.type]?.includes(node.type));
  const childTypes = CHILD_TYPES[node.type] ?? [];
  const canAdd = childTypes.length > 0 && (node.type !== 'LOCALIZED' || node.availableLanguages.length > 0);
  return (
    <div className="min-w-0 flex-1 space-y-2">
      <p>
        <span className="mr-2 rounded bg-brand-grey px-2 py-0.5 text-xs font-semibold uppercase">{t(`types.${node.type}`)}</span>
        {node.language ? <span className="mr-2 text-xs font-semibold">{node.language}</span> : null}
        <span className="font-medium">{node.name}</span>
        {summary ? <span className="ml-2 break-all text-sm text-gray-600">{summary}</span> : null}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <Link to={`${here}?edit=${node.id}`} preventScrollReset className={textButton} aria-label={t('tree.editNamed', { name })}>
          {t('tree.edit')}
        </Link>
        <ConfirmDelete
          intent="delete"
          id={node.id}
          name={name}
          action={here}
          label={t('tree.delete')}
          ariaLabel={t('tree.deleteNamed', { name })}
          title={t('tree.deleteTitle')}
          message={t('tree.deleteText', { name })}
        />
        {targets.length || node.parentId ? (
          <Form method="post" action={here} className="flex items-center gap-1">
            <input type="hidden" name="intent" value="moveTo" />
            <input type="hidden" name="id" value={node.id} />
            <label className="sr-only" htmlFor={`move-${node.id}`}>
              {t('tree.moveToNamed', { name })}
            </label>
            <select id={`move-${node.id}`} name="parentId" className={SELECT} defaultValue={targets[0]?.id ?? ''}>
              {node.parentId ? <option value="">{t('tree.topLevel')}</option> : null}
              {targets.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name ? t('tree.containerOption', { type: t(`types.${c.type}`), name: c.name }) : t(`types.${c.type}`)}
                </option>
              ))}
            </select>
            <button type="submit" className={textButton}>
              {t('tree.moveTo')}
            </button>
          </Form>
        ) : null}
        {parent?.type === 'LOCALIZED' && parent.availableLanguages.length ? (
          <Form method="post" action={here} className="flex items-center gap-1">
            <input type="hidden" name="intent" value="translate" />
            <input type="hidden" name="id" value={node.id} />
            <label className="sr-only" htmlFor={`translate-${node.id}`}>
              {t('tree.translateLanguage')}
            </label>
            <select id={`translate-${node.id}`} name="language" className={SELECT}>
              {parent.availableLanguages.map((lang) => (
                <option key={lang} value={lang}>
                  {t(`languages.${lang}`)}
                </option>
              ))}
            </select>
            <button type="submit" className={textButton}>
              {t('tree.translate')}
            </button>
          </Form>
        ) : null}
      </div>
      {canAdd ? <AddLinks types={childTypes} parentId={node.id} label={t('tree.addInto', { name })} here={here} /> : null}
    </div>
  );
}

/** Links to the form of each type that may be added here (a details element: works without JavaScript). */
export function AddLinks({ types, parentId, label, here }: { types: readonly ContentObjectTypeName[]; parentId?: string; label: string; here: string }) {
  const { t } = useTranslation('builder');
  return (
    <details className="text-sm">
      <summary className="cursor-pointer font-medium text-brand-dark">{label}</summary>
      <ul className="mt-2 flex flex-wrap gap-2">
        {types.map((type) => (
          <li key={type}>
            <Link
              to={`${here}?add=${type}${parentId ? `&parent=${parentId}` : ''}`}
              preventScrollReset
              className={`${buttonClassName('whiteModal')} !px-3 !py-1.5 text-sm`}
            >
              {t(`types.${type}`)}
            </Link>
          </li>
        ))}
      </ul>
    </details>
  );
}
