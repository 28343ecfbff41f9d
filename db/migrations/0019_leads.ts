import type { Knex } from 'knex';
import { baseColumns } from './0001_foundation';

const check = (table: string, name: string, expression: string) =>
  `alter table ${table} add constraint ${table}_${name}_chk check (${expression})`;

/**
 * Leads (spec 000 points 3 and 4, 001 points 5-9; issue 18): an organisation's captured contacts, its lead forms
 * (a schema of fields, versioned so a lead's consent proof names the version it was shown), the content pages
 * chosen for a lead or offered by a form, the lead's tags and the tracks of what the lead opened.
 *
 * The slug is the lead's unguessable address (`/information-collection/{slug}`). `search` is a generated column
 * with a trigram index so the overview's search stays fast at 10,000 leads; `search_extra` holds the values of the
 * form's searchable fields (written by the service). The overview lists by organisation, archived or not, newest
 * first (or by score, name, company): one index each.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('create extension if not exists pg_trgm');

  await knex.schema.createTable('lead_forms', (t) => {
    baseColumns(knex, t);
    t.uuid('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.string('name', 200).notNullable();
    t.uuid('personalization_id').references('personalizations.id').onDelete('SET NULL');
    t.uuid('header_image_id').references('files.id').onDelete('SET NULL');
    t.jsonb('schema').notNullable().defaultTo(knex.raw(`'[]'::jsonb`));
    t.integer('version').notNullable().defaultTo(1);
    t.boolean('send_mail').notNullable().defaultTo(false);
    t.uuid('contact_id').references('users.id').onDelete('SET NULL');
    t.index(['organization_id', 'created_at']);
  });

  await knex.schema.createTable('lead_form_content_pages', (t) => {
    baseColumns(knex, t);
    t.uuid('form_id').notNullable().references('lead_forms.id').onDelete('CASCADE');
    t.uuid('content_page_id').notNullable().references('content_pages.id').onDelete('CASCADE');
    t.integer('sort').notNullable().defaultTo(0);
    t.unique(['form_id', 'content_page_id']);
    t.index(['content_page_id']);
  });

  await knex.schema.createTable('leads', (t) => {
    baseColumns(knex, t);
    t.uuid('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.string('slug', 64).notNullable().unique();
    t.string('email', 254).notNullable().defaultTo('');
    t.string('name', 200).notNullable().defaultTo('');
    t.string('address', 500).notNullable().defaultTo('');
    t.string('street', 200).notNullable().defaultTo('');
    t.string('hno', 20).notNullable().defaultTo('');
    t.string('plz', 20).notNullable().defaultTo('');
    t.string('city', 120).notNullable().defaultTo('');
    t.string('country', 60).notNullable().defaultTo('');
    t.string('company', 200).notNullable().defaultTo('');
    t.string('job', 200).notNullable().defaultTo('');
    t.string('web', 500).notNullable().defaultTo('');
    t.string('phone', 60).notNullable().defaultTo('');
    t.string('mobile', 60).notNullable().defaultTo('');
    t.jsonb('values').notNullable().defaultTo(knex.raw(`'[]'::jsonb`));
    t.uuid('businesscard_front_id').references('files.id').onDelete('SET NULL');
    t.uuid('businesscard_back_id').references('files.id').onDelete('SET NULL');
    t.uuid('attachment_id').references('files.id').onDelete('SET NULL');
    t.uuid('form_id').references('lead_forms.id').onDelete('SET NULL');
    t.integer('form_version');
    t.string('language', 2).notNullable().defaultTo('DE');
    t.uuid('user_id').references('users.id').onDelete('SET NULL');
    t.uuid('contact_id').references('users.id').onDelete('SET NULL');
    t.timestamp('archived_at', { useTz: true });
    t.jsonb('consent');
    t.integer('score').notNullable().defaultTo(0);
    t.timestamp('information_mail_sent_at', { useTz: true });
    t.text('search_extra').notNullable().defaultTo('');
  });
  await knex.raw(check('leads', 'language', "language in ('DE','EN')"));
  await knex.raw(
    `alter table leads add column search text generated always as
       (lower(name || ' ' || email || ' ' || company || ' ' || job || ' ' || city || ' ' || search_extra)) stored`,
  );
  await knex.raw('create index leads_overview_idx on leads (organization_id, (archived_at is null), created_at desc, id)');
  await knex.raw('create index leads_score_idx on leads (organization_id, (archived_at is null), score desc, id)');
  await knex.raw('create index leads_name_idx on leads (organization_id, (archived_at is null), lower(name), id)');
  await knex.raw('create index leads_company_idx on leads (organization_id, (archived_at is null), lower(company), id)');
  await knex.raw('create index leads_search_trgm_idx on leads using gin (search gin_trgm_ops)');
  await knex.raw('create index leads_form_idx on leads (form_id)');

  await knex.schema.createTable('lead_tags', (t) => {
    baseColumns(knex, t);
    t.uuid('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.uuid('lead_id').notNullable().references('leads.id').onDelete('CASCADE');
    t.string('text', 60).notNullable();
    t.unique(['lead_id', 'text']);
    t.index(['organization_id', 'text']);
  });

  await knex.schema.createTable('lead_content_pages', (t) => {
    baseColumns(knex, t);
    t.uuid('lead_id').notNullable().references('leads.id').onDelete('CASCADE');
    t.uuid('content_page_id').notNullable().references('content_pages.id').onDelete('CASCADE');
    t.integer('sort').notNullable().defaultTo(0);
    t.unique(['lead_id', 'content_page_id']);
    t.index(['content_page_id']);
  });

  await knex.schema.createTable('lead_tracks', (t) => {
    baseColumns(knex, t);
    t.uuid('lead_id').notNullable().references('leads.id').onDelete('CASCADE');
    t.string('link', 2000).notNullable();
    t.string('link_type', 24).notNullable();
    t.string('activity', 24).notNullable().defaultTo('OPENED');
    t.string('content', 300).notNullable().defaultTo('');
    t.integer('duration').notNullable().defaultTo(0);
    t.index(['lead_id', 'created_at']);
  });
  await knex.raw(check('lead_tracks', 'link_type', "link_type in ('CONTENT_LINK','LEADINFORMATION_LINK','SALESHUB_LINK')"));
  await knex.raw(check('lead_tracks', 'activity', "activity in ('OPENED','DOWNLOADED','TOUR_FINISHED','TIME_SPENT')"));
  await knex.raw(check('lead_tracks', 'duration', 'duration >= 0'));
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['lead_tracks', 'lead_content_pages', 'lead_tags', 'leads', 'lead_form_content_pages', 'lead_forms']) {
    await knex.schema.dropTableIfExists(table);
  }
}
