import type { Knex } from 'knex';

/**
 * Where a content page came from (issue 16, `/publicsite-migration` and `/contentgroup-migration`): a page made by
 * the migration of a publicsite or a content group names its source, so running the migration again updates or
 * skips that page instead of making a second one. Not a foreign key: the source may be deleted later, the page
 * stays. One page per source and organisation (partial unique index; hand-made pages have no source).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('content_pages', (t) => {
    t.string('source_kind', 20);
    t.uuid('source_id');
    /** hash of what the migration last wrote: a page edited since differs from it and is left alone */
    t.string('source_hash', 64);
  });
  await knex.raw(
    "alter table content_pages add constraint content_pages_source_chk check ((source_kind is null and source_id is null) or (source_kind in ('PUBLICSITE','CONTENTGROUP') and source_id is not null))",
  );
  await knex.raw(
    'create unique index content_pages_source_unique on content_pages (organization_id, source_kind, source_id) where source_id is not null',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists content_pages_source_unique');
  await knex.raw('alter table content_pages drop constraint if exists content_pages_source_chk');
  await knex.schema.alterTable('content_pages', (t) => {
    t.dropColumn('source_hash');
    t.dropColumn('source_id');
    t.dropColumn('source_kind');
  });
}
