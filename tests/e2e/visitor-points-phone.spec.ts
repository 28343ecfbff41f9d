import type { Locator, Page } from '@playwright/test';
import { dismissWelcomeVideoUpfront, expect, necessaryCookiesOnly, test } from './fixtures';

/**
 * The points on the demo's pictures on a 390 px phone (issue 24 item 20): the foyer's and the stand panorama's
 * points are 44×44 px targets with a name, no two overlap, the first is on screen without scrolling (the panorama
 * starts scrolled to where its points are), and the points are listed by name below each picture.
 */
const CONVENTION = '/convention/digitale-fachmesse-2026';
const STAND = `${CONVENTION}/hall/demo-halle-maschinenbau/stand/mueller-praezisionstechnik`;

test.use({ locale: 'en-GB', viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

test.beforeEach(async ({ page, baseURL }) => {
  await dismissWelcomeVideoUpfront(page);
  await necessaryCookiesOnly(page.context(), baseURL);
});

type Box = { x: number; y: number; width: number; height: number };
const boxesOf = async (points: Locator): Promise<Box[]> => (await points.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON()))) as Box[];
const overlap = (a: Box, b: Box) => a.x < b.x + b.width - 0.5 && b.x < a.x + a.width - 0.5 && a.y < b.y + b.height - 0.5 && b.y < a.y + a.height - 0.5;
/** the pairs of points whose targets overlap, by index */
const overlapping = async (points: Locator) => {
  const boxes = await boxesOf(points);
  const pairs: string[] = [];
  boxes.forEach((a, i) => boxes.slice(i + 1).forEach((b, k) => overlap(a, b) && pairs.push(`${i}/${i + 1 + k}`)));
  return pairs;
};

async function expectTargets(page: Page, points: Locator, count: number) {
  await expect(points).toHaveCount(count);
  // the layout that pushes close points apart runs once the page is hydrated and the picture measured
  await expect.poll(() => overlapping(points)).toEqual([]);
  for (const box of await boxesOf(points)) {
    expect(box.width).toBeGreaterThanOrEqual(44);
    expect(box.height).toBeGreaterThanOrEqual(44);
  }
  // named, with the number its dot shows on a phone first (the visible text is part of the name)
  const names = await points.evaluateAll((els) => els.map((el) => el.getAttribute('aria-label') ?? ''));
  names.forEach((name, index) => expect(name).toMatch(new RegExp(`^${index + 1}\\. \\S`)));
}

test('the foyer: 44 px points that do not overlap, the first on screen, all listed by name', async ({ page }) => {
  await page.goto(CONVENTION);
  const points = page.locator('[data-foyer-point]');
  await expectTargets(page, points, 5);
  const picture = (await page.locator('[data-foyer-picture]').boundingBox())!;
  for (const box of await boxesOf(points)) {
    // each inside the picture: none hangs over the page's edge
    expect(box.x).toBeGreaterThanOrEqual(picture.x - 0.5);
    expect(box.x + box.width).toBeLessThanOrEqual(picture.x + picture.width + 0.5);
  }
  // the foyer fills the width: no point needs sideways scrolling (the programme above may push it below the fold,
  // which is why the list below the picture names them all)
  const [first] = await boxesOf(points);
  expect(first!.x).toBeGreaterThanOrEqual(0);
  expect(first!.x + first!.width).toBeLessThanOrEqual(390);

  const list = page.locator('[data-point-list="foyer"]');
  await expect(list).toBeVisible();
  await expect(list.getByRole('link')).toHaveCount(5);
  for (const name of ['Hall: Mechanical engineering', 'Stand: Müller Präzisionstechnik']) await expect(list.getByRole('link', { name, exact: true })).toBeVisible();
  for (const box of await boxesOf(list.getByRole('link'))) expect(box.height).toBeGreaterThanOrEqual(44);
  // a point on the picture leads where its list entry does
  await points.and(page.getByRole('link', { name: /^\d+\. Hall: Mechanical engineering$/ })).tap();
  await expect(page).toHaveURL(`${CONVENTION}/hall/demo-halle-maschinenbau`);
});

test("the stand's panorama starts where its points are: 44 px points that do not overlap, listed by name", async ({ page }) => {
  await page.goto(STAND);
  const region = page.getByRole('region', { name: /^Panorama/ });
  const points = region.locator('[data-point]');
  // the three reference points and the virtual showroom
  await expectTargets(page, points, 4);
  // without the visitor scrolling, the first point comes to lie within the visible part of the sideways-scrolling
  // picture and of the screen (the page scrolls the picture there once its scripts run)
  const firstInView = async () => {
    const visible = (await region.boundingBox())!;
    const [first] = await boxesOf(points);
    return first!.x >= Math.max(0, visible.x) - 0.5 && first!.x + first!.width <= Math.min(390, visible.x + visible.width) + 0.5;
  };
  await expect.poll(firstInView).toBe(true);
  const list = page.locator('[data-point-list="stand"]');
  await expect(list.getByRole('link')).toHaveCount(4);
  await expect(list.getByRole('link', { name: 'Virtual showroom', exact: true })).toBeVisible();
  for (const box of await boxesOf(list.getByRole('link'))) expect(box.height).toBeGreaterThanOrEqual(44);
});
