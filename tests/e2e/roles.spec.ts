import { Feature, Package } from '../../app/lib/features';
import { addMember, createOrganization } from '../fixtures/factories';
import { expect, hydrated, test } from './fixtures';

test.describe('a sales user in the console', () => {
  test.use({ locale: 'en-GB' });

  test('sees their work, not the set-up checklist; the account menu offers only what they may open; a refused page names the role', async ({
    page,
    login,
  }) => {
    await login({ sales: true, suites: Package.BASIC | Package.EVENT | Package.SALES });
    await page.goto('/');
    await hydrated(page);
    await expect(page.getByRole('heading', { name: 'Your work' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Getting started' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'To act on' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Account' }).click();
    const menu = page.getByRole('menu', { name: 'Account' });
    await expect(menu.getByRole('menuitem')).toHaveText(['Erika Mustermann', 'Log out']);
    await page.keyboard.press('Escape');

    // the organisation has booked the event suite; the sales role does not include it
    await page.goto('/events');
    await expect(page).toHaveURL(/\/missing-feature\/event$/);
    await expect(page.getByRole('heading', { name: 'Not available for your role' })).toBeVisible();
    await expect(page.getByText('Your organisation has booked this area, but your role (sales) does not include it.')).toBeVisible();
    await expect(page.getByText('has not booked')).toHaveCount(0);
  });
});

test.describe('an admin on the dashboard', () => {
  test.use({ locale: 'en-GB' });

  test('sees events, stands waiting for approval and open invites next to the checklist', async ({ page, login }) => {
    await login();
    await page.goto('/');
    const actOn = page.getByRole('region', { name: 'To act on' });
    await expect(actOn.getByRole('link', { name: '0 events' })).toHaveAttribute('href', '/events');
    await expect(actOn.getByRole('link', { name: '0 stands waiting for approval' })).toBeVisible();
    await expect(actOn.getByRole('link', { name: '0 open invites' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Getting started' })).toBeVisible();
  });
});

test.describe('switching organisation without JavaScript', () => {
  test.use({ locale: 'en-GB', javaScriptEnabled: false });

  test('platform staff in another organisation are offered the switch; it asks first and then logs out', async ({ page, login, db }) => {
    const { userId } = await login();
    await db('users').where({ id: userId }).update({ is_staff: true });
    const platform = await createOrganization(db, { name: `Platform ${Date.now()}`, suites: Package.BASIC | Feature.platformAdmin });
    await addMember(db, platform.id, userId);
    try {
      await page.goto('/orgmanagement');
      await expect(page).toHaveURL(/\/missing-feature\/platformAdmin$/);
      await expect(page.getByRole('heading', { name: 'Switch to the platform organisation' })).toBeVisible();
      await page.getByRole('link', { name: `Switch to ${platform.name}` }).click();

      await expect(page).toHaveURL(/\/switch-organisation\?organizationId=/);
      await expect(page.getByText('Switching the organisation logs you out.')).toBeVisible();
      // nothing has changed yet: cancelling keeps the organisation
      expect((await db('users').where({ id: userId }).first('default_organization_id')).default_organization_id).not.toBe(platform.id);
      await page.getByRole('button', { name: 'Switch and log out' }).click();
      await expect(page).toHaveURL(/\/login/);
      // the server renders the message for pages without scripts (inside <noscript>, which Playwright's Chromium does not lay out)
      expect(await page.content()).toContain('Your organisation was changed. Please log in again.');
      expect((await db('users').where({ id: userId }).first('default_organization_id')).default_organization_id).toBe(platform.id);
    } finally {
      await db('organizations').where({ id: platform.id }).delete();
    }
  });

  test('the top bar switcher goes to the confirmation first', async ({ page, login }) => {
    await login({ organizations: 2 });
    await page.goto('/');
    const switcher = page.getByRole('combobox', { name: 'Switch organisation' });
    const current = await switcher.inputValue();
    const values = await switcher.getByRole('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
    await switcher.selectOption(values.find((value) => value !== current)!);
    await page.getByRole('button', { name: 'Switch', exact: true }).click();
    await expect(page).toHaveURL(/\/switch-organisation\?organizationId=/);
    await expect(page.getByRole('heading', { name: 'Switch organisation' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Switch and log out' })).toBeVisible();
  });
});
