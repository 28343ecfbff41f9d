import type { Knex } from 'knex';
import { baseColumns } from './0001_foundation';

/**
 * Texts in German and English for the smaller visitor-facing items (issue 24 item 21): on-demand items (title,
 * description), a virtual room's tour steps (title, and the step's text in `description`) and info points (the
 * embedded page's title in `title`; `description` stays empty). The item's own columns remain the text shown
 * where a language has none. Same shape as the other translation tables, so the texts loaders and forms serve them.
 */
const TABLES = [
  ['on_demand_content_translations', 'on_demand_content_id', 'on_demand_contents'],
  ['virtual_room_tour_step_translations', 'tour_step_id', 'virtual_room_tour_steps'],
  ['virtual_room_info_point_translations', 'info_point_id', 'virtual_room_info_points'],
] as const;

export async function up(knex: Knex): Promise<void> {
  for (const [table, parent, parentTable] of TABLES) {
    await knex.schema.createTable(table, (t) => {
      baseColumns(knex, t);
      t.uuid(parent).notNullable().references(`${parentTable}.id`).onDelete('CASCADE');
      t.string('language', 2).notNullable();
      t.string('title', 255).notNullable().defaultTo('');
      t.text('description').notNullable().defaultTo('');
      t.unique([parent, 'language']);
    });
    await knex.raw(`alter table ${table} add constraint ${table}_language_chk check (language in ('DE','EN'))`);
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const [table] of [...TABLES].reverse()) await knex.schema.dropTableIfExists(table);
}
