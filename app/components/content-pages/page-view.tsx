import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { blockExample, blockSchema, type BlockContent, type BlockContentOf, type BlockType } from '~/lib/content-pages/blocks';
import type { ColumnWidth, LayoutColumn, LayoutItem, LayoutRow, PageLayout } from '~/lib/content-pages/layout';
import { BLOCK_RENDERERS } from './blocks';
import { BlockRenderProvider, useBlockRender, type BlockRenderContext, type PageFile } from './context';

/** Column widths are relative (N1 : N2 : N4 : N8 = 1 : 2 : 4 : 8) within their row. */
const WIDTH_WEIGHT: Record<ColumnWidth, number> = { N1: 1, N2: 2, N4: 4, N8: 8 };

/** Stored contents parsed once per object: the builder re-renders a 200-item page on every key press. */
const parsed = new WeakMap<object, BlockContent | null>();
export function parseBlock(content: object): BlockContent | null {
  if (parsed.has(content)) return parsed.get(content)!;
  const result = blockSchema.safeParse(content);
  const block = result.success ? result.data : null;
  parsed.set(content, block);
  return block;
}

/**
 * One block by its type's renderer. In the builder a new, untouched block shows its example; a block whose
 * content does not pass its schema shows a notice there and nothing on the public page.
 */
export function BlockView({ content }: { content: object }) {
  const { mode } = useBlockRender();
  const { t } = useTranslation('pages');
  const block = parseBlock(content);
  if (!block) {
    return mode === 'builder' ? (
      <p className="rounded border border-dashed border-brand-red p-4 text-sm text-brand-red" data-block-invalid>
        {t('blocks.unknown')}
      </p>
    ) : null;
  }
  const shown = mode === 'builder' && block.showExample ? blockExample(block.type, (key) => t(key)) : block;
  const Renderer = BLOCK_RENDERERS[shown.type] as (props: { content: BlockContentOf<BlockType> }) => ReactNode;
  return <Renderer content={shown} />;
}

export interface PageViewProps {
  layout: PageLayout;
  /** the files the page's blocks refer to, by id (names, types, sizes); others are linked as /files/{id} */
  files?: Readonly<Record<string, PageFile>>;
  mode?: BlockRenderContext['mode'];
  /** the builder wraps each item (selection, outline); the public page leaves it as it is */
  renderItem?: (item: LayoutItem, block: ReactNode) => ReactNode;
}

/**
 * A content page's layout: rows of columns, columns side by side from the spec's mobile breakpoint (1024 px) in
 * their relative widths and stacked on phones, nested rows inside columns, one block per item. Used by the
 * public pages and the builder's canvas alike.
 */
export function PageView({ layout, files, mode = 'public', renderItem }: PageViewProps) {
  const context = useMemo(() => ({ mode, files: files ?? {} }), [mode, files]);
  return (
    <BlockRenderProvider value={context}>
      <div className="min-w-0 overflow-x-hidden" data-content-page-layout>
        <Rows rows={layout.rows} renderItem={renderItem} />
      </div>
    </BlockRenderProvider>
  );
}

function Rows({ rows, renderItem }: { rows: LayoutRow[]; renderItem: PageViewProps['renderItem'] }) {
  return (
    <>
      {rows.map((row) => (
        <div key={row.id} className="flex min-w-0 flex-col lg:flex-row" data-layout-row={row.id}>
          {row.columns.map((column) => (
            <Column key={column.id} column={column} renderItem={renderItem} />
          ))}
        </div>
      ))}
    </>
  );
}

function Column({ column, renderItem }: { column: LayoutColumn; renderItem: PageViewProps['renderItem'] }) {
  const block = column.item ? <BlockView content={column.item.content} /> : null;
  return (
    <div
      className="min-w-0 lg:[flex:var(--column-weight)_1_0%]"
      style={{ ['--column-weight' as string]: WIDTH_WEIGHT[column.width] ?? 8 }}
      data-layout-column={column.id}
      data-width={column.width}
    >
      {column.item ? (renderItem ? renderItem(column.item, block) : block) : null}
      {column.rows.length ? <Rows rows={column.rows} renderItem={renderItem} /> : null}
    </div>
  );
}
