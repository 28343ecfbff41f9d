import { Form, Link, useFetcher } from '@remix-run/react';
import { startTransition, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EVENT_TIME_ZONE } from '~/components/conventions/datetime';
import { formatDateValue } from '~/lib/format';
import type { Language } from '~/lib/language';
import { isLive, nowLineIndex, NOW_LINE_MS, PROGRAMME_REFRESH_MS, programmeAt, upcomingEntries } from '~/lib/programme';
import type { Programme, ProgrammeEntry, ProgrammeStage } from '~/server/services/events/programme';
import { ownTimeRange, useVisitorTimeZone } from './event-time';
import { inputClass } from './styles';
import { IMAGE_SIZES, imageSrcSet } from '~/lib/images';

/** The query parameter that picks the stage of the panel without JavaScript (a GET form). */
export const PROGRAMME_STAGE_PARAM = 'programme';

/** The newer of two readings of the programme: the page's own (after a revalidation) or the panel's refresh. */
function newest(a: Programme, b: Programme | undefined): Programme {
  return b && Date.parse(b.now) > Date.parse(a.now) ? b : a;
}

/**
 * A talk's time, "24.12.2026, 10:00 – 10:45", in the event's zone and, when it differs, in the visitor's own on a
 * line of its own (ownTimeRange: short enough for one line of a phone).
 */
function TalkTime({ entry, language }: { entry: ProgrammeEntry; language: Language }) {
  const { t } = useTranslation('visitor');
  const zone = useVisitorTimeZone();
  const format = (value: string, kind: 'date' | 'time' | 'dateTime') => formatDateValue(value, kind, language, EVENT_TIME_ZONE);
  const sameDay = format(entry.startsAt, 'date') === format(entry.endsAt, 'date');
  const start = sameDay ? `${format(entry.startsAt, 'date')}, ${format(entry.startsAt, 'time')}` : format(entry.startsAt, 'dateTime');
  const end = sameDay ? format(entry.endsAt, 'time') : format(entry.endsAt, 'dateTime');
  const own = zone === null ? null : ownTimeRange(entry.startsAt, entry.endsAt, language, zone);
  // the visitor's own time gets a line of its own that is always there, so adding it after hydration moves nothing
  return (
    <>
      <span className="block">
        <time dateTime={entry.startsAt}>{start}</time> – <time dateTime={entry.endsAt}>{end}</time>
      </span>
      <span className="block min-h-5 text-gray-600">{own ? t('time.yours', { time: own }) : null}</span>
    </>
  );
}

function NowLine({ now, language }: { now: number; language: Language }) {
  const { t } = useTranslation('visitor');
  const zone = useVisitorTimeZone();
  const event = formatDateValue(now, 'time', language, EVENT_TIME_ZONE);
  const own = zone ? formatDateValue(now, 'time', language, zone) : null;
  // the line runs under the label, so the visitor's own time added after hydration moves neither (layout shift)
  return (
    <li className="py-1" data-now-line>
      <span className="block text-xs font-semibold uppercase tracking-wide text-brand-pink-text">
        {t('programme.now', { time: event })}
        {own && own !== event ? <span className="font-normal normal-case"> {t('time.yours', { time: own })}</span> : null}
      </span>
      <span aria-hidden="true" className="mt-1 block h-0.5 rounded bg-brand-pink" />
    </li>
  );
}

function Entry({ entry, live, href, language }: { entry: ProgrammeEntry; live: boolean; href: string; language: Language }) {
  const { t } = useTranslation('visitor');
  return (
    <li
      className={`relative flex gap-3 rounded-lg bg-white p-3 shadow-sm ring-brand-pink focus-within:ring-4 hover:shadow-md ${live ? 'border-l-4 border-brand-pink' : ''}`}
      data-programme-entry
      data-live={live ? 'true' : undefined}
    >
      {entry.thumbnailUrl ? (
        <img src={entry.thumbnailUrl} srcSet={imageSrcSet(entry.thumbnailUrl)} sizes={IMAGE_SIZES.thumb} alt="" width={160} height={90} loading="lazy" className="hidden aspect-video w-28 shrink-0 self-start rounded object-cover sm:block" />
      ) : null}
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-start gap-x-2 text-sm text-gray-700">
          <span>
            <TalkTime entry={entry} language={language} />
          </span>
          {live ? (
            <span aria-hidden="true" className="rounded bg-brand-pink-text px-1.5 py-0.5 text-xs font-bold uppercase tracking-wide text-white">
              {t('programme.live')}
            </span>
          ) : null}
        </p>
        <h3 className="mt-1 font-semibold text-brand-dark">
          {/* the link covers the whole card, so a click anywhere on the talk goes to its stage */}
          <Link to={href} className="outline-none after:absolute after:inset-0 after:content-['']">
            {live ? <span className="sr-only">{t('programme.liveNow')} </span> : null}
            {entry.title ?? <span className="italic">{t('programme.noTitle')}</span>}
          </Link>
        </h3>
        {entry.speaker || entry.speakerOrganization ? (
          <p className="mt-0.5 text-sm text-gray-800">
            {[entry.speaker, entry.speakerOrganization?.name].filter(Boolean).join(', ')}
            {entry.speakerDescription ? <span className="text-gray-600"> · {entry.speakerDescription}</span> : null}
          </p>
        ) : null}
        <p className="mt-1 line-clamp-3 text-sm text-gray-700">{entry.description ?? <span className="italic">{t('programme.noDescription')}</span>}</p>
      </div>
    </li>
  );
}

