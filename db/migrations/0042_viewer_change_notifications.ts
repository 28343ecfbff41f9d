import type { Knex } from 'knex';

/**
 * Notifications of changes to what a visitor's audience is made of in tables no visitor page reads (issue 26;
 * app/server/pages/audience.server.ts): a user, their sessions, their object permissions and their business card.
 * These tables are unwatched by the data-change notices (a login or a sign-up must not empty every visitor's kept
 * pages), so a row-level trigger sends NOTIFY fp_data_changed with the payload `viewer:<user id>` instead
 * (`viewer:*` for a truncate), delivered when the transaction commits; the app forgets only that user's audiences.
 */
const TABLES: [table: string, userColumn: string][] = [
  ['users', 'id'],
  ['sessions', 'user_id'],
  ['object_permissions', 'user_id'],
  ['addresses', 'user_id'],
];

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create or replace function fp_notify_viewer_changed() returns trigger language plpgsql as $$
    begin
      if tg_op = 'TRUNCATE' then
        perform pg_notify('fp_data_changed', 'viewer:*');
        return null;
      end if;
      if tg_op <> 'INSERT' then
        perform pg_notify('fp_data_changed', 'viewer:' || coalesce(to_jsonb(old) ->> tg_argv[0], '*'));
      end if;
      if tg_op <> 'DELETE' then
        perform pg_notify('fp_data_changed', 'viewer:' || coalesce(to_jsonb(new) ->> tg_argv[0], '*'));
      end if;
      return null;
    end $$;
  `);
  for (const [table, column] of TABLES) {
    await knex.raw(`create trigger fp_viewer_changed after insert or update or delete on ?? for each row execute function fp_notify_viewer_changed(${knex.raw('?', [column]).toQuery()})`, [table]);
    await knex.raw('create trigger fp_viewer_truncated after truncate on ?? for each statement execute function fp_notify_viewer_changed()', [table]);
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const [table] of TABLES) {
    await knex.raw('drop trigger if exists fp_viewer_changed on ??', [table]);
    await knex.raw('drop trigger if exists fp_viewer_truncated on ??', [table]);
  }
  await knex.raw('drop function if exists fp_notify_viewer_changed()');
}
