import type { Knex } from 'knex';
import { baseColumns } from './0001_foundation';

const check = (table: string, name: string, expression: string) =>
  `alter table ${table} add constraint ${table}_${name}_chk check (${expression})`;

const LANGUAGE = "language in ('DE','EN')";

function translationTable(knex: Knex, t: Knex.CreateTableBuilder, parent: string, parentTable: string) {
  baseColumns(knex, t);
  t.uuid(parent).notNullable().references(`${parentTable}.id`).onDelete('CASCADE');
  t.string('language', 2).notNullable();
  t.string('title', 255).notNullable().defaultTo('');
  t.text('description').notNullable().defaultTo('');
  t.unique([parent, 'language']);
}

/**
 * Events, part 2 (issue 5): halls and their place in conventions, base stands and their place in halls (hall
 * stands with approval, order and an unguessable preview slug), stand nodes with points and reference points,
 * and the convention's image foyer with its points.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('halls', (t) => {
    baseColumns(knex, t);
    t.uuid('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.string('slug', 100).notNullable().unique();
    t.string('name', 255).notNullable();
    t.uuid('thumbnail_id').references('files.id').onDelete('SET NULL');
    t.string('permission_type', 10).notNullable().defaultTo('LOGGED_IN');
    t.index(['organization_id']);
  });
  await knex.raw(check('halls', 'permission_type', "permission_type in ('LOGGED_IN','PUBLIC','TOKEN')"));

  await knex.schema.createTable('hall_translations', (t) => translationTable(knex, t, 'hall_id', 'halls'));
  await knex.raw(check('hall_translations', 'language', LANGUAGE));

  await knex.schema.createTable('convention_halls', (t) => {
    baseColumns(knex, t);
    t.uuid('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.uuid('convention_id').notNullable().references('conventions.id').onDelete('CASCADE');
    t.uuid('hall_id').notNullable().references('halls.id').onDelete('CASCADE');
    t.integer('order').notNullable().defaultTo(0);
    t.unique(['convention_id', 'hall_id']);
    t.index(['hall_id']);
  });

  await knex.schema.createTable('base_stands', (t) => {
    baseColumns(knex, t);
    t.uuid('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.string('name', 255).notNullable();
    t.string('slug', 100).notNullable().unique();
    /** set once a host approved the stand in one of their halls */
    t.boolean('approved').notNullable().defaultTo(false);
    t.boolean('shop').notNullable().defaultTo(false);
    t.string('shop_url', 2000).notNullable().defaultTo('');
    t.string('chat_url', 2000).notNullable().defaultTo('');
    // personalizations arrive with a later issue; the reference is kept without a foreign key until then
    t.uuid('personalization_id');
    t.index(['organization_id']);
  });

  await knex.schema.createTable('stand_translations', (t) => translationTable(knex, t, 'stand_id', 'base_stands'));
  await knex.raw(check('stand_translations', 'language', LANGUAGE));

  await knex.schema.createTable('hall_stands', (t) => {
    baseColumns(knex, t);
    /** the hall's organisation (the host); the stand may belong to another one */
    t.uuid('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.uuid('hall_id').notNullable().references('halls.id').onDelete('CASCADE');
    t.uuid('stand_id').notNullable().references('base_stands.id').onDelete('CASCADE');
    t.boolean('approved').notNullable().defaultTo(false);
    t.integer('order').notNullable().defaultTo(0);
    t.string('slug', 100).notNullable();
    t.uuid('thumbnail_id').references('files.id').onDelete('SET NULL');
    t.string('preview_slug', 64).notNullable().unique();
    t.unique(['hall_id', 'slug']);
    t.unique(['hall_id', 'stand_id']);
    t.index(['stand_id']);
  });

  await knex.schema.createTable('stand_nodes', (t) => {
    baseColumns(knex, t);
    t.uuid('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.uuid('stand_id').notNullable().references('base_stands.id').onDelete('CASCADE');
    t.string('type', 10).notNullable();
    t.uuid('image_id').references('files.id').onDelete('SET NULL');
    t.string('iframe', 2000);
    t.string('language', 2).notNullable().defaultTo('DE');
    t.index(['stand_id']);
  });
  await knex.raw(check('stand_nodes', 'type', "type in ('IMAGE','IFRAME','PANO')"));
  await knex.raw(check('stand_nodes', 'language', LANGUAGE));

  await knex.schema.createTable('points', (t) => {
    baseColumns(knex, t);
    t.uuid('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.uuid('node_id').notNullable().references('stand_nodes.id').onDelete('CASCADE');
    t.double('cx').notNullable();
    t.double('cy').notNullable();
    t.string('kind', 10).notNullable().defaultTo('POINT');
    t.string('name', 255).notNullable().defaultTo('');
    t.string('slug', 100);
    t.integer('order').notNullable().defaultTo(0);
    // content pages arrive with a later issue; the reference is kept without a foreign key until then
    t.uuid('content_page_id');
    t.index(['node_id']);
  });
  await knex.raw(check('points', 'kind', "kind in ('POINT','REFERENCE')"));
  await knex.raw(check('points', 'reference_slug', "kind = 'POINT' or slug is not null"));
  await knex.raw('create unique index points_node_slug_uniq on points (node_id, slug) where slug is not null');

  await knex.schema.createTable('point_translations', (t) => translationTable(knex, t, 'point_id', 'points'));
  await knex.raw(check('point_translations', 'language', LANGUAGE));

  await knex.schema.createTable('image_foyers', (t) => {
    baseColumns(knex, t);
    t.uuid('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.uuid('convention_id').notNullable().unique().references('conventions.id').onDelete('CASCADE');
    t.uuid('image_id').references('files.id').onDelete('SET NULL');
  });

  await knex.schema.createTable('foyer_points', (t) => {
    baseColumns(knex, t);
    t.uuid('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.uuid('foyer_id').notNullable().references('image_foyers.id').onDelete('CASCADE');
    t.double('x').notNullable();
    t.double('y').notNullable();
    t.string('target_type', 12).notNullable();
    // the target may be a hall, stand, stage, content page or content: checked by the service, no foreign key
    t.uuid('target_id');
    t.string('link', 2000);
    t.index(['foyer_id']);
  });
  await knex.raw(check('foyer_points', 'target_type', "target_type in ('HALL','STAND','STAGE','CONTENTPAGE','CONTENT','LINK')"));
  await knex.raw(
    check('foyer_points', 'target', "(target_type = 'LINK' and link is not null) or (target_type <> 'LINK' and target_id is not null)"),
  );

  await knex.raw(
    'alter table exhibitions add constraint exhibitions_stand_id_fk foreign key (stand_id) references base_stands (id) on delete set null',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table exhibitions drop constraint if exists exhibitions_stand_id_fk');
  for (const table of [
    'foyer_points',
    'image_foyers',
    'point_translations',
    'points',
    'stand_nodes',
    'hall_stands',
    'stand_translations',
    'base_stands',
    'convention_halls',
    'hall_translations',
    'halls',
  ]) {
    await knex.schema.dropTableIfExists(table);
  }
}
