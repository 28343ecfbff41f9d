import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { boxStyle, type BoxValues } from '~/lib/content-pages/design';
import type { BlockType } from '~/lib/content-pages/blocks';
import { useBlockRender } from './context';

/** Rich text as stored (sanitised by the server when saved): headings, lists, links and tables readable on a phone. */
export const RICH_TEXT_CLASS =
  'min-w-0 break-words text-base leading-relaxed [&_a]:underline [&_h1]:text-2xl [&_h1]:font-semibold [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:text-lg [&_h3]:font-semibold [&_img]:h-auto [&_img]:max-w-full [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:my-2 [&_table]:block [&_table]:overflow-x-auto [&_ul]:list-disc [&_ul]:pl-6';

/** A block's box: its paddings, margins, background, border and shadow (design values of spec 001 point 9). */
export function BlockBox({ type, box, className, children }: { type: BlockType; box: BoxValues; className?: string; children: ReactNode }) {
  const { className: boxClass, style } = boxStyle(box);
  return (
    <div className={className ? `${boxClass} ${className}` : boxClass} style={style} data-block={type}>
      {children}
    </div>
  );
}

/** What the builder's canvas shows for a block without content yet; the public page shows nothing. */
export function EmptyBlock({ type, label }: { type: BlockType; label: string }) {
  const { mode } = useBlockRender();
  const { t } = useTranslation('pages');
  if (mode !== 'builder') return null;
  return (
    <div
      className="flex min-h-24 items-center justify-center rounded border-2 border-dashed border-gray-300 bg-gray-50 p-4 text-center text-sm text-gray-600"
      data-block={type}
      data-block-empty
    >
      {t('blocks.empty', { block: label })}
    </div>
  );
}
