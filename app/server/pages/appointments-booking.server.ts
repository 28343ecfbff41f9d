import crypto from 'node:crypto';
import { data, redirect } from '@remix-run/node';
import { BookingForm, groupByDay, isTimeZone, type FreeSlotView } from '~/lib/appointments/booking';
import { meetingPath } from '~/lib/appointments/paths';
import { invariantResponse } from '~/lib/route-kit';
import type { RequestContext } from '~/server/request-context.server';
import { targetPath, withNext } from '~/server/guards.server';
import { intentOf, submitForm } from '~/server/route-kit.server';
import { readForm } from '~/server/posted-form.server';
import type { AppointmentSlot } from '#db/models/index';
import * as appointments from '~/server/services/appointments';
import type { ContactPersonRow } from '~/server/services/appointments';
import { z } from 'zod';

/** How far ahead the booking page offers slots. */
export const BOOKING_WINDOW_DAYS = 28;

type SlotRow = Pick<AppointmentSlot, 'id' | 'user_id' | 'start_at' | 'end_at'>;

const iso = (value: Date | string) => new Date(value).toISOString();

/** Free slots as the page shows them: with their contact person's name and zone. */
export function freeSlotViews(slots: readonly SlotRow[], persons: readonly ContactPersonRow[]): FreeSlotView[] {
  const byId = new Map(persons.map((person) => [person.id, person]));
  return slots.flatMap((slot) => {
    const person = byId.get(slot.user_id);
    if (!person) return [];
    return [{ id: slot.id, start: iso(slot.start_at), end: iso(slot.end_at), contactPersonId: person.id, contactPersonName: person.name, timeZone: person.timeZone }];
  });
}

/** The page's organisation and (on a contact person's page) that person; 404 when either is unknown. */
async function bookingTarget(context: RequestContext, request: Request, organizationSlug: string, personId: string | undefined) {
  const ctx = context.service;
  const organization = await appointments.bookingOrganization(ctx, organizationSlug);
  // a booking page for logged-in users sends an anonymous visitor to the login, and back here afterwards
  if (!organization && (await appointments.bookingNeedsLogin(ctx, organizationSlug))) throw redirect(withNext('/login', targetPath(request)));
  invariantResponse(organization);
  const persons = await appointments.contactPersons(ctx, organization.id);
  const person = personId ? persons.find((p) => p.id === personId) : undefined;
  invariantResponse(!personId || person);
  return { organization, persons, person };
}

async function freeSlotsOf(context: RequestContext, organizationId: string, persons: readonly ContactPersonRow[], personId?: string) {
  const from = new Date();
  const to = new Date(from.getTime() + BOOKING_WINDOW_DAYS * 24 * 3600_000);
  const slots = await appointments.listFreeSlots(context.service, { organizationId, userId: personId, from, to });
  return freeSlotViews(slots, persons);
}

/**
 * The booking page's data: the organisation, its contact persons (or the one of the page), the days with free slots
 * and the chosen day's times (`?day=`, else the first day), the form's prefill (a logged-in visitor's or a known
 * lead's name and e-mail) and a fresh idempotency key. Personal (prefill, key): these pages are never shared-cached.
 */
export async function bookingPageData(context: RequestContext, request: Request, organizationSlug: string, personId?: string) {
  const { organization, persons, person } = await bookingTarget(context, request, organizationSlug, personId);
  const days = groupByDay(await freeSlotsOf(context, organization.id, persons, person?.id));
  const url = new URL(request.url);
  const asked = url.searchParams.get('day');
  const day = days.find((d) => d.date === asked) ?? days[0] ?? null;
  const lead = url.searchParams.get('lead')?.slice(0, 120) || null;
  const prefill = await appointments.bookerPrefill(context.service, { leadSlug: lead ?? undefined });
  context.personal?.();
  return {
    organization: { name: organization.name, slug: organization.slug },
    person: person ? { id: person.id, name: person.name, avatarUrl: person.avatarUrl, position: person.position, timeZone: person.timeZone } : null,
    persons: person ? [] : persons.map((p) => ({ id: p.id, name: p.name, position: p.position })),
    days: days.map((d) => ({ date: d.date, count: d.slots.length, timeZone: d.slots[0]!.timeZone })),
    day,
    prefill: { name: prefill?.name ?? '', email: prefill?.email ?? '' },
    lead,
    idempotencyKey: crypto.randomUUID(),
    language: context.language,
  };
}

export type BookingAnswer =
  | { form: 'book'; result?: unknown; conflict?: undefined }
  | { form: 'book'; conflict: { nextFree: FreeSlotView[] }; idempotencyKey: string; values: { name: string; email: string; note: string } };

const BookingIntents = z.object({ intent: z.literal('book') });

/**
 * Books the chosen slot. Success: to the meeting page (with the cancel token, so the booker can cancel at once).
 * A slot someone else was faster for: "already booked, choose a new date" with the next free slots ("all booked"
 * when none is left) and a new idempotency key for the next try; field errors stay on the page.
 */
export async function bookingAction(context: RequestContext, request: Request, organizationSlug: string, personId?: string) {
  const { organization, persons, person } = await bookingTarget(context, request, organizationSlug, personId);
  const formData = await readForm(request);
  intentOf(formData, BookingIntents);
  const done = await submitForm(context, formData, 'book', BookingForm, async (value) => {
    try {
      const booked = await appointments.bookSlot(context.service, {
        slotId: value.slotId,
        name: value.name,
        email: value.email,
        note: value.note || undefined,
        language: context.language,
        timeZone: isTimeZone(value.timeZone) ? value.timeZone : (persons.find((p) => p.id === person?.id)?.timeZone ?? 'Europe/Berlin'),
        leadSlug: value.lead || undefined,
        url: new URL(request.url).pathname,
        idempotencyKey: value.idempotencyKey,
      });
      return { booked };
    } catch (error) {
      if (error instanceof appointments.SlotAlreadyBookedError) return { conflict: freeSlotViews(error.nextFree, persons) };
      throw error;
    }
  });
  if (!done.ok) return done.answer;
  if ('conflict' in done.value) {
    return data(
      {
        form: 'book' as const,
        conflict: { nextFree: done.value.conflict },
        idempotencyKey: crypto.randomUUID(),
        values: { name: done.input.name, email: done.input.email, note: done.input.note ?? '' },
        organization: organization.slug,
      },
      { status: 409 },
    );
  }
  const { meetingSlug, cancelToken } = done.value.booked;
  return redirect(`${meetingPath(meetingSlug)}${cancelToken ? `?token=${encodeURIComponent(cancelToken)}` : ''}`);
}
