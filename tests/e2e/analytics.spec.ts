import type { Browser, Page } from '@playwright/test';
import type { Knex } from 'knex';
import { loadEnv } from '../../app/server/env.server';
import { visitorHash } from '../../app/server/services/analytics/recording';
import { createSession } from '../../app/server/session.server';
import { addMember, createUser } from '../fixtures/factories';
import { dismissWelcomeVideoUpfront, expect, test } from './fixtures';

/**
 * Analytics (issue 30) in Chromium: a visitor accepts cookies and walks the demo convention (hall, stand); the
 * host's /analytics shows the live visitor and the stand's funnel (refreshed without reloading). A visitor who
 * declines walks too and nothing of theirs is recorded: the recorder sends nothing, and the server stores nothing.
 */
const CONVENTION = '/convention/digitale-fachmesse-2026';
const HALL = `${CONVENTION}/hall/demo-halle-maschinenbau`;

const banner = (page: Page) => page.getByRole('region', { name: 'Cookies' });

/**
 * Every browser context of a run shares the address and, by default, the user agent, so it would be the same
 * visitor (the hash of day salt, address, user agent and convention): a visitor that must count on its own gets a
 * user agent of its own (a Chrome one with a unique token, so it is still parsed as Chrome on Linux).
 */
const ownAgent = (name: string) =>
  `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 E2E${name}/${Date.now()}${Math.random().toString(36).slice(2, 8)}`;

async function visitorPage(browser: Browser, userAgent?: string) {
  const context = await browser.newContext({ locale: 'en-GB', ...(userAgent ? { userAgent } : {}) });
  const page = await context.newPage();
  await dismissWelcomeVideoUpfront(page);
  return page;
}

/** A member of the demo convention's host with a session in a fresh browser context. */
async function hostPage(browser: Browser, db: Knex, baseURL: string) {
  const { organization_id: organizationId } = await db('conventions').where({ slug: 'digitale-fachmesse-2026' }).first('organization_id');
  const user = await createUser(db, { default_language: 'EN' });
  await addMember(db, organizationId, user.id, { role: 'admin' });
  const { setCookie } = await createSession(loadEnv({ ...process.env, NODE_ENV: 'production' }), db, user.id);
  const [name, ...value] = setCookie.split(';')[0]!.split('=');
  const context = await browser.newContext({ locale: 'en-GB' });
  await context.addCookies([
    { name: name!, value: value.join('='), url: baseURL },
    { name: 'cookieConsent', value: 'false', url: baseURL },
  ]);
  return { page: await context.newPage(), userId: user.id };
}

async function walk(page: Page) {
  const nav = page.getByRole('navigation', { name: 'Convention' });
  await nav.getByRole('link', { name: 'Mechanical engineering' }).click();
  await expect(page).toHaveURL(HALL);
  await page.getByRole('link', { name: /Müller Präzisionstechnik/ }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: /Müller Präzisionstechnik/ })).toBeVisible();
}

test.describe.configure({ mode: 'serial' });

