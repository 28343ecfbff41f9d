import type { Knex } from 'knex';
import { baseColumns } from './0001_foundation';

/**
 * Appointments (issue 27): each contact person's settings (weekly hours, slot length, buffer, dates off, confirmation
 * type), their slots and who booked them, every booking ever made (so a cancelled meeting's page and its CANCEL
 * invitation keep their UID), the mails of each booking (delivery state from the outbox), and who may book an
 * organisation's slots (PUBLIC or LOGGED_IN, decided by the access module's rule).
 *
 * Race safety lives here: a booking is a conditional UPDATE of the slot (status AVAILABLE -> BOOKED); the exclusion
 * constraint keeps a contact person from ever having two BOOKED slots that overlap (btree_gist, on PostgreSQL and
 * PGlite alike), and an idempotency key is unique per organisation, so a retried request finds its first answer.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('create extension if not exists btree_gist');

  await knex.schema.createTable('appointment_settings', (t) => {
    baseColumns(knex, t);
    t.uuid('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('time_zone', 64).notNullable().defaultTo('Europe/Berlin');
    t.integer('slot_minutes').notNullable().defaultTo(30);
    t.integer('buffer_minutes').notNullable().defaultTo(0);
    t.jsonb('weekly_hours').notNullable().defaultTo('[]');
    t.jsonb('dates_off').notNullable().defaultTo('[]');
    t.string('confirmation_type', 20).notNullable().defaultTo('JITSI_LINK');
    t.text('confirmation_message').nullable();
    t.boolean('active').notNullable().defaultTo(true);
    t.unique(['organization_id', 'user_id'], { indexName: 'appointment_settings_member_uniq' });
  });
  await knex.raw(
    "alter table appointment_settings add constraint appointment_settings_confirmation_type_chk check (confirmation_type in ('CUSTOM_MESSAGE','JITSI_LINK'))",
  );
  await knex.raw('alter table appointment_settings add constraint appointment_settings_slot_minutes_chk check (slot_minutes between 5 and 480)');
  await knex.raw('alter table appointment_settings add constraint appointment_settings_buffer_minutes_chk check (buffer_minutes between 0 and 240)');
  await knex.raw(
    "alter table appointment_settings add constraint appointment_settings_message_chk check (confirmation_type <> 'CUSTOM_MESSAGE' or coalesce(btrim(confirmation_message), '') <> '')",
  );

  await knex.schema.createTable('appointment_booking_pages', (t) => {
    baseColumns(knex, t);
    t.uuid('organization_id').notNullable().unique().references('organizations.id').onDelete('CASCADE');
    t.string('permission_type', 10).notNullable().defaultTo('PUBLIC');
  });
  await knex.raw(
    "alter table appointment_booking_pages add constraint appointment_booking_pages_permission_type_chk check (permission_type in ('PUBLIC','LOGGED_IN'))",
  );

  await knex.schema.createTable('appointment_slots', (t) => {
    baseColumns(knex, t);
    t.uuid('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.timestamp('start_at', { useTz: true }).notNullable();
    t.timestamp('end_at', { useTz: true }).notNullable();
    t.string('status', 12).notNullable().defaultTo('AVAILABLE');
    t.boolean('manual').notNullable().defaultTo(false);
    t.uuid('booker_user_id').nullable().references('users.id').onDelete('SET NULL');
    t.string('booker_name', 200).nullable();
    t.string('booker_email', 254).nullable();
    t.string('booker_language', 2).nullable();
    t.string('booker_time_zone', 64).nullable();
    t.text('booker_note').nullable();
    t.uuid('lead_id').nullable().references('leads.id').onDelete('SET NULL');
    t.text('booking_url').nullable();
    t.timestamp('booked_at', { useTz: true }).nullable();
    t.string('meeting_slug', 64).nullable().unique();
    t.text('meeting_url').nullable();
    t.text('confirmation_message').nullable();
    t.integer('ics_sequence').notNullable().defaultTo(0);
    t.string('cancel_token_hash', 64).nullable();
    t.string('idempotency_key', 100).nullable();
    t.timestamp('cancelled_at', { useTz: true }).nullable();
  });
  await knex.raw("alter table appointment_slots add constraint appointment_slots_status_chk check (status in ('AVAILABLE','BOOKED','UNAVAILABLE'))");
  await knex.raw('alter table appointment_slots add constraint appointment_slots_range_chk check (end_at > start_at)');
  await knex.raw(
    "alter table appointment_slots add constraint appointment_slots_booked_chk check (status <> 'BOOKED' or (meeting_slug is not null and booker_email is not null and booked_at is not null))",
  );
  await knex.raw(
    "alter table appointment_slots add constraint appointment_slots_no_overlap exclude using gist (user_id with =, tstzrange(start_at, end_at, '[)') with &&) where (status = 'BOOKED')",
  );
  await knex.raw('create unique index appointment_slots_idempotency_uniq on appointment_slots (organization_id, idempotency_key) where idempotency_key is not null');
  await knex.raw('create index appointment_slots_org_start_idx on appointment_slots (organization_id, start_at)');
  await knex.raw('create index appointment_slots_user_start_idx on appointment_slots (user_id, start_at)');
  await knex.raw('create index appointment_slots_booker_idx on appointment_slots (booker_user_id) where booker_user_id is not null');

  await knex.schema.createTable('appointment_bookings', (t) => {
    baseColumns(knex, t);
    t.uuid('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.uuid('slot_id').notNullable().references('appointment_slots.id').onDelete('CASCADE');
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('meeting_slug', 64).notNullable().unique();
    t.timestamp('start_at', { useTz: true }).notNullable();
    t.timestamp('end_at', { useTz: true }).notNullable();
    t.uuid('booker_user_id').nullable().references('users.id').onDelete('SET NULL');
    t.string('booker_email', 254).notNullable();
    t.integer('ics_sequence').notNullable().defaultTo(0);
    t.timestamp('cancelled_at', { useTz: true }).nullable();
  });
  await knex.raw('create index appointment_bookings_slot_idx on appointment_bookings (slot_id)');
  await knex.raw('create index appointment_bookings_org_idx on appointment_bookings (organization_id, start_at)');

  await knex.schema.createTable('appointment_mails', (t) => {
    baseColumns(knex, t);
    t.uuid('booking_id').notNullable().references('appointment_bookings.id').onDelete('CASCADE');
    t.uuid('outbox_id').notNullable().references('outbox.id').onDelete('CASCADE');
    t.string('recipient', 10).notNullable();
    t.string('method', 10).notNullable();
  });
  await knex.raw("alter table appointment_mails add constraint appointment_mails_recipient_chk check (recipient in ('BOOKER','CONTACT'))");
  await knex.raw("alter table appointment_mails add constraint appointment_mails_method_chk check (method in ('REQUEST','CANCEL'))");
  await knex.raw('create index appointment_mails_booking_idx on appointment_mails (booking_id)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('appointment_mails');
  await knex.schema.dropTable('appointment_bookings');
  await knex.schema.dropTable('appointment_slots');
  await knex.schema.dropTable('appointment_booking_pages');
  await knex.schema.dropTable('appointment_settings');
}
