import type { Knex } from 'knex';
import { baseColumns } from './0001_foundation';

/**
 * The visitor's bookmarks beside the liked content groups (issue 27, spec 000 point 1: "a personal hub with contact
 * person, bookmarks and appointment booking"): content pages a visitor liked and stands they marked.
 * - A page like keeps the token of the link the visitor liked it with (null for its organisation's members, who need
 *   none): the page stays in the hub while that link would still open it, as the access module's publication rule
 *   says (unpublishing invalidates the links already sent, and with them the bookmark).
 * - A stand mark names the stand in a hall (its visitor page) and the convention it was marked in, whose address the
 *   hub links; it goes when the hall leaves that convention's halls (the hub joins convention_halls).
 * Both are listed per user newest first.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('content_page_likes', (t) => {
    baseColumns(knex, t);
    t.uuid('page_id').notNullable().references('content_pages.id').onDelete('CASCADE');
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('token', 64);
    t.unique(['page_id', 'user_id']);
  });
  await knex.raw('create index content_page_likes_user_newest on content_page_likes (user_id, created_at desc)');

  await knex.schema.createTable('stand_marks', (t) => {
    baseColumns(knex, t);
    t.uuid('hall_stand_id').notNullable().references('hall_stands.id').onDelete('CASCADE');
    t.uuid('convention_id').notNullable().references('conventions.id').onDelete('CASCADE');
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.unique(['hall_stand_id', 'user_id']);
    t.index(['convention_id']);
  });
  await knex.raw('create index stand_marks_user_newest on stand_marks (user_id, created_at desc)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('stand_marks');
  await knex.schema.dropTableIfExists('content_page_likes');
}
