import { useTranslation } from 'react-i18next';
import type { BlockContentOf } from '~/lib/content-pages/blocks';
import { ALIGN_FLEX_CLASS } from '~/lib/content-pages/design';
import { safeHref } from '../links';
import { BlockBox, EmptyBlock } from '../block-box';

/**
 * Links to the organisation's profiles, opening in a new tab. Each shows the network's short mark (lucide has no
 * brand logos) and is named in full for screen readers
 * (hidden text, the mark itself is hidden from them).
 */
export function SocialmediaBlock({ content }: { content: BlockContentOf<'SOCIALMEDIA'> }) {
  const { t } = useTranslation('pages');
  const links = content.socialLinks.flatMap((link) => {
    const href = safeHref(link.link);
    return href && !href.startsWith('mailto:') ? [{ ...link, href }] : [];
  });
  if (links.length === 0) return <EmptyBlock type="SOCIALMEDIA" label={t('blocks.socialmedia.label')} />;
  return (
    <BlockBox type="SOCIALMEDIA" box={content}>
      <ul className={`flex flex-wrap gap-3 ${ALIGN_FLEX_CLASS[content.position]}`}>
        {links.map((link) => {
          const network = t(`blocks.socialmedia.networks.${link.type}`);
          return (
            <li key={link.id}>
              <a
                href={link.href}
                target="_blank"
                rel="noopener noreferrer"
                title={network}
                className="flex h-11 min-w-11 items-center justify-center rounded-full px-3 text-sm font-bold outline-none ring-brand-pink ring-offset-2 focus-visible:ring-2"
                style={{ backgroundColor: content.iconBgColor, color: content.iconColor }}
                data-network={link.type}
              >
                {/* the name is the network's in full (the short mark is an icon): as content, not aria-label, so the
                    mark a sighted user sees is no label the name must repeat (axe label-content-name-mismatch) */}
                <span aria-hidden="true">{t(`blocks.socialmedia.marks.${link.type}`)}</span>
                <span className="sr-only">{t('blocks.socialmedia.linkLabel', { network })}</span>
              </a>
            </li>
          );
        })}
      </ul>
    </BlockBox>
  );
}
