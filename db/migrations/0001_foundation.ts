import type { Knex } from 'knex';

/** Adds id, created_at and updated_at the way every table has them. */
export function baseColumns(knex: Knex, t: Knex.CreateTableBuilder) {
  t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
  t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
}

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('organizations', (t) => {
    baseColumns(knex, t);
    t.string('name', 255).notNullable();
    t.string('slug', 100).notNullable().unique();
    t.string('email', 254);
    t.integer('suites').notNullable().defaultTo(0);
    t.boolean('is_active').notNullable().defaultTo(true);
  });
  await knex.raw('create unique index organizations_name_lower_uniq on organizations (lower(name))');

  await knex.schema.createTable('users', (t) => {
    baseColumns(knex, t);
    t.string('email', 254).notNullable();
    t.string('password_hash', 255);
    t.string('first_name', 150).notNullable().defaultTo('');
    t.string('last_name', 150).notNullable().defaultTo('');
    t.string('default_language', 2).notNullable().defaultTo('DE');
    t.boolean('is_staff').notNullable().defaultTo(false);
    t.boolean('is_active').notNullable().defaultTo(false);
    t.timestamp('date_joined', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.uuid('default_organization_id').references('organizations.id').onDelete('SET NULL');
  });
  await knex.raw('create unique index users_email_lower_uniq on users (lower(email))');
  await knex.raw("alter table users add constraint users_default_language_chk check (default_language in ('DE','EN'))");

  await knex.schema.createTable('organization_members', (t) => {
    baseColumns(knex, t);
    t.uuid('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('role', 10).notNullable().defaultTo('admin');
    t.boolean('is_owner').notNullable().defaultTo(false);
    t.boolean('sales').notNullable().defaultTo(false);
    t.unique(['organization_id', 'user_id']);
    t.index(['user_id']);
  });
  await knex.raw("alter table organization_members add constraint organization_members_role_chk check (role in ('admin','sales'))");

  await knex.schema.createTable('sessions', (t) => {
    baseColumns(knex, t);
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.timestamp('last_seen_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.string('user_agent', 500);
    t.index(['user_id']);
  });

  await knex.schema.createTable('files', (t) => {
    baseColumns(knex, t);
    t.uuid('organization_id').references('organizations.id').onDelete('CASCADE');
    t.uuid('uploaded_by_id').references('users.id').onDelete('SET NULL');
    t.string('storage_key', 500).notNullable().unique();
    t.string('filename', 255).notNullable();
    t.string('mime_type', 150).notNullable();
    t.bigInteger('size').notNullable();
    t.integer('width');
    t.integer('height');
    t.boolean('is_public').notNullable().defaultTo(false);
    t.index(['organization_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['files', 'sessions', 'organization_members', 'users', 'organizations']) {
    await knex.schema.dropTableIfExists(table);
  }
}
