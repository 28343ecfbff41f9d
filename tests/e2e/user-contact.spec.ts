import { png } from '../integration/files-fixtures';
import { expect, necessaryCookiesOnly, test } from './fixtures';

/** The contact card (/user-contact): business-card address with phone validation, avatar with square crop. */

// the cookie choice is made, so the banner does not cover the form buttons
test.beforeEach(({ context, baseURL }) => necessaryCookiesOnly(context, baseURL));

test.describe('contact card with JavaScript', () => {
  test.use({ locale: 'en-GB' });

  test('names an invalid phone number, then adds and updates the address', async ({ page, login, db }) => {
    const { userId } = await login({ language: 'EN' });
    await page.goto('/user-contact');
    await expect(page).toHaveTitle('Contact card');
    const card = page.getByRole('region', { name: 'Business card' });
    await card.getByRole('textbox', { name: 'Company' }).fill('Messebau Schuhmann GmbH');
    await card.getByRole('textbox', { name: 'Street', exact: true }).fill('Hafenstraße');
    await card.getByRole('textbox', { name: 'House no.' }).fill('12a');
    await card.getByRole('textbox', { name: 'Postal code' }).fill('20457');
    await card.getByRole('textbox', { name: 'City' }).fill('Hamburg');
    await card.getByRole('textbox', { name: 'Phone' }).fill('0000 00');
    await card.getByRole('button', { name: 'Save address' }).click();
    await expect(card.getByText('The phone number entered is not valid')).toBeVisible();

    await card.getByRole('textbox', { name: 'Phone' }).fill('040 123456');
    await card.getByRole('button', { name: 'Save address' }).click();
    await expect(page.getByText('Address added.')).toBeVisible();
    await expect(card.getByRole('textbox', { name: 'Phone' })).toHaveValue('+4940123456');

    await card.getByRole('textbox', { name: 'City' }).fill('Bremen');
    await card.getByRole('button', { name: 'Save address' }).click();
    await expect(page.getByText('Address updated.')).toBeVisible();
    expect(await db('addresses').where({ user_id: userId }).first('city')).toEqual({ city: 'Bremen' });
  });

  test('crops a chosen picture to a square JPEG and sets it as the avatar', async ({ page, login, db }) => {
    const { userId } = await login({ language: 'EN' });
    await page.goto('/user-contact');
    // the plain upload button goes away once the page runs its script (then a chosen picture opens the cropper)
    await expect(page.getByRole('button', { name: 'Upload picture' })).toBeHidden();
    await page.getByLabel('Choose picture').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png(120, 80) });
    const dialog = page.getByRole('dialog', { name: 'Crop picture' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('slider', { name: 'Zoom' })).toHaveAttribute('min', '0.5');
    await expect(dialog.getByRole('slider', { name: 'Zoom' })).toHaveAttribute('max', '1.5');
    await dialog.getByRole('button', { name: 'Use picture' }).click();
    await expect(page.getByText('Avatar updated.')).toBeVisible();
    await expect(page.getByRole('img', { name: /^Profile picture of/ })).toBeVisible();

    const user = await db('users').where({ id: userId }).first('avatar_id');
    const file = await db('files').where({ id: user.avatar_id }).first('mime_type', 'width', 'height');
    expect(file).toMatchObject({ mime_type: 'image/jpeg' });
    expect(file.width).toBe(file.height);
  });
});

test.describe('contact card without JavaScript', () => {
  test.use({ locale: 'en-GB', javaScriptEnabled: false });

  test('uploads the chosen picture unchanged as the avatar', async ({ page, login, db }) => {
    const { userId } = await login({ language: 'EN' });
    await page.goto('/user-contact');
    await page.getByLabel('Choose picture').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png(120, 80) });
    await page.getByRole('button', { name: 'Upload picture' }).click();
    await expect(page.getByRole('img', { name: /^Profile picture of/ })).toBeVisible();
    const user = await db('users').where({ id: userId }).first('avatar_id');
    expect(await db('files').where({ id: user.avatar_id }).first('mime_type', 'width', 'height')).toEqual({
      mime_type: 'image/png',
      width: 120,
      height: 80,
    });
  });

  test('saves the business card with a plain form post', async ({ page, login, db }) => {
    const { userId } = await login({ language: 'EN' });
    await page.goto('/user-contact');
    const card = page.getByRole('region', { name: 'Business card' });
    await card.getByRole('button', { name: 'Save address' }).click();
    await expect(card.getByText('Please correct the marked fields and try again')).toBeVisible();
    await card.getByRole('textbox', { name: 'Company' }).fill('Messebau Schuhmann GmbH');
    await card.getByRole('textbox', { name: 'Street', exact: true }).fill('Hafenstraße');
    await card.getByRole('textbox', { name: 'House no.' }).fill('12a');
    await card.getByRole('textbox', { name: 'Postal code' }).fill('20457');
    await card.getByRole('textbox', { name: 'City' }).fill('Hamburg');
    await card.getByRole('textbox', { name: 'Phone' }).fill('+49 40 123456');
    await card.getByRole('button', { name: 'Save address' }).click();
    await expect(card.getByRole('textbox', { name: 'Phone' })).toHaveValue('+4940123456');
    expect(await db('addresses').where({ user_id: userId }).first('city', 'company_name')).toEqual({
      city: 'Hamburg',
      company_name: 'Messebau Schuhmann GmbH',
    });
  });
});
