import { useTranslation } from 'react-i18next';
import type { BlockContentOf } from '~/lib/content-pages/blocks';
import { ALIGN_FLEX_CLASS, RADIUS_CLASS } from '~/lib/content-pages/design';
import { safeHref } from '../links';
import { BlockBox, EmptyBlock } from '../block-box';
import { BlockPicture } from '../block-picture';
import { useBlockFile } from '../context';

/** A picture in a share of the column's width, rounded by the border's radius, optionally a link. */
export function ImageBlock({ content, priority = false }: { content: BlockContentOf<'IMAGE'>; priority?: boolean }) {
  const { t } = useTranslation('pages');
  const file = useBlockFile(content.file);
  if (!file) return <EmptyBlock type="IMAGE" label={t('blocks.image.label')} />;
  const href = safeHref(content.url);
  const newTab = href && content.openInNewWindow && !href.startsWith('mailto:');
  const picture = (
    <BlockPicture
      file={file}
      alt={content.text}
      loading={priority ? 'priority' : 'lazy'}
      className={`block h-auto w-full ${RADIUS_CLASS[content.border.radius]}`}
    />
  );
  return (
    <BlockBox type="IMAGE" box={content} className={`flex ${ALIGN_FLEX_CLASS[content.position]}`}>
      <div style={{ width: `${content.widthPercent}%` }} className="min-w-0">
        {href ? (
          <a
            href={href}
            {...(newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
            className="block outline-none ring-brand-pink focus-visible:ring-2"
          >
            {picture}
            {newTab ? <span className="sr-only">{t('blocks.newTab')}</span> : null}
          </a>
        ) : (
          picture
        )}
      </div>
    </BlockBox>
  );
}