/**
 * The programme (spec 000 point 4 and convention layout): the talks of a stage that end in the future, started
 * ones marked live, with a current-time line between the talks under way and those to come. With JavaScript the
 * line moves every second and the list is read again every 30 s (spec 001 point 9); talks that end in between
 * leave the list at once. Several stages with talks get a stage selector (a GET form without JavaScript). Each
 * talk links to its stage.
 */
export function ProgrammePanel({
  programme: fromPage,
  language,
  stageHref,
  refreshHref,
  selected,
  single = false,
  limit,
}: {
  programme: Programme;
  language: Language;
  stageHref: (stageSlug: string) => string;
  /** the page's own URL: its loader returns `{ programme }` (a fetcher reads it again, without the parents) */
  refreshHref: string;
  /** the stage picked by the GET form (without JavaScript) */
  selected?: string | null;
  /** on a stage page: that stage's talks, no stage names and no selector */
  single?: boolean;
  /** show at most this many talks, then a link to the stage's full programme */
  limit?: number;
}) {
  const { t } = useTranslation('visitor');
  const fetcher = useFetcher<{ programme?: Programme }>();
  const programme = newest(fromPage, fetcher.data?.programme);
  const [now, setNow] = useState(() => Date.parse(fromPage.now));
  const [hydrated, setHydrated] = useState(false);
  const [choice, setChoice] = useState(selected ?? null);
  const load = useRef(fetcher.load);
  load.current = fetcher.load;
  const selectId = useId();
  const headingId = useId();

  useEffect(() => {
    // the clock's first reading with the page's other updates after hydration: a transition, in tasks React can
    // split (an update from an effect otherwise renders in one task of the default lane)
    startTransition(() => {
      setHydrated(true);
      setNow(Date.now());
    });
    const clock = window.setInterval(() => setNow(Date.now()), NOW_LINE_MS);
    return () => window.clearInterval(clock);
  }, []);
  useEffect(() => {
    const refresh = window.setInterval(() => {
      if (document.visibilityState === 'visible') load.current(refreshHref);
    }, PROGRAMME_REFRESH_MS);
    return () => window.clearInterval(refresh);
  }, [refreshHref]);

  const view = programmeAt(programme.stages, now, choice);
  const shown: ProgrammeStage | undefined = single ? programme.stages[0] : view.shown;
  const upcoming = upcomingEntries(shown?.entries ?? [], now);
  const entries = limit === undefined ? upcoming : upcoming.slice(0, limit);
  const line = nowLineIndex(entries, now);

  return (
    <section aria-labelledby={headingId} className="space-y-3" data-programme>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id={headingId} className="text-lg font-semibold text-brand-dark">
          {t('programme.title')}
        </h2>
        {!single && view.selector ? (
          <Form
            method="get"
            preventScrollReset
            className="flex items-end gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              setChoice(new FormData(event.currentTarget).get(PROGRAMME_STAGE_PARAM)?.toString() ?? null);
            }}
          >
            <div>
              <label htmlFor={selectId} className="text-sm font-medium text-gray-800">
                {t('programme.stageSelect')}
              </label>
              <select
                id={selectId}
                name={PROGRAMME_STAGE_PARAM}
                value={shown?.slug}
                onChange={(event) => setChoice(event.currentTarget.value)}
                className={`${inputClass} bg-white`}
              >
                {view.withTalks.map((stage) => (
                  <option key={stage.slug} value={stage.slug}>
                    {stage.title}
                  </option>
                ))}
              </select>
            </div>
            {hydrated ? null : (
              <button type="submit" className="rounded-md bg-brand-dark px-3 py-2 text-sm font-semibold text-white outline-none ring-brand-pink focus-visible:ring-2">
                {t('programme.show')}
              </button>
            )}
          </Form>
        ) : null}
      </div>
      {!single && shown && view.withTalks.length === 1 ? <p className="text-sm text-gray-700">{t('programme.onStage', { stage: shown.title })}</p> : null}
      {entries.length ? (
        <ol className="space-y-2">
          {entries.flatMap((entry, index) => {
            const item = <Entry key={entry.id} entry={entry} live={isLive(entry, now)} href={stageHref(shown!.slug)} language={language} />;
            return index === line ? [<NowLine key="now" now={now} language={language} />, item] : [item];
          })}
          {line === entries.length ? <NowLine key="now" now={now} language={language} /> : null}
        </ol>
      ) : (
        <p className="rounded-lg bg-white p-4 text-gray-700 shadow-sm">{t('programme.noTalks')}</p>
      )}
      {shown && upcoming.length > entries.length ? (
        <Link to={stageHref(shown.slug)} className="inline-block text-sm font-medium text-brand-dark underline underline-offset-2">
          {t('programme.all', { count: upcoming.length })}
        </Link>
      ) : null}
    </section>
  );
}
