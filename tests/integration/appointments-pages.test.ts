import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Feature, Package } from '~/lib/features';
import { navItems } from '~/lib/nav/appointments';
import * as consolePage from '~/routes/_console.appointments/route';
import { createTestApp, type TestApp } from '../helpers/app';
import { callRoute } from '../helpers/routes';
import { addMember, createOrganization, createUser } from '../fixtures/factories';

/**
 * The pages of appointments (issue 27): the console's /appointments that the sidebar links to, who may open it.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function memberOf(suites: number) {
  const org = await createOrganization(t.app.db, { suites });
  const user = await createUser(t.app.db, { default_language: 'EN' });
  await addMember(t.app.db, org.id, user.id, { isOwner: true });
  return { org, user };
}

describe('console /appointments', () => {
  it('the sidebar item leads to a page that answers (no 404) with the booking links to share', async () => {
    const item = navItems.find((entry) => entry.key === 'appointments');
    expect(item).toMatchObject({ to: '/appointments', feature: 'appointment' });
    const { org, user } = await memberOf(Package.BASIC);
    const page = await callRoute(t, consolePage.loader, { url: item!.to, userId: user.id });
    expect(page.status).toBe(200);
    const data = page.data as { organizationLink: string; ownLink: string };
    expect(data.organizationLink).toMatch(new RegExp(`/book/${org.slug}$`));
    expect(data.ownLink).toMatch(new RegExp(`/book/${org.slug}/${user.id}$`));
  });

  it('anonymous visitors go to the login; an organisation without the appointment feature to /missing-feature', async () => {
    const anonymous = await callRoute(t, consolePage.loader, { url: '/appointments', userId: null });
    expect(anonymous).toMatchObject({ status: 302, location: `/login?next=${encodeURIComponent('/appointments')}` });
    const { user } = await memberOf(Package.BASIC & ~Feature.appointment);
    const without = await callRoute(t, consolePage.loader, { url: '/appointments', userId: user.id });
    expect(without).toMatchObject({ status: 302, location: '/missing-feature/appointment' });
  });
});
