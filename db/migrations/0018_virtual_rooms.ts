import type { Knex } from 'knex';
import { baseColumns } from './0001_foundation';

const check = (table: string, name: string, expression: string) =>
  `alter table ${table} add constraint ${table}_${name}_chk check (${expression})`;

const FOUR_OBJECTS = 'num_nonnulls(convention_id, hall_id, exhibition_id, content_group_id) = 1';
const FIVE_OBJECTS = 'num_nonnulls(convention_id, hall_id, exhibition_id, content_group_id, virtual_room_id) = 1';
const ONE_DESTINATION = 'num_nonnulls(target_pano_id, url, hall_id, hall_stand_id, stage_id, convention_id) = 1';

/** Angles in radians, the focal length in mm (35 mm equivalent), as in app/lib/virtual-rooms/view.ts. */
function viewColumns(t: Knex.CreateTableBuilder, required: boolean) {
  for (const name of ['azimuthal_angle', 'polar_angle', 'focal_length']) {
    const column = t.double(`initial_${name}`);
    if (required) column.notNullable();
  }
}

/**
 * Virtual 360° rooms (spec 000 points 2-4, 001 points 5-9; issue 17): an organisation's rooms (slug unique across
 * organisations: `/virtual-room/{slug}` names no organisation), their 2:1 panoramas, navigation points (exactly one
 * destination), info points (a content page or an https iframe) and the tour's steps. A room's initial view is
 * either complete (pano and three angles) or absent. Conventions gain the navigation mode VIRTUAL_ROOM and the room
 * they show; a stand's reference point may name a room (the stand's `/vr/{rpslug}`). Access keys and permissions
 * gain the room as a fifth kind of object (TOKEN rooms).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('virtual_rooms', (t) => {
    baseColumns(knex, t);
    t.uuid('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.string('slug', 120).notNullable().unique();
    t.string('name', 200).notNullable();
    t.string('access_type', 10).notNullable().defaultTo('LOGGED_IN');
    t.uuid('initial_pano_id');
    viewColumns(t, false);
    t.index(['organization_id']);
  });
  await knex.raw(check('virtual_rooms', 'access_type', "access_type in ('PUBLIC','LOGGED_IN','TOKEN')"));
  await knex.raw(
    check(
      'virtual_rooms',
      'initial_view',
      'num_nonnulls(initial_pano_id, initial_azimuthal_angle, initial_polar_angle, initial_focal_length) in (0, 4)',
    ),
  );

  await knex.schema.createTable('virtual_room_panos', (t) => {
    baseColumns(knex, t);
    t.uuid('virtual_room_id').notNullable().references('virtual_rooms.id').onDelete('CASCADE');
    t.uuid('file_id').notNullable().references('files.id').onDelete('RESTRICT');
    t.string('name', 200).notNullable().defaultTo('');
    t.integer('sort').notNullable().defaultTo(0);
    viewColumns(t, false);
    t.index(['virtual_room_id']);
  });
  await knex.raw(
    check('virtual_room_panos', 'initial_view', 'num_nonnulls(initial_azimuthal_angle, initial_polar_angle, initial_focal_length) in (0, 3)'),
  );
  // the room's initial pano is one of its panos; deleting that pano clears the room's initial view (service)
  await knex.raw(
    'alter table virtual_rooms add constraint virtual_rooms_initial_pano_fk foreign key (initial_pano_id) references virtual_room_panos(id) on delete set null',
  );

  await knex.schema.createTable('virtual_room_nav_points', (t) => {
    baseColumns(knex, t);
    t.uuid('pano_id').notNullable().references('virtual_room_panos.id').onDelete('CASCADE');
    t.double('x').notNullable();
    t.double('y').notNullable();
    t.double('z').notNullable();
    t.uuid('icon_id').references('icons.id').onDelete('RESTRICT');
    t.uuid('target_pano_id').references('virtual_room_panos.id').onDelete('CASCADE');
    t.string('url', 2000);
    t.uuid('hall_id').references('halls.id').onDelete('CASCADE');
    t.uuid('hall_stand_id').references('hall_stands.id').onDelete('CASCADE');
    t.uuid('stage_id').references('stages.id').onDelete('CASCADE');
    t.uuid('convention_id').references('conventions.id').onDelete('CASCADE');
    t.index(['pano_id']);
    t.index(['target_pano_id']);
  });
  await knex.raw(check('virtual_room_nav_points', 'one_destination', ONE_DESTINATION));

  await knex.schema.createTable('virtual_room_info_points', (t) => {
    baseColumns(knex, t);
    t.uuid('pano_id').notNullable().references('virtual_room_panos.id').onDelete('CASCADE');
    t.double('x').notNullable();
    t.double('y').notNullable();
    t.double('z').notNullable();
    t.uuid('icon_id').references('icons.id').onDelete('RESTRICT');
    t.boolean('auth').notNullable().defaultTo(false);
    t.uuid('content_page_id').references('content_pages.id').onDelete('CASCADE');
    t.string('iframe_title', 200);
    t.string('iframe_url', 2000);
    t.index(['pano_id']);
  });
  await knex.raw(
    check(
      'virtual_room_info_points',
      'one_target',
      '(content_page_id is not null and iframe_url is null and iframe_title is null) or (content_page_id is null and iframe_url is not null and iframe_title is not null)',
    ),
  );

  await knex.schema.createTable('virtual_room_tour_steps', (t) => {
    baseColumns(knex, t);
    t.uuid('virtual_room_id').notNullable().references('virtual_rooms.id').onDelete('CASCADE');
    t.uuid('pano_id').notNullable().references('virtual_room_panos.id').onDelete('CASCADE');
    t.string('title', 200).notNullable();
    t.text('text').notNullable().defaultTo('');
    t.uuid('audio_file_id').references('files.id').onDelete('SET NULL');
    t.double('azimuthal_angle').notNullable();
    t.double('polar_angle').notNullable();
    t.double('focal_length').notNullable();
    t.uuid('info_point_id').references('virtual_room_info_points.id').onDelete('SET NULL');
    t.integer('sort').notNullable().defaultTo(0);
    t.index(['virtual_room_id', 'sort']);
  });

  await knex.raw('alter table conventions drop constraint conventions_navigation_mode_chk');
  await knex.raw(check('conventions', 'navigation_mode', "navigation_mode in ('DEFAULT','IMAGE_FOYER','VIRTUAL_ROOM')"));
  await knex.schema.alterTable('conventions', (t) => {
    t.uuid('virtual_room_id').references('virtual_rooms.id').onDelete('SET NULL');
  });
  await knex.schema.alterTable('points', (t) => {
    t.uuid('virtual_room_id').references('virtual_rooms.id').onDelete('SET NULL');
  });

  await knex.schema.alterTable('object_tokens', (t) => {
    t.uuid('virtual_room_id').references('virtual_rooms.id').onDelete('CASCADE');
    t.unique(['virtual_room_id', 'token']);
  });
  await knex.raw('alter table object_tokens drop constraint object_tokens_one_object_chk');
  await knex.raw(`alter table object_tokens add constraint object_tokens_one_object_chk check (${FIVE_OBJECTS})`);
  await knex.schema.alterTable('object_permissions', (t) => {
    t.uuid('virtual_room_id').references('virtual_rooms.id').onDelete('CASCADE');
    t.unique(['user_id', 'virtual_room_id']);
    t.index(['virtual_room_id']);
  });
  await knex.raw('alter table object_permissions drop constraint object_permissions_one_object_chk');
  await knex.raw(`alter table object_permissions add constraint object_permissions_one_object_chk check (${FIVE_OBJECTS})`);
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['object_permissions', 'object_tokens']) {
    await knex(table).whereNotNull('virtual_room_id').delete();
    await knex.raw(`alter table ${table} drop constraint ${table}_one_object_chk`);
    await knex.raw(`alter table ${table} add constraint ${table}_one_object_chk check (${FOUR_OBJECTS})`);
    await knex.schema.alterTable(table, (t) => t.dropColumn('virtual_room_id'));
  }
  await knex.schema.alterTable('points', (t) => t.dropColumn('virtual_room_id'));
  await knex.schema.alterTable('conventions', (t) => t.dropColumn('virtual_room_id'));
  await knex('conventions').where({ navigation_mode: 'VIRTUAL_ROOM' }).update({ navigation_mode: 'DEFAULT' });
  await knex.raw('alter table conventions drop constraint conventions_navigation_mode_chk');
  await knex.raw(check('conventions', 'navigation_mode', "navigation_mode in ('DEFAULT','IMAGE_FOYER')"));
  await knex.raw('alter table virtual_rooms drop constraint virtual_rooms_initial_pano_fk');
  for (const table of ['virtual_room_tour_steps', 'virtual_room_info_points', 'virtual_room_nav_points', 'virtual_room_panos', 'virtual_rooms']) {
    await knex.schema.dropTableIfExists(table);
  }
}
