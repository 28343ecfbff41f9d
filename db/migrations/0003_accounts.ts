import type { Knex } from 'knex';
import { baseColumns } from './0001_foundation';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    // set when the user followed the activation link: tells "not yet activated" (INACTIVE) from "deactivated"
    t.timestamp('email_confirmed_at', { useTz: true });
    t.uuid('avatar_id').references('files.id').onDelete('SET NULL');
    t.timestamp('last_login_at', { useTz: true });
  });
  await knex('users').where({ is_active: true }).update({ email_confirmed_at: knex.ref('date_joined') });

  await knex.schema.createTable('addresses', (t) => {
    baseColumns(knex, t);
    t.uuid('user_id').notNullable().unique().references('users.id').onDelete('CASCADE');
    t.string('first_name', 150).notNullable().defaultTo('');
    t.string('last_name', 150).notNullable().defaultTo('');
    t.string('company_name', 255).notNullable().defaultTo('');
    t.string('street_address_1', 255).notNullable().defaultTo('');
    t.string('street_address_2', 255).notNullable().defaultTo('');
    t.string('house_no', 20).notNullable().defaultTo('');
    t.string('city', 255).notNullable().defaultTo('');
    t.string('postal_code', 20).notNullable().defaultTo('');
    t.string('country_area', 255).notNullable().defaultTo('');
    t.string('phone', 40).notNullable().defaultTo('');
    t.string('country', 2).notNullable().defaultTo('DE');
  });

  // one-time tokens sent by mail (activation, password reset, account deletion); only the SHA-256 is stored
  await knex.schema.createTable('account_tokens', (t) => {
    baseColumns(knex, t);
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('purpose', 20).notNullable();
    t.string('token_hash', 64).notNullable().unique();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('used_at', { useTz: true });
    t.index(['user_id', 'purpose']);
  });
  await knex.raw(
    "alter table account_tokens add constraint account_tokens_purpose_chk check (purpose in ('activation','password_reset','account_deletion'))",
  );

  await knex.schema.createTable('refresh_tokens', (t) => {
    baseColumns(knex, t);
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('token_hash', 64).notNullable().unique();
    t.string('csrf_hash', 64).notNullable();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('revoked_at', { useTz: true });
    t.uuid('replaced_by_id');
    t.string('user_agent', 500);
    t.index(['user_id']);
  });

  // failed logins per scope (account e-mail or client IP); the lock grows with the failures in a row
  await knex.schema.createTable('login_throttles', (t) => {
    t.string('scope', 10).notNullable();
    t.string('key', 254).notNullable();
    t.integer('failures').notNullable().defaultTo(0);
    t.timestamp('last_failure_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('locked_until', { useTz: true });
    t.primary(['scope', 'key']);
  });

  // side effects written in the changing transaction and delivered after commit (mail for now)
  await knex.schema.createTable('outbox', (t) => {
    baseColumns(knex, t);
    t.string('topic', 30).notNullable();
    t.jsonb('payload').notNullable();
    t.string('status', 10).notNullable().defaultTo('pending');
    t.integer('attempts').notNullable().defaultTo(0);
    t.timestamp('next_attempt_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.text('last_error');
    t.timestamp('delivered_at', { useTz: true });
    t.string('transport', 10);
    t.index(['status', 'next_attempt_at']);
    t.index(['topic', 'created_at']);
  });
  await knex.raw("alter table outbox add constraint outbox_status_chk check (status in ('pending','sent','failed'))");
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['outbox', 'login_throttles', 'refresh_tokens', 'account_tokens', 'addresses']) {
    await knex.schema.dropTableIfExists(table);
  }
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('email_confirmed_at');
    t.dropColumn('avatar_id');
    t.dropColumn('last_login_at');
  });
}
