import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { BlockContentOf } from '~/lib/content-pages/blocks';
import { ALIGN_FLEX_CLASS } from '~/lib/content-pages/design';
import { BlockBox, EmptyBlock } from '../block-box';
import { useBlockFile } from '../context';

/** A download button for an uploaded file, in the block's colours. */
export function FileBlock({ content }: { content: BlockContentOf<'FILE'> }) {
  const { t } = useTranslation('pages');
  const file = useBlockFile(content.file);
  if (!file) return <EmptyBlock type="FILE" label={t('blocks.file.label')} />;
  return (
    <BlockBox type="FILE" box={content} className={`flex ${ALIGN_FLEX_CLASS[content.position]}`}>
      <a
        href={file.url}
        download={file.filename ?? true}
        className="inline-flex max-w-full items-center gap-2 rounded-md px-4 py-2 font-semibold outline-none ring-brand-pink ring-offset-2 focus-visible:ring-2"
        style={{ backgroundColor: content.btnColor, color: content.btnTextColor }}
      >
        <Download aria-hidden="true" className="h-5 w-5 shrink-0" />
        <span className="min-w-0 break-words">{content.text || file.filename || t('blocks.file.download')}</span>
      </a>
    </BlockBox>
  );
}
