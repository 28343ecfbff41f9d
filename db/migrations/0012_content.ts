import type { Knex } from 'knex';
import { baseColumns } from './0001_foundation';

const check = (table: string, name: string, expression: string) =>
  `alter table ${table} add constraint ${table}_${name}_chk check (${expression})`;

const CONTENT_OBJECT_TYPES = ['BOOKMARK', 'COLUMN', 'DIVIDER', 'IFRAME', 'IMAGE', 'LOCALIZED', 'PDF', 'SLIDESHOW', 'TEXT', 'YOUTUBE'];

/**
 * The content pool (spec 000 point 3, 001 points 5-9): an organisation's content groups, each a tree of typed
 * content objects (a COLUMN or LOCALIZED holds objects, a SLIDESHOW holds pictures), liked per user and tagged.
 * A stand's reference point may link a group; a group still linked cannot be deleted (RESTRICT, and the service
 * names where it is used first).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('content_groups', (t) => {
    baseColumns(knex, t);
    t.uuid('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.string('name', 100).notNullable();
    t.string('slug', 120).notNullable().unique();
    t.uuid('preview_id').references('files.id').onDelete('SET NULL');
    t.string('permission_type', 10).notNullable().defaultTo('LOGGED_IN');
    t.index(['organization_id']);
  });
  await knex.raw(check('content_groups', 'permission_type', "permission_type in ('LOGGED_IN','PUBLIC','TOKEN')"));

  await knex.schema.createTable('content_group_likes', (t) => {
    baseColumns(knex, t);
    t.uuid('group_id').notNullable().references('content_groups.id').onDelete('CASCADE');
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.unique(['group_id', 'user_id']);
    t.index(['user_id']);
  });

  await knex.schema.createTable('content_objects', (t) => {
    baseColumns(knex, t);
    t.uuid('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.uuid('group_id').notNullable().references('content_groups.id').onDelete('CASCADE');
    t.uuid('parent_id').references('content_objects.id').onDelete('CASCADE');
    t.string('type', 12).notNullable();
    t.integer('sort').notNullable().defaultTo(0);
    t.string('name', 255).notNullable().defaultTo('');
    t.string('language', 2);
    t.integer('size');
    t.text('value');
    t.string('link', 2000);
    t.boolean('open_link_in_new_window').notNullable().defaultTo(false);
    t.uuid('file_id').references('files.id').onDelete('SET NULL');
    t.string('og_title', 500);
    t.text('og_description');
    t.string('og_image', 2000);
    t.index(['group_id']);
    t.index(['parent_id']);
  });
  await knex.raw(check('content_objects', 'type', `type in (${CONTENT_OBJECT_TYPES.map((x) => `'${x}'`).join(',')})`));
  await knex.raw(check('content_objects', 'language', "language is null or language in ('DE','EN')"));
  await knex.raw(check('content_objects', 'size', "size is null or size in (2, 3)"));

  await knex.schema.createTable('content_tags', (t) => {
    baseColumns(knex, t);
    t.uuid('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.string('text', 50).notNullable();
    t.string('type', 20).notNullable().defaultTo('CONTENT');
    t.unique(['organization_id', 'type', 'text']);
  });

  await knex.schema.createTable('content_group_tags', (t) => {
    baseColumns(knex, t);
    t.uuid('group_id').notNullable().references('content_groups.id').onDelete('CASCADE');
    t.uuid('tag_id').notNullable().references('content_tags.id').onDelete('CASCADE');
    t.unique(['group_id', 'tag_id']);
    t.index(['tag_id']);
  });

  await knex.schema.alterTable('points', (t) => {
    t.uuid('content_group_id').references('content_groups.id').onDelete('RESTRICT');
    t.index(['content_group_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('points', (t) => {
    t.dropColumn('content_group_id');
  });
  for (const table of ['content_group_tags', 'content_tags', 'content_objects', 'content_group_likes', 'content_groups']) {
    await knex.schema.dropTableIfExists(table);
  }
}
