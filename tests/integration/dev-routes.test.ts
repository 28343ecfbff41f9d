import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as hallAdmin from '~/routes/dev.hall-administration.$';
import * as select from '~/routes/dev.select';
import * as stageAdmin from '~/routes/dev.stage-administration';
import { createTestApp, type TestApp } from '../helpers/app';
import { callRoute } from '../helpers/routes';
import {
  addHallToConvention,
  addMember,
  addStandToHall,
  createConvention,
  createHall,
  createOrganization,
  createStage,
  createStand,
  createUser,
} from '../fixtures/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => {
  t.app.env.NODE_ENV = 'test';
});
const production = () => {
  t.app.env.NODE_ENV = 'production';
};

async function world() {
  const org = await createOrganization(t.app.db);
  const otherOrg = await createOrganization(t.app.db);
  const user = await createUser(t.app.db);
  await addMember(t.app.db, org.id, user.id);
  await addMember(t.app.db, otherOrg.id, user.id);
  const staff = await createUser(t.app.db, { is_staff: true });
  const member = await createUser(t.app.db);
  await addMember(t.app.db, org.id, member.id);
  const convention = await createConvention(t.app.db, { organization_id: org.id, permission_type: 'LOGGED_IN' });
  const hall = await createHall(t.app.db, { organization_id: org.id });
  await addHallToConvention(t.app.db, { convention_id: convention.id, hall_id: hall.id });
  const hallStand = await addStandToHall(t.app.db, { hall_id: hall.id, stand_id: (await createStand(t.app.db)).id });
  const stage = await createStage(t.app.db, { organization_id: org.id, conventionId: convention.id });
  return { org, otherOrg, user, staff, member, convention, hall, hallStand, stage };
}

