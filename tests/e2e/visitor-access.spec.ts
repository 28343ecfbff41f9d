import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { Package } from '../../app/lib/features';
import { hashPassword } from '../../app/server/auth/password.server';
import { createContentGroup, createContentObject, createOrganization, createUser } from '../fixtures/factories';
import type { Page } from '@playwright/test';
import { dismissWelcomeVideoUpfront, expect, expectAccessible, necessaryCookiesOnly, test } from './fixtures';

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
  // the login page says why it asks
  await expect(page.getByRole('note')).toHaveText(`The convention “${fair.title}” is for registered visitors. Please log in, or register first, to enter it.`);
  await expectAccessible(page);
  await page.getByRole('textbox', { name: 'E-mail address', exact: true }).fill(email);
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

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a logged-in visitor of a TOKEN content group enters its key on /token and comes back to the group', async ({ page, db, login }) => {
    const publisher = await createOrganization(db, { suites: Package.BASIC });
    organizations.push(publisher.id);
    const group = await createContentGroup(db, { organization_id: publisher.id, permission_type: 'TOKEN', name: 'Preisliste Händler' });
    await createContentObject(db, { group_id: group.id, value: '<p>Händlerpreise 2026</p>' });
    await db('object_tokens').insert({ organization_id: publisher.id, content_group_id: group.id, token: 'HAENDLER-2026', limit: 5 });
    await login({ language: 'EN' });

    const path = `/old/content/${group.slug}`;
    await page.goto(path);
    await expect(page).toHaveURL(`/token?next=${encodeURIComponent(path)}`);
    await expect(page.getByText('The content “Preisliste Händler” is protected. Please enter the access key you received from its publisher.')).toBeVisible();
    await page.getByRole('textbox', { name: 'Access key' }).fill('HAENDLER-2026');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(path);
    await expect(page.getByText('Händlerpreise 2026')).toBeVisible();
  });
});

test('a logged-out visitor of a TOKEN convention is told that it needs an access key', async ({ page, db, baseURL }) => {
  const fair = await convention(db, 'TOKEN');
  await necessaryCookiesOnly(page.context(), baseURL);
  await page.goto(`/convention/${fair.slug}/ondemand`);
  await expect(page).toHaveURL(`/login?next=${encodeURIComponent(`/convention/${fair.slug}/ondemand`)}`);
  await expect(page.getByRole('note')).toHaveText(
    `The convention “${fair.title}” needs an access key. Please log in (or register) first; then you enter the key you received from the organiser.`,
  );
  // a login without such a reason has no note
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
  await expect(page.getByRole('note')).toHaveCount(0);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('after the access key the business card is asked for: fields marked, the key message kept, closed once saved', async ({ page, db, login }) => {
    const fair = await convention(db, 'TOKEN');
    await db('object_tokens').insert({ organization_id: organizations.at(-1), convention_id: fair.id, token: 'KARTE-2026', limit: 10 });
    await login({ language: 'EN' });
    // (the welcome video, which would follow the card, was seen before)
    await dismissWelcomeVideoUpfront(page);
    const path = `/convention/${fair.slug}`;
    await page.goto(path);
    await page.getByRole('textbox', { name: 'Access key' }).fill('KARTE-2026');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(path);

    const card = page.getByRole('dialog', { name: 'Your business card' });
    await expect(card).toBeVisible();
    // the message of the key stays in view, inside the dialog that covers the page
    await expect(card.getByRole('status')).toHaveText(`Your access key was accepted. Welcome to “${fair.title}”!`);
    await expect(card.getByText('Fields marked * are required.')).toBeVisible();
    for (const name of ['Company', 'Street', 'House number', 'Postcode', 'City', 'Phone']) {
      const field = card.getByRole('textbox', { name });
      await expect(field).toHaveJSProperty('required', true);
      await expect(card.locator(`label[for="${await field.getAttribute('id')}"]`)).toHaveText(`${name}*`);
    }
    await expectAccessible(page);
    // it must be filled in first: no close button, Escape (twice) keeps it
    await expect(card.getByRole('button', { name: 'Close' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expect(card).toBeVisible();

    await card.getByRole('textbox', { name: 'Company' }).fill('Besuch GmbH');
    await card.getByRole('textbox', { name: 'Street' }).fill('Messeweg');
    await card.getByRole('textbox', { name: 'House number' }).fill('1');
    await card.getByRole('textbox', { name: 'Postcode' }).fill('50679');
    await card.getByRole('textbox', { name: 'City' }).fill('Köln');
    await card.getByRole('textbox', { name: 'Phone' }).fill('+49 221 5550199');
    await card.getByRole('button', { name: 'Save business card' }).click();
    await expect(card).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: fair.title })).toBeVisible();

    // opened again from the top bar it may be closed: Escape does
    await page.getByRole('banner').getByRole('link', { name: 'Business card' }).click();
    await expect(card).toBeVisible();
    await expect(card.getByRole('textbox', { name: 'Company' })).toHaveValue('Besuch GmbH');
    await page.keyboard.press('Escape');
    await expect(card).toBeHidden();
  });
});

test.describe('the language after logging in', () => {
  test.use({ viewport: { width: 1280, height: 900 } });
  const DEMO = '/convention/digitale-fachmesse-2026';

  async function visitor(db: Knex, language: 'DE' | 'EN') {
    const email = `sprache-${crypto.randomBytes(4).toString('hex')}@test.example`;
    const user = await createUser(db, { email, default_language: language, password_hash: await hashPassword(PASSWORD) });
    users.push(user.id);
    return email;
  }

  async function logInFromTheConvention(page: Page, email: string, buttonName: string) {
    await page.getByRole('banner').getByRole('link', { name: buttonName }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: /^E-(mail|Mail)/ }).fill(email);
    await dialog.getByLabel(/^(Password|Passwort)$/).fill(PASSWORD);
    await dialog.getByRole('button', { name: buttonName }).click();
  }

  test.describe('with an English browser', () => {
    test.use({ locale: 'en-GB' });

    test('a visitor who chose German stays in German; the account had English', async ({ page, db, baseURL }) => {
      const email = await visitor(db, 'EN');
      await necessaryCookiesOnly(page.context(), baseURL);
      await dismissWelcomeVideoUpfront(page);
      await page.goto(DEMO);
      await expect(page.getByRole('heading', { level: 1, name: 'Digital Trade Fair 2026' })).toBeVisible();
      await page.getByRole('banner').getByRole('button', { name: 'Deutsch' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Digitale Fachmesse 2026' })).toBeVisible();
      await logInFromTheConvention(page, email, 'Anmelden');
      await expect(page.getByRole('banner').getByRole('button', { name: 'Abmelden' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: 'Digitale Fachmesse 2026' })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    });

    test("a visitor who chose no language gets the account's language", async ({ page, db, baseURL }) => {
      const email = await visitor(db, 'DE');
      await necessaryCookiesOnly(page.context(), baseURL);
      await dismissWelcomeVideoUpfront(page);
      await page.goto(DEMO);
      await expect(page.getByRole('heading', { level: 1, name: 'Digital Trade Fair 2026' })).toBeVisible();
      await logInFromTheConvention(page, email, 'Log in');
      await expect(page.getByRole('banner').getByRole('button', { name: 'Abmelden' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: 'Digitale Fachmesse 2026' })).toBeVisible();
    });
  });
});
