import type { Knex } from 'knex';

/**
 * The live stand funnel kept by the analytics job (issue 30): reports never scan more than the last minutes of raw
 * events, the live funnel included.
 * - `analytics_funnel`: today's funnel counts per convention, hall and stand up to the job's last run (a hall's row
 *   has no stand: the hall's visitors of the day; a stand's row: its visitors who saw the hall too, those of them who
 *   entered its room, and those of them who also opened an info point).
 * - `analytics_funnel_marks`: up to which moment of the day the counts are (the job's run, a little behind the
 *   clock so that queued views of every server process have been written). Live reads the counts and adds what the
 *   visitors seen since then changed.
 * Written by the job only, read by /analytics only; both are unwatched by the visitor cache.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table analytics_funnel (
      id bigint generated always as identity primary key,
      day date not null,
      convention_id uuid not null references conventions(id) on delete cascade,
      hall_id uuid not null,
      stand_id uuid,
      visitors integer not null default 0,
      room integer not null default 0,
      info integer not null default 0
    )`);
  await knex.raw('create unique index analytics_funnel_uniq on analytics_funnel (convention_id, day, hall_id, stand_id) nulls not distinct');
  await knex.raw('create index analytics_funnel_day_idx on analytics_funnel (day)');
  await knex.raw('create table analytics_funnel_marks (day date primary key, through timestamptz not null)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table analytics_funnel_marks');
  await knex.raw('drop table analytics_funnel');
}
