import { useTranslation } from 'react-i18next';
import type { BlockContentOf } from '~/lib/content-pages/blocks';
import { BlockBox, EmptyBlock, RICH_TEXT_CLASS } from '../block-box';

/** Rich text as stored: the server sanitised it when the page was saved. */
export function TextBlock({ content }: { content: BlockContentOf<'TEXT'> }) {
  const { t } = useTranslation('pages');
  if (!content.html) return <EmptyBlock type="TEXT" label={t('blocks.text.label')} />;
  return (
    <BlockBox type="TEXT" box={content}>
      <div
        className={RICH_TEXT_CLASS}
        style={content.textColor ? { color: content.textColor } : undefined}
        dangerouslySetInnerHTML={{ __html: content.html }}
      />
    </BlockBox>
  );
}
