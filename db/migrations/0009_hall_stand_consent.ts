import type { Knex } from 'knex';

/**
 * A hall stand needs two consents (issue 11): the host's (`approved`, given by inviting the stand or approving
 * its application) and the stand organisation's (`stand_accepted`, given by applying or accepting an
 * invitation). Visitors see a hall stand only with both.
 *
 * Existing rows: a stand in a hall of its own organisation gets both; a stand of another organisation keeps the
 * host's approval but waits for its organisation to accept (it disappears from visitors until then), because
 * nobody asked that organisation before.
 *
 * `base_stands.approved` is dropped: "approved" of a base stand is now derived on read (listed in at least one
 * hall), so approving in one hall writes nothing outside that hall stand.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('hall_stands', (t) => {
    t.boolean('stand_accepted').notNullable().defaultTo(false);
  });
  await knex.raw(`
    update hall_stands hs set stand_accepted = true
    from base_stands s
    where s.id = hs.stand_id and s.organization_id = hs.organization_id`);
  await knex.schema.alterTable('base_stands', (t) => {
    t.dropColumn('approved');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('base_stands', (t) => {
    t.boolean('approved').notNullable().defaultTo(false);
  });
  await knex.raw(`
    update base_stands s set approved = true
    where exists (select 1 from hall_stands hs where hs.stand_id = s.id and hs.approved and hs.stand_accepted)`);
  await knex.schema.alterTable('hall_stands', (t) => {
    t.dropColumn('stand_accepted');
  });
}
