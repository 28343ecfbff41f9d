import { getFormProps } from '@conform-to/react';
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyLink } from '~/components/appointments/copy-link';
import { NativeSelect } from '~/components/conventions/native-select';
import { NumberField, TextArea, TextField } from '~/components/ui/field';
import { FormErrors, PageHeader, PageSection, RowActionForm, SubmitButton, useRouteForm } from '~/components/ui/route-form';
import { formatDateValue } from '~/lib/format';
import { defineGuards } from '~/lib/guards';
import { withNamespaces } from '~/lib/i18n-namespaces';
import type { FormAnswer } from '~/lib/route-kit';
import { runGuards } from '~/server/guards.server';
import { AddSlotForm, BookingAccessForm, ConfirmationForm, DayOffForm, HERE, HoursForm, WEEKDAYS } from './forms';
import { appointmentsAction, appointmentsData } from './server';

export const handle = { i18n: ['common', 'errors', 'validation', 'appointments'], title: 'appointments:console.title' };
export const clientLoader = withNamespaces(handle.i18n);

/** Appointment slots of the organisation's contact persons (spec 000 point 2: the appointment feature). */
export const guards = defineGuards({ organization: true, feature: 'appointment' });

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  return appointmentsData(context, request);
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  return appointmentsAction(context, request);
}

type Data = ReturnType<typeof useLoaderData<typeof loader>>;

/** Hidden `member` of every form while an admin edits another member. */
function MemberField({ data }: { data: Data }) {
  return data.isAdmin && !data.everyone ? <input type="hidden" name="member" value={data.member} /> : null;
}

function MemberFilter({ data }: { data: Data }) {
  const { t } = useTranslation('appointments');
  if (!data.isAdmin) return null;
  return (
    <Form method="get" className="flex flex-wrap items-end gap-3">
      <NativeSelect
        name="member"
        label={t('console.member')}
        defaultValue={data.everyone ? 'all' : data.member}
        options={[{ value: 'all', label: t('console.allMembers') }, ...data.members.map((m) => ({ value: m.id, label: m.name }))]}
      />
      <button type="submit" className="rounded-md border border-gray-300 px-4 py-2">
        {t('console.show')}
      </button>
    </Form>
  );
}

