import type { LoaderFunctionArgs } from '@remix-run/node';
import { Link, useLoaderData, useSearchParams } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { useConventionData } from '~/components/visitor/convention-data';
import { EventTimeRange } from '~/components/visitor/event-time';
import { PROGRAMME_STAGE_PARAM, ProgrammePanel } from '~/components/visitor/programme-panel';
import { defineGuards } from '~/lib/guards';
import { withNamespaces } from '~/lib/i18n-namespaces';
import { runGuards } from '~/server/guards.server';
import { conventionProgramme } from '~/server/services/events/programme';
import { CardGridSection } from '~/components/visitor/thumbnail-card';
import { IMAGE_SIZES, imageSrcSet } from '~/lib/images';
import { numberedName, POINT_CLASS, PointList, PointMarker, pointStyle, useSpreadSpots } from '~/components/visitor/point-marker';
import { safeHref } from '~/lib/safe-href';
import { lazy, Suspense, useRef } from 'react';
import { loadRoomPage } from '~/server/pages/virtual-room.server';
import { conventionBySlug } from '~/server/services/events/conventions';
import { conventionRoom } from '~/server/services/virtual-rooms/conventions';
import { paramsOf } from '~/server/route-kit.server';

/**
 * The room of a convention in VIRTUAL_ROOM mode (issue 17), a chunk of its own: the landing is a visitor's first
 * page and keeps the visitor budget up front whatever its mode (the server renders it in place; the viewer and its
 * three.js part load after).
 */
const ConventionRoom = lazy(() => import('~/components/virtual-rooms/room-page').then((m) => ({ default: m.RoomPageBody })));

export const handle = { i18n: ['common', 'errors', 'validation', 'visitor', 'roomsviewer'], title: 'visitor:landing.pageTitle' };
export const clientLoader = withNamespaces(handle.i18n);

export const guards = defineGuards({ public: true, permission: { kind: 'convention', param: 'conventionslug' } });

/** The landing page reads the convention layout's data; its own loader checks access and reads the programme. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const { conventionslug } = paramsOf(params, 'conventionslug');
  const slug = conventionslug;
  const [programme, convention] = await Promise.all([conventionProgramme(context.service, slug, context.language), conventionBySlug(context.service, slug)]);
  // navigation mode VIRTUAL_ROOM (issue 17): the room instead of the foyer or the cards
  const room = convention.navigation_mode === 'VIRTUAL_ROOM' ? await loadRoomPage(context, request, () => conventionRoom(context.service, convention.id), { missing: 'null' }) : null;
  return { programme, room: room?.room || room?.error ? room : null };
}

const cardClass =
  'group block overflow-hidden rounded-lg bg-white shadow-sm outline-none ring-brand-pink transition hover:shadow-md focus-visible:ring-4';

/**
 * /convention/{slug}: the image foyer with its clickable points when the organiser set one up, else the default
 * navigation (stage, halls, on-demand content) as cards (spec 000 point 2).
 */
