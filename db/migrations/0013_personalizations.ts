import type { Knex } from 'knex';
import { baseColumns } from './0001_foundation';

/**
 * Personalizations (spec 000 point 3, 001 point 5): an organisation's look for its public pages (logo, favicon,
 * logo position and width, two colours, imprint and data privacy texts), one of them the organisation's
 * default. A stand's personalization now refers to one for real (it was stored unchecked before; no
 * personalization existed, so the stored ids name nothing and are cleared).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('personalizations', (t) => {
    baseColumns(knex, t);
    t.uuid('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.string('slug', 120).notNullable().unique();
    t.string('title', 200).notNullable();
    t.uuid('logo_id').references('files.id').onDelete('SET NULL');
    t.uuid('favicon_id').references('files.id').onDelete('SET NULL');
    t.string('logo_position', 6).notNullable().defaultTo('LEFT');
    t.integer('logo_width').notNullable().defaultTo(100);
    t.string('primary_color', 7).notNullable().defaultTo('#283853');
    t.string('secondary_color', 7).notNullable().defaultTo('#e45364');
    t.text('imprint').notNullable().defaultTo('');
    t.text('data_privacy').notNullable().defaultTo('');
    t.index(['organization_id']);
  });
  await knex.raw("alter table personalizations add constraint personalizations_logo_position_chk check (logo_position in ('LEFT','MIDDLE','RIGHT'))");
  await knex.raw("alter table personalizations add constraint personalizations_colors_chk check (primary_color ~ '^#[0-9a-f]{6}$' and secondary_color ~ '^#[0-9a-f]{6}$')");
  await knex.raw('alter table personalizations add constraint personalizations_logo_width_chk check (logo_width between 16 and 1000)');

  await knex.schema.alterTable('organizations', (t) => {
    t.uuid('default_personalization_id').references('personalizations.id').onDelete('SET NULL');
  });
  await knex('base_stands').whereNotNull('personalization_id').update({ personalization_id: null });
  await knex.schema.alterTable('base_stands', (t) => {
    t.foreign('personalization_id').references('personalizations.id').onDelete('SET NULL');
    t.index(['personalization_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('base_stands', (t) => {
    t.dropForeign(['personalization_id']);
    t.dropIndex(['personalization_id']);
  });
  await knex.schema.alterTable('organizations', (t) => {
    t.dropColumn('default_personalization_id');
  });
  await knex.schema.dropTableIfExists('personalizations');
}
