import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { exhibitionTitle, useExhibitionData } from '~/components/visitor/exhibition-data';
import { ExhibitionStand } from '~/components/visitor/exhibition-stand';
import { loadExhibitionStand } from '~/server/pages/exhibition-visit.server';
import { VideoPlayer } from '~/components/visitor/video-player';
import { defineGuards } from '~/lib/guards';
import { withNamespaces } from '~/lib/i18n-namespaces';
import { runGuards } from '~/server/guards.server';
import { safeHref } from '~/lib/safe-href';

export const handle = { i18n: ['common', 'errors', 'validation', 'visitor', 'events'] };
export const clientLoader = withNamespaces(handle.i18n);
export const meta: MetaFunction<typeof loader> = ({ matches }) => [{ title: exhibitionTitle(matches, undefined) }];

export const guards = defineGuards({ public: true, permission: { kind: 'exhibition', param: 'slug' } });

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  return loadExhibitionStand(context, params);
}

const cardClass = 'rounded-lg bg-white p-4 shadow-sm lg:p-6';
const actionClass =
  'mt-4 inline-flex items-center gap-2 rounded-md bg-brand-dark px-4 py-2 text-sm font-medium text-white outline-none ring-brand-pink ring-offset-2 hover:bg-brand-dark/90 focus-visible:ring-2';

/**
 * /exhibition/{slug}: the in-house fair's start page: its welcome video, the video meeting and the stage beside
 * it, and the organiser's stand with its reference points below.
 */
export default function ExhibitionLanding() {
  const { t } = useTranslation('visitor');
  const { exhibition } = useExhibitionData();
  const { stand } = useLoaderData<typeof loader>();
  const base = `/exhibition/${exhibition.slug}`;
  const organizer = exhibition.organization.name;
  const meeting = safeHref(exhibition.meeting);
  const aside = Boolean(meeting || exhibition.stage);
  return (
    <div className="space-y-8">
      <header>
        <h1 className="text-2xl font-semibold text-brand-dark lg:text-3xl">{exhibition.name}</h1>
        {organizer ? <p className="mt-1 text-gray-700">{t('exhibition.intro', { name: organizer })}</p> : null}
      </header>

      {exhibition.video || aside ? (
        <div className={`grid gap-6 ${exhibition.video && aside ? 'lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]' : ''}`}>
          {exhibition.video ? (
            <section aria-labelledby="welcome-video" className={cardClass}>
              <h2 id="welcome-video" className="mb-3 text-lg font-semibold text-brand-dark">
                {t('exhibition.welcomeVideo')}
              </h2>
              <VideoPlayer url={exhibition.video} title={t('exhibition.welcomeVideoOf', { name: exhibition.name })} thumbnailUrl={exhibition.videoThumbnailUrl} />
            </section>
          ) : null}
          {aside ? (
            <div className={`grid content-start gap-6 ${exhibition.video ? '' : 'md:grid-cols-2'}`}>
              {meeting ? (
                <section aria-labelledby="meeting" className={cardClass}>
                  <h2 id="meeting" className="text-lg font-semibold text-brand-dark">
                    {t('exhibition.meetingHeading')}
                  </h2>
                  <p className="mt-2 text-gray-800">{t('exhibition.meetingText', { name: organizer || exhibition.name })}</p>
                  <a href={meeting} target="_blank" rel="noreferrer" className={actionClass}>
                    {t('exhibition.meetingLink')}
                  </a>
                </section>
              ) : null}
              {exhibition.stage ? (
                <section aria-labelledby="stage" className={cardClass}>
                  <h2 id="stage" className="text-lg font-semibold text-brand-dark">
                    {t('exhibition.stageHeading')}
                  </h2>
                  <p className="mt-2 font-medium">{exhibition.stage.title}</p>
                  <p className="mt-1 line-clamp-4 whitespace-pre-line text-sm text-gray-800">
                    {exhibition.stage.description ?? <span className="italic text-gray-700">{t('exhibition.noDescription')}</span>}
                  </p>
                  <Link to={`${base}/stage/${exhibition.stage.slug}`} className={actionClass}>
                    {t('exhibition.stageLink', { title: exhibition.stage.title })}
                  </Link>
                </section>
              ) : null}
            </div>
          ) : null}
        </div>
      ) : null}

      {stand ? (
        <ExhibitionStand slug={exhibition.slug} stand={stand} titleAs="h2" />
      ) : (
        <p className={`${cardClass} text-gray-800`}>{t('exhibition.noStand', { name: organizer || exhibition.name })}</p>
      )}
    </div>
  );
}
