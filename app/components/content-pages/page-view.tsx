import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BLOCK_DEFAULT_VALUES } from '~/lib/content-pages/block-defaults';
import type { BlockContent, BlockContentOf, BlockType } from '~/lib/content-pages/blocks';
import type { ColumnWidth, LayoutColumn, LayoutItem, LayoutRow, PageLayout } from '~/lib/content-pages/layout';
import { BLOCK_RENDERERS } from './blocks';
import { BlockRenderProvider, useBlockRender, type BlockRenderContext, type PageFile } from './context';

/** Column widths are relative (N1 : N2 : N4 : N8 = 1 : 2 : 4 : 8) within their row. */
const WIDTH_WEIGHT: Record<ColumnWidth, number> = { N1: 1, N2: 2, N4: 4, N8: 8 };

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isBlockType = (value: unknown): value is BlockType => typeof value === 'string' && Object.hasOwn(BLOCK_RENDERERS, value);

/** Stored contents completed once per object: the builder re-renders a 200-item page on every key press. */
const completed = new WeakMap<object, BlockContent>();

/**
 * A stored block with the fields it lacks taken from its type's defaults (one level deep: a border or a headline
 * missing one of its fields gets it too). Contents are validated when a page is saved (blockSchema); this only
 * makes the renderers safe with blocks stored in an older shape, without loading zod into visitor pages.
 */
export function withDefaults(content: { type: BlockType } & Record<string, unknown>): BlockContent {
  const cached = completed.get(content);
  if (cached) return cached;
  const defaults = BLOCK_DEFAULT_VALUES[content.type] as Record<string, unknown>;
  const block: Record<string, unknown> = { ...content };
  for (const [key, value] of Object.entries(defaults)) {
    const stored = content[key];
    if (stored === undefined) block[key] = value;
    else if (isPlainObject(value) && isPlainObject(stored)) block[key] = { ...value, ...stored };
  }
  completed.set(content, block as BlockContent);
  return block as BlockContent;
}

/**
 * One block by its type's renderer. In the builder a new, untouched block shows its example; a block of an
 * unknown type shows a notice there and nothing on the public page.
 */
export function BlockView({ content }: { content: object }) {
  const { mode, example, priority } = useBlockRender();
  const { t } = useTranslation('pages');
  const type = (content as { type?: unknown }).type;
  if (!isBlockType(type)) {
    return mode === 'builder' ? (
      <p className="rounded border border-dashed border-brand-red p-4 text-sm text-brand-red" data-block-invalid>
        {t('blocks.unknown')}
      </p>
    ) : null;
  }
  const block = withDefaults(content as { type: BlockType });
  const shown = mode === 'builder' && block.showExample && example ? example(type) : block;
  const Renderer = BLOCK_RENDERERS[shown.type] as (props: { content: BlockContentOf<BlockType>; priority?: boolean }) => ReactNode;
  return <Renderer content={shown} priority={priority != null && priority === content} />;
}

/**
 * The stored content of the page's first block showing a picture (an image with its file, a hero with its
 * background, a carousel), in reading order (a column's item before its nested rows): the picture most likely at
 * the top of the screen, which the public page loads at once with high priority while every later one loads
 * lazily. A carousel's own first slide already does; a picture after it stays lazy.
 */
export function firstPicture(layout: PageLayout): object | null {
  const walk = (rows: LayoutRow[]): object | null => {
    for (const row of rows)
      for (const column of row.columns) {
        const content = column.item?.content as Record<string, unknown> | undefined;
        if (content) {
          if (content.type === 'IMAGE' && content.file) return content;
          if (content.type === 'HERO' && content.backgroundImage) return content;
          if (content.type === 'CAROUSEL' && Array.isArray(content.slides) && content.slides.length) return content;
        }
        const inner = walk(column.rows);
        if (inner) return inner;
      }
    return null;
  };
  return walk(layout.rows);
}

export interface PageViewProps {
  layout: PageLayout;
  /** the files the page's blocks refer to, by id (names, types, sizes); others are linked as /files/{id} */
  files?: Readonly<Record<string, PageFile>>;
  mode?: BlockRenderContext['mode'];
  /** the builder's examples for new, untouched items */
  example?: BlockRenderContext['example'];
  /** the builder wraps each item (selection, outline); the public page leaves it as it is */
  renderItem?: (item: LayoutItem, block: ReactNode) => ReactNode;
}

/**
 * A content page's layout: rows of columns, columns side by side from the spec's mobile breakpoint (1024 px) in
 * their relative widths and stacked on phones, nested rows inside columns, one block per item. Used by the
 * public pages and the builder's canvas alike; it loads neither zod nor the block schemas (nor three.js, which
 * the 3D block loads when a visitor starts a model).
 */
export function PageView({ layout, files, mode = 'public', example, renderItem }: PageViewProps) {
  const context = useMemo(
    () => ({ mode, files: files ?? {}, example, priority: mode === 'public' ? firstPicture(layout) : null }),
    [mode, files, example, layout],
  );
  return (
    <BlockRenderProvider value={context}>
      {/* a phone's margin from the screen's edge; words break by the page language's hyphenation (its lang), as on a phone */}
      <div className="min-w-0 overflow-x-hidden px-4 hyphens-auto xl:px-0" data-content-page-layout>
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
