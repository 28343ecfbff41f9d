import { Info } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { BlockContentOf } from '~/lib/content-pages/blocks';
import { BlockBox, EmptyBlock, RICH_TEXT_CLASS } from '../block-box';

/** A highlighted note: rich text (sanitised by the server) on the box's colour, marked with an info icon. */
export function InfoboxBlock({ content }: { content: BlockContentOf<'INFOBOX'> }) {
  const { t } = useTranslation('pages');
  if (!content.html) return <EmptyBlock type="INFOBOX" label={t('blocks.infobox.label')} />;
  return (
    <BlockBox
      type="INFOBOX"
      box={{ ...content, backgroundColor: content.backgroundColor ?? content.infoBGColor }}
      className="flex gap-3 rounded-md"
    >
      <Info aria-hidden="true" className="mt-1 h-5 w-5 shrink-0" style={{ color: content.textColor ?? undefined }} />
      <div
        className={RICH_TEXT_CLASS}
        style={content.textColor ? { color: content.textColor } : undefined}
        dangerouslySetInnerHTML={{ __html: content.html }}
      />
    </BlockBox>
  );
}
