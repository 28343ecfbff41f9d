import type { Knex } from 'knex';

/**
 * Pictures of the videos organisations link (welcome video, stage stream, in-house fair video, on-demand
 * recordings), fetched once from the video site when the link is saved and kept as a public file of the
 * organisation: visitor pages show them without contacting the video site. One per organisation and video.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('video_thumbnails', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.string('provider', 20).notNullable();
    t.string('video_id', 64).notNullable();
    t.uuid('file_id').notNullable().references('files.id').onDelete('CASCADE');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['organization_id', 'provider', 'video_id']);
    t.index(['file_id']);
  });
  await knex.raw(`alter table video_thumbnails add constraint video_thumbnails_provider_check check (provider in ('youtube', 'vimeo'))`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('video_thumbnails');
}
