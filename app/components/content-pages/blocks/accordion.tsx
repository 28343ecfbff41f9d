import { ChevronDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { BlockContentOf } from '~/lib/content-pages/blocks';
import { BlockBox, EmptyBlock } from '../block-box';

/** Entries that open one by one: native details/summary, so they open without JavaScript and by keyboard. */
export function AccordionBlock({ content }: { content: BlockContentOf<'ACCORDION'> }) {
  const { t } = useTranslation('pages');
  const items = content.accordionItems.filter((item) => item.headline || item.content);
  if (items.length === 0) return <EmptyBlock type="ACCORDION" label={t('blocks.accordion.label')} />;
  return (
    <BlockBox type="ACCORDION" box={content}>
      <div
        className="divide-y divide-gray-200 border-y border-gray-200"
        style={content.textColor ? { color: content.textColor } : undefined}
      >
        {items.map((item) => (
          <details key={item.id} className="group">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-3 py-3 font-semibold outline-none ring-brand-pink focus-visible:ring-2 [&::-webkit-details-marker]:hidden">
              <span className="min-w-0 break-words">{item.headline}</span>
              <ChevronDown aria-hidden="true" className="h-5 w-5 shrink-0 transition-transform group-open:rotate-180" />
            </summary>
            <p className="whitespace-pre-line break-words pb-4">{item.content}</p>
          </details>
        ))}
      </div>
    </BlockBox>
  );
}
