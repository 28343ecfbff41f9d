import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Feature, Package } from '~/lib/features';
import * as orgList from '~/routes/_console.orgmanagement._index';
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
  const stamp = Date.now();
  const acme = await createOrganization(db, {
    suites: Package.BASIC,
    street_address: `Messedamm${stamp}`,
    house_no: '22',
    postal_code: '14055',
    city: 'Berlin',
    email: `office-${stamp}@acme.example`,
  });
  const platform = await createOrganization(db, { suites: Package.BASIC | Feature.platformAdmin });
  const member = await createUser(db, { email: `erika-${stamp}@members.example` });
  await addMember(db, acme.id, member.id);
  const staff = await createUser(db, { is_staff: true, default_language: 'EN' });
  await addMember(db, platform.id, staff.id, { isOwner: true });
  return { acme, stamp, member, staff };
}

describe('/orgmanagement search (page and GraphQL organizations)', () => {
  it('finds an organisation by its address, its e-mail and a member e-mail; the count is pluralised', async () => {
    const w = await world();
    const searches = [`Messedamm${w.stamp} 22`, `Messedamm${w.stamp} 22, 14055 Berlin`, `office-${w.stamp}@acme`, `erika-${w.stamp}@members.example`];
    const headers = await t.sessionHeaders(w.staff.id);
    for (const q of searches) {
      const page = await callRoute(t, orgList.loader, { url: `/orgmanagement?q=${encodeURIComponent(q)}`, userId: w.staff.id });
      expect(page.data, q).toMatchObject({ totalCount: 1, organizations: [{ slug: w.acme.slug }] });
      const api = await t.graphql(`query($s: String) { organizations(search: $s) { totalCount items { slug } } }`, { s: q }, { headers });
      expect(api.body, q).toMatchObject({ data: { organizations: { totalCount: 1, items: [{ slug: w.acme.slug }] } } });
    }
    const none = await callRoute(t, orgList.loader, { url: `/orgmanagement?q=${encodeURIComponent(`Nowhere${w.stamp}`)}`, userId: w.staff.id });
    expect(none.data).toMatchObject({ totalCount: 0 });
  });

  it('says "1 organisation" and "2 organisations" (and in German)', async () => {
    const i18next = (await import('i18next')).default;
    const { resources } = await import('../../locales/index');
    const i18n = i18next.createInstance();
    await i18n.init({ resources, lng: 'en', ns: ['org'], defaultNS: 'org', interpolation: { escapeValue: false } });
    expect(i18n.t('management.count', { count: 1 })).toBe('1 organisation');
    expect(i18n.t('management.count', { count: 2 })).toBe('2 organisations');
    await i18n.changeLanguage('de');
    expect(i18n.t('management.count', { count: 1 })).toBe('1 Organisation');
    expect(i18n.t('management.count', { count: 0 })).toBe('0 Organisationen');
  });
});
