import { expect, expectAccessible, test } from './fixtures';

/**
 * The developer routes as the e2e server runs them (production mode): platform staff see /dev/select's lists and the
 * raw views, without the form that logs in as someone else; anybody else gets the not-found page. Jumping in
 * (outside production) is covered by tests/integration/dev-routes.test.ts.
 */
test('platform staff see the developer pages in production, without impersonation; others get 404', async ({ page, login, db, browser, baseURL }) => {
  const anonymous = await browser.newContext({ baseURL });
  const anonymousPage = await anonymous.newPage();
  const refused = await anonymousPage.goto('/dev/select');
  expect(refused?.status()).toBe(404);
  await anonymous.close();

  const { userId } = await login();
  await db('users').where({ id: userId }).update({ is_staff: true });
  const answer = await page.goto('/dev/select');
  expect(answer?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Developer: jump in' })).toBeVisible();
  await expect(page.locator('[data-no-impersonation]')).toBeVisible();
  await expect(page.locator('form[data-dev-select]')).toHaveCount(0);
  await expect(page.getByRole('link', { name: /Digitale Fachmesse/ }).first()).toBeVisible();
  await expectAccessible(page);

  const badSlug = await page.goto('/dev/hall-administration/a/b');
  expect(badSlug?.status()).toBe(400);
  await expect(page.getByRole('alert')).toContainText('slug is not a string');

  const stages = await page.goto('/dev/stage-administration');
  expect(stages?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Developer: stages' })).toBeVisible();
  await expectAccessible(page);
});
