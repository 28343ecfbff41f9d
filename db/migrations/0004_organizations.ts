import type { Knex } from 'knex';
import { baseColumns } from './0001_foundation';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('organizations', (t) => {
    t.string('phone', 40).notNullable().defaultTo('');
    t.string('street_address', 255).notNullable().defaultTo('');
    t.string('house_no', 20).notNullable().defaultTo('');
    t.string('postal_code', 20).notNullable().defaultTo('');
    t.string('city', 255).notNullable().defaultTo('');
    t.string('country', 2).notNullable().defaultTo('DE');
    t.uuid('avatar_id').references('files.id').onDelete('SET NULL');
    t.string('support_url', 500).notNullable().defaultTo('');
    t.string('homepage_url', 500).notNullable().defaultTo('');
    t.text('data_privacy').notNullable().defaultTo('');
    t.string('data_privacy_url', 500).notNullable().defaultTo('');
    t.text('imprint').notNullable().defaultTo('');
    t.boolean('chat_enabled').notNullable().defaultTo(false);
    t.uuid('created_by_id').references('users.id').onDelete('SET NULL');
  });

  await knex.schema.createTable('invites', (t) => {
    baseColumns(knex, t);
    t.uuid('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.string('email', 254).notNullable();
    t.string('role', 10).notNullable().defaultTo('admin');
    t.string('token_hash', 64).notNullable().unique();
    /** CREATED when sent, OPENED once the invitee followed the link (spec: invite/mail state) */
    t.string('state', 10).notNullable().defaultTo('CREATED');
    t.uuid('invited_by_id').references('users.id').onDelete('SET NULL');
    t.timestamp('accepted_at', { useTz: true });
    t.uuid('accepted_by_id').references('users.id').onDelete('SET NULL');
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.index(['organization_id']);
  });
  await knex.raw("alter table invites add constraint invites_role_chk check (role in ('admin','sales'))");
  await knex.raw("alter table invites add constraint invites_state_chk check (state in ('CREATED','OPENED'))");
  // one pending invite per e-mail and organisation
  await knex.raw(
    'create unique index invites_pending_uniq on invites (organization_id, lower(email)) where accepted_at is null',
  );
  await knex.raw('create index invites_email_lower_idx on invites (lower(email))');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('invites');
}
