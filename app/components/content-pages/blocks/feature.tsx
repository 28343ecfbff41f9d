import { Rocket } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { BlockContentOf } from '~/lib/content-pages/blocks';
import { ALIGN_TEXT_CLASS } from '~/lib/content-pages/design';
import { BlockBox, EmptyBlock } from '../block-box';
import { FEATURE_ICON_COMPONENTS } from './feature-icons';

/** Features, each with its icon in a coloured circle and a short text; side by side where there is room. */
export function FeatureBlock({ content }: { content: BlockContentOf<'FEATURE'> }) {
  const { t } = useTranslation('pages');
  const features = content.features.filter((feature) => feature.text);
  if (features.length === 0) return <EmptyBlock type="FEATURE" label={t('blocks.feature.label')} />;
  return (
    <BlockBox type="FEATURE" box={content}>
      <ul
        className={`grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 ${ALIGN_TEXT_CLASS[content.position]}`}
        style={content.textColor ? { color: content.textColor } : undefined}
      >
        {features.map((feature) => {
          const Icon = FEATURE_ICON_COMPONENTS[feature.icon] ?? Rocket;
          return (
            <li
              key={feature.id}
              className={`flex min-w-0 flex-col gap-3 ${
                content.position === 'Center' ? 'items-center' : content.position === 'Right' ? 'items-end' : 'items-start'
              }`}
            >
              <span
                className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full"
                style={{ backgroundColor: content.iconBgColor }}
              >
                <Icon aria-hidden="true" className="h-6 w-6" style={{ color: content.iconColor }} />
              </span>
              <p className="whitespace-pre-line break-words">{feature.text}</p>
            </li>
          );
        })}
      </ul>
    </BlockBox>
  );
}
