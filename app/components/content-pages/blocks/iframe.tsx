import { useTranslation } from 'react-i18next';
import type { BlockContentOf } from '~/lib/content-pages/blocks';
import { httpsHref } from '../links';
import { BlockBox, EmptyBlock } from '../block-box';

/** The sandbox of an embedded page: its scripts and forms run, but it may not navigate this page or open downloads. */
export const IFRAME_SANDBOX = 'allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox';

/** An embedded page: https only (checked again here, not only when saved), sandboxed, loaded when scrolled near. */
export function IframeBlock({ content }: { content: BlockContentOf<'IFRAME'> }) {
  const { t } = useTranslation('pages');
  const url = httpsHref(content.url);
  if (!url) return <EmptyBlock type="IFRAME" label={t('blocks.iframe.label')} />;
  return (
    <BlockBox type="IFRAME" box={content}>
      <iframe
        src={url}
        title={content.text || t('blocks.iframe.title')}
        sandbox={IFRAME_SANDBOX}
        referrerPolicy="no-referrer"
        loading="lazy"
        className="aspect-[4/3] w-full border-0 sm:aspect-video"
      />
    </BlockBox>
  );
}
