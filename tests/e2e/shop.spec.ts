import type { Knex } from 'knex';
import type { BrowserContext } from '@playwright/test';
import { loadEnv } from '../../app/server/env.server';
import { createSession } from '../../app/server/session.server';
import { addMember, createUser } from '../fixtures/factories';
import { dismissWelcomeVideoUpfront, expect, expectAccessible, necessaryCookiesOnly, test } from './fixtures';

/**
 * The demo shop on a phone (issue 31): a visitor browses the demo convention's shop (pictures with their alternative
 * texts, the filter by stand, the hidden prototype nowhere), adds to the cart and checks out without JavaScript, and
 * the exhibitor (a new admin of the demo organisation) sees the request in the console and answers it; the visitor
 * then reads the answer. Every test makes its own users and finds its request by its number, so runs in parallel
 * do not disturb it.
 */
const CONVENTION = '/convention/digitale-fachmesse-2026';
const SHOP = `${CONVENTION}/shop/okle`;
const CART = `${CONVENTION}/cart/okle`;
const PHONE = { width: 390, height: 844 };

/** A new admin of the demo organisation (the demo stands' exhibitor), logged in in this browser context. */
async function demoExhibitor(db: Knex, context: BrowserContext, baseURL: string): Promise<string> {
  const org = await db('organizations').where({ slug: 'demo-messe' }).first('id');
  const user = await createUser(db, { default_language: 'EN', first_name: 'Erik', last_name: 'Export' });
  await addMember(db, org.id, user.id, { role: 'admin' });
  const { setCookie } = await createSession(loadEnv({ ...process.env, NODE_ENV: 'production' }), db, user.id);
  const [name, ...value] = setCookie.split(';')[0]!.split('=');
  await context.addCookies([{ name: name!, value: value.join('='), url: baseURL }]);
  await necessaryCookiesOnly(context, baseURL);
  return user.id;
}

test.describe('shop on a phone', () => {
  test.use({ viewport: PHONE, locale: 'en-GB' });
  // the accessibility check of a full shop page takes its time on two busy cores
  test.describe.configure({ timeout: 120_000 });

  test('a visitor browses the demo shop: pictures with alternative texts, a filter by stand, no hidden product', async ({ page, context, baseURL }) => {
    await necessaryCookiesOnly(context, baseURL);
    await dismissWelcomeVideoUpfront(page);
    await page.goto(SHOP);
    await expect(page.getByRole('heading', { level: 1, name: 'Shop', exact: true })).toBeVisible();
    const products = page.getByTestId('shop-products');
    await expect(products.getByRole('heading', { name: 'Workshop ticket predictive maintenance', exact: true })).toBeVisible();
    await expect(products.getByRole('heading', { name: 'Digital caliper 150 mm', exact: true })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Digital caliper on a workbench', exact: true })).toBeAttached();
    await expect(page.getByText('Prototype 5-axis clamping system')).toHaveCount(0);
    // nothing scrolls sideways on the phone
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectAccessible(page);

    await page.getByRole('combobox', { name: 'Stand', exact: true }).selectOption({ label: 'Sensorik Nord' });
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    await expect(page).toHaveURL(/stand=sensorik-nord/);
    await expect(products.getByRole('heading', { name: 'Wireless sensor starter kit', exact: true })).toBeVisible();
    await expect(products.getByRole('heading', { name: 'Digital caliper 150 mm', exact: true })).toHaveCount(0);
    await expect(page.getByRole('img', { name: 'Three small wireless sensors next to a gateway', exact: true })).toBeAttached();
  });
});

test.describe('shop without JavaScript', () => {
  test.use({ javaScriptEnabled: false, viewport: PHONE, locale: 'en-GB' });
  // two browsers and a dozen page loads
  test.describe.configure({ timeout: 120_000 });

  test('a visitor adds to the cart and checks out with plain forms; the exhibitor answers the request in the console', async ({ page, login, db, browser, baseURL }) => {
    const visitor = await login({ language: 'EN' });
    await page.goto(SHOP);
    const card = (title: string) => page.getByTestId('shop-products').getByRole('listitem').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

    const kit = card('Wireless sensor starter kit');
    await kit.getByLabel('Quantity', { exact: true }).fill('2');
    await kit.getByRole('button', { name: 'Add to cart: Wireless sensor starter kit', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${SHOP}$`));
    const hoodie = card('Datenfluss hoodie');
    await hoodie.getByRole('combobox', { name: 'Size / colour', exact: true }).selectOption({ label: 'L / Navy' });
    await hoodie.getByRole('button', { name: 'Add to cart: Datenfluss hoodie', exact: true }).click();
    await expect(page.getByTestId('cart-button')).toContainText('3');

    await page.getByRole('link', { name: 'Cart', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${CART}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Your cart', exact: true })).toBeVisible();
    const lines = page.getByTestId('cart-lines');
    await expect(lines.getByText('Wireless sensor starter kit', { exact: true })).toBeVisible();
    await expect(lines.getByText('(L / Navy)')).toBeVisible();

    const note = `Please deliver to hall 3, gate ${visitor.userId.slice(0, 8)}.`;
    await page.getByLabel('Message to the exhibitors (optional)', { exact: true }).fill(note);
    await page.getByRole('button', { name: 'Send order request', exact: true }).click();
    await expect(page.getByText('Your cart is empty.', { exact: true })).toBeVisible();
    const mine = page.getByTestId('my-order-requests').getByRole('listitem').filter({ hasText: 'Wireless sensor starter kit' }).first();
    await expect(mine).toContainText('New');
    const number = /Request (R-[0-9A-F]+)/.exec((await mine.textContent()) ?? '')?.[1];
    expect(number).toBeTruthy();
    // the stock was taken: 20 - 2 (the demo seed's kit)
    await page.goto(`${SHOP}?search=starter+kit`);
    await expect(card('Wireless sensor starter kit')).toContainText(/\d+ in stock/);

    // the exhibitor, on a phone too
    const exhibitor = await browser.newContext({ javaScriptEnabled: false, baseURL, locale: 'en-GB', viewport: PHONE });
    let exhibitorId: string | null = null;
    try {
      exhibitorId = await demoExhibitor(db, exhibitor, baseURL!);
      const console = await exhibitor.newPage();
      await console.goto('/shop/order-requests?state=NEW');
      const request = console.getByTestId('order-requests').getByRole('listitem').filter({ has: console.getByRole('heading', { name: `Request ${number} · New`, exact: true }) });
      await expect(request).toContainText('2 × Wireless sensor starter kit');
      await expect(request).toContainText('1 × Datenfluss hoodie (L / Navy)');
      await expect(request).toContainText(note);
      const answer = `Thank you! Both are reserved for you (${number}).`;
      await request.getByLabel('Your answer', { exact: true }).fill(answer);
      await request.getByRole('button', { name: 'Send answer', exact: true }).click();
      await console.goto('/shop/order-requests?state=ANSWERED');
      await expect(console.getByRole('heading', { name: `Request ${number} · Answered`, exact: true })).toBeVisible();

      // the visitor reads the answer on the cart page
      await page.goto(CART);
      const answered = page.getByTestId('my-order-requests').getByRole('listitem').filter({ hasText: `Request ${number}` }).first();
      await expect(answered).toContainText('Answered');
      await expect(answered).toContainText(answer);
    } finally {
      await exhibitor.close();
      if (exhibitorId) await db('users').where({ id: exhibitorId }).delete();
    }
  });
});
