import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Package } from '~/lib/features';
import { loadViewer } from '~/server/viewer.server';
import * as factories from '../fixtures/factories';
import { freshDatabase, type TestDatabase } from '../helpers/database';

let database: TestDatabase;

beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.drop());

const count = async (table: string) => Number((await database.db(table).count<{ count: number }[]>('* as count'))[0].count);

describe('factories', () => {
  it('build a valid row (parents included) with one call and no arguments', async () => {
    const db = database.db;
    const calls: [string, () => Promise<unknown>][] = [
      ['users', () => factories.createUser(db)],
      ['organizations', () => factories.createOrganization(db)],
      ['invites', () => factories.createInvite(db)],
      ['addresses', () => factories.createAddress(db)],
      ['account_tokens', () => factories.createAccountToken(db)],
      ['files', () => factories.createFile(db)],
      ['video_thumbnails', () => factories.createVideoThumbnail(db)],
      ['conventions', () => factories.createConvention(db)],
      ['stages', () => factories.createStage(db)],
      ['schedule_entries', () => factories.createScheduleEntry(db)],
      ['on_demand_contents', () => factories.createOnDemandContent(db)],
      ['exhibitions', () => factories.createExhibition(db)],
      ['halls', () => factories.createHall(db)],
      ['base_stands', () => factories.createStand(db)],
      ['stand_nodes', () => factories.createStandNode(db)],
      ['points', () => factories.createPoint(db)],
      ['image_foyers', () => factories.createImageFoyer(db)],
      ['foyer_points', () => factories.createFoyerPoint(db)],
      ['content_groups', () => factories.createContentGroup(db)],
      ['content_objects', () => factories.createContentObject(db)],
      ['icons', () => factories.createIcon(db)],
      ['content_pages', () => factories.createContentPage(db)],
      ['content_page_translations', () => factories.createContentPageTranslation(db)],
      ['personalizations', () => factories.createPersonalization(db)],
      ['publicsites', () => factories.createPublicsite(db)],
      ['virtual_rooms', () => factories.createVirtualRoom(db)],
      ['virtual_room_panos', () => factories.createVirtualRoomPano(db)],
      ['virtual_room_nav_points', () => factories.createVirtualRoomNavPoint(db)],
      ['virtual_room_info_points', () => factories.createVirtualRoomInfoPoint(db)],
      ['virtual_room_tour_steps', () => factories.createVirtualRoomTourStep(db)],
      ['lead_forms', () => factories.createLeadForm(db)],
      ['leads', () => factories.createLead(db)],
      ['lead_tracks', () => factories.createLeadTrack(db)],
      ['appointment_settings', () => factories.createAppointmentSettings(db)],
      ['appointment_slots', () => factories.createAppointmentSlot(db)],
      ['appointment_bookings', () => factories.createAppointmentBooking(db)],
      ['chat_settings', () => factories.createChatSettings(db)],
      ['chat_operators', () => factories.createChatOperator(db)],
      ['chat_conversations', () => factories.createChatConversation(db)],
      ['chat_messages', () => factories.createChatMessage(db)],
    ];
    for (const [table, call] of calls) {
      const before = await count(table);
      await call();
      expect(await count(table), table).toBe(before + 1);
    }
  });

  it('link children to their parents, with the parent organisation and the overrides given', async () => {
    const db = database.db;
    const org = await factories.createOrganization(db, { suites: Package.BASIC | Package.EVENT });
    const convention = await factories.createConvention(db, {
      organization_id: org.id,
      permission_type: 'TOKEN',
      translations: { DE: { title: 'Messe' }, EN: { title: 'Fair' } },
    });
    const stage = await factories.createStage(db, { conventionId: convention.id });
    const hall = await factories.createHall(db, { conventionId: convention.id });
    const secondHall = await factories.createHall(db, { conventionId: convention.id });
    const stand = await factories.createStand(db);
    const placed = await factories.addStandToHall(db, { hall_id: hall.id, stand_id: stand.id, approved: false });
    const key = await factories.createAccessKey(db, { convention_id: convention.id, limit: 5 });
    const permission = await factories.grantAccess(db, { convention_id: convention.id, token_id: key.id });

    expect(convention).toMatchObject({ organization_id: org.id, permission_type: 'TOKEN', active: true });
    expect(await db('convention_translations').where({ convention_id: convention.id }).orderBy('language').pluck('title')).toEqual(['Messe', 'Fair']);
    expect(stage.organization_id).toBe(org.id);
    expect(await db('convention_stages').where({ convention_id: convention.id }).pluck('stage_id')).toEqual([stage.id]);
    expect(await db('convention_halls').where({ convention_id: convention.id }).orderBy('order').pluck('hall_id')).toEqual([hall.id, secondHall.id]);
    expect(placed).toMatchObject({ organization_id: org.id, approved: false, stand_accepted: true, slug: stand.slug });
    expect(key).toMatchObject({ organization_id: org.id, limit: 5, signed_up: 0 });
    expect(permission).toMatchObject({ organization_id: org.id, suspended: false });
  });

  it('make members whose viewer carries the organisation, role and features', async () => {
    const db = database.db;
    const org = await factories.createOrganization(db, { suites: Package.BASIC });
    const user = await factories.createUser(db, { default_language: 'EN', password: 'Messe-Demo-2026!' });
    await factories.addMember(db, org.id, user.id, { role: 'admin', isOwner: true });
    const viewer = await loadViewer(db, user.id);
    expect(viewer).toMatchObject({ organization: { id: org.id }, role: 'admin', isOwner: true, defaultLanguage: 'EN' });
    expect(user.password_hash).toMatch(/^\$argon2id\$/);
  });
});
