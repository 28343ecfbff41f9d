import type { Knex } from 'knex';

/**
 * Files answer to the object that uses them (issue 25, hole 5): a file of a content group's object or of a content
 * page is served at /files/{id} only to who may see that group or page (members of the owning organisation and the
 * uploader always). `file_uses` names those objects; such a file is no longer public by itself, so unpublishing or
 * deleting the page, or protecting the group, closes its files too. Not a foreign key to the object (several kinds):
 * a use whose object is gone opens nothing.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('file_uses', (t) => {
    t.uuid('file_id').notNullable().references('files.id').onDelete('CASCADE');
    t.string('kind', 20).notNullable();
    t.uuid('object_id').notNullable();
    t.uuid('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['file_id', 'kind', 'object_id']);
    t.index(['kind', 'object_id']);
    t.index(['organization_id']);
  });
  await knex.raw("alter table file_uses add constraint file_uses_kind_chk check (kind in ('content','page'))");

  // what exists already: the files of content objects (a group's preview is its public teaser, like an event's
  // picture), and the files a page's layout or thumbnail names
  await knex.raw(`
    insert into file_uses (file_id, kind, object_id, organization_id)
    select distinct o.file_id, 'content', o.group_id, g.organization_id
      from content_objects o join content_groups g on g.id = o.group_id join files f on f.id = o.file_id
    union
    select distinct f.id, 'page', p.id, p.organization_id
      from content_pages p join content_page_translations t on t.page_id = p.id
      join files f on f.organization_id = p.organization_id and strpos(t.layout::text, f.id::text) > 0
    union
    select distinct p.thumbnail_id, 'page', p.id, p.organization_id
      from content_pages p join files f on f.id = p.thumbnail_id
    on conflict do nothing`);
  // they were made public when their object was shown; from now on their object decides
  await knex.raw('update files set is_public = false where is_public and id in (select file_id from file_uses)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('update files set is_public = true where id in (select file_id from file_uses)');
  await knex.schema.dropTable('file_uses');
}