function WeekCalendar({ data }: { data: Data }) {
  const { t } = useTranslation('appointments');
  const zone = data.settings.timeZone;
  const days = Array.from({ length: 7 }, (_, i) => new Date(Date.parse(`${data.week.start}T12:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10));
  const memberQuery = data.isAdmin ? `&member=${data.everyone ? 'all' : data.member}` : '';
  const dayOf = (value: string) => new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(value));
  return (
    <>
      <nav className="mt-3 flex gap-4 text-sm" aria-label={t('console.weekNav')}>
        <Link to={`${HERE}?week=${data.week.previous}${memberQuery}`} className="underline">
          {t('console.previousWeek')}
        </Link>
        <Link to={`${HERE}?week=${data.week.next}${memberQuery}`} className="underline">
          {t('console.nextWeek')}
        </Link>
      </nav>
      <p className="mt-2 text-sm text-gray-700">{t('console.timesIn', { zone })}</p>
      <ol className="mt-3 grid gap-3 md:grid-cols-7">
        {days.map((day) => {
          const slots = data.slots.filter((slot) => dayOf(slot.start) === day);
          return (
            <li key={day} className="rounded-md border p-2" data-day={day}>
              <h3 className="text-sm font-semibold">{formatDateValue(`${day}T12:00:00Z`, 'date', data.language, 'UTC')}</h3>
              {slots.length ? (
                <ul className="mt-2 space-y-1">
                  {slots.map((slot) => (
                    <li key={slot.id} className="text-xs" data-status={slot.status}>
                      <span className="font-medium">{formatDateValue(slot.start, 'time', data.language, zone)}</span> {t(`status.${slot.status}`)}
                      {slot.booker ? <span className="block">{slot.booker}</span> : null}
                      {data.everyone && slot.person ? <span className="block text-gray-600">{slot.person}</span> : null}
                      {slot.status !== 'BOOKED' ? (
                        <Form method="post">
                          <input type="hidden" name="intent" value="slot" />
                          <input type="hidden" name="id" value={slot.id} />
                          <input type="hidden" name="start" value={slot.start} />
                          <input type="hidden" name="end" value={slot.end} />
                          <input type="hidden" name="status" value={slot.status === 'AVAILABLE' ? 'UNAVAILABLE' : 'AVAILABLE'} />
                          {data.isAdmin ? <input type="hidden" name="member" value={slot.userId} /> : null}
                          <button
                            type="submit"
                            className="mt-1 rounded border border-gray-300 px-2 py-0.5 text-xs"
                            aria-label={t(slot.status === 'AVAILABLE' ? 'console.blockSlot' : 'console.freeSlot', { time: formatDateValue(slot.start, 'dateTime', data.language, zone) })}
                          >
                            {t(slot.status === 'AVAILABLE' ? 'console.block' : 'console.free')}
                          </button>
                        </Form>
                      ) : null}
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="mt-2 text-xs text-gray-600">{t('console.noSlots')}</p>
              )}
            </li>
          );
        })}
      </ol>
    </>
  );
}

/** A single slot added by hand, in the edited contact person's zone; kept when the hours change. */
function AddSlot({ data, answer }: { data: Data; answer: FormAnswer | undefined }) {
  const { t } = useTranslation('appointments');
  const [form, fields] = useRouteForm(AddSlotForm, { id: 'addSlot', answer, defaultValue: { status: 'AVAILABLE' } });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-4 flex flex-wrap items-end gap-3 border-t pt-4">
      <input type="hidden" name="intent" value="addSlot" />
      <MemberField data={data} />
      <TextField type="date" field={fields.date} label={t('console.addSlotDate')} />
      <TextField type="time" field={fields.start} label={t('console.addSlotStart')} />
      <TextField type="time" field={fields.end} label={t('console.addSlotEnd')} />
      <NativeSelect
        name="status"
        label={t('console.addSlotStatus')}
        defaultValue="AVAILABLE"
        options={[
          { value: 'AVAILABLE', label: t('status.AVAILABLE') },
          { value: 'UNAVAILABLE', label: t('status.UNAVAILABLE') },
        ]}
      />
      <SubmitButton>{t('console.addSlot')}</SubmitButton>
      <p className="w-full text-sm text-gray-700">{t('console.addSlotHint', { zone: data.settings.timeZone })}</p>
      <FormErrors errors={form.errors} className="w-full" />
    </Form>
  );
}

/** Who may book the organisation's slots: everyone, or logged-in users only; the form only for those the policy lets. */
function BookingAccess({ data, answer }: { data: Data; answer: FormAnswer | undefined }) {
  const { t } = useTranslation('appointments');
  const [form] = useRouteForm(BookingAccessForm, { id: 'access', answer, defaultValue: { access: data.access.value } });
  if (!data.access.mayChange) return <p className="mt-3 text-sm" data-testid="booking-access">{t(`console.access.${data.access.value}`)}</p>;
  return (
    <Form method="post" {...getFormProps(form)} className="mt-3 space-y-3">
      <input type="hidden" name="intent" value="access" />
      <fieldset>
        <legend className="text-sm font-semibold">{t('console.accessLegend')}</legend>
        {(['PUBLIC', 'LOGGED_IN'] as const).map((value) => (
          <label key={value} className="mt-2 flex items-center gap-2 text-sm">
            <input type="radio" name="access" value={value} defaultChecked={data.access.value === value} className="accent-brand-pink" />
            {t(`console.access.${value}`)}
          </label>
        ))}
      </fieldset>
      <FormErrors errors={form.errors} />
      <SubmitButton>{t('console.saveAccess')}</SubmitButton>
    </Form>
  );
}

function HoursEditor({ data, answer }: { data: Data; answer: FormAnswer | undefined }) {
  const { t } = useTranslation('appointments');
  const defaults: Record<string, unknown> = { timeZone: data.settings.timeZone, slotMinutes: data.settings.slotMinutes, bufferMinutes: data.settings.bufferMinutes };
  for (const hours of data.settings.weeklyHours) {
    defaults[`start${hours.weekday}`] = hours.start;
    defaults[`end${hours.weekday}`] = hours.end;
  }
  const [form, fields] = useRouteForm(HoursForm, { id: 'hours', answer, defaultValue: defaults });
  const f = fields as unknown as Record<string, Parameters<typeof TextField>[0]['field']>;
  return (
    <Form method="post" {...getFormProps(form)} className="mt-3 space-y-4">
      <input type="hidden" name="intent" value="hours" />
      <MemberField data={data} />
      <fieldset>
        <legend className="text-sm font-semibold">{t('console.weeklyHours')}</legend>
        <div className="mt-2 space-y-2">
          {WEEKDAYS.map((day) => (
            <div key={day} className="flex flex-wrap items-end gap-3">
              <span className="w-28 pb-2 text-sm">{t(`weekday.${day}`)}</span>
              <TextField type="time" field={f[`start${day}`]!} label={t('console.from', { day: t(`weekday.${day}`) })} />
              <TextField type="time" field={f[`end${day}`]!} label={t('console.until', { day: t(`weekday.${day}`) })} />
            </div>
          ))}
        </div>
      </fieldset>
      <div className="flex flex-wrap gap-3">
        <NumberField field={fields.slotMinutes} label={t('console.slotMinutes')} />
        <NumberField field={fields.bufferMinutes} label={t('console.bufferMinutes')} />
        <TextField field={fields.timeZone} label={t('console.timeZone')} description={t('console.timeZoneHint')} />
      </div>
      <FormErrors errors={form.errors} />
      <SubmitButton>{t('console.saveHours')}</SubmitButton>
    </Form>
  );
}

function DatesOff({ data, answer }: { data: Data; answer: FormAnswer | undefined }) {
  const { t } = useTranslation('appointments');
  const [form, fields] = useRouteForm(DayOffForm, { id: 'dayOff', answer });
  return (
    <>
      {data.settings.datesOff.length ? (
        <ul className="mt-3 flex flex-wrap gap-3">
          {data.settings.datesOff.map((date) => (
            <li key={date} className="flex items-center gap-2 rounded-md border px-2 py-1 text-sm">
              {formatDateValue(`${date}T12:00:00Z`, 'date', data.language, 'UTC')}
              <Form method="post">
                <input type="hidden" name="intent" value="removeDayOff" />
                <input type="hidden" name="date" value={date} />
                <MemberField data={data} />
                <button type="submit" className="underline" aria-label={t('console.removeDayOff', { date })}>
                  {t('console.remove')}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-3 text-sm text-gray-700">{t('console.noDatesOff')}</p>
      )}
      <Form method="post" {...getFormProps(form)} className="mt-3 flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="dayOff" />
        <MemberField data={data} />
        <TextField type="date" field={fields.date} label={t('console.dayOff')} />
        <SubmitButton>{t('console.addDayOff')}</SubmitButton>
        <FormErrors errors={form.errors} className="w-full" />
      </Form>
    </>
  );
}

function Confirmation({ data, answer }: { data: Data; answer: FormAnswer | undefined }) {
  const { t } = useTranslation('appointments');
  const [form, fields] = useRouteForm(ConfirmationForm, {
    id: 'confirmation',
    answer,
    defaultValue: { type: data.settings.confirmationType, message: data.settings.confirmationMessage },
  });
  const [type, setType] = useState<string>(data.settings.confirmationType);
  const [message, setMessage] = useState(data.settings.confirmationMessage);
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="mt-3 grid gap-4 md:grid-cols-2"
      onChange={(event) => {
        const target = event.target as HTMLInputElement;
        if (target.name === 'type') setType(target.value);
        if (target.name === 'message') setMessage(target.value);
      }}
    >
      <div className="space-y-3">
        <input type="hidden" name="intent" value="confirmation" />
        <MemberField data={data} />
        <NativeSelect
          name="type"
          label={t('console.confirmationType')}
          defaultValue={data.settings.confirmationType}
          options={[
            { value: 'JITSI_LINK', label: t('confirmation.JITSI_LINK') },
            { value: 'CUSTOM_MESSAGE', label: t('confirmation.CUSTOM_MESSAGE') },
          ]}
        />
        <TextArea field={fields.message} label={t('console.message')} description={t('console.messageHint')} />
        <FormErrors errors={form.errors} />
        <SubmitButton>{t('console.saveConfirmation')}</SubmitButton>
      </div>
      <section aria-labelledby="preview-title" className="rounded-md border bg-brand-grey p-4">
        <h3 id="preview-title" className="text-sm font-semibold">
          {t('console.preview')}
        </h3>
        <p className="mt-2 text-sm" data-testid="confirmation-preview">
          {type === 'JITSI_LINK' ? t('console.previewJitsi') : message.trim() || t('console.previewNoMessage')}
        </p>
      </section>
    </Form>
  );
}

function Bookings({ data }: { data: Data }) {
  const { t } = useTranslation('appointments');
  if (!data.bookings.length) return <p className="mt-3 text-sm text-gray-700">{t('console.noBookings')}</p>;
  return (
    <ul className="mt-3 divide-y">
      {data.bookings.map((booking) => (
        <li key={booking.id} className="flex flex-wrap items-start justify-between gap-3 py-3" data-booking={booking.id}>
          <div className="text-sm">
            <p className="font-medium">
              {formatDateValue(booking.start, 'dateTime', data.language, data.settings.timeZone)} – {booking.booker}{' '}
              <a href={`mailto:${booking.email}`} className="underline">
                {booking.email}
              </a>
            </p>
            {data.everyone && booking.person ? <p className="text-gray-700">{t('console.with', { name: booking.person })}</p> : null}
            {booking.note ? <p className="whitespace-pre-line text-gray-700">{booking.note}</p> : null}
            <ul className="mt-1 flex flex-wrap gap-3" aria-label={t('console.mails')}>
              {booking.mails.map((mail, i) => (
                <li key={i} className={mail.status === 'failed' ? 'text-brand-red' : 'text-gray-700'} data-mail={`${mail.recipient}-${mail.method}`}>
                  {t(`console.mail.${mail.recipient}_${mail.method}`, { to: mail.to })}: {t(`mailState.${mail.status}`)}
                </li>
              ))}
            </ul>
            {booking.meetingSlug ? (
              <Link to={`/meeting/${booking.meetingSlug}`} className="underline">
                {t('console.meetingPage')}
              </Link>
            ) : null}
          </div>
          <RowActionForm intent="cancel" id={booking.id} name={booking.booker} variant="whiteModal" confirmText={t('console.cancelConfirm', { name: booking.booker })} aria-label={t('console.cancelNamed', { name: booking.booker })}>
            {t('console.cancel')}
          </RowActionForm>
        </li>
      ))}
    </ul>
  );
}

export default function AppointmentsRoute() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as FormAnswer | undefined;
  const { t } = useTranslation('appointments');
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <PageHeader title={t('console.title')} intro={t('console.intro')} />
      <MemberFilter data={data} />
      <PageSection id="week" title={t('console.week', { date: formatDateValue(`${data.week.start}T12:00:00Z`, 'date', data.language, 'UTC') })}>
        <WeekCalendar data={data} />
        {data.everyone ? null : <AddSlot data={data} answer={answer} />}
      </PageSection>
      <PageSection id="bookings" title={t('console.bookings')}>
        <Bookings data={data} />
      </PageSection>
      {data.everyone ? null : (
        <>
          <PageSection id="hours" title={t('console.hours')} intro={t('console.hoursIntro')}>
            <HoursEditor data={data} answer={answer} />
          </PageSection>
          <PageSection id="dates-off" title={t('console.datesOff')}>
            <DatesOff data={data} answer={answer} />
          </PageSection>
          <PageSection id="confirmation" title={t('console.confirmation')} intro={t('console.confirmationIntro')}>
            <Confirmation data={data} answer={answer} />
          </PageSection>
        </>
      )}
      <PageSection id="booking-access" title={t('console.accessTitle')} intro={t('console.accessIntro')}>
        <BookingAccess data={data} answer={answer} />
      </PageSection>
      <PageSection id="booking-links" title={t('console.links')} intro={t('console.linksIntro')}>
        {data.everyone ? null : <CopyLink link={data.links.own} label={t('console.ownLink')} />}
        <CopyLink link={data.links.organization} label={t('console.organizationLink')} />
      </PageSection>
    </div>
  );
}
