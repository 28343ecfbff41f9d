import type { Knex } from 'knex';

/**
 * A content page or lead form without a personalization of its own uses its organisation's default, read when it is
 * shown (issue 24 item 5), so a new default reaches it. Until now the demo seed (and nothing else: the builder had no
 * picker) copied the default's id into the pages; those copies become "uses the default" again. A page whose choice
 * differs from the default keeps it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    update content_pages p set personalization_id = null
    from organizations o
    where o.id = p.organization_id and p.personalization_id = o.default_personalization_id
  `);
}

/** Nothing to undo: a page that uses the default shows the same as one that names it. */
export async function down(): Promise<void> {}
