import type { Knex } from 'knex';
import { baseColumns } from './0001_foundation';

/**
 * Events, part 1 (issue 5): conventions with translations and object tokens, stages with translations and
 * schedule entries, on-demand content and in-house fairs (exhibitions). Halls, stands and the image foyer
 * follow in 0006 and reference these tables.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('conventions', (t) => {
    baseColumns(knex, t);
    t.uuid('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.string('slug', 100).notNullable().unique();
    t.string('title', 255).notNullable();
    t.boolean('active').notNullable().defaultTo(false);
    t.string('video', 500).notNullable().defaultTo('');
    t.timestamp('start_date', { useTz: true });
    t.timestamp('end_date', { useTz: true });
    t.boolean('shop').notNullable().defaultTo(false);
    t.string('permission_type', 10).notNullable().defaultTo('LOGGED_IN');
    t.uuid('header_image_id').references('files.id').onDelete('SET NULL');
    t.text('help_page').notNullable().defaultTo('');
    // content pages arrive with a later issue; the references are kept without a foreign key until then
    t.uuid('help_content_page_id');
    t.uuid('content_page_id');
    t.uuid('content_id');
    t.string('navigation_mode', 20).notNullable().defaultTo('DEFAULT');
    t.index(['organization_id']);
  });
  await knex.raw(
    "alter table conventions add constraint conventions_permission_type_chk check (permission_type in ('LOGGED_IN','PUBLIC','TOKEN'))",
  );
  await knex.raw(
    "alter table conventions add constraint conventions_navigation_mode_chk check (navigation_mode in ('DEFAULT','IMAGE_FOYER'))",
  );
  await knex.raw(
    'alter table conventions add constraint conventions_dates_chk check (start_date is null or end_date is null or start_date < end_date)',
  );

  await knex.schema.createTable('convention_translations', (t) => {
    baseColumns(knex, t);
    t.uuid('convention_id').notNullable().references('conventions.id').onDelete('CASCADE');
    t.string('language', 2).notNullable();
    t.string('title', 255).notNullable().defaultTo('');
    t.text('description').notNullable().defaultTo('');
    t.unique(['convention_id', 'language']);
  });
  await knex.raw(
    "alter table convention_translations add constraint convention_translations_language_chk check (language in ('DE','EN'))",
  );

  await knex.schema.createTable('object_tokens', (t) => {
    baseColumns(knex, t);
    t.uuid('convention_id').notNullable().references('conventions.id').onDelete('CASCADE');
    t.string('token', 100).notNullable();
    t.integer('limit').notNullable().defaultTo(0);
    t.integer('signed_up').notNullable().defaultTo(0);
    t.unique(['convention_id', 'token']);
  });
  await knex.raw('alter table object_tokens add constraint object_tokens_limit_chk check ("limit" >= 0 and signed_up >= 0)');

  await knex.schema.createTable('stages', (t) => {
    baseColumns(knex, t);
    t.uuid('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.string('slug', 100).notNullable().unique();
    t.string('title', 255).notNullable();
    t.string('stream', 500).notNullable().defaultTo('');
    t.uuid('thumbnail_id').references('files.id').onDelete('SET NULL');
    t.index(['organization_id']);
  });

  await knex.schema.createTable('stage_translations', (t) => {
    baseColumns(knex, t);
    t.uuid('stage_id').notNullable().references('stages.id').onDelete('CASCADE');
    t.string('language', 2).notNullable();
    t.string('title', 255).notNullable().defaultTo('');
    t.text('description').notNullable().defaultTo('');
    t.unique(['stage_id', 'language']);
  });
  await knex.raw(
    "alter table stage_translations add constraint stage_translations_language_chk check (language in ('DE','EN'))",
  );

  await knex.schema.createTable('convention_stages', (t) => {
    baseColumns(knex, t);
    // unique: one stage per convention (spec 001 point 9), race-safe
    t.uuid('convention_id').notNullable().unique().references('conventions.id').onDelete('CASCADE');
    t.uuid('stage_id').notNullable().references('stages.id').onDelete('CASCADE');
    t.index(['stage_id']);
  });

  await knex.schema.createTable('schedule_entries', (t) => {
    baseColumns(knex, t);
    t.uuid('stage_id').notNullable().references('stages.id').onDelete('CASCADE');
    t.timestamp('starts_at', { useTz: true }).notNullable();
    t.timestamp('ends_at', { useTz: true }).notNullable();
    t.string('speaker', 255).notNullable().defaultTo('');
    t.text('speaker_description').notNullable().defaultTo('');
    t.uuid('speaker_organization_id').references('organizations.id').onDelete('SET NULL');
    t.uuid('thumbnail_id').references('files.id').onDelete('SET NULL');
    t.index(['stage_id', 'starts_at']);
  });
  await knex.raw('alter table schedule_entries add constraint schedule_entries_times_chk check (starts_at < ends_at)');

  await knex.schema.createTable('schedule_entry_translations', (t) => {
    baseColumns(knex, t);
    t.uuid('schedule_entry_id').notNullable().references('schedule_entries.id').onDelete('CASCADE');
    t.string('language', 2).notNullable();
    t.string('title', 255).notNullable().defaultTo('');
    t.text('description').notNullable().defaultTo('');
    t.unique(['schedule_entry_id', 'language']);
  });
  await knex.raw(
    "alter table schedule_entry_translations add constraint schedule_entry_translations_language_chk check (language in ('DE','EN'))",
  );

  await knex.schema.createTable('on_demand_contents', (t) => {
    baseColumns(knex, t);
    t.uuid('convention_id').notNullable().references('conventions.id').onDelete('CASCADE');
    t.string('title', 255).notNullable();
    t.text('description').notNullable().defaultTo('');
    t.uuid('thumbnail_id').references('files.id').onDelete('SET NULL');
    // content pages arrive later; kept without a foreign key until then
    t.uuid('content_page_id');
    t.index(['convention_id']);
  });

  await knex.schema.createTable('exhibitions', (t) => {
    baseColumns(knex, t);
    t.uuid('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.string('name', 255).notNullable();
    t.string('slug', 100).notNullable().unique();
    t.string('video', 500).notNullable().defaultTo('');
    t.string('meeting', 500).notNullable().defaultTo('');
    t.string('permission_type', 10).notNullable().defaultTo('LOGGED_IN');
    // stands live in 0006, which may add the foreign key
    t.uuid('stand_id');
    t.uuid('stage_id').references('stages.id').onDelete('SET NULL');
    t.index(['organization_id']);
  });
  await knex.raw(
    "alter table exhibitions add constraint exhibitions_permission_type_chk check (permission_type in ('LOGGED_IN','PUBLIC','TOKEN'))",
  );
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'exhibitions',
    'on_demand_contents',
    'schedule_entry_translations',
    'schedule_entries',
    'convention_stages',
    'stage_translations',
    'stages',
    'object_tokens',
    'convention_translations',
    'conventions',
  ]) {
    await knex.schema.dropTableIfExists(table);
  }
}
