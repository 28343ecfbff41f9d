import { Feature, Package } from '../../app/lib/features';
import { createContentGroup, createContentObject, createPublicsite } from '../fixtures/factories';
import { expect, expectAccessible, test } from './fixtures';

/**
 * The page migrations (issue 16): an admin of an organisation with the admin feature opens the migration page,
 * sees what will change, runs it, finds the new pages in the content pool; the page then says there is nothing
 * left to do.
 */

const SUITES = Package.BASIC | Feature.platformAdmin;

test('content groups become content pages: preview, run, the pages in the content pool, then nothing to do', async ({ db, login, page }) => {
  const { organizationIds } = await login({ language: 'EN', suites: SUITES });
  const organizationId = organizationIds[0]!;
  const group = await createContentGroup(db, { organization_id: organizationId, name: 'Messestand Infos' });
  await createContentObject(db, { group_id: group.id, type: 'TEXT', value: '<p>Willkommen am Stand</p>' });
  await createContentGroup(db, { organization_id: organizationId, name: 'Leere Gruppe' });

  await page.goto('/contentgroup-migration');
  await expect(page.getByRole('heading', { level: 1, name: 'Content group migration' })).toBeVisible();
  await expect(page.getByTestId('migration-summary')).toHaveText('1 to create, 0 to update, 1 skipped');
  await expect(page.getByRole('row', { name: /Messestand Infos\s+Create page/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /Leere Gruppe\s+Skip \(nothing to show\)/ })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Run migration' }).click();
  await expect(page.getByText('Migration done: 1 pages created, 0 updated.')).toBeVisible();
  await expect(page.getByTestId('migration-summary')).toHaveText('Nothing to do: every page is up to date.');
  await expect(page.getByRole('button', { name: 'Run migration' })).toHaveCount(0);
  await expect(page.getByRole('row', { name: /Messestand Infos\s+Skip \(unchanged since the last run\)\s+messestand-infos/ })).toBeVisible();

  await page.getByRole('link', { name: 'Go to the content pages' }).click();
  await expect(page).toHaveURL(/\/contentpool\/pages$/);
  await expect(page.getByText('Messestand Infos').first()).toBeVisible();
});

test('publicsites become content pages, without JavaScript too', async ({ db, login, context, browser, baseURL }) => {
  const noScript = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const { organizationIds } = await login({ language: 'EN', suites: SUITES });
  await createPublicsite(db, { organization_id: organizationIds[0]!, name: 'Hausmesse 2027' });
  // the login fixture put the session (and the cookie choice) into the test's context: the same in one without scripts
  await noScript.addCookies(await context.cookies());
  const page = await noScript.newPage();
  await page.goto('/publicsite-migration');
  await expect(page.getByRole('row', { name: /Hausmesse 2027\s+Create page/ })).toBeVisible();
  await page.getByRole('button', { name: 'Run migration' }).click();
  await expect(page.getByTestId('migration-summary')).toHaveText('Nothing to do: every page is up to date.');
  await expect(page.getByRole('link', { name: 'hausmesse-2027' })).toBeVisible();
  await noScript.close();
});

test('an organisation without the admin feature is sent to the missing-feature page', async ({ login, page }) => {
  await login({ language: 'EN', suites: Package.BASIC });
  await page.goto('/publicsite-migration');
  await expect(page).toHaveURL(/\/missing-feature\/platformAdmin$/);
});
