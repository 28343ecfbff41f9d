import type { RelationMappingsThunk } from 'objection';
import { User } from './accounts';
import { BaseModel, type Language } from './base';
import { Lead } from './leads';
import { Organization } from './organizations';
import { OutboxMessage } from './outbox';
import { belongsTo, hasMany } from './relations';

export type AppointmentSlotStatus = 'AVAILABLE' | 'BOOKED' | 'UNAVAILABLE';
export type AppointmentConfirmationType = 'CUSTOM_MESSAGE' | 'JITSI_LINK';
export type BookingPermissionType = 'PUBLIC' | 'LOGGED_IN';
export type AppointmentMailRecipient = 'BOOKER' | 'CONTACT';
export type AppointmentMailMethod = 'REQUEST' | 'CANCEL';

/** One opening of the week in the contact person's zone: ISO weekday (1 = Monday) and 'HH:MM' times. */
export interface WeeklyHours {
  weekday: number;
  start: string;
  end: string;
}

/** A contact person's appointment settings in one organisation (issue 27). */
export class AppointmentSettings extends BaseModel {
  static override tableName = 'appointment_settings';
  static override jsonAttributes = ['weekly_hours', 'dates_off'];

  declare organization_id: string;
  declare user_id: string;
  declare time_zone: string;
  declare slot_minutes: number;
  declare buffer_minutes: number;
  declare weekly_hours: WeeklyHours[];
  declare dates_off: string[];
  declare confirmation_type: AppointmentConfirmationType;
  declare confirmation_message: string | null;
  declare active: boolean;

  declare organization?: Organization;
  declare user?: User;

  static override relationMappings: RelationMappingsThunk = () => ({
    organization: belongsTo(Organization, 'appointment_settings.organization_id'),
    user: belongsTo(User, 'appointment_settings.user_id'),
  });
}

/** Who may book an organisation's slots (no row: PUBLIC). */
export class AppointmentBookingPage extends BaseModel {
  static override tableName = 'appointment_booking_pages';

  declare organization_id: string;
  declare permission_type: BookingPermissionType;
}

/** A slot of a contact person, free or booked (the current booking's fields live on the slot). */
export class AppointmentSlot extends BaseModel {
  static override tableName = 'appointment_slots';

  declare organization_id: string;
  declare user_id: string;
  declare start_at: Date;
  declare end_at: Date;
  declare status: AppointmentSlotStatus;
  declare manual: boolean;
  declare booker_user_id: string | null;
  declare booker_name: string | null;
  declare booker_email: string | null;
  declare booker_language: Language | null;
  declare booker_time_zone: string | null;
  declare booker_note: string | null;
  declare lead_id: string | null;
  declare booking_url: string | null;
  declare booked_at: Date | null;
  declare meeting_slug: string | null;
  declare meeting_url: string | null;
  declare confirmation_message: string | null;
  declare ics_sequence: number;
  declare cancel_token_hash: string | null;
  declare idempotency_key: string | null;
  declare cancelled_at: Date | null;

  declare organization?: Organization;
  declare user?: User;
  declare lead?: Lead | null;
  declare bookings?: AppointmentBooking[];

  static override relationMappings: RelationMappingsThunk = () => ({
    organization: belongsTo(Organization, 'appointment_slots.organization_id'),
    user: belongsTo(User, 'appointment_slots.user_id'),
    lead: belongsTo(Lead, 'appointment_slots.lead_id'),
    bookings: hasMany(AppointmentBooking, 'appointment_slots.id', 'appointment_bookings.slot_id'),
  });
}

/** Every booking ever made of a slot: its meeting slug (the .ics UID) stays when it is cancelled and the slot freed. */
export class AppointmentBooking extends BaseModel {
  static override tableName = 'appointment_bookings';

  declare organization_id: string;
  declare slot_id: string;
  declare user_id: string;
  declare meeting_slug: string;
  declare start_at: Date;
  declare end_at: Date;
  declare booker_user_id: string | null;
  declare booker_email: string;
  declare ics_sequence: number;
  declare cancelled_at: Date | null;

  declare slot?: AppointmentSlot;
  declare mails?: AppointmentMail[];

  static override relationMappings: RelationMappingsThunk = () => ({
    slot: belongsTo(AppointmentSlot, 'appointment_bookings.slot_id'),
    mails: hasMany(AppointmentMail, 'appointment_bookings.id', 'appointment_mails.booking_id'),
  });
}

/** A mail of a booking (invitation or cancellation, to the booker or the contact person) and its outbox row. */
export class AppointmentMail extends BaseModel {
  static override tableName = 'appointment_mails';

  declare booking_id: string;
  declare outbox_id: string;
  declare recipient: AppointmentMailRecipient;
  declare method: AppointmentMailMethod;

  declare booking?: AppointmentBooking;
  declare outbox?: OutboxMessage;

  static override relationMappings: RelationMappingsThunk = () => ({
    booking: belongsTo(AppointmentBooking, 'appointment_mails.booking_id'),
    outbox: belongsTo(OutboxMessage, 'appointment_mails.outbox_id', 'outbox.id'),
  });
}
