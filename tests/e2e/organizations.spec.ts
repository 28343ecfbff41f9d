import type { Browser, BrowserContext } from '@playwright/test';
import type { Knex } from 'knex';
import { Feature, Package } from '../../app/lib/features';
import { loadEnv } from '../../app/server/env.server';
import { createSession } from '../../app/server/session.server';
import { addMember, createOrganization, createUser } from '../fixtures/factories';
import { expect, necessaryCookiesOnly, test } from './fixtures';

test.use({ locale: 'en-GB', viewport: { width: 1280, height: 800 } });

const COLLEAGUE_PASSWORD = 'Lichtung-Ahorn-73';

/** A second person in their own browser context, logged in through a session cookie. */
async function personContext(browser: Browser, db: Knex, baseURL: string, userId: string): Promise<BrowserContext> {
  const context = await browser.newContext({ locale: 'en-GB', viewport: { width: 1280, height: 800 } });
  const { setCookie } = await createSession(loadEnv({ ...process.env, NODE_ENV: 'production' }), db, userId);
  const [name, ...value] = setCookie.split(';')[0].split('=');
  await context.addCookies([{ name, value: value.join('='), url: baseURL }]);
  await necessaryCookiesOnly(context, baseURL);
  return context;
}

test('new user sets up an organisation, invites a colleague who registers and joins, makes them sales; staff removes basic', async ({
  page,
  login,
  db,
  browser,
  baseURL,
}) => {
  const stamp = Date.now();
  const orgName = `Messebau Nord ${stamp}`;
  const colleagueEmail = `colleague-${stamp}@test.example`;
  await login({ organizations: 0 });
  const cleanup: string[] = [];

  // onboarding: a user without organisation lands there and creates one
  await page.goto('/');
  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome! Set up your organisation');
  await page.getByLabel('Name of the organisation').fill(orgName);
  await page.getByRole('button', { name: 'Create organisation' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(`The organisation ${orgName} was created.`)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Getting started' })).toBeVisible();
  const org = await db('organizations').where({ name: orgName }).first('id', 'slug');
  cleanup.push(org.id);

  // invite a colleague by e-mail
  await page.goto('/edit-organisation');
  await page.getByLabel('E-mail address').fill(colleagueEmail);
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`An invitation was sent to ${colleagueEmail}.`)).toBeVisible();
  await expect(page.getByText(colleagueEmail, { exact: true })).toBeVisible();

  // the colleague follows the link from the mail: no account yet, so log-in page -> register -> activate -> join
  const mail = await db('outbox').whereRaw("payload->>'to' = ?", [colleagueEmail]).first('payload');
  const link = new URL(/https?:\/\/\S+\/invites\?\S+/.exec(mail.payload.text)![0]);
  const colleagueContext = await browser.newContext({ locale: 'en-GB', viewport: { width: 1280, height: 800 } });
  const colleaguePage = await colleagueContext.newPage();
  await colleaguePage.goto(`${link.pathname}${link.search}`);
  await expect(colleaguePage).toHaveURL(/\/login\?next=%2Finvites/);
  await colleaguePage.getByRole('link', { name: 'Register now' }).click();
  await expect(colleaguePage).toHaveTitle('Register');
  await colleaguePage.getByRole('textbox', { name: 'E-mail address' }).fill(colleagueEmail);
  await colleaguePage.getByRole('textbox', { name: 'First name' }).fill('Carla');
  await colleaguePage.getByRole('textbox', { name: 'Last name' }).fill('Kollegin');
  await colleaguePage.getByRole('textbox', { name: 'Password', exact: true }).fill(COLLEAGUE_PASSWORD);
  await colleaguePage.getByRole('textbox', { name: 'Repeat password' }).fill(COLLEAGUE_PASSWORD);
  await colleaguePage.getByRole('button', { name: 'Register' }).click();
  await expect(colleaguePage.getByRole('heading', { name: 'Check your e-mails' })).toBeVisible();
  const activation = await db('outbox')
    .whereRaw("payload->>'to' = ?", [colleagueEmail])
    .orderBy('created_at', 'desc')
    .first('payload');
  const activationLink = new URL(/https?:\/\/\S+/.exec(activation.payload.text)![0]);
  await colleaguePage.goto(`${activationLink.pathname}${activationLink.search}`);
  await colleaguePage.getByRole('button', { name: 'Activate my account' }).click();
  await colleaguePage.getByRole('link', { name: 'Go to login' }).click();
  await colleaguePage.getByRole('textbox', { name: 'E-mail address' }).fill(colleagueEmail);
  await colleaguePage.getByRole('textbox', { name: 'Password', exact: true }).fill(COLLEAGUE_PASSWORD);
  await colleaguePage.getByRole('button', { name: 'Log in' }).click();
  // the invitation link was remembered across registration and activation: the colleague is back on it
  await expect(colleaguePage).toHaveURL(/\/invites\?email=/);
  await colleaguePage.getByRole('button', { name: `Join ${orgName}` }).first().click();
  await expect(colleaguePage.getByText(`You joined ${orgName}.`)).toBeVisible();
  const colleague = await db('users').where({ email: colleagueEmail }).first('id');

  // the admin makes the colleague a sales user
  await page.reload();
  const row = page.getByRole('row', { name: /Carla Kollegin/ });
  await row.getByRole('button', { name: 'Make sales user' }).click();
  await expect(page.getByText('The role of Carla Kollegin was changed.')).toBeVisible();
  await expect(page.getByRole('row', { name: /Carla Kollegin/ }).getByRole('cell', { name: 'Sales', exact: true })).toBeVisible();

  // ... who now sees only the sales-rep group
  await colleaguePage.goto('/');
  const nav = colleaguePage.locator('aside').getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('heading', { name: 'For sales reps' })).toBeVisible();
  await expect(nav.getByRole('heading', { name: 'For hosts' })).toHaveCount(0);
  await expect(nav.getByRole('heading', { name: 'Content' })).toHaveCount(0);

  // platform staff books EVENT, then removes BASIC: event and sales go too
  await db('organizations').where({ id: org.id }).update({ suites: Package.BASIC | Package.EVENT | Package.SALES });
  const platform = await createOrganization(db, { suites: Package.BASIC | Feature.platformAdmin });
  cleanup.push(platform.id);
  const staff = await createUser(db, { is_staff: true, default_language: 'EN' });
  await addMember(db, platform.id, staff.id, { isOwner: true });
  const staffContext = await personContext(browser, db, baseURL!, staff.id);
  const staffPage = await staffContext.newPage();
  await staffPage.goto('/orgmanagement');
  await staffPage.getByLabel('Search by name, address or e-mail').fill(orgName);
  await staffPage.getByRole('button', { name: 'Search' }).click();
  await staffPage.getByRole('link', { name: orgName }).click();
  await expect(staffPage.getByRole('heading', { level: 1 })).toHaveText(`Organisation ${orgName}`);
  await staffPage.getByRole('checkbox', { name: 'Basic', exact: true }).uncheck();
  await staffPage.getByRole('button', { name: 'Save suites' }).click();
  await expect(staffPage.getByText('The suites were saved.', { exact: false })).toBeVisible();
  await expect(staffPage.getByRole('checkbox', { name: 'Event', exact: true })).not.toBeChecked();
  await expect(staffPage.getByRole('checkbox', { name: 'Sales', exact: true })).not.toBeChecked();

  // the organisation's pages that need those suites now redirect to /missing-feature
  await page.goto('/edit-organisation');
  await expect(page).toHaveURL(/\/missing-feature\/userManagement$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This area is not booked');
  await expect(page.getByText('Your organisation has not booked the basic suite.', { exact: false })).toBeVisible();
  await page.goto('/');
  await expect(page.locator('aside').getByRole('heading', { name: 'For hosts' })).toHaveCount(0);

  await colleagueContext.close();
  await staffContext.close();
  await db('users').whereIn('id', [colleague.id, staff.id]).delete();
  await db('organizations').whereIn('id', cleanup).delete();
});
