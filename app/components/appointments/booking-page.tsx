import { Form, Link } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { inputClass, submitClass } from '~/components/visitor/styles';
import type { BookingDay, FreeSlotView } from '~/lib/appointments/booking';
import { bookingPath } from '~/lib/appointments/paths';
import type { Language } from '~/lib/language';
import { SlotTime } from './slot-time';

export interface BookingPageProps {
  organization: { name: string; slug: string };
  person: { id: string; name: string; avatarUrl: string | null; position: string | null; timeZone: string } | null;
  persons: { id: string; name: string; position: string | null }[];
  days: { date: string; count: number; timeZone: string }[];
  day: BookingDay | null;
  prefill: { name: string; email: string };
  lead: string | null;
  idempotencyKey: string;
  language: Language;
}

type Reply = { error?: Record<string, string[] | null | undefined> | null; initialValue?: Record<string, unknown> | null } | undefined;

export type BookingReply =
  | { form?: string; result?: unknown; conflict?: undefined }
  | { form?: string; conflict: { nextFree: FreeSlotView[] }; idempotencyKey: string; values: { name: string; email: string; note: string } };

const LOCALE = { DE: 'de-DE', EN: 'en-GB' } as const;

/** "Monday, 07/12" of a YYYY-MM-DD day (a calendar day: formatted at noon UTC, so no zone moves it). */
function dayLabel(date: string, language: Language) {
  return new Intl.DateTimeFormat(LOCALE[language], { weekday: 'long', day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));
}

/** The browser's zone for the booking (the contact person's is the server's default without JavaScript). */
function ViewerZoneField() {
  const [zone, setZone] = useState('');
  useEffect(() => setZone(Intl.DateTimeFormat().resolvedOptions().timeZone ?? ''), []);
  return <input type="hidden" name="timeZone" value={zone} />;
}

