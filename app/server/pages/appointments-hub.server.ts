import { z } from 'zod';
import { bookingPath, HUB_PATH } from '~/lib/appointments/paths';
import type { RequestContext } from '~/server/request-context.server';
import { intentOf, listAction } from '~/server/route-kit.server';
import { readPostedForm } from '~/server/posted-form.server';
import { me } from '~/server/services/accounts';
import * as appointments from '~/server/services/appointments';
import { fileUrl } from '~/server/services/files/files.server';
import { bookmarksOfVisitor, contactPersonsOfVisitor } from '~/server/services/hub';
import { saveAvatar } from './avatar.server';

/**
 * The visitor's hub (spec 000 point 1, issue 27): their profile picture, their bookings (cancel, .ics), their contact
 * persons at each exhibitor with "book a time". Personal: /hub is no shared visitor path.
 */
export async function hubData(context: RequestContext) {
  const ctx = context.service;
  const [profile, bookings, contacts, bookmarks] = await Promise.all([
    me(ctx),
    appointments.bookingsOfVisitor(ctx),
    contactPersonsOfVisitor(ctx),
    bookmarksOfVisitor(ctx),
  ]);
  const name = profile ? `${profile.first_name} ${profile.last_name}`.trim() || profile.email : '';
  const persons = new Map<string, { organizationName: string; name: string; bookingLink: string }>();
  for (const contact of contacts) {
    persons.set(`${contact.organizationSlug}/${contact.contactPersonId}`, {
      organizationName: contact.organizationName,
      name: contact.name,
      bookingLink: `${bookingPath(contact.organizationSlug, contact.contactPersonId)}?lead=${encodeURIComponent(contact.leadSlug)}`,
    });
  }
  for (const booking of bookings) {
    const key = `${booking.organization.slug}/${booking.slot.user_id}`;
    if (!persons.has(key)) persons.set(key, { organizationName: booking.organization.name, name: booking.contactPerson.name, bookingLink: bookingPath(booking.organization.slug, booking.slot.user_id) });
  }
  return {
    profile: { name, avatarUrl: profile?.avatar_id ? fileUrl({ id: profile.avatar_id }) : null },
    bookings: bookings
      .filter((booking) => booking.state === 'UPCOMING')
      .map((booking) => ({
        id: booking.slot.id,
        start: new Date(booking.slot.start_at).toISOString(),
        end: new Date(booking.slot.end_at).toISOString(),
        timeZone: booking.contactPerson.timeZone,
        contactPerson: booking.contactPerson.name,
        organization: booking.organization.name,
        meetingSlug: booking.slot.meeting_slug,
      })),
    bookmarks: bookmarks.map((bookmark) => ({ id: bookmark.id, kind: bookmark.kind, title: bookmark.title, organizationName: bookmark.organizationName, path: bookmark.path })),
    contacts: [...persons.values()].sort((a, b) => a.organizationName.localeCompare(b.organizationName) || a.name.localeCompare(b.name)),
    language: context.language,
    title: ctx.t('appointments:hub.title', { name }),
  };
}

const HubIntents = z.object({ intent: z.enum(['cancel', 'avatar-file', 'avatar']) });
const CancelForm = z.object({ intent: z.literal('cancel'), id: z.string().uuid() });

/** Cancelling one of one's bookings; the profile picture (the contact page's avatar forms). */
export async function hubAction(context: RequestContext, request: Request) {
  const posted = await readPostedForm(request, context, ['avatar-file']);
  const { intent } = intentOf(posted.formData, HubIntents);
  if (intent === 'cancel') {
    const { id } = intentOf(posted.formData, CancelForm);
    return listAction(HUB_PATH, () => appointments.cancelBooking(context.service, { slotId: id }), { key: 'appointments:hub.cancelled' });
  }
  return saveAvatar(context, posted, intent, HUB_PATH);
}
