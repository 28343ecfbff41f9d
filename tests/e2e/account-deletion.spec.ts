import { expect, test } from './fixtures';
import { mailLink } from './mailbox';

/**
 * Account deletion in Chromium (issue 31): from the contact card to the confirmation mail, whose link opens
 * `/delete-account`, which asks once more, deletes the account and logs out. Once with JavaScript and once without
 * (plain form posts).
 */

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? 'with JavaScript' : 'without JavaScript', () => {
    test.use({ javaScriptEnabled });

    test('a user deletes their account from the contact card through the confirmation mail and is logged out', async ({ page, login, db }) => {
      const { userId } = await login({ language: 'EN' });
      const { email } = await db('users').where({ id: userId }).first('email');

      await page.goto('/user-contact');
      await page.getByRole('link', { name: 'Delete my account' }).click();
      await expect(page.getByRole('heading', { name: 'Delete account', level: 1 })).toBeVisible();
      await page.getByRole('button', { name: 'Send me the confirmation mail' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'We have sent you an e-mail. Follow its link to delete your account.' })).toBeVisible();
      // opening the link deletes nothing yet: the page asks once more
      await page.goto(await mailLink(db, email));
      await expect(page.getByText(`the account ${email} will be deleted for good`)).toBeVisible();
      expect(await db('users').where({ id: userId }).first()).toBeDefined();

      await page.getByRole('button', { name: 'Delete my account for good' }).click();
      await expect(page).toHaveURL(/\/login$/);
      // the toast (Playwright's Chromium does not lay out the <noscript> one of pages without scripts)
      if (javaScriptEnabled) await expect(page.getByText('Your account has been deleted.')).toBeVisible();
      expect(await db('users').where({ id: userId }).first()).toBeUndefined();
      // logged out: the console sends to the login page
      await page.goto('/user-contact');
      await expect(page).toHaveURL(/\/login\?next=/);
    });
  });
}
