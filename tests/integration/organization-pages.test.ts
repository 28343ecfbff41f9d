import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Feature, Package } from '~/lib/features';
import * as editOrganisation from '~/routes/_console.edit-organisation';
import * as onboarding from '~/routes/_console.onboarding';
import * as dashboard from '~/routes/_console._index';
import * as orgDetail from '~/routes/_console.orgmanagement.$orgSlug';
import * as orgList from '~/routes/_console.orgmanagement._index';
import * as missingFeature from '~/routes/_console.missing-feature.$feature';
import * as invites from '~/routes/_console.invites';
import * as organizationSwitch from '~/routes/resources.organization-switch';
import { createTestApp, type TestApp } from '../helpers/app';
import { callRoute } from '../helpers/routes';
import { addMember, createInvite, createOrganization, createUser } from '../fixtures/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function world(acmeSuites: number = Package.BASIC | Package.EVENT) {
  const db = t.app.db;
  const acme = await createOrganization(db, { suites: acmeSuites });
  const other = await createOrganization(db, { suites: Package.BASIC });
  const platform = await createOrganization(db, { suites: Package.BASIC | Feature.platformAdmin });
  const en = { default_language: 'EN' };
  const owner = await createUser(db, en);
  const sales = await createUser(db, en);
  const stranger = await createUser(db, en);
  const staff = await createUser(db, { ...en, is_staff: true });
  const loner = await createUser(db, en);
  await addMember(db, acme.id, owner.id, { isOwner: true });
  await addMember(db, acme.id, sales.id, { role: 'sales', sales: true });
  await addMember(db, other.id, stranger.id, { isOwner: true });
  await addMember(db, platform.id, staff.id, { isOwner: true });
  return { acme, other, owner, sales, stranger, staff, loner };
}

describe('onboarding page', () => {
  it('creates an organisation from the form and sends the user to the dashboard with a toast', async () => {
    const user = await createUser(t.app.db, { default_language: 'EN' });
    const name = `Page Fair ${Date.now()}`;
    const res = await callRoute(t, onboarding.action, { url: '/onboarding', userId: user.id, form: { intent: 'create', name } });
    expect(res).toMatchObject({ status: 302, location: '/', toast: { type: 'success', key: 'org:toast.created', values: { name } } });
    const again = await callRoute(t, onboarding.loader, { url: '/onboarding', userId: user.id });
    expect(again).toMatchObject({ status: 302, location: '/' });
  });

  it('answers a taken name with the field error and the correct-the-fields message', async () => {
    const w = await world();
    const user = await createUser(t.app.db, { default_language: 'EN' });
    const res = await callRoute(t, onboarding.action, {
      url: '/onboarding',
      userId: user.id,
      form: { intent: 'create', name: w.acme.name },
    });
    expect(res.status).toBe(400);
    expect(res.data).toMatchObject({
      form: 'organization-create',
      result: { error: { '': ['Please correct the marked fields and try again'], name: ['An organisation with this name already exists'] } },
    });
  });

  it('validates the form with translated messages', async () => {
    const user = await createUser(t.app.db, { default_language: 'DE' });
    const res = await callRoute(t, onboarding.action, { url: '/onboarding', userId: user.id, form: { intent: 'create', name: '' } });
    expect(res.status).toBe(400);
    expect(res.data).toMatchObject({ form: 'organization-create', result: { error: { name: ['Dieses Feld ist ein Pflichtfeld'] } } });
  });
});

describe('edit-organisation page door enforces the same rules as GraphQL', () => {
  it('lets the owner invite and refuses the sales user', async () => {
    const w = await world();
    const email = `page-invite-${Date.now()}@test.example`;
    const ok = await callRoute(t, editOrganisation.action, { url: '/edit-organisation', userId: w.owner.id, form: { intent: 'invite', email, role: 'sales' } });
    expect(ok).toMatchObject({ status: 302, toast: { key: 'org:toast.invited', values: { email } } });
    const denied = await callRoute(t, editOrganisation.action, {
      url: '/edit-organisation',
      userId: w.sales.id,
      form: { intent: 'invite', email: `x-${email}`, role: 'admin' },
    });
    // a sales user lacks the user-management feature: the feature guard sends them away before the service
    expect(denied).toMatchObject({ status: 302, location: '/missing-feature/userManagement' });
  });

  it('refuses to remove the owner, with the message as toast', async () => {
    const w = await world();
    const admin = await createUser(t.app.db, { default_language: 'EN' });
    await addMember(t.app.db, w.acme.id, admin.id, { role: 'admin' });
    const res = await callRoute(t, editOrganisation.action, { url: '/edit-organisation', userId: admin.id, form: { intent: 'remove', id: w.owner.id } });
    expect(res).toMatchObject({ status: 302, toast: { type: 'error', values: { message: 'The owner of the organisation cannot be removed' } } });
    expect(await t.app.db('organization_members').where({ organization_id: w.acme.id, user_id: w.owner.id }).first()).toBeTruthy();
  });

  it('sends anonymous visitors to login and members without organisation to onboarding', async () => {
    const w = await world();
    expect(await callRoute(t, editOrganisation.loader, { url: '/edit-organisation' })).toMatchObject({
      status: 302,
      location: '/login?next=%2Fedit-organisation',
    });
    expect(await callRoute(t, editOrganisation.loader, { url: '/edit-organisation', userId: w.loner.id })).toMatchObject({
      status: 302,
      location: '/onboarding',
    });
  });
});

