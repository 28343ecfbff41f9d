import type { Knex } from 'knex';
import { baseColumns } from './0001_foundation';

const check = (table: string, name: string, expression: string) =>
  `alter table ${table} add constraint ${table}_${name}_chk check (${expression})`;

/**
 * Content pages (spec 000 points 3 and 4, 001 points 7-9; issue 16): an organisation's pages built from rows,
 * columns and blocks. The slug is unique across organisations because the public address `/content/{slug}` names
 * no organisation. A page is PRIVATE when created, then PUBLISHED or UNPUBLISHED; every publication issues a new
 * `publish_token` (the QR code's link carries it), so unpublishing invalidates the links already sent. Each
 * language has its own name and layout (JSONB, validated by the service) with a `version` for optimistic
 * concurrency: a save names the version it started from and is refused when the row has moved on.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('content_pages', (t) => {
    baseColumns(knex, t);
    t.uuid('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.string('slug', 120).notNullable().unique();
    t.uuid('global_id').notNullable().unique().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('thumbnail_id').references('files.id').onDelete('SET NULL');
    t.uuid('personalization_id').references('personalizations.id').onDelete('SET NULL');
    t.uuid('publicsite_id').references('publicsites.id').onDelete('SET NULL');
    t.boolean('lead_default').notNullable().defaultTo(false);
    t.string('state', 12).notNullable().defaultTo('PRIVATE');
    t.string('publish_token', 64).unique();
    t.timestamp('published_at', { useTz: true });
    t.index(['organization_id']);
  });
  await knex.raw(check('content_pages', 'state', "state in ('PRIVATE','PUBLISHED','UNPUBLISHED')"));
  await knex.raw(check('content_pages', 'token', "state <> 'PUBLISHED' or publish_token is not null"));

  await knex.schema.createTable('content_page_translations', (t) => {
    baseColumns(knex, t);
    t.uuid('page_id').notNullable().references('content_pages.id').onDelete('CASCADE');
    t.string('language', 2).notNullable();
    t.string('name', 200).notNullable();
    t.jsonb('layout').notNullable().defaultTo(knex.raw(`'{"rows":[]}'::jsonb`));
    t.integer('version').notNullable().defaultTo(1);
    t.unique(['page_id', 'language']);
  });
  await knex.raw(check('content_page_translations', 'language', "language in ('DE','EN')"));

  await knex.schema.createTable('content_page_tags', (t) => {
    baseColumns(knex, t);
    t.uuid('page_id').notNullable().references('content_pages.id').onDelete('CASCADE');
    t.uuid('tag_id').notNullable().references('content_tags.id').onDelete('CASCADE');
    t.unique(['page_id', 'tag_id']);
    t.index(['tag_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['content_page_tags', 'content_page_translations', 'content_pages']) {
    await knex.schema.dropTableIfExists(table);
  }
}
