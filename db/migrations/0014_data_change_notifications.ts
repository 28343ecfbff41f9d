import type { Knex } from 'knex';

/**
 * Notifications of committed writes, for what app instances keep in memory (app/server/data-changes.server.ts):
 * a statement-level trigger sends NOTIFY fp_data_changed (payload: the table) from every write to a watched table,
 * delivered to every listening connection when the transaction commits (one per table and transaction).
 * fp_watch_tables(unwatched) puts the trigger on every table of the schema but the unwatched ones and takes it off
 * those; the app calls it after migrating, so tables of later migrations are watched without further steps.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create or replace function fp_notify_data_changed() returns trigger language plpgsql as $$
    begin
      perform pg_notify('fp_data_changed', tg_table_name);
      return null;
    end $$;
  `);
  await knex.raw(`
    create or replace function fp_watch_tables(unwatched text[]) returns void language plpgsql as $$
    declare
      t record;
    begin
      for t in
        select c.relname, exists (select 1 from pg_trigger g where g.tgrelid = c.oid and g.tgname = 'fp_data_changed') as watched
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = current_schema() and c.relkind in ('r', 'p')
      loop
        if t.relname = any(unwatched) and t.watched then
          execute format('drop trigger fp_data_changed on %I', t.relname);
        elsif not t.relname = any(unwatched) and not t.watched then
          execute format('create trigger fp_data_changed after insert or update or delete or truncate on %I
            for each statement execute function fp_notify_data_changed()', t.relname);
        end if;
      end loop;
    end $$;
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    do $$
    declare
      t record;
    begin
      for t in select c.relname from pg_trigger g join pg_class c on c.oid = g.tgrelid where g.tgname = 'fp_data_changed' loop
        execute format('drop trigger fp_data_changed on %I', t.relname);
      end loop;
    end $$;
  `);
  await knex.raw('drop function if exists fp_watch_tables(text[])');
  await knex.raw('drop function if exists fp_notify_data_changed()');
}
