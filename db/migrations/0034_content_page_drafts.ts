import type { Knex } from 'knex';
import { baseColumns } from './0001_foundation';

/**
 * The page builder's unsaved work kept on the server (issue 24 item 7): one draft per editor and translation, made
 * from a version of it (`base_version`). Saving the translation or answering the draft removes it; a draft whose
 * version was saved over is stale and dropped when read.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('content_page_drafts', (t) => {
    baseColumns(knex, t);
    t.uuid('translation_id').notNullable().references('content_page_translations.id').onDelete('CASCADE');
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.integer('base_version').notNullable();
    t.jsonb('layout').notNullable();
    t.unique(['translation_id', 'user_id']);
    t.index(['user_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('content_page_drafts');
}
