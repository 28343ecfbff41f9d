import type { Knex } from 'knex';
import { baseColumns } from './0001_foundation';

/**
 * Analytics (issue 30; spec 000 points 2-4, 001 points 7 and 9): consented page views of visitor pages.
 *
 * - `analytics_events`: the raw page views, partitioned by month (the partitions live in the schema
 *   `analytics_parts`, so the public schema keeps one table per model); `analytics_ensure_partitions(ahead)` adds the
 *   months ahead (the rollup job calls it), a default partition catches anything outside them. A visitor is a keyed
 *   hash of the day's salt, the address, the user agent and the convention; `prev_visitor` is the same hash with the
 *   previous day's salt, so a visitor seen on both days counts as recurring. No address and no user agent is stored.
 * - `analytics_salts`: one random salt per UTC day; today's and yesterday's are kept, older ones deleted.
 * - `analytics_hourly`, `analytics_daily`, `analytics_daily_dims`: rollups per scope object (convention, hall, stand,
 *   stage, exhibition, content page, room) and its owner; reports read only these. Raw events older than the
 *   configured age are deleted, rollups stay.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('create schema if not exists analytics_parts');
  await knex.raw(`
    create table analytics_events (
      id bigint generated always as identity,
      at timestamptz not null default now(),
      page_kind varchar(12) not null,
      path varchar(500) not null,
      from_path varchar(500),
      convention_id uuid,
      exhibition_id uuid,
      hall_id uuid,
      stand_id uuid,
      stage_id uuid,
      content_page_id uuid,
      room_id uuid,
      visitor bytea not null,
      prev_visitor bytea,
      country varchar(2),
      browser varchar(40) not null default '',
      os varchar(40) not null default '',
      device varchar(10) not null default '',
      duration_ms integer,
      primary key (at, id),
      constraint analytics_events_kind_chk check (page_kind in ('convention','hall','stand','stage','room','content','exhibition','infopoint','other')),
      constraint analytics_events_duration_chk check (duration_ms is null or duration_ms >= 0)
    ) partition by range (at)`);
  await knex.raw('create index analytics_events_visitor_idx on analytics_events (visitor, at)');
  await knex.raw('create index analytics_events_convention_idx on analytics_events (convention_id, at)');
  await knex.raw('create index analytics_events_stand_idx on analytics_events (stand_id, at)');
  await knex.raw('create table analytics_parts.analytics_events_default partition of analytics_events default');
  await knex.raw(`
    create or replace function analytics_ensure_partitions(ahead integer) returns integer language plpgsql as $$
    declare
      month date := date_trunc('month', now() at time zone 'UTC')::date;
      made integer := 0;
      name text;
    begin
      for i in 0..ahead loop
        name := 'analytics_events_' || to_char(month, 'YYYY_MM');
        if to_regclass('analytics_parts.' || name) is null then
          execute format(
            'create table analytics_parts.%I partition of analytics_events for values from (%L) to (%L)',
            name, (month::timestamp at time zone 'UTC'), ((month + interval '1 month')::timestamp at time zone 'UTC'));
          made := made + 1;
        end if;
        month := (month + interval '1 month')::date;
      end loop;
      return made;
    end $$`);
  await knex.raw('select analytics_ensure_partitions(1)');

  await knex.schema.createTable('analytics_salts', (t) => {
    baseColumns(knex, t);
    t.date('day').notNullable().unique();
    t.binary('salt').notNullable();
  });

  const scopeColumns = (t: Knex.CreateTableBuilder) => {
    baseColumns(knex, t);
    t.string('scope_kind', 12).notNullable();
    t.uuid('scope_id').notNullable();
    t.uuid('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    // where the object was seen: the convention of a hall, stand, stage ...; the hall of a stand
    t.uuid('convention_id').nullable();
    t.uuid('hall_id').nullable();
    t.integer('views').notNullable().defaultTo(0);
    t.integer('visitors').notNullable().defaultTo(0);
    t.bigInteger('duration_ms').notNullable().defaultTo(0);
    t.integer('durations').notNullable().defaultTo(0);
  };
  await knex.schema.createTable('analytics_hourly', (t) => {
    scopeColumns(t);
    t.timestamp('hour', { useTz: true }).notNullable();
  });
  await knex.raw('create unique index analytics_hourly_uniq on analytics_hourly (hour, scope_kind, scope_id, convention_id, hall_id) nulls not distinct');
  await knex.raw('create index analytics_hourly_scope_idx on analytics_hourly (scope_kind, scope_id, hour)');
  await knex.raw('create index analytics_hourly_org_idx on analytics_hourly (organization_id, hour)');

  await knex.schema.createTable('analytics_daily', (t) => {
    scopeColumns(t);
    t.date('day').notNullable();
    t.integer('recurring').notNullable().defaultTo(0);
  });
  await knex.raw('create unique index analytics_daily_uniq on analytics_daily (day, scope_kind, scope_id, convention_id, hall_id) nulls not distinct');
  await knex.raw('create index analytics_daily_scope_idx on analytics_daily (scope_kind, scope_id, day)');
  await knex.raw('create index analytics_daily_context_idx on analytics_daily (convention_id, scope_kind, day)');
  await knex.raw('create index analytics_daily_hall_idx on analytics_daily (hall_id, scope_kind, day)');
  await knex.raw('create index analytics_daily_org_idx on analytics_daily (organization_id, day)');

  await knex.schema.createTable('analytics_daily_dims', (t) => {
    baseColumns(knex, t);
    t.date('day').notNullable();
    t.string('scope_kind', 12).notNullable();
    t.uuid('scope_id').notNullable();
    t.uuid('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.string('dim', 10).notNullable();
    t.string('key', 1010).notNullable();
    t.integer('views').notNullable().defaultTo(0);
    t.integer('visitors').notNullable().defaultTo(0);
  });
  await knex.raw('create unique index analytics_daily_dims_uniq on analytics_daily_dims (day, scope_kind, scope_id, dim, key)');
  await knex.raw('create index analytics_daily_dims_scope_idx on analytics_daily_dims (scope_kind, scope_id, dim, day)');
  for (const table of ['analytics_hourly', 'analytics_daily', 'analytics_daily_dims']) {
    await knex.raw(`alter table ${table} add constraint ${table}_kind_chk check (scope_kind in ('convention','exhibition','hall','stand','stage','content','room'))`);
  }
  await knex.raw("alter table analytics_daily_dims add constraint analytics_daily_dims_dim_chk check (dim in ('country','browser','os','device','page','path'))");
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('analytics_daily_dims');
  await knex.schema.dropTable('analytics_daily');
  await knex.schema.dropTable('analytics_hourly');
  await knex.schema.dropTable('analytics_salts');
  await knex.raw('drop table analytics_events');
  await knex.raw('drop function analytics_ensure_partitions(integer)');
  await knex.raw('drop schema analytics_parts cascade');
}
