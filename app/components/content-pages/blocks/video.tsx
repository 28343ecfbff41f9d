import { useTranslation } from 'react-i18next';
import type { BlockContentOf } from '~/lib/content-pages/blocks';
import { parseVideoUrl } from '~/lib/events';
import { VideoPlayer } from '~/components/visitor/video-player';
import { BlockBox, EmptyBlock } from '../block-box';
import { useBlockFile } from '../context';

/** A video of a recognised site with the stage player: our picture first, the embed after a click. */
export function VideoBlock({ content }: { content: BlockContentOf<'VIDEO'> }) {
  const { t } = useTranslation('pages');
  const thumbnail = useBlockFile(content.file);
  if (!content.url || !parseVideoUrl(content.url)) return <EmptyBlock type="VIDEO" label={t('blocks.video.label')} />;
  return (
    <BlockBox type="VIDEO" box={content}>
      <VideoPlayer url={content.url} title={content.text || t('blocks.video.title')} thumbnailUrl={thumbnail?.url} />
    </BlockBox>
  );
}
