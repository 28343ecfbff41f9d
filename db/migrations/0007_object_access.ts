import type { Knex } from 'knex';
import { baseColumns } from './0001_foundation';

const EXACTLY_ONE_OBJECT = 'num_nonnulls(convention_id, hall_id, exhibition_id) = 1';

/**
 * Access to visitor objects (spec 001 point 6): access keys (object tokens) now belong to a convention, a hall or
 * an in-house fair, and carry the owning organisation like every owned row. Object permissions record who may
 * enter a TOKEN object (after redeeming a key, or added by the organiser) and can be suspended.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('object_tokens', (t) => {
    t.uuid('convention_id').nullable().alter();
    t.uuid('hall_id').references('halls.id').onDelete('CASCADE');
    t.uuid('exhibition_id').references('exhibitions.id').onDelete('CASCADE');
    t.uuid('organization_id').references('organizations.id').onDelete('CASCADE');
  });
  await knex.raw(
    'update object_tokens t set organization_id = c.organization_id from conventions c where c.id = t.convention_id',
  );
  await knex.schema.alterTable('object_tokens', (t) => {
    t.uuid('organization_id').notNullable().alter();
    // the key is unique per object (convention_id, token stays from 0005)
    t.unique(['hall_id', 'token']);
    t.unique(['exhibition_id', 'token']);
    t.index(['organization_id']);
  });
  await knex.raw(`alter table object_tokens add constraint object_tokens_one_object_chk check (${EXACTLY_ONE_OBJECT})`);

  await knex.schema.createTable('object_permissions', (t) => {
    baseColumns(knex, t);
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.uuid('convention_id').references('conventions.id').onDelete('CASCADE');
    t.uuid('hall_id').references('halls.id').onDelete('CASCADE');
    t.uuid('exhibition_id').references('exhibitions.id').onDelete('CASCADE');
    // the key it was granted with; a deleted key leaves the access in place
    t.uuid('token_id').references('object_tokens.id').onDelete('SET NULL');
    t.boolean('suspended').notNullable().defaultTo(false);
    // the organisation owning the object (tenancy of the organiser's list)
    t.uuid('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.unique(['user_id', 'convention_id']);
    t.unique(['user_id', 'hall_id']);
    t.unique(['user_id', 'exhibition_id']);
    t.index(['convention_id']);
    t.index(['hall_id']);
    t.index(['exhibition_id']);
    t.index(['organization_id']);
    t.index(['token_id']);
  });
  await knex.raw(`alter table object_permissions add constraint object_permissions_one_object_chk check (${EXACTLY_ONE_OBJECT})`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('object_permissions');
  await knex('object_tokens').whereNull('convention_id').delete();
  await knex.raw('alter table object_tokens drop constraint if exists object_tokens_one_object_chk');
  await knex.schema.alterTable('object_tokens', (t) => {
    t.dropUnique(['hall_id', 'token']);
    t.dropUnique(['exhibition_id', 'token']);
    t.dropColumn('hall_id');
    t.dropColumn('exhibition_id');
    t.dropColumn('organization_id');
    t.uuid('convention_id').notNullable().alter();
  });
}
