import { useTranslation } from 'react-i18next';
import type { BlockContentOf } from '~/lib/content-pages/blocks';
import { BlockBox, EmptyBlock } from '../block-box';
import { useBlockFile } from '../context';

/** An uploaded recording in the browser's own player; nothing is fetched before the visitor presses play. */
export function AudioBlock({ content }: { content: BlockContentOf<'AUDIO'> }) {
  const { t } = useTranslation('pages');
  const file = useBlockFile(content.file);
  if (!file) return <EmptyBlock type="AUDIO" label={t('blocks.audio.label')} />;
  const title = content.text || file.filename || t('blocks.audio.label');
  return (
    <BlockBox type="AUDIO" box={content}>
      <figure className="space-y-2">
        {content.text ? <figcaption className="font-semibold">{content.text}</figcaption> : null}
        {/* eslint-disable-next-line jsx-a11y/media-has-caption -- uploads come without captions; the title names the recording */}
        <audio controls preload="none" src={file.url} className="w-full" aria-label={title}>
          <a href={file.url} download={file.filename ?? true}>
            {t('blocks.audio.download')}
          </a>
        </audio>
      </figure>
    </BlockBox>
  );
}
