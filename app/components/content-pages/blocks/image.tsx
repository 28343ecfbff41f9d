import { useTranslation } from 'react-i18next';
import type { BlockContentOf } from '~/lib/content-pages/blocks';
import { ALIGN_FLEX_CLASS, RADIUS_CLASS } from '~/lib/content-pages/design';
import { IMAGE_SIZES, imageSrcSet } from '~/lib/images';
import { safeHref } from '../links';
import { BlockBox, EmptyBlock } from '../block-box';
import { useBlockFile } from '../context';

/** A picture in a share of the column's width, rounded by the border's radius, optionally a link. */
export function ImageBlock({ content, priority = false }: { content: BlockContentOf<'IMAGE'>; priority?: boolean }) {
  const { t } = useTranslation('pages');
  const file = useBlockFile(content.file);
  if (!file) return <EmptyBlock type="IMAGE" label={t('blocks.image.label')} />;
  const href = safeHref(content.url);
  const newTab = href && content.openInNewWindow && !href.startsWith('mailto:');
  const picture = (
    <img
      src={file.url}
      srcSet={imageSrcSet(file.url, file.width)}
      sizes={IMAGE_SIZES.wide}
      alt={content.text}
      width={file.width ?? undefined}
      height={file.height ?? undefined}
      // the page's first picture loads at once with high priority (React 18 knows no fetchPriority prop; the
      // lower-case attribute reaches the DOM as it is), every other one lazily; width and height keep its place
      {...(priority ? { fetchpriority: 'high' } : { loading: 'lazy' as const, decoding: 'async' as const })}
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
