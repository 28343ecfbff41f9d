import { expect, necessaryCookiesOnly, test } from './fixtures';

test.use({ locale: 'en-GB', javaScriptEnabled: false });

// issue 24 item 21: /token was titled "Log in" for a logged-out visitor (the login page it redirected to)
test('a logged-out visitor opening /token sees the access key page, and its login comes back to it', async ({ page, context, baseURL }) => {
  await necessaryCookiesOnly(context, baseURL);
  await page.goto('/token?next=/convention/demo');
  await expect(page).toHaveURL(/\/token\?next=/);
  await expect(page).toHaveTitle('Access key');
  await expect(page.getByRole('heading', { level: 1, name: 'Access key' })).toBeVisible();
  await page.getByRole('link', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/login\?next=%2Ftoken%3Fnext%3D(%2F|%252F)convention(%2F|%252F)demo$/);
});
