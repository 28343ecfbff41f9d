import type { Knex } from 'knex';
import { baseColumns } from './0001_foundation';

/**
 * Operators' open live windows per app instance (issue 28: "offline when their last window closes", with several
 * instances behind one database). An instance keeps one row per operator it has a window of and refreshes
 * `seen_at` while it runs; an operator goes offline when no instance has a fresh row. A crashed instance's rows grow
 * stale and are swept.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('chat_operator_windows', (t) => {
    baseColumns(knex, t);
    t.uuid('instance_id').notNullable();
    t.uuid('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.timestamp('seen_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['instance_id', 'organization_id', 'user_id']);
    t.index(['organization_id', 'user_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('chat_operator_windows');
}