export default function ConventionLanding() {
  const { t } = useTranslation('visitor');
  const { convention, language } = useConventionData();
  const { programme, room } = useLoaderData<typeof loader>();
  const [search] = useSearchParams();
  const nav = convention.navigation!;
  const base = `/convention/${convention.slug}`;
  return (
    <div className="mx-auto max-w-6xl space-y-8">
      <header>
        <h1 className="text-2xl font-semibold text-brand-dark lg:text-3xl">{convention.title}</h1>
        {convention.startDate && convention.endDate ? (
          <p className="mt-1 text-sm text-gray-700">
            <EventTimeRange start={convention.startDate} end={convention.endDate} language={language} />
          </p>
        ) : null}
        {convention.status === 'UPCOMING' ? <p className="mt-2 inline-block rounded bg-brand-pink/10 px-2 py-1 text-sm text-brand-dark">{t('landing.upcoming')}</p> : null}
        {convention.description ? <p className="mt-3 max-w-3xl whitespace-pre-line text-gray-800">{convention.description}</p> : null}
      </header>

      {programme.stages.some((stage) => stage.entries.length) ? (
        <ProgrammePanel
          programme={programme}
          language={language}
          stageHref={(slug) => `${base}/stage/${slug}`}
          refreshHref={`${base}?index`}
          selected={search.get(PROGRAMME_STAGE_PARAM)}
          limit={3}
        />
      ) : null}

      {room ? (
        <Suspense fallback={null}>
          <ConventionRoom {...room} />
        </Suspense>
      ) : nav.foyer ? (
        <Foyer foyer={nav.foyer} title={convention.title} />
      ) : (
        <>
          {nav.stages.length ? (
            <section aria-labelledby="landing-stages">
              <h2 id="landing-stages" className="mb-3 text-lg font-semibold text-brand-dark">
                {t('shell.stages')}
              </h2>
              <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                {nav.stages.map((stage) => (
                  <li key={stage.slug}>
                    <Link to={`${base}/stage/${stage.slug}`} className={`${cardClass} p-5`}>
                      <span className="text-sm font-medium uppercase tracking-wide text-brand-pink-text">{t('landing.stage')}</span>
                      <span className="mt-1 block text-lg font-semibold text-brand-dark">{stage.title}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <CardGridSection
            id="landing-halls"
            heading={t('shell.halls')}
            empty={t('landing.noHalls')}
            cards={nav.halls.map((hall) => ({ to: `${base}/hall/${hall.slug}`, title: hall.title, thumbnailUrl: hall.thumbnailUrl }))}
          />
        </>
      )}

      {nav.onDemand.length ? (
        <section aria-labelledby="landing-ondemand">
          <h2 id="landing-ondemand" className="mb-3 text-lg font-semibold text-brand-dark">
            {t('shell.onDemand')}
          </h2>
          <Link to={`${base}/ondemand`} className="font-medium text-brand-dark underline underline-offset-2">
            {t('landing.onDemandLink', { count: nav.onDemand.length })}
          </Link>
        </section>
      ) : null}
    </div>
  );
}

type FoyerData = NonNullable<ReturnType<typeof useConventionData>['convention']['navigation']>['foyer'];

/**
 * The image foyer: the picture with its points as 44 px targets that never overlap (issue 24 item 20: pushed apart
 * once the picture's size is known), numbered on phones, where the points are listed by name below the picture.
 */
function Foyer({ foyer, title }: { foyer: NonNullable<FoyerData>; title: string }) {
  const { t } = useTranslation('visitor');
  const picture = useRef<HTMLDivElement>(null);
  // an external point without a safe address leads nowhere and is not offered
  const points = foyer.points.filter((point) => !point.external || safeHref(point.href));
  const spots = useSpreadSpots(picture, points);
  // on the picture a point is named with its number (shown on phones), in the list by its text
  const link = (point: (typeof points)[number], className: string, extra: Record<string, unknown>, content?: React.ReactNode) =>
    point.external ? (
      <a key={point.id} href={safeHref(point.href)} target="_blank" rel="noreferrer" className={className} {...extra}>
        {content ?? point.label}
      </a>
    ) : (
      <Link key={point.id} to={point.href} className={className} {...extra}>
        {content ?? point.label}
      </Link>
    );
  return (
    <section aria-labelledby="foyer-title" className="space-y-3">
      <h2 id="foyer-title" className="sr-only">
        {t('landing.foyer')}
      </h2>
      <div ref={picture} className="relative overflow-hidden rounded-lg bg-white shadow-sm" data-foyer-picture>
        <img src={foyer.imageUrl} srcSet={imageSrcSet(foyer.imageUrl)} sizes={IMAGE_SIZES.wide} alt={t('landing.foyerAlt', { title })} width={2048} height={1024} className="block h-auto w-full" />
        {points.map((point, index) => {
          const { style, hidden } = pointStyle(spots, index, point);
          return link(point, `${POINT_CLASS} ${hidden ? 'hidden' : ''}`, { style, 'aria-label': numberedName(index + 1, point.label), 'data-foyer-point': '' }, <PointMarker label={point.label} number={index + 1} />);
        })}
      </div>
      <PointList heading={t('landing.foyerPoints')} phoneOnly data="foyer" points={points.map((point) => ({ id: point.id, link: (className: string) => link(point, className, {}) }))} />
    </section>
  );
}
