import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Package } from '~/lib/features';
import * as userContact from '~/routes/_console.user-contact';
import { readToast } from '~/server/toast.server';
import { createTestApp, type TestApp } from '../helpers/app';
import { callRoute, loadContext } from '../helpers/routes';
import { addMember, createOrganization, createUser } from '../fixtures/factories';
import { png } from './files-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function member() {
  const organization = await createOrganization(t.app.db, { suites: Package.BASIC });
  const user = await createUser(t.app.db, { default_language: 'EN', first_name: 'Clara', last_name: 'Schuhmann' });
  await addMember(t.app.db, organization.id, user.id, { isOwner: true });
  return user;
}

const ADDRESS = {
  intent: 'address',
  companyName: 'Messebau Schuhmann GmbH',
  streetAddress1: 'Hafenstraße',
  houseNo: '12a',
  postalCode: '20457',
  city: 'Hamburg',
  country: 'DE',
  phone: '040 123456',
};

describe('contact card page (/user-contact)', () => {
  it('shows the account and an empty business card with Germany preselected', async () => {
    const user = await member();
    const res = await callRoute(t, userContact.loader, { url: '/user-contact', userId: user.id });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({
      title: 'Contact card',
      profile: { firstName: 'Clara', lastName: 'Schuhmann', avatarUrl: null },
      address: { country: 'DE' },
    });
    expect((res.data as { countries: { id: string }[] }).countries.map((c) => c.id)).toContain('AT');
  });

  it('updates name and language with a toast', async () => {
    const user = await member();
    const res = await callRoute(t, userContact.action, {
      url: '/user-contact',
      userId: user.id,
      form: { intent: 'account', firstName: 'Clara M.', lastName: 'Schuhmann', defaultLanguage: 'DE' },
    });
    expect(res).toMatchObject({ status: 302, location: '/user-contact', toast: { type: 'success', key: 'auth:contact.accountUpdated' } });
    expect(await t.app.db('users').where({ id: user.id }).first()).toMatchObject({ first_name: 'Clara M.', default_language: 'DE' });
  });

  it('answers an account form that fails its schema at the field, with the form-level request to correct it', async () => {
    const user = await member();
    const res = await callRoute(t, userContact.action, {
      url: '/user-contact',
      userId: user.id,
      form: { intent: 'account', firstName: '', lastName: 'Schuhmann', defaultLanguage: 'DE' },
    });
    expect(res.status).toBe(400);
    expect(res.data).toMatchObject({
      form: 'account',
      result: { error: { '': ['Please correct the marked fields and try again'], firstName: [expect.any(String)] } },
    });
  });

  it('requires all business-card data and names the invalid phone number', async () => {
    const user = await member();
    const empty = await callRoute(t, userContact.action, { url: '/user-contact', userId: user.id, form: { intent: 'address', country: 'DE' } });
    expect(empty.status).toBe(400);
    expect(empty.data).toMatchObject({
      form: 'address',
      result: { error: { '': ['Please correct the marked fields and try again'], companyName: ['This field is required'] } },
    });

    // plausible characters, but no real German number: only the service (libphonenumber) can tell
    const invalid = await callRoute(t, userContact.action, {
      url: '/user-contact',
      userId: user.id,
      form: { ...ADDRESS, phone: '0000 00' },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.data).toMatchObject({ result: { error: { phone: ['The phone number entered is not valid'] } } });
    expect(await t.app.db('addresses').where({ user_id: user.id }).first()).toBeUndefined();
  });

  it('adds the address, then updates it, with the names of the account', async () => {
    const user = await member();
    const added = await callRoute(t, userContact.action, { url: '/user-contact', userId: user.id, form: ADDRESS });
    expect(added).toMatchObject({ status: 302, toast: { type: 'success', key: 'auth:contact.addressAdded' } });
    const updated = await callRoute(t, userContact.action, {
      url: '/user-contact',
      userId: user.id,
      form: { ...ADDRESS, city: 'Bremen', postalCode: '28195' },
    });
    expect(updated).toMatchObject({ status: 302, toast: { type: 'success', key: 'auth:contact.addressUpdated' } });
    expect(await t.app.db('addresses').where({ user_id: user.id })).toEqual([
      expect.objectContaining({ city: 'Bremen', first_name: 'Clara', last_name: 'Schuhmann', phone: '+4940123456' }),
    ]);
  });

  it('sets the avatar from an uploaded image and refuses someone else\'s file', async () => {
    const user = await member();
    const [file] = await t.app
      .db('files')
      .insert({ filename: 'a.jpg', mime_type: 'image/jpeg', size: 10, storage_key: `test/${user.id}`, uploaded_by_id: user.id })
      .returning('id');
    const res = await callRoute(t, userContact.action, { url: '/user-contact', userId: user.id, form: { intent: 'avatar', avatarId: file.id } });
    expect(res).toMatchObject({ status: 302, toast: { type: 'success', key: 'auth:avatar.updated' } });
    expect(await t.app.db('users').where({ id: user.id }).first('avatar_id')).toEqual({ avatar_id: file.id });
    const other = await member();
    const denied = await callRoute(t, userContact.action, {
      url: '/user-contact',
      userId: other.id,
      form: { intent: 'avatar', avatarId: file.id },
    });
    expect(denied).toMatchObject({ status: 302, toast: { type: 'error', key: 'errors:generic' } });
  });

  it('stores a picture posted without JavaScript as the avatar', async () => {
    const user = await member();
    const body = new FormData();
    body.append('intent', 'avatar-file');
    body.append('file', new Blob([png(40, 30)], { type: 'image/png' }), 'me.png');
    const request = new Request('http://localhost/user-contact', {
      method: 'POST',
      headers: { cookie: await t.sessionCookie(user.id), 'accept-language': 'en' },
      body,
    });
    const context = await loadContext(t, request);
    const res = (await userContact.action({ request, context, params: {} })) as Response;
    expect(res.status).toBe(302);
    const toast = await readToast(new Request('http://localhost', { headers: { cookie: res.headers.get('set-cookie')!.split(';')[0] } }));
    expect(toast.toast).toMatchObject({ type: 'success', key: 'auth:avatar.updated' });
    const row = await t.app.db('users').where({ id: user.id }).first('avatar_id');
    expect(row.avatar_id).toBeTruthy();
    const shown = await callRoute(t, userContact.loader, { url: '/user-contact', userId: user.id });
    expect(shown.data).toMatchObject({ profile: { avatarUrl: `/files/${row.avatar_id}` } });
  });
});
