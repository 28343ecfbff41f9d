import type { Knex } from 'knex';
import { baseColumns } from './0001_foundation';

/** Publicsites (spec 001 point 7): an organisation's public pages grouped under one name and one personalization. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('publicsites', (t) => {
    baseColumns(knex, t);
    t.uuid('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.string('name', 200).notNullable();
    t.string('slug', 120).notNullable().unique();
    t.uuid('personalization_id').references('personalizations.id').onDelete('SET NULL');
    t.index(['organization_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('publicsites');
}
