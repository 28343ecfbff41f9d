import type { Knex } from 'knex';
import { baseColumns } from './0001_foundation';

const check = (table: string, name: string, expression: string) => `alter table ${table} add constraint ${table}_${name}_chk check (${expression})`;

/**
 * The shop (issue 31; spec 000 points 2-3): products of a stand (its exhibitor) or of a convention (its host), with
 * texts per language, pictures, a price in cents or "on request", variants (size, colour) with their own stock, and a
 * stock or none (unlimited); a visitor's cart per convention (kept across logging out and in) and its lines; order
 * requests, one per selling organisation and checkout, with snapshots of what was ordered.
 *
 * Race safety lives here: stock is taken by a conditional UPDATE (`stock >= quantity`), and the check constraints keep
 * every stock at 0 or above whatever a writer does. A cart line whose product or variant is deleted keeps its snapshot
 * (`name`, `variant_label`) with the reference set to null, so the cart shows it as gone instead of dropping it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('products', (t) => {
    baseColumns(knex, t);
    /** the selling organisation: the stand's exhibitor or the convention's host */
    t.uuid('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.uuid('stand_id').nullable().references('base_stands.id').onDelete('CASCADE');
    t.uuid('convention_id').nullable().references('conventions.id').onDelete('CASCADE');
    t.integer('price_cents').nullable();
    t.string('currency', 3).notNullable().defaultTo('EUR');
    /** null: unlimited (or kept per variant when the product has variants) */
    t.integer('stock').nullable();
    t.boolean('visible').notNullable().defaultTo(true);
    t.integer('order').notNullable().defaultTo(0);
    t.index(['organization_id']);
    t.index(['stand_id', 'order']);
    t.index(['convention_id', 'order']);
  });
  await knex.raw(check('products', 'owner', '(stand_id is null) <> (convention_id is null)'));
  await knex.raw(check('products', 'price', 'price_cents is null or price_cents >= 0'));
  await knex.raw(check('products', 'stock', 'stock is null or stock >= 0'));
  await knex.raw(check('products', 'currency', "currency in ('EUR','CHF','USD','GBP')"));

  await knex.schema.createTable('product_translations', (t) => {
    baseColumns(knex, t);
    t.uuid('product_id').notNullable().references('products.id').onDelete('CASCADE');
    t.string('language', 2).notNullable();
    t.string('title', 255).notNullable().defaultTo('');
    t.text('description').notNullable().defaultTo('');
    t.unique(['product_id', 'language']);
  });
  await knex.raw(check('product_translations', 'language', "language in ('DE','EN')"));

  await knex.schema.createTable('product_pictures', (t) => {
    baseColumns(knex, t);
    t.uuid('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.uuid('product_id').notNullable().references('products.id').onDelete('CASCADE');
    t.uuid('file_id').notNullable().references('files.id').onDelete('CASCADE');
    t.integer('order').notNullable().defaultTo(0);
    t.unique(['product_id', 'file_id']);
  });

  await knex.schema.createTable('product_variants', (t) => {
    baseColumns(knex, t);
    t.uuid('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.uuid('product_id').notNullable().references('products.id').onDelete('CASCADE');
    t.string('size', 50).notNullable().defaultTo('');
    t.string('colour', 50).notNullable().defaultTo('');
    t.integer('stock').nullable();
    t.integer('order').notNullable().defaultTo(0);
    t.index(['product_id', 'order']);
  });
  await knex.raw(check('product_variants', 'stock', 'stock is null or stock >= 0'));
  await knex.raw(check('product_variants', 'label', "size <> '' or colour <> ''"));

  await knex.schema.createTable('carts', (t) => {
    baseColumns(knex, t);
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.uuid('convention_id').notNullable().references('conventions.id').onDelete('CASCADE');
    t.unique(['user_id', 'convention_id']);
  });

  await knex.schema.createTable('cart_lines', (t) => {
    baseColumns(knex, t);
    t.uuid('cart_id').notNullable().references('carts.id').onDelete('CASCADE');
    t.uuid('product_id').nullable().references('products.id').onDelete('SET NULL');
    t.uuid('variant_id').nullable().references('product_variants.id').onDelete('SET NULL');
    t.integer('quantity').notNullable();
    /** snapshots, so a line whose product went away still says what it was */
    t.string('name', 255).notNullable().defaultTo('');
    t.string('variant_label', 120).notNullable().defaultTo('');
    t.index(['cart_id']);
  });
  await knex.raw(check('cart_lines', 'quantity', 'quantity between 1 and 9999'));
  await knex.raw(
    "create unique index cart_lines_item_uniq on cart_lines (cart_id, product_id, coalesce(variant_id, '00000000-0000-0000-0000-000000000000'::uuid)) where product_id is not null",
  );

  await knex.schema.createTable('order_requests', (t) => {
    baseColumns(knex, t);
    /** the selling organisation, which answers the request */
    t.uuid('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.uuid('convention_id').nullable().references('conventions.id').onDelete('SET NULL');
    t.uuid('user_id').nullable().references('users.id').onDelete('SET NULL');
    /** the checkout that made it (a visitor's one checkout makes one request per selling organisation) */
    t.uuid('checkout_id').notNullable();
    t.string('number', 20).notNullable().unique();
    t.string('buyer_name', 200).notNullable().defaultTo('');
    t.string('buyer_email', 254).notNullable();
    t.string('buyer_language', 2).notNullable().defaultTo('EN');
    t.text('message').notNullable().defaultTo('');
    t.string('state', 10).notNullable().defaultTo('NEW');
    t.text('answer').nullable();
    t.timestamp('answered_at', { useTz: true }).nullable();
    t.timestamp('closed_at', { useTz: true }).nullable();
    t.index(['organization_id', 'state', 'created_at']);
    t.index(['user_id', 'created_at']);
  });
  await knex.raw(check('order_requests', 'state', "state in ('NEW','ANSWERED','CLOSED')"));
  await knex.raw(check('order_requests', 'answered', "state = 'NEW' or state = 'CLOSED' or coalesce(btrim(answer), '') <> ''"));

  await knex.schema.createTable('order_request_lines', (t) => {
    baseColumns(knex, t);
    t.uuid('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.uuid('order_request_id').notNullable().references('order_requests.id').onDelete('CASCADE');
    t.uuid('product_id').nullable().references('products.id').onDelete('SET NULL');
    t.uuid('variant_id').nullable().references('product_variants.id').onDelete('SET NULL');
    t.string('name', 255).notNullable();
    t.string('variant_label', 120).notNullable().defaultTo('');
    t.integer('quantity').notNullable();
    t.integer('price_cents').nullable();
    t.string('currency', 3).notNullable().defaultTo('EUR');
    /** the line's place in the cart it came from */
    t.integer('position').notNullable().defaultTo(0);
    t.index(['order_request_id']);
  });
  await knex.raw(check('order_request_lines', 'quantity', 'quantity > 0'));
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['order_request_lines', 'order_requests', 'cart_lines', 'carts', 'product_variants', 'product_pictures', 'product_translations', 'products']) {
    await knex.schema.dropTableIfExists(table);
  }
}
