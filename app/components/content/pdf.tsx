import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContentViewNode } from './types';

/**
 * A PDF object: the download link always; the document embedded (a same-origin frame, which the page's CSP
 * allows where it forbids <object>) only when the browser says it shows PDFs itself (navigator.pdfViewerEnabled)
 * and the screen is wide enough. A phone's browser would otherwise start a download on its own.
 */
export function PdfView({ node }: { node: ContentViewNode }) {
  const { t } = useTranslation('contentview');
  const [embed, setEmbed] = useState(false);
  useEffect(() => {
    const wide = window.matchMedia('(min-width: 640px)');
    const decide = () => setEmbed(Boolean(navigator.pdfViewerEnabled) && wide.matches);
    decide();
    wide.addEventListener('change', decide);
    return () => wide.removeEventListener('change', decide);
  }, []);
  const name = node.name || t('pdf.document');
  return (
    <figure className="space-y-2" data-content-type="PDF">
      {embed ? <iframe src={node.fileUrl!} title={t('pdf.embeddedNamed', { name })} className="h-[70vh] w-full rounded-md border" /> : null}
      <figcaption>
        <a href={node.fileUrl!} download className="inline-flex items-center gap-2 text-brand-dark underline underline-offset-2">
          {t('pdf.download', { name })}
        </a>
      </figcaption>
    </figure>
  );
}
