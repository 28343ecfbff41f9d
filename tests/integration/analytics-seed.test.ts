import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Package } from '~/lib/features';
import { seedAnalytics } from '~/server/seed/analytics';
import { visitStatistics } from '~/server/services/analytics';
import { createTestApp, type TestApp } from '../helpers/app';
import { addMember, addStandToHall, createConvention, createHall, createOrganization, createStand, createUser } from '../fixtures/factories';

/** The demo's four weeks of visits (issue 30): the host's /analytics is full on first start, and the rollups agree with the raw views. */

let t: TestApp;
let hostId: string;
let conventionId: string;

beforeAll(async () => {
  t = await createTestApp();
  const org = await createOrganization(t.app.db, { suites: Package.BASIC | Package.EVENT });
  const host = await createUser(t.app.db);
  await addMember(t.app.db, org.id, host.id, { role: 'admin', isOwner: true });
  hostId = host.id;
  const convention = await createConvention(t.app.db, { organization_id: org.id, slug: 'demo-analytics' });
  conventionId = convention.id;
  for (let h = 0; h < 2; h++) {
    const hall = await createHall(t.app.db, { conventionId: convention.id });
    for (let s = 0; s < 3; s++) await addStandToHall(t.app.db, { hall_id: hall.id, stand_id: (await createStand(t.app.db)).id });
  }
  await t.app.db.transaction((trx) => seedAnalytics(trx, { conventionSlug: 'demo-analytics' }));
});
afterAll(async () => {
  await t.close();
});

describe('demo analytics', () => {
  it('has four weeks of visits with recurring visitors, countries, devices, paths and top stands', async () => {
    const stats = await visitStatistics(await t.serviceContext(hostId), { conventionId });
    expect(stats.last4Weeks).toHaveLength(28);
    expect(stats.last4Weeks.filter((d) => d.total > 0).length).toBeGreaterThanOrEqual(27);
    expect(stats.recurringVisits).toBeGreaterThan(0);
    expect(stats.userVisits).toBeGreaterThan(500);
    expect(stats.geoVisits.map((g) => g.country)).toEqual(expect.arrayContaining(['DE', 'AT', 'CH']));
    expect(stats.devices.map((d) => d.name)).toEqual(expect.arrayContaining(['desktop', 'mobile']));
    expect(stats.visitPaths.length).toBeGreaterThan(3);
    expect(stats.topStands.length).toBe(6);
    expect(stats.averageTime).toBeGreaterThan(5);
    const raw = await t.app.db('analytics_events').where('convention_id', conventionId).count({ n: '*' }).first();
    expect(stats.visitCount).toBe(Number(raw!.n));
  });
});
