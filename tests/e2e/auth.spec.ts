import type { Page } from '@playwright/test';
import { Package } from '../../app/lib/features';
import { hashPassword } from '../../app/server/auth/password.server';
import { addMember, createOrganization, createUser } from '../fixtures/factories';
import { expect, necessaryCookiesOnly, test } from './fixtures';
import { mailLink } from './mailbox';

/**
 * The account pages in Chromium, once with JavaScript (Conform validates as you type) and once without
 * (plain form posts): register -> activation mail -> activate -> login -> logout; password reset; wrong
 * password; the remembered target after login.
 */

const PASSWORD = 'Kaffeemaschine-Blau-7';

/** An e-mail address without digits, so no numeric test password is ever "too similar" to it. */
function uniqueEmail(what: string): string {
  const letters = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`.replace(/\d/g, (d) => 'abcdefghij'[Number(d)]);
  return `e-${what}-${letters}@test.example`;
}

async function logIn(page: Page, email: string, password: string) {
  await page.getByRole('textbox', { name: 'E-mail address' }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? 'account pages with JavaScript' : 'account pages without JavaScript', () => {
    test.use({ javaScriptEnabled, locale: 'en-GB' });
    // the cookie question answered on an earlier visit: without JavaScript its banner slides in 500 ms after each
    // page load (CSS) and could take a click meant for the button under it
    test.beforeEach(({ context, baseURL }) => necessaryCookiesOnly(context, baseURL));

    const emails: string[] = [];
    const organizations: string[] = [];
    test.afterEach(async ({ db }) => {
      if (emails.length) await db('users').whereIn('email', emails.splice(0)).delete();
      if (organizations.length) await db('organizations').whereIn('id', organizations.splice(0)).delete();
    });

    test('register, activate from the mail, log in and log out', async ({ page, db }) => {
      // five pages, two password hashes and a mail: on a machine with both cores busy it took 32 s
      test.slow();
      const email = uniqueEmail('register');
      emails.push(email);
      await page.goto('/register');
      await expect(page).toHaveTitle('Register');
      await page.getByRole('textbox', { name: 'E-mail address' }).fill(email);
      await page.getByRole('textbox', { name: 'First name' }).fill('Clara');
      await page.getByRole('textbox', { name: 'Last name' }).fill('Schuhmann');
      await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
      await page.getByRole('textbox', { name: 'Repeat password' }).fill(`${PASSWORD}!`);
      await page.getByRole('button', { name: 'Register' }).click();
      await expect(page.getByText('The two passwords do not match')).toBeVisible();

      await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
      await page.getByRole('textbox', { name: 'Repeat password' }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Register' }).click();
      await expect(page.getByRole('heading', { name: 'Check your e-mails' })).toBeVisible();
      await expect(page).toHaveURL(/\/check-email$/);

      await page.goto(await mailLink(db, email));
      await page.getByRole('button', { name: 'Activate my account' }).click();
      await expect(page.getByRole('heading', { name: 'Your account is active' })).toBeVisible();
      await page.getByRole('link', { name: 'Go to login' }).click();

      await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
      await logIn(page, email, PASSWORD);
      // a new user without organisation starts with the onboarding
      await expect(page).toHaveURL(/\/onboarding$/);

      await page.goto('/logout');
      await page.getByRole('button', { name: 'Log out' }).click();
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
      await page.goto('/onboarding');
      await expect(page).toHaveURL(/\/login\?next=%2Fonboarding$/);
    });

    test('forgotten password: reset link from the mail, new password, log in with it', async ({ page, db }) => {
      const email = uniqueEmail('reset');
      emails.push(email);
      await createUser(db, { email, default_language: 'EN', password_hash: await hashPassword(PASSWORD) });
      await page.goto('/login');
      await page.getByRole('link', { name: 'Forgotten your password?' }).click();
      await expect(page.getByRole('heading', { name: 'Forgotten password' })).toBeVisible();
      await page.getByRole('textbox', { name: 'E-mail address' }).fill(email);
      await page.getByRole('button', { name: 'Send link' }).click();
      await expect(page.getByRole('heading', { name: 'Check your e-mails' })).toBeVisible();

      const fresh = 'Neues-Fahrrad-Gruen-3';
      await page.goto(await mailLink(db, email));
      await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
      await page.getByRole('textbox', { name: 'New password' }).fill(fresh);
      await page.getByRole('textbox', { name: 'Repeat password' }).fill(fresh);
      await page.getByRole('button', { name: 'Save password' }).click();
      await expect(page).toHaveURL(/\/login$/);

      await logIn(page, email, PASSWORD);
      await expect(page.getByRole('alert').filter({ hasText: 'Invalid credentials' })).toBeVisible();
      await logIn(page, email, fresh);
      await expect(page).toHaveURL(/\/onboarding$/);
    });

    test('a wrong password shows the invalid-credentials message', async ({ page, db }) => {
      const email = uniqueEmail('wrong');
      emails.push(email);
      await createUser(db, { email, default_language: 'EN', password_hash: await hashPassword(PASSWORD) });
      await page.goto('/login');
      await logIn(page, email, 'Not-the-password-1');
      await expect(page.getByRole('alert').filter({ hasText: 'Invalid credentials' })).toBeVisible();
      await expect(page).toHaveURL(/\/login/);
    });

    test('a console page visited while logged out is shown after login', async ({ page, db }) => {
      const email = uniqueEmail('target');
      emails.push(email);
      const user = await createUser(db, { email, default_language: 'EN', password_hash: await hashPassword(PASSWORD) });
      const organization = await createOrganization(db, { suites: Package.BASIC });
      organizations.push(organization.id);
      await addMember(db, organization.id, user.id, { role: 'admin', isOwner: true });

      await page.goto('/edit-organisation');
      await expect(page).toHaveURL(/\/login\?next=%2Fedit-organisation$/);
      await logIn(page, email, PASSWORD);
      await expect(page).toHaveURL(/\/edit-organisation$/);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    });
  });
}
