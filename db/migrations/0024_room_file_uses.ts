import type { Knex } from 'knex';

/**
 * A room's files answer to the room (issue 25, hole 5): panoramas and tour audio are recorded as the room's file uses
 * and served to whoever may visit the room or enter a convention that shows it. Files of rooms that are not PUBLIC
 * stop being public by themselves; a PUBLIC room's files stay public (the room keeps them so when its access changes).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table file_uses drop constraint file_uses_kind_chk');
  await knex.raw("alter table file_uses add constraint file_uses_kind_chk check (kind in ('content','page','room'))");
  await knex.raw(`
    insert into file_uses (file_id, kind, object_id, organization_id)
    select distinct p.file_id, 'room', r.id, r.organization_id
      from virtual_room_panos p join virtual_rooms r on r.id = p.virtual_room_id join files f on f.id = p.file_id and f.organization_id = r.organization_id
    union
    select distinct s.audio_file_id, 'room', r.id, r.organization_id
      from virtual_room_tour_steps s join virtual_rooms r on r.id = s.virtual_room_id join files f on f.id = s.audio_file_id and f.organization_id = r.organization_id
    on conflict do nothing`);
  await knex.raw(`
    update files set is_public = false
     where is_public and id in (select u.file_id from file_uses u join virtual_rooms r on r.id = u.object_id where u.kind = 'room' and r.access_type <> 'PUBLIC')`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw("delete from file_uses where kind = 'room'");
  await knex.raw('alter table file_uses drop constraint file_uses_kind_chk');
  await knex.raw("alter table file_uses add constraint file_uses_kind_chk check (kind in ('content','page'))");
}
