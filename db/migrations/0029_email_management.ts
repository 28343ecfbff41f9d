import type { Knex } from 'knex';
import { baseColumns } from './0001_foundation';

/**
 * E-mail management (issue 29): an organisation's mail settings (brand colour, header image, sender name, reply-to),
 * its text overrides per template, message and language, the delivery log of every mail sent on its behalf (tied to
 * the outbox row that carries it: queued/sent/failed come from the outbox, opened from the tracking pixel; a held
 * mail's row waits as failed until someone retries it) and the
 * addresses whose mail server refused permanently (further mails to them are held).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('email_settings', (t) => {
    baseColumns(knex, t);
    t.uuid('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.string('color', 7).nullable();
    t.uuid('header_image_id').nullable().references('files.id').onDelete('SET NULL');
    t.string('sender_name', 100).nullable();
    t.string('reply_to', 254).nullable();
    t.unique(['organization_id'], { indexName: 'email_settings_org_uniq' });
  });
  await knex.raw("alter table email_settings add constraint email_settings_color_chk check (color is null or color ~ '^#[0-9a-f]{6}$')");

  await knex.schema.createTable('email_translatables', (t) => {
    baseColumns(knex, t);
    t.uuid('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.string('template_key', 40).notNullable();
    t.string('msg_id', 40).notNullable();
    t.string('language', 2).notNullable();
    t.text('text').notNullable();
    t.unique(['organization_id', 'template_key', 'msg_id', 'language'], { indexName: 'email_translatables_uniq' });
  });
  await knex.raw("alter table email_translatables add constraint email_translatables_language_chk check (language in ('DE','EN'))");

  await knex.schema.createTable('email_deliveries', (t) => {
    baseColumns(knex, t);
    t.uuid('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.uuid('outbox_id').notNullable().references('outbox.id').onDelete('CASCADE');
    t.string('recipient', 254).notNullable();
    t.string('template_key', 40).notNullable();
    t.string('language', 2).notNullable();
    t.string('tracking_token', 64).nullable();
    t.timestamp('opened_at', { useTz: true }).nullable();
    t.timestamp('held_at', { useTz: true }).nullable();
    t.unique(['outbox_id'], { indexName: 'email_deliveries_outbox_uniq' });
    t.unique(['tracking_token'], { indexName: 'email_deliveries_token_uniq' });
  });
  await knex.raw("alter table email_deliveries add constraint email_deliveries_language_chk check (language in ('DE','EN'))");
  await knex.raw('create index email_deliveries_org_idx on email_deliveries (organization_id, created_at desc)');

  await knex.schema.createTable('email_bounces', (t) => {
    baseColumns(knex, t);
    t.string('email', 254).notNullable();
    t.text('answer').notNullable();
  });
  await knex.raw('create unique index email_bounces_email_uniq on email_bounces (lower(email))');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('email_bounces');
  await knex.schema.dropTable('email_deliveries');
  await knex.schema.dropTable('email_translatables');
  await knex.schema.dropTable('email_settings');
}
