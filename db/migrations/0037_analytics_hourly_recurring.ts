import type { Knex } from 'knex';

/**
 * Analytics (issue 30), second part:
 * - `analytics_hourly.recurring`: the hour's visitors who were seen the day before too (spec 000 point 3: the last
 *   24 hours give total, unique and recurring per hour, as the last 4 weeks do per day).
 * - `analytics_events_live_idx`: the live funnel reads a convention's views of today by page kind; the index holds
 *   the columns it needs (visitor, hall, stand), so the funnel is an index-only scan instead of a heap scan.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table analytics_hourly add column recurring integer not null default 0');
  await knex.raw('create index analytics_events_live_idx on analytics_events (convention_id, at) include (page_kind, visitor, hall_id, stand_id)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists analytics_events_live_idx');
  await knex.raw('alter table analytics_hourly drop column recurring');
}
