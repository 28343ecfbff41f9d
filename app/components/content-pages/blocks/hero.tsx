import { useTranslation } from 'react-i18next';
import type { BlockContentOf } from '~/lib/content-pages/blocks';
import { ALIGN_TEXT_CLASS, spacingCss } from '~/lib/content-pages/design';
import { safeHref } from '../links';
import { BlockBox, EmptyBlock } from '../block-box';
import { BlockPicture } from '../block-picture';
import { useBlockFile } from '../context';

/** A page's opening: headline, sub-headline and a button over the background picture (or colour). */
export function HeroBlock({ content, priority = false }: { content: BlockContentOf<'HERO'>; priority?: boolean }) {
  const { t } = useTranslation('pages');
  const background = useBlockFile(content.backgroundImage);
  const href = safeHref(content.url);
  const newTab = href && content.openInNewWindow && !href.startsWith('mailto:');
  if (!content.headline.text && !content.subHeadline.text && !background) return <EmptyBlock type="HERO" label={t('blocks.hero.label')} />;
  return (
    <BlockBox type="HERO" box={content} className="relative isolate">
      {background ? (
        <BlockPicture file={background} loading={priority ? 'priority' : 'lazy'} className="absolute inset-0 -z-10 h-full w-full object-cover" />
      ) : null}
      <div className="flex flex-col" style={{ gap: spacingCss(content.heroGap) }}>
        {content.headline.text ? (
          <h2
            className={`break-words text-3xl font-bold sm:text-4xl ${ALIGN_TEXT_CLASS[content.headline.position]}`}
            style={{ color: content.headline.color }}
          >
            {content.headline.text}
          </h2>
        ) : null}
        {content.subHeadline.text ? (
          <p
            className={`break-words text-lg sm:text-xl ${ALIGN_TEXT_CLASS[content.subHeadline.position]}`}
            style={{ color: content.subHeadline.color }}
          >
            {content.subHeadline.text}
          </p>
        ) : null}
        {href && content.text ? (
          <p className={ALIGN_TEXT_CLASS[content.headline.position]}>
            <a
              href={href}
              {...(newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
              className="inline-block max-w-full break-words rounded-md px-5 py-2.5 font-semibold outline-none ring-white ring-offset-2 focus-visible:ring-2"
              style={{ backgroundColor: content.btnColor, color: content.btnTextColor }}
            >
              {content.text}
              {newTab ? <span className="sr-only"> {t('blocks.newTab')}</span> : null}
            </a>
          </p>
        ) : null}
      </div>
    </BlockBox>
  );
}
