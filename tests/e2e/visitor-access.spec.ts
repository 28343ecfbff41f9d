import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { Package } from '../../app/lib/features';
import { hashPassword } from '../../app/server/auth/password.server';
import { createOrganization, createUser } from '../fixtures/factories';
import { expect, expectAccessible, necessaryCookiesOnly, test } from './fixtures';

/**
 * Access to conventions (spec 001 point 6): a LOGGED_IN convention sends a logged-out visitor to the login and back;
 * a TOKEN convention sends a logged-in visitor to /token, where a valid key lets them in and a wrong one is refused.
 */
test.use({ locale: 'en-GB', viewport: { width: 1280, height: 900 } });

const PASSWORD = 'Besuch-Messe-2026!';
const organizations: string[] = [];
const users: string[] = [];

test.afterEach(async ({ db }) => {
  if (users.length) await db('users').whereIn('id', users.splice(0)).delete();
  if (organizations.length) await db('organizations').whereIn('id', organizations.splice(0)).delete();
});

/** An active convention of a fresh host organisation, titled in English. */
async function convention(db: Knex, permissionType: 'LOGGED_IN' | 'TOKEN') {
  const stamp = crypto.randomBytes(4).toString('hex');
  const host = await createOrganization(db, { suites: Package.BASIC | Package.EVENT });
  organizations.push(host.id);
  const [row] = await db('conventions')
    .insert({ organization_id: host.id, slug: `zugang-${stamp}`, title: `Zugangsmesse ${stamp}`, active: true, permission_type: permissionType })
    .returning(['id', 'slug']);
  const title = `Access fair ${stamp}`;
  await db('convention_translations').insert({ convention_id: row.id, language: 'EN', title });
  return { id: row.id as string, slug: row.slug as string, title };
}

/** Visitors of non-public conventions are asked for their business card; this one has filled it in. */
async function completeCard(db: Knex, userId: string) {
  await db('addresses').insert({
    user_id: userId,
    company_name: 'Besuch GmbH',
    street_address_1: 'Messeweg',
    house_no: '1',
    postal_code: '50679',
    city: 'Köln',
    phone: '+49 221 5550199',
  });
}


test('a logged-out visitor of a LOGGED_IN convention logs in and comes back to it', async ({ page, db, baseURL }) => {
  const fair = await convention(db, 'LOGGED_IN');
  const email = `besuch-${crypto.randomBytes(4).toString('hex')}@test.example`;
  const visitor = await createUser(db, { email, default_language: 'EN', password_hash: await hashPassword(PASSWORD) });
  users.push(visitor.id);
  await completeCard(db, visitor.id);

  await necessaryCookiesOnly(page.context(), baseURL);
  await page.goto(`/convention/${fair.slug}`);
  await expect(page).toHaveURL(`/login?next=${encodeURIComponent(`/convention/${fair.slug}`)}`);
  await page.getByRole('textbox', { name: 'E-mail address' }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(`/convention/${fair.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: fair.title })).toBeVisible();
});

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? 'with JavaScript' : 'without JavaScript', () => {
    test.use({ javaScriptEnabled });

    test('a logged-in visitor of a TOKEN convention enters the key on /token; a wrong key is refused', async ({ page, db, login }) => {
      const fair = await convention(db, 'TOKEN');
      await db('object_tokens').insert({ organization_id: organizations.at(-1), convention_id: fair.id, token: 'PARTNER-2026', limit: 10 });
      const { userId } = await login({ language: 'EN' });
      await completeCard(db, userId);

      const path = `/convention/${fair.slug}`;
      await page.goto(path);
      await expect(page).toHaveURL(`/token?next=${encodeURIComponent(path)}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Access key' })).toBeVisible();
      await expect(page.getByText(`The convention “${fair.title}” is protected.`)).toBeVisible();
      if (javaScriptEnabled) await expectAccessible(page);

      const key = page.getByRole('textbox', { name: 'Access key' });
      await key.fill('WRONG-KEY');
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page.getByText('This access key is not valid')).toBeVisible();
      await expect(page).toHaveURL(/\/token/);
      await expect(key).toHaveAttribute('aria-invalid', 'true');

      await key.fill('PARTNER-2026');
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page).toHaveURL(path);
      await expect(page.getByRole('heading', { level: 1, name: fair.title })).toBeVisible();
      // toasts are shown by the page's script
      if (javaScriptEnabled) await expect(page.getByText(`Your access key was accepted. Welcome to “${fair.title}”!`)).toBeVisible();
      expect(await db('object_tokens').where({ convention_id: fair.id }).first('signed_up')).toEqual({ signed_up: 1 });
    });
  });
}