function TimeChoices({ slots, language, legend, showPerson }: { slots: FreeSlotView[]; language: Language; legend: string; showPerson: boolean }) {
  const { t } = useTranslation('appointments');
  return (
    <fieldset className="space-y-2">
      <legend className="text-lg font-semibold">{legend}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {slots.map((slot, index) => (
          <label key={slot.id} className="flex cursor-pointer items-start gap-2 rounded-md border border-gray-300 p-3 has-[:checked]:border-brand-dark has-[:checked]:bg-brand-grey">
            <input type="radio" name="slotId" value={slot.id} required defaultChecked={index === 0 && slots.length === 1} className="mt-1" />
            <span className="text-sm">
              <SlotTime start={slot.start} end={slot.end} timeZone={slot.timeZone} language={language} />
              {showPerson ? <span className="block text-gray-700">{t('booking.with', { name: slot.contactPersonName })}</span> : null}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * The public booking page (issue 27): days with free slots (a GET form), then the times of the chosen day and the
 * booker's name, e-mail and note (a POST form with the idempotency key of this rendering). Plain HTML controls, no
 * JavaScript needed; radio groups with legends for keyboards and screen readers.
 */
export function BookingPage({ data, reply }: { data: BookingPageProps; reply: BookingReply | undefined }) {
  const { t } = useTranslation('appointments');
  const { organization, person, persons, days, day, language } = data;
  const conflict = reply?.conflict ? reply : null;
  const fieldReply = (reply && !reply.conflict ? reply.result : undefined) as Reply;
  const errorOf = (name: string) => fieldReply?.error?.[name]?.[0];
  const sent = (name: string, fallback: string) => {
    const value = conflict?.values[name as 'name'] ?? fieldReply?.initialValue?.[name];
    return typeof value === 'string' ? value : fallback;
  };
  const here = bookingPath(organization.slug, person?.id);
  const slots = conflict ? conflict.conflict.nextFree : (day?.slots ?? []);
  const showPerson = !person;
  return (
    <main id="main" className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8">
      <header className="space-y-1">
        <p className="text-sm text-gray-700">{organization.name}</p>
        <h1 className="text-2xl font-semibold">{person ? t('booking.titlePerson', { name: person.name }) : t('booking.title', { organisation: organization.name })}</h1>
        {person?.position ? <p className="text-gray-700">{person.position}</p> : null}
        <p>{t('booking.intro')}</p>
      </header>

      {!person && persons.length > 1 ? (
        <nav aria-labelledby="persons-heading">
          <h2 id="persons-heading" className="text-lg font-semibold">
            {t('booking.persons')}
          </h2>
          <ul className="mt-2 flex flex-wrap gap-3">
            {persons.map((p) => (
              <li key={p.id}>
                <Link to={bookingPath(organization.slug, p.id)} className="underline">
                  {p.name}
                </Link>
                {p.position ? <span className="text-sm text-gray-700"> ({p.position})</span> : null}
              </li>
            ))}
          </ul>
        </nav>
      ) : null}

      {conflict ? (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-[#e2001a]">
          {conflict.conflict.nextFree.length ? t('booking.alreadyBooked') : t('booking.allBooked')}
        </p>
      ) : null}

      {!days.length && !conflict ? (
        <p role="status" className="rounded-md bg-brand-grey p-3">
          {t('booking.allBooked')}
        </p>
      ) : null}

      {days.length && !conflict ? (
        <Form method="get" action={here} className="space-y-3">
          {data.lead ? <input type="hidden" name="lead" value={data.lead} /> : null}
          <fieldset>
            <legend className="text-lg font-semibold">{t('booking.chooseDay')}</legend>
            <div className="mt-2 flex flex-wrap gap-2">
              {days.map((d) => (
                <label key={d.date} className="flex cursor-pointer items-center gap-2 rounded-md border border-gray-300 px-3 py-2 text-sm has-[:checked]:border-brand-dark has-[:checked]:bg-brand-grey">
                  <input type="radio" name="day" value={d.date} defaultChecked={d.date === day?.date} />
                  <span>
                    {dayLabel(d.date, language)} <span className="text-gray-700">{t('booking.freeCount', { count: d.count })}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          <button type="submit" className="rounded-md border border-gray-400 px-4 py-2 text-sm">
            {t('booking.showTimes')}
          </button>
        </Form>
      ) : null}

      {slots.length ? (
        <Form method="post" action={`${here}${data.lead ? `?lead=${encodeURIComponent(data.lead)}` : ''}`} className="space-y-4">
          <input type="hidden" name="intent" value="book" />
          <input type="hidden" name="idempotencyKey" value={conflict?.idempotencyKey ?? data.idempotencyKey} />
          {data.lead ? <input type="hidden" name="lead" value={data.lead} /> : null}
          <ViewerZoneField />
          <TimeChoices
            slots={slots}
            language={language}
            showPerson={showPerson}
            legend={conflict ? t('booking.nextFree') : t('booking.chooseTime', { day: day ? dayLabel(day.date, language) : '' })}
          />
          {errorOf('slotId') ? <p className="text-sm text-[#e2001a]">{t('booking.chooseTimeError')}</p> : null}
          <fieldset className="space-y-3">
            <legend className="text-lg font-semibold">{t('booking.you')}</legend>
            {(['name', 'email'] as const).map((name) => (
              <div key={name}>
                <label htmlFor={`booking-${name}`} className="text-sm font-medium">
                  {t(`booking.fields.${name}`)}
                </label>
                <input
                  id={`booking-${name}`}
                  name={name}
                  type={name === 'email' ? 'email' : 'text'}
                  autoComplete={name === 'email' ? 'email' : 'name'}
                  required
                  maxLength={name === 'email' ? 254 : 200}
                  defaultValue={sent(name, data.prefill[name])}
                  aria-invalid={errorOf(name) ? true : undefined}
                  aria-describedby={errorOf(name) ? `booking-${name}-error` : undefined}
                  className={inputClass}
                />
                {errorOf(name) ? (
                  <p id={`booking-${name}-error`} className="mt-1 text-sm text-[#e2001a]">
                    {errorOf(name)}
                  </p>
                ) : null}
              </div>
            ))}
            <div>
              <label htmlFor="booking-note" className="text-sm font-medium">
                {t('booking.fields.note')}
              </label>
              <textarea id="booking-note" name="note" rows={3} maxLength={2000} defaultValue={sent('note', '')} className={inputClass} />
            </div>
          </fieldset>
          <button type="submit" className={submitClass}>
            {t('booking.submit')}
          </button>
        </Form>
      ) : null}
    </main>
  );
}
