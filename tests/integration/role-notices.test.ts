import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Feature, Package } from '~/lib/features';
import * as dashboard from '~/routes/_console._index';
import * as editOrganisation from '~/routes/_console.edit-organisation';
import * as events from '~/routes/_console.events._index';
import * as missingFeature from '~/routes/_console.missing-feature.$feature';
import * as orgList from '~/routes/_console.orgmanagement._index';
import * as switchOrganisation from '~/routes/_console.switch-organisation';
import * as organizationSwitch from '~/routes/resources.organization-switch';
import { createTestApp, type TestApp } from '../helpers/app';
import { callRoute } from '../helpers/routes';
import { addMember, createOrganization, createUser } from '../fixtures/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function world() {
  const db = t.app.db;
  const acme = await createOrganization(db, { suites: Package.BASIC | Package.EVENT });
  const platform = await createOrganization(db, { name: `Platform ${Date.now()}`, suites: Package.BASIC | Feature.platformAdmin });
  const en = { default_language: 'EN' };
  const owner = await createUser(db, { ...en, first_name: 'Olga', last_name: 'Owner' });
  const admin = await createUser(db, { ...en, first_name: 'Anton', last_name: 'Admin' });
  const sales = await createUser(db, en);
  // the staff member works in acme now (addMember keeps a default organisation that is set)
  const staff = await createUser(db, { ...en, is_staff: true, first_name: 'Stefan', last_name: 'Staff', default_organization_id: acme.id });
  await addMember(db, acme.id, owner.id, { isOwner: true });
  await addMember(db, acme.id, admin.id);
  await addMember(db, acme.id, sales.id, { role: 'sales', sales: true });
  await addMember(db, platform.id, staff.id, { isOwner: true });
  await addMember(db, acme.id, staff.id);
  return { acme, platform, owner, admin, sales, staff };
}

describe('a sales user on a page their role does not allow', () => {
  it('is told it is their role, not the booking, and whom to ask', async () => {
    const w = await world();
    // the organisation has booked the event suite; the sales user's role does not include it
    const page = await callRoute(t, events.loader, { url: '/events', userId: w.sales.id });
    expect(page).toMatchObject({ status: 302, location: '/missing-feature/event' });
    const notice = await callRoute(t, missingFeature.loader, { url: '/missing-feature/event', userId: w.sales.id, params: { feature: 'event' } });
    expect(notice).toMatchObject({
      status: 403,
      data: {
        reason: 'role',
        admins: [
          { name: 'Olga Owner', email: w.owner.email },
          { name: 'Anton Admin', email: w.admin.email },
          { name: 'Stefan Staff', email: w.staff.email },
        ],
      },
    });
    expect(JSON.stringify(notice.data)).not.toContain(w.sales.email);
  });

  it('is told the suite is not booked when the organisation really lacks it', async () => {
    const w = await world();
    const notice = await callRoute(t, missingFeature.loader, { url: '/missing-feature/salesHub', userId: w.sales.id, params: { feature: 'salesHub' } });
    expect(notice).toMatchObject({ status: 403, data: { reason: 'suite', suite: 'sales' } });
  });

  it('an admin missing a suite is told it is not booked', async () => {
    const w = await world();
    const notice = await callRoute(t, missingFeature.loader, { url: '/missing-feature/salesHub', userId: w.owner.id, params: { feature: 'salesHub' } });
    expect(notice).toMatchObject({ status: 403, data: { reason: 'suite', suite: 'sales' } });
  });

  it('the organisation page (the account menu leaves it out for them) tells the same', async () => {
    const w = await world();
    const page = await callRoute(t, editOrganisation.loader, { url: '/edit-organisation', userId: w.sales.id });
    expect(page).toMatchObject({ status: 302, location: '/missing-feature/userManagement' });
    const notice = await callRoute(t, missingFeature.loader, {
      url: '/missing-feature/userManagement',
      userId: w.sales.id,
      params: { feature: 'userManagement' },
    });
    expect(notice.data).toMatchObject({ reason: 'role' });
  });
});

describe('the dashboard shows each role what it can act on', () => {
  it('an admin: events, stands waiting for approval, open invites and the checklist', async () => {
    const w = await world();
    const res = await callRoute(t, dashboard.loader, { url: '/', userId: w.owner.id });
    expect(res.data).toMatchObject({
      board: {
        role: 'admin',
        counts: [
          { key: 'events', count: 0, href: '/events' },
          { key: 'standsAwaitingApproval', count: 0 },
          { key: 'openInvites', count: 0 },
        ],
        steps: [{ key: 'profile' }, { key: 'team' }, { key: 'privacy' }],
      },
    });
  });

  it('a sales user: no set-up checklist, only what they may open', async () => {
    const w = await world();
    const res = await callRoute(t, dashboard.loader, { url: '/', userId: w.sales.id });
    expect(res.data).toEqual({
      board: {
        role: 'sales',
        links: [
          { key: 'userContact', href: '/user-contact' },
          { key: 'help', href: '/help' },
        ],
      },
    });
  });
});

describe('platform staff in an organisation without the platform-admin suite', () => {
  it('are told to switch to the platform organisation, with the switch at hand', async () => {
    const w = await world();
    expect(await callRoute(t, orgList.loader, { url: '/orgmanagement', userId: w.staff.id })).toMatchObject({ status: 302, location: '/missing-feature/platformAdmin' });
    const notice = await callRoute(t, missingFeature.loader, {
      url: '/missing-feature/platformAdmin',
      userId: w.staff.id,
      params: { feature: 'platformAdmin' },
    });
    expect(notice).toMatchObject({ status: 403, data: { reason: 'switchOrganization', organizations: [{ id: w.platform.id, name: w.platform.name }] } });
  });

  it('a member who is not staff is told the suite is not booked', async () => {
    const w = await world();
    const notice = await callRoute(t, missingFeature.loader, { url: '/missing-feature/platformAdmin', userId: w.owner.id, params: { feature: 'platformAdmin' } });
    expect(notice.data).toMatchObject({ reason: 'suite', suite: 'admin' });
  });
});

describe('switching organisation asks first', () => {
  it('the confirmation page names both organisations; only confirming switches and logs out', async () => {
    const w = await world();
    const confirm = await callRoute(t, switchOrganisation.loader, { url: `/switch-organisation?organizationId=${w.platform.id}`, userId: w.staff.id });
    expect(confirm).toMatchObject({ status: 200, data: { target: { id: w.platform.id, name: w.platform.name }, current: w.acme.name, alreadyCurrent: false } });
    // looking at the question changes nothing
    expect((await t.app.db('users').where({ id: w.staff.id }).first('default_organization_id')).default_organization_id).toBe(w.acme.id);
    const res = await callRoute(t, organizationSwitch.action, { url: '/resources/organization-switch', userId: w.staff.id, form: { organizationId: w.platform.id } });
    expect(res).toMatchObject({ status: 302, location: '/login', toast: { key: 'org:toast.switched' } });
    expect((await t.app.db('users').where({ id: w.staff.id }).first('default_organization_id')).default_organization_id).toBe(w.platform.id);
  });

  it('an organisation the member does not belong to is not found', async () => {
    const w = await world();
    const res = await callRoute(t, switchOrganisation.loader, { url: `/switch-organisation?organizationId=${w.platform.id}`, userId: w.owner.id });
    expect(res.status).toBe(404);
  });
});
