import type { Knex } from 'knex';
import { baseColumns } from './0001_foundation';

/**
 * Icons (spec 000: Icon id, file; calls Icons, UploadIcon, DeleteIcon): an organisation's small pictures for
 * points and features. A PNG is an uploaded file; an SVG is kept as its sanitised markup (never served as a file
 * of our origin, only as an image).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('icons', (t) => {
    baseColumns(knex, t);
    t.uuid('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.string('kind', 3).notNullable();
    t.string('filename', 255).notNullable();
    t.uuid('file_id').references('files.id').onDelete('CASCADE');
    t.text('svg');
    t.index(['organization_id']);
  });
  await knex.raw("alter table icons add constraint icons_kind_chk check (kind in ('PNG', 'SVG'))");
  await knex.raw(
    "alter table icons add constraint icons_content_chk check ((kind = 'PNG' and file_id is not null and svg is null) or (kind = 'SVG' and svg is not null and file_id is null))",
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('icons');
}
