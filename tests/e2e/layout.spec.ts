import type { Page } from '@playwright/test';
import { Feature, Package } from '../../app/lib/features';
import { expect, hydrated, test } from './fixtures';

const sidebar = (page: Page) => page.locator('aside').getByRole('navigation', { name: 'Main navigation' });

test.describe('console layout at 1280 px', () => {
  test.use({ locale: 'en-GB', viewport: { width: 1280, height: 800 } });

  test('sends a visitor without session to the login with the target remembered', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login\?next=%2F$/);
  });

  test('shows the groups of the booked features, marks the dashboard and collapses to icons', async ({ page, login }) => {
    await login({ suites: Package.BASIC | Package.EVENT | Package.SALES });
    await page.goto('/');
    await hydrated(page);
    const nav = sidebar(page);
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    for (const group of ['Content', 'For sales reps', 'For exhibitors', 'For hosts']) {
      await expect(nav.getByRole('heading', { name: group })).toBeVisible();
    }
    await expect(nav.getByRole('heading', { name: 'Platform admin' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Halls' })).toHaveAttribute('href', '/hall');
    await expect(nav.getByRole('link', { name: 'Content pool' })).not.toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('link', { name: 'Imprint' }).first()).toBeVisible();
    expect((await page.locator('aside').boundingBox())?.width).toBe(256);

    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeVisible();
    await expect.poll(async () => (await page.locator('aside').boundingBox())?.width).toBe(64);
    await expect(nav.getByText('Content pool')).toHaveCount(0);
    await nav.getByRole('link', { name: 'Content pool' }).hover();
    await expect(page.getByRole('tooltip')).toHaveText('Content pool');

    await page.reload();
    await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeVisible();
    expect((await page.locator('aside').boundingBox())?.width).toBe(64);
    await page.getByRole('button', { name: 'Expand sidebar' }).click();
    await expect(nav.getByText('Content pool')).toBeVisible();
  });

  test('hides the host group without the event suite and shows platform admin with its bit', async ({ page, login }) => {
    await login({ suites: Package.BASIC | Feature.platformAdmin });
    await page.goto('/');
    await hydrated(page);
    const nav = sidebar(page);
    await expect(nav.getByRole('link', { name: 'Leads' })).toBeVisible();
    await expect(nav.getByRole('heading', { name: 'For hosts' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Halls' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Virtual rooms' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Organisations' })).toBeVisible();
  });

  test('shows a sales user only the sales-rep group', async ({ page, login }) => {
    await login({ suites: Package.SALES | Package.EVENT, sales: true });
    await page.goto('/');
    await hydrated(page);
    const nav = sidebar(page);
    await expect(nav.getByRole('link', { name: 'Leads' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Virtual rooms' })).toBeVisible();
    await expect(nav.getByRole('link')).toHaveCount(2);
  });

  test('the sidebar is reachable with Tab, shows focus and Enter follows the link', async ({ page, login }) => {
    await login();
    await page.goto('/');
    await hydrated(page);
    const target = sidebar(page).getByRole('link', { name: 'Content pool' });
    await expect(target).toBeVisible();
    for (let i = 0; i < 15 && !(await target.evaluate((el) => el === document.activeElement)); i += 1) {
      await page.keyboard.press('Tab');
    }
    await expect(target).toBeFocused();
    await expect(target).toHaveAttribute('data-focus-visible', 'true');
    await expect(target).toHaveCSS('outline-style', 'solid');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/contentpool$/);
  });

  test('the account menu opens with the keyboard and offers organisation, contact card and logout', async ({ page, login }) => {
    await login();
    await page.goto('/');
    await hydrated(page);
    const trigger = page.getByRole('button', { name: 'Account' });
    await trigger.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu', { name: 'Account' });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Organisation' })).toHaveAttribute('href', '/edit-organisation');
    await expect(menu.getByRole('menuitem', { name: 'Erika Mustermann' })).toHaveAttribute('href', '/user-contact');
    await expect(menu.getByRole('menuitem', { name: 'Log out' })).toHaveAttribute('href', '/logout');
    await expect(menu.getByRole('menuitem').first()).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(trigger).toBeFocused();
  });

  test('offers the organisation switcher only with more than one organisation', async ({ page, login }) => {
    await login({ organizations: 1 });
    await page.goto('/');
    await hydrated(page);
    await expect(page.getByRole('button', { name: 'Account' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Switch organisation' })).toHaveCount(0);

    await page.context().clearCookies();
    await login({ organizations: 2 });
    await page.goto('/');
    await hydrated(page);
    const switcher = page.getByRole('combobox', { name: 'Switch organisation' });
    await expect(switcher).toBeVisible();
    await expect(switcher.getByRole('option')).toHaveCount(2);

    // choosing the other organisation asks first (switching logs out); the toast names a namespace the page had not loaded
    const current = await switcher.inputValue();
    const values = await switcher.getByRole('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
    await switcher.selectOption(values.find((value) => value !== current)!);
    await expect(page).toHaveURL(/\/switch-organisation\?organizationId=/);
    await expect(page.getByText('Switching the organisation logs you out.')).toBeVisible();
    await page.getByRole('button', { name: 'Switch and log out' }).click();
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByRole('region', { name: 'Notifications' })).toContainText(
      'Your organisation was changed. Please log in again.',
    );
  });
});

test.describe('console layout at 375 px', () => {
  test.use({ locale: 'en-GB', viewport: { width: 375, height: 740 } });

  test('opens the navigation drawer from the menu button and closes it with Escape', async ({ page, login }) => {
    await login();
    await page.goto('/');
    await hydrated(page);
    await expect(page.locator('aside')).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    await expect(drawer.getByRole('link', { name: 'Content pool' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
  });
});
