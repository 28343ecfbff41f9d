import { useTranslation } from 'react-i18next';
import type { Language } from '~/lib/language';
import { EventTime, EventTimeRange } from './event-time';

/**
 * What an inactive convention shows instead of the event (spec 000 point 4): its public page. Until content pages
 * exist, that is its title, text and dates with a clear note that the event is not open.
 */
export function ConventionInactive({
  convention,
  language,
}: {
  convention: { title: string; description: string; startDate: string | null; endDate: string | null; organization: { name: string } };
  language: Language;
}) {
  const { t } = useTranslation('visitor');
  return (
    <article className="mx-auto max-w-2xl rounded-lg bg-white p-6 shadow-sm lg:p-10">
      <p className="text-sm font-semibold uppercase tracking-wide text-brand-pink-text">{t('inactive.badge')}</p>
      <h1 className="mt-2 text-2xl font-semibold text-brand-dark lg:text-3xl">{convention.title}</h1>
      {convention.startDate && convention.endDate ? (
        <p className="mt-3 text-gray-800">
          <EventTimeRange start={convention.startDate} end={convention.endDate} language={language} />
        </p>
      ) : convention.startDate ? (
        <p className="mt-3 text-gray-800">
          <EventTime value={convention.startDate} language={language} />
        </p>
      ) : null}
      {convention.description ? <p className="mt-4 whitespace-pre-line text-gray-800">{convention.description}</p> : null}
      <p className="mt-6 rounded-md bg-[#f7f7f7] p-4 text-gray-800">{t('inactive.text', { organizer: convention.organization.name })}</p>
    </article>
  );
}