describe('platform administration pages', () => {
  it('are 404 for non-staff and list organisations for staff', async () => {
    const w = await world();
    expect(await callRoute(t, orgList.loader, { url: '/orgmanagement', userId: w.owner.id })).toMatchObject({ status: 404 });
    const res = await callRoute(t, orgList.loader, { url: `/orgmanagement?q=${encodeURIComponent(w.acme.name)}`, userId: w.staff.id });
    expect(res.data).toMatchObject({ totalCount: 1, organizations: [{ slug: w.acme.slug, members: 2 }] });
  });

  it('removing the basic suite also removes event and sales; their pages then redirect to missing-feature', async () => {
    const w = await world(Package.BASIC | Package.EVENT | Package.SALES);
    const res = await callRoute(t, orgDetail.action, {
      url: `/orgmanagement/${w.acme.slug}`,
      userId: w.staff.id,
      params: { orgSlug: w.acme.slug },
      form: {
        previousPackage: ['BASIC', 'EVENT', 'SALES'],
        package: ['EVENT', 'SALES'],
        feature: ['content', 'personalization', 'userManagement', 'lead', 'salesHub', 'event', 'email', 'chats', 'appointment'],
      },
    });
    expect(res).toMatchObject({ status: 302, toast: { key: 'org:toast.suitesSaved' } });
    const org = await t.app.db('organizations').where({ id: w.acme.id }).first('suites');
    expect(org.suites & (Feature.event | Feature.salesHub | Feature.chats)).toBe(0);
    expect(org.suites & Feature.lead).toBe(0);

    // the owner's next request carries the new mask: an event-feature route sends them to /missing-feature
    const ctx = await t.serviceContext(w.owner.id);
    expect(ctx.viewer!.features & Feature.event).toBe(0);
    const page = await callRoute(t, missingFeature.loader, { url: '/missing-feature/event', userId: w.owner.id, params: { feature: 'event' } });
    expect(page).toMatchObject({ status: 403, data: { suite: 'event' } });
  });
});

describe('organisation switch', () => {
  it('switches to another own organisation and asks for a new login', async () => {
    const w = await world();
    await addMember(t.app.db, w.other.id, w.owner.id);
    const res = await callRoute(t, organizationSwitch.action, { url: '/resources/organization-switch', userId: w.owner.id, form: { organizationId: w.other.id } });
    expect(res).toMatchObject({ status: 302, location: '/login', toast: { key: 'org:toast.switched' } });
    const user = await t.app.db('users').where({ id: w.owner.id }).first('default_organization_id');
    expect(user.default_organization_id).toBe(w.other.id);
  });

  it('shows the permission-denied message for a foreign organisation', async () => {
    const w = await world();
    const res = await callRoute(t, organizationSwitch.action, { url: '/resources/organization-switch', userId: w.owner.id, form: { organizationId: w.other.id } });
    expect(res).toMatchObject({ status: 302, toast: { type: 'error', key: 'errors:permissionDenied' } });
  });
});

describe('dashboard', () => {
  it('builds the getting-started checklist from the organisation state', async () => {
    const w = await world();
    const before = await callRoute(t, dashboard.loader, { url: '/', userId: w.owner.id });
    expect(before.data).toMatchObject({
      board: {
        role: 'admin',
        steps: [
          { key: 'profile', done: false },
          { key: 'team', done: true },
          { key: 'privacy', done: false },
        ],
      },
    });
    await t.app.db('organizations').where({ id: w.acme.id }).update({
      phone: '+49 30 123456',
      street_address: 'Messedamm',
      city: 'Berlin',
      imprint: 'Acme GmbH',
      data_privacy_url: 'https://acme.example/privacy',
    });
    const after = await callRoute(t, dashboard.loader, { url: '/', userId: w.owner.id });
    expect((after.data as { board: { steps: { done: boolean }[] } }).board.steps.every((s) => s.done)).toBe(true);
  });

  it('sends visitors to login and members without organisation to onboarding', async () => {
    const w = await world();
    expect(await callRoute(t, dashboard.loader, { url: '/' })).toMatchObject({ status: 302, location: '/login?next=%2F' });
    expect(await callRoute(t, dashboard.loader, { url: '/', userId: w.loner.id })).toMatchObject({ status: 302, location: '/onboarding' });
  });
});

describe('invites page', () => {
  it('joins through the mail link with a toast naming the organisation; a used link goes back with the reason', async () => {
    const w = await world();
    const invitee = await createUser(t.app.db, { default_language: 'EN' });
    const { invite, token } = await createInvite(t.app.db, { organization_id: w.acme.id, email: invitee.email });
    const form = { email: invite.email, token };
    const joined = await callRoute(t, invites.action, { url: '/invites', userId: invitee.id, form });
    expect(joined).toMatchObject({ status: 302, location: '/', toast: { type: 'success', key: 'org:toast.joined', values: { name: w.acme.name } } });
    const again = await callRoute(t, invites.action, { url: '/invites', userId: invitee.id, form });
    expect(again).toMatchObject({ status: 302, location: '/invites', toast: { type: 'error', key: 'errors:raw' } });
  });
});
