import type { Knex } from 'knex';

const FOUR_OBJECTS = 'num_nonnulls(convention_id, hall_id, exhibition_id, content_group_id) = 1';
const THREE_OBJECTS = 'num_nonnulls(convention_id, hall_id, exhibition_id) = 1';

/**
 * Object permissions and access keys for content groups (issue 15: "object permissions and tokens apply to
 * content with permissionType"): a key or a permission now belongs to exactly one convention, hall, in-house fair
 * or content group.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('object_tokens', (t) => {
    t.uuid('content_group_id').references('content_groups.id').onDelete('CASCADE');
    t.unique(['content_group_id', 'token']);
  });
  await knex.raw('alter table object_tokens drop constraint object_tokens_one_object_chk');
  await knex.raw(`alter table object_tokens add constraint object_tokens_one_object_chk check (${FOUR_OBJECTS})`);

  await knex.schema.alterTable('object_permissions', (t) => {
    t.uuid('content_group_id').references('content_groups.id').onDelete('CASCADE');
    t.unique(['user_id', 'content_group_id']);
    t.index(['content_group_id']);
  });
  await knex.raw('alter table object_permissions drop constraint object_permissions_one_object_chk');
  await knex.raw(`alter table object_permissions add constraint object_permissions_one_object_chk check (${FOUR_OBJECTS})`);
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['object_permissions', 'object_tokens']) {
    await knex(table).whereNotNull('content_group_id').delete();
    await knex.raw(`alter table ${table} drop constraint ${table}_one_object_chk`);
    await knex.raw(`alter table ${table} add constraint ${table}_one_object_chk check (${THREE_OBJECTS})`);
  }
  await knex.schema.alterTable('object_permissions', (t) => {
    t.dropUnique(['user_id', 'content_group_id']);
    t.dropIndex(['content_group_id']);
    t.dropColumn('content_group_id');
  });
  await knex.schema.alterTable('object_tokens', (t) => {
    t.dropUnique(['content_group_id', 'token']);
    t.dropColumn('content_group_id');
  });
}