test('an accepting visitor walks the demo convention and the host sees the visit live on /analytics', async ({ browser, db, baseURL }) => {
  const since = new Date(Date.now() - 1000);
  const visitor = await visitorPage(browser);
  await visitor.goto(CONVENTION);
  await banner(visitor).getByRole('button', { name: 'Accept all' }).click();
  await expect(banner(visitor)).toHaveCount(0);
  await expect.poll(async () => (await visitor.context().cookies()).find((c) => c.name === 'cookieConsent')?.value).toBe('true');
  await walk(visitor);
  const recorded = () => db('analytics_events').where('at', '>=', since).where('path', 'like', `${HALL}/stand/%`).count({ n: '*' }).first();
  await expect.poll(async () => Number((await recorded())!.n)).toBeGreaterThanOrEqual(1);

  const host = await hostPage(browser, db, baseURL!);
  try {
    await host.page.goto('/analytics');
    await expect(host.page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
    await expect(host.page.getByText('IP geolocation by DB-IP')).toBeVisible();
    await expect(host.page.getByRole('img', { name: /Last 4 weeks by day/ })).toBeVisible();
    const live = host.page.getByRole('region', { name: 'Live' });
    await expect(live.getByTestId('live-now')).not.toHaveText('0');
    const row = live.getByRole('row').filter({ hasText: /Müller Präzisionstechnik/ });
    await expect(row.getByRole('cell').nth(2)).not.toHaveText('0');
  } finally {
    await host.page.context().close();
    await db('users').where('id', host.userId).delete();
    await visitor.context().close();
  }
});

// The stand count did not grow before because the second visitor was the first one again: same address and same
// (default) user agent give the same visitor hash, and the funnel counts visitors, not views.
test('the live part refreshes without reloading: another visitor walks, the stand count grows', async ({ browser, db, baseURL }) => {
  const host = await hostPage(browser, db, baseURL!);
  try {
    await host.page.goto('/analytics');
    const live = host.page.getByRole('region', { name: 'Live' });
    const row = live.getByRole('row').filter({ hasText: /Müller Präzisionstechnik/ });
    const standCell = row.getByRole('cell').nth(2);
    await expect(standCell).toHaveText(/^\d+$/);
    const before = Number(await standCell.textContent());
    // a mark on this document: a reload would lose it
    await host.page.evaluate(() => Object.assign(window, { analyticsNoReload: true }));
    const second = await visitorPage(browser, ownAgent('SecondVisitor'));
    await second.context().addCookies([{ name: 'cookieConsent', value: 'true', url: baseURL! }]);
    await second.goto(CONVENTION);
    await walk(second);
    await expect.poll(async () => Number(await standCell.textContent()), { timeout: 60_000 }).toBeGreaterThan(before);
    expect(await host.page.evaluate(() => (window as unknown as { analyticsNoReload?: boolean }).analyticsNoReload)).toBe(true);
    await second.context().close();
  } finally {
    await host.page.context().close();
    await db('users').where('id', host.userId).delete();
  }
});

/** The visitor hashes a browser context of this run can have today (the server sees it from one of these addresses). */
async function ownVisitors(db: Knex, userAgent: string) {
  const { id: conventionId } = await db('conventions').where({ slug: 'digitale-fachmesse-2026' }).first('id');
  const salt = (await db('analytics_salts').where({ day: new Date().toISOString().slice(0, 10) }).first('salt'))?.salt as Buffer | undefined;
  if (!salt) return [];
  return ['127.0.0.1', '::ffff:127.0.0.1', '::1'].map((ip) => visitorHash(salt, ip, userAgent, conventionId as string));
}

// Independent of other specs running at the same time: it looks only for its own visitor (a user agent of its own),
// and an accepting visitor with the same address and its own agent shows that the hash is worked out as the server does.
test('a declining visitor walks the demo convention and nothing is recorded', async ({ browser, db, baseURL }) => {
  const since = new Date(Date.now() - 1000);
  const agent = ownAgent('Declining');
  const visitor = await visitorPage(browser, agent);
  const beacons: string[] = [];
  visitor.on('request', (request) => {
    if (request.url().includes('/resources/visit')) beacons.push(request.url());
  });
  await visitor.goto(CONVENTION);
  await banner(visitor).getByRole('button', { name: 'Necessary only' }).click();
  await expect(banner(visitor)).toHaveCount(0);
  await walk(visitor);
  // the server refuses as well: a beacon sent by hand with the declined choice
  const answer = await visitor.request.post('/resources/visit', { form: { m: JSON.stringify({ t: 'v', p: HALL }) } });
  expect(answer.status()).toBe(204);
  // an accepting visitor of its own is found by its hash: the recorder's queue has been written, and the test finds
  // what it would have to find
  const markerAgent = ownAgent('Marker');
  const marker = await visitorPage(browser, markerAgent);
  await marker.context().addCookies([{ name: 'cookieConsent', value: 'true', url: baseURL! }]);
  await marker.goto(`${CONVENTION}/infopoint`);
  const storedOf = async (userAgent: string) =>
    Number((await db('analytics_events').where('at', '>=', since).whereIn('visitor', await ownVisitors(db, userAgent)).count({ n: '*' }).first())!.n);
  await expect.poll(() => storedOf(markerAgent), { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
  expect(await storedOf(agent)).toBe(0);
  expect(beacons).toEqual([]);
  await marker.context().close();
  await visitor.context().close();
});
