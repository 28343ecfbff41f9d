import { expect, test } from './fixtures';

test.use({ locale: 'en-GB' });

test('what a visitor types before the scripts have loaded is kept (slow phones)', async ({ page, db }) => {
  // hold the page's scripts back until the visitor has typed
  let release!: () => void;
  const scriptsMayLoad = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await scriptsMayLoad;
    await route.continue();
  });
  // `commit`: do not wait for the page to become interactive, the typing must happen before
  await page.goto('/register', { waitUntil: 'commit' });
  await page.getByRole('textbox', { name: 'E-mail address' }).fill('early-typist@test.example');
  await page.getByRole('textbox', { name: 'First name' }).fill('Frieda');
  release();
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await page.getByRole('textbox', { name: 'Last name' }).fill('Früh');
  await expect(page.getByRole('textbox', { name: 'E-mail address' })).toHaveValue('early-typist@test.example');
  await expect(page.getByRole('textbox', { name: 'First name' })).toHaveValue('Frieda');
  // a re-render (validation on blur) must not bring back the empty server value either
  await page.getByRole('textbox', { name: 'E-mail address' }).focus();
  await page.getByRole('textbox', { name: 'First name' }).focus();
  await expect(page.getByRole('textbox', { name: 'E-mail address' })).toHaveValue('early-typist@test.example');
  await db('users').where({ email: 'early-typist@test.example' }).delete();
});
