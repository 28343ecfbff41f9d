import { useTranslation } from 'react-i18next';
import type { Language } from '~/lib/language';
import type { Programme, StageVisit } from '~/server/services/events/programme';
import { ProgrammePanel } from './programme-panel';
import { VideoPlayer } from './video-player';

/** The id of the player's box: programme entries on the stage page lead there. */
export const STAGE_VIDEO_ID = 'video';

/**
 * A stage as visitors see it, inside a convention and on its own page: title, the stream (thumbnail first,
 * autoplaying embed on click), description and the programme of the stage.
 */
export function StageView({
  stage,
  programme,
  language,
  stagePath,
}: {
  stage: Omit<StageVisit, 'programme'>;
  programme: Programme;
  language: Language;
  /** the page's URL; the programme refreshes from it and its entries lead to the player */
  stagePath: string;
}) {
  const { t } = useTranslation('visitor');
  return (
    <div className="mx-auto grid max-w-7xl gap-8 xl:grid-cols-[minmax(0,1fr)_24rem]">
      <div className="min-w-0 space-y-4">
        <h1 className="text-2xl font-semibold text-brand-dark lg:text-3xl">{stage.title}</h1>
        <div id={STAGE_VIDEO_ID} tabIndex={-1} className="scroll-mt-20 outline-none">
          {stage.stream ? (
            <VideoPlayer url={stage.stream} title={t('stage.videoTitle', { title: stage.title })} thumbnailUrl={stage.thumbnailUrl} priority />
          ) : (
            <div className="flex aspect-video w-full items-center justify-center rounded-md bg-brand-dark p-4 text-center text-white">
              <p>{t('stage.noStream')}</p>
            </div>
          )}
        </div>
        <p className="max-w-3xl whitespace-pre-line text-gray-800">{stage.description ?? <span className="italic text-gray-700">{t('programme.noDescription')}</span>}</p>
      </div>
      <ProgrammePanel programme={programme} language={language} stageHref={() => `${stagePath}#${STAGE_VIDEO_ID}`} refreshHref={stagePath} single />
    </div>
  );
}