describe('developer routes', () => {
  it('outside production anyone sees them: the lists, a hall with its stands and ids, the stages with theirs', async () => {
    const w = await world();
    const page = await callRoute(t, select.loader, { url: '/dev/select' });
    expect(page.status).toBe(200);
    const view = (page.data as { view: { mayImpersonate: boolean; users: { id: string; organizations: unknown[] }[]; conventions: { id: string }[] } }).view;
    expect(view.mayImpersonate).toBe(true);
    expect(view.users.find((u) => u.id === w.user.id)?.organizations).toHaveLength(2);
    expect(view.conventions.map((c) => c.id)).toContain(w.convention.id);

    const hall = await callRoute(t, hallAdmin.loader, { url: `/dev/hall-administration/${w.hall.slug}`, params: { '*': w.hall.slug } });
    expect(hall).toMatchObject({
      status: 200,
      data: {
        developerError: null,
        view: {
          hall: { id: w.hall.id, slug: w.hall.slug },
          stands: [{ id: w.hallStand.id, stand_id: w.hallStand.stand_id, slug: w.hallStand.slug }],
          conventions: [{ id: w.convention.id }],
        },
      },
    });
    const stages = await callRoute(t, stageAdmin.loader, { url: `/dev/stage-administration?convention=${w.convention.id}` });
    expect(stages).toMatchObject({
      status: 200,
      data: { view: { stages: [{ id: w.stage.id, slug: w.stage.slug, convention_id: w.convention.id }] } },
    });
    const all = await callRoute(t, stageAdmin.loader, { url: '/dev/stage-administration' });
    expect((all.data as { view: { stages: { id: string }[] } }).view.stages.map((s) => s.id)).toContain(w.stage.id);
  });

  it('the developer errors are 400 pages in the viewer’s language, never a crash', async () => {
    for (const [url, star] of [
      ['/dev/hall-administration/', ''],
      ['/dev/hall-administration/a/b', 'a/b'],
      ['/dev/hall-administration/%00x', '\u0000x'],
    ] as const) {
      const answer = await callRoute(t, hallAdmin.loader, { url, params: { '*': star } });
      expect(answer).toMatchObject({ status: 400, data: { view: null, developerError: expect.stringContaining('slug is not a string') } });
    }
    const noConvention = await callRoute(t, stageAdmin.loader, { url: '/dev/stage-administration?convention=not-an-id' });
    expect(noConvention).toMatchObject({ status: 400, data: { developerError: expect.stringContaining('no convention id') } });
    const w = await world();
    const jump = await callRoute(t, select.action, { url: '/dev/select', form: { userId: w.user.id, conventionId: '' } });
    expect(jump).toMatchObject({ status: 400, data: { developerError: expect.stringContaining('no convention id') } });
    const noUser = await callRoute(t, select.action, { url: '/dev/select', form: { conventionId: w.convention.id } });
    expect(noUser.status).toBe(400);
    const unknownHall = await callRoute(t, hallAdmin.loader, { url: '/dev/hall-administration/no-such-hall', params: { '*': 'no-such-hall' } });
    expect(unknownHall.status).toBe(404);
  });

  it('/dev/select jumps in outside production: logged in as the user, with the organisation picked, in the convention', async () => {
    const w = await world();
    const jump = await callRoute(t, select.action, {
      url: '/dev/select',
      form: { userId: w.user.id, organizationId: w.otherOrg.id, conventionId: w.convention.id },
    });
    expect(jump).toMatchObject({ status: 302, location: `/convention/${w.convention.slug}` });
    expect(await t.app.db('sessions').where({ user_id: w.user.id })).toHaveLength(1);
    expect(await t.app.db('users').where({ id: w.user.id }).first('default_organization_id')).toEqual({ default_organization_id: w.otherOrg.id });
    // an organisation the user is no member of is refused, and nothing happens
    const stranger = await createOrganization(t.app.db);
    const refused = await callRoute(t, select.action, { url: '/dev/select', form: { userId: w.member.id, organizationId: stranger.id, conventionId: w.convention.id } });
    expect(refused.status).toBe(403);
    expect(await t.app.db('sessions').where({ user_id: w.member.id })).toHaveLength(0);
  });

  it('in production: 404 for anonymous and ordinary users, lists for platform staff, and no one may log in as someone else', async () => {
    const w = await world();
    production();
    for (const userId of [null, w.user.id, w.member.id]) {
      expect((await callRoute(t, select.loader, { url: '/dev/select', userId })).status).toBe(404);
      expect((await callRoute(t, hallAdmin.loader, { url: `/dev/hall-administration/${w.hall.slug}`, params: { '*': w.hall.slug }, userId })).status).toBe(404);
      expect((await callRoute(t, stageAdmin.loader, { url: '/dev/stage-administration', userId })).status).toBe(404);
      // not even the developer errors tell them the routes exist
      expect((await callRoute(t, stageAdmin.loader, { url: '/dev/stage-administration?convention=x', userId })).status).toBe(404);
      const jump = await callRoute(t, select.action, { url: '/dev/select', userId, form: { userId: w.staff.id, conventionId: w.convention.id } });
      expect(jump.status).toBe(404);
    }
    const staffPage = await callRoute(t, select.loader, { url: '/dev/select', userId: w.staff.id });
    expect(staffPage).toMatchObject({ status: 200, data: { view: { mayImpersonate: false } } });
    const staffHall = await callRoute(t, hallAdmin.loader, { url: `/dev/hall-administration/${w.hall.slug}`, params: { '*': w.hall.slug }, userId: w.staff.id });
    expect(staffHall).toMatchObject({ status: 200, data: { view: { hall: { id: w.hall.id } } } });
    expect((await callRoute(t, stageAdmin.loader, { url: '/dev/stage-administration', userId: w.staff.id })).status).toBe(200);
    const sessionsBefore = (await t.app.db('sessions').where({ user_id: w.user.id })).length;
    const staffJump = await callRoute(t, select.action, { url: '/dev/select', userId: w.staff.id, form: { userId: w.user.id, conventionId: w.convention.id } });
    expect(staffJump).toMatchObject({ status: 403, data: { developerError: expect.stringContaining('im Produktivbetrieb nicht möglich') } });
    expect(await t.app.db('sessions').where({ user_id: w.user.id })).toHaveLength(sessionsBefore);
  });
});
