/**
 * The visitor paths of appointments (issue 27). Booking pages live beside the other public pages, outside the
 * shared visitor cache (`isSharedVisitorPath`), since their form is prefilled for a logged-in visitor or a lead:
 * `/book/{organisation}` for the whole organisation, `/book/{organisation}/{contact person}` for one member;
 * `/meeting/{meeting}` is the page of one booking (spec 000 point 2), `/hub` the visitor's own hub (point 1).
 */
export function bookingPath(organizationSlug: string, contactPersonId?: string | null): string {
  const base = `/book/${encodeURIComponent(organizationSlug)}`;
  return contactPersonId ? `${base}/${encodeURIComponent(contactPersonId)}` : base;
}

export function meetingPath(meetingSlug: string): string {
  return `/meeting/${encodeURIComponent(meetingSlug)}`;
}

export function meetingIcsPath(meetingSlug: string): string {
  return `${meetingPath(meetingSlug)}/ics`;
}

export const HUB_PATH = '/hub';
