import type { Knex } from 'knex';

/**
 * Product pictures (issue 31): each picture has its alternative text per language (the product's title when empty),
 * and a product's pictures are recorded as its file uses, so the access module serves them to whoever may see the
 * product in a shop right now (services/access/files.ts) instead of to everyone. Pictures already attached keep the
 * publicity they had and are recorded too.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('product_pictures', (t) => {
    t.string('alt_de', 255).notNullable().defaultTo('');
    t.string('alt_en', 255).notNullable().defaultTo('');
  });
  await knex.raw('alter table file_uses drop constraint file_uses_kind_chk');
  await knex.raw("alter table file_uses add constraint file_uses_kind_chk check (kind in ('content','page','room','product'))");
  await knex.raw(`
    insert into file_uses (file_id, kind, object_id, organization_id)
    select distinct pp.file_id, 'product', pp.product_id, pp.organization_id
      from product_pictures pp join files f on f.id = pp.file_id and f.organization_id = pp.organization_id
    on conflict do nothing`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw("delete from file_uses where kind = 'product'");
  await knex.raw('alter table file_uses drop constraint file_uses_kind_chk');
  await knex.raw("alter table file_uses add constraint file_uses_kind_chk check (kind in ('content','page','room'))");
  await knex.schema.alterTable('product_pictures', (t) => {
    t.dropColumn('alt_de');
    t.dropColumn('alt_en');
  });
}
