import { Download, ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { BlockContentOf } from '~/lib/content-pages/blocks';
import { BlockBox, EmptyBlock } from '../block-box';
import { useBlockFile } from '../context';

const LINK_CLASS =
  'inline-flex max-w-full items-center gap-2 rounded-md bg-brand-dark px-4 py-2 font-semibold text-white outline-none ring-brand-pink ring-offset-2 focus-visible:ring-2';

/**
 * A PDF by its link open mode: embedded in the page (an iframe of our own file: the page's policy allows no
 * <object>), opened in a new tab, or downloaded. The embed keeps a link below it for browsers that show no PDFs
 * inline (most phones).
 */
export function PdfBlock({ content }: { content: BlockContentOf<'PDF'> }) {
  const { t } = useTranslation('pages');
  const file = useBlockFile(content.file);
  if (!file) return <EmptyBlock type="PDF" label={t('blocks.pdf.label')} />;
  const label = content.text || file.filename || t('blocks.pdf.label');
  if (content.pdfView === 'Embed') {
    return (
      <BlockBox type="PDF" box={content} className="space-y-2">
        <iframe src={file.url} title={label} className="h-[70vh] max-h-[56rem] w-full rounded border border-gray-200" loading="lazy" />
        <a href={file.url} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 text-sm underline">
          <ExternalLink aria-hidden="true" className="h-4 w-4" />
          {t('blocks.pdf.open')}: {label} <span className="sr-only">{t('blocks.newTab')}</span>
        </a>
      </BlockBox>
    );
  }
  if (content.pdfView === 'TargetBlank') {
    return (
      <BlockBox type="PDF" box={content}>
        <a href={file.url} target="_blank" rel="noopener noreferrer" className={LINK_CLASS}>
          <ExternalLink aria-hidden="true" className="h-5 w-5 shrink-0" />
          <span className="min-w-0 break-words">{content.text || t('blocks.pdf.open')}</span>
          <span className="sr-only">{t('blocks.newTab')}</span>
        </a>
      </BlockBox>
    );
  }
  return (
    <BlockBox type="PDF" box={content}>
      <a href={file.url} download={file.filename ?? true} className={LINK_CLASS}>
        <Download aria-hidden="true" className="h-5 w-5 shrink-0" />
        <span className="min-w-0 break-words">{content.text || t('blocks.pdf.download')}</span>
      </a>
    </BlockBox>
  );
}
