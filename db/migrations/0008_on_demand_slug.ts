import type { Knex } from 'knex';
import slugify from 'slugify';

/**
 * On-demand content gets a URL slug, unique within its convention (/convention/{c}/ondemand/{slug}). Existing
 * rows get one from their title (-2, -3 ... on a clash). The services and the seed always set a readable slug;
 * the column default only keeps a bare insert valid.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('on_demand_contents', (t) => {
    t.string('slug', 100);
  });
  const rows: { id: string; convention_id: string; title: string }[] = await knex('on_demand_contents')
    .orderBy(['convention_id', 'created_at', 'id'])
    .select('id', 'convention_id', 'title');
  const taken = new Map<string, Set<string>>();
  for (const row of rows) {
    const used = taken.get(row.convention_id) ?? new Set<string>();
    taken.set(row.convention_id, used);
    const base = slugify(row.title, { lower: true, strict: true, locale: 'de', trim: true }).slice(0, 80).replace(/-+$/, '') || 'video';
    let slug = base;
    for (let i = 2; used.has(slug); i += 1) slug = `${base}-${i}`;
    used.add(slug);
    await knex('on_demand_contents').where({ id: row.id }).update({ slug });
  }
  await knex.raw('alter table on_demand_contents alter column slug set not null, alter column slug set default gen_random_uuid()::text');
  await knex.schema.alterTable('on_demand_contents', (t) => {
    t.unique(['convention_id', 'slug']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('on_demand_contents', (t) => {
    t.dropUnique(['convention_id', 'slug']);
    t.dropColumn('slug');
  });
}
