/**
 * Appointments (issue 27): the service API both doors use (the pages of appt-pages and GraphQL). Every function takes
 * the request's ServiceContext first and throws DomainError with the spec's codes (SLOT_ALREADY_BOOKED with
 * `nextFree`, SLOT_NOT_BOOKED, SLOT_NOT_FOUND, MESSAGE_MISSING).
 */
export { getSettings, saveSettings, setAvailability, addSlotByHand, slotsFromHours, isTimeZone, SLOT_HORIZON_DAYS, DEFAULT_TIME_ZONE } from './availability';
export type { SettingsInput } from './availability';
export { setConfirmationType, confirmationTypeOf } from './confirmation';
export { listSlots, listFreeSlots, contactPersons, bookingOrganization, bookingNeedsLogin, bookingAccess, setBookingAccess } from './slots';
export type { ContactPersonRow } from './slots';
export { bookSlot, cancelBooking, bookerPrefill, bookingsOfVisitor, nextFreeSlots, meetingLink } from './booking';
export type { BookingInput, BookingResult, VisitorBookingRow } from './booking';
export { meetingBySlug, icsForMeeting, deliveryOfBookings, deliveriesOfSlot } from './meeting';
export type { MeetingView, MeetingState, BookingMailState } from './meeting';
export { SlotAlreadyBookedError, mayChangeBookingAccess } from './policy';
export { formatWhen } from './mails';
