import { test as base, expect, type BrowserContext, type Locator, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import axeCore from 'axe-core';
import knexFactory, { type Knex } from 'knex';
import { loadEnv } from '../../app/server/env.server';
import { CONSENT_COOKIE } from '../../app/server/consent.server';
import { createSession } from '../../app/server/session.server';
import { createUser, createOrganization, addMember } from '../fixtures/factories';
import { Package } from '../../app/lib/features';

/**
 * Playwright fixtures: `db` talks to the database the app under test uses; `login` creates a user with an
 * organisation and puts a session cookie into the browser (no login form needed), and cleans up afterwards.
 */
export const test = base.extend<
  {
    login: (options?: { suites?: number; language?: 'DE' | 'EN'; sales?: boolean; organizations?: number }) => Promise<{ userId: string; organizationIds: string[] }>;
  },
  { db: Knex }
>({
  db: [
    // eslint-disable-next-line no-empty-pattern -- Playwright needs the object pattern for a fixture without dependencies
    async ({}, use) => {
      const url = process.env.E2E_DATABASE_URL;
      if (!url) throw new Error('E2E_DATABASE_URL is not set: run the end-to-end tests with `npm run test:e2e`.');
      const db = knexFactory({ client: 'pg', connection: url, pool: { min: 0, max: 2 } });
      await use(db);
      await db.destroy();
    },
    { scope: 'worker' },
  ],
  // a full page load waits until the page is interactive: text typed before hydration would be lost, because
  // react-aria's fields are controlled inputs
  page: async ({ page, javaScriptEnabled }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      // `waitUntil: 'commit'` opts out, for tests of what happens before hydration
      if (javaScriptEnabled && options?.waitUntil !== 'commit') await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      return response;
    };
    await use(page);
  },
  login: async ({ db, context, baseURL }, use) => {
    const created: string[] = [];
    const orgs: string[] = [];
    await use(async (options = {}) => {
      const user = await createUser(db, { default_language: options.language ?? 'EN' });
      created.push(user.id);
      const organizationIds: string[] = [];
      for (let i = 0; i < (options.organizations ?? 1); i += 1) {
        const org = await createOrganization(db, { suites: options.suites ?? Package.BASIC | Package.EVENT | Package.SALES });
        orgs.push(org.id);
        organizationIds.push(org.id);
        await addMember(db, org.id, user.id, { role: options.sales ? 'sales' : 'admin', isOwner: i === 0, sales: options.sales });
      }
      const env = loadEnv({ ...process.env, NODE_ENV: 'production' });
      const { setCookie } = await createSession(env, db, user.id);
      const [pair] = setCookie.split(';');
      const [name, ...value] = pair.split('=');
      await context.addCookies([{ name, value: value.join('='), url: baseURL! }]);
      // a returning user has made the cookie choice (tests of the banner itself do not log in)
      await necessaryCookiesOnly(context, baseURL);
      return { userId: user.id, organizationIds };
    });
    if (created.length) await db('users').whereIn('id', created).delete();
    if (orgs.length) await db('organizations').whereIn('id', orgs).delete();
  },
});

/**
 * Waits until the page's scripts have taken over (the language menu replaces its plain form after
 * hydration), for tests of behaviour that needs them, such as react-aria's keyboard focus tracking.
 */
export async function hydrated(page: Page): Promise<void> {
  await expect(page.getByRole('button', { name: /^(Language|Sprache): / }).first()).toBeVisible();
}

/**
 * Waits until React has hydrated this element. A part whose code loads on its own (a lazy content block, a
 * Suspense boundary) hydrates after the page, and until then a click or a key reaches the server's markup (a link
 * follows its address, a key turns nothing). React marks each node it has taken over with its props.
 */
export async function reactOwns(locator: Locator): Promise<void> {
  await expect
    .poll(() => locator.evaluate((node) => Object.keys(node).some((key) => key.startsWith('__reactProps$'))))
    .toBe(true);
}

/**
 * The cookie choice made upfront ("necessary only"): the banner would otherwise slide in 500 ms after a page
 * load and could cover the button a test is about to click.
 */
export async function necessaryCookiesOnly(context: BrowserContext, baseURL: string | undefined): Promise<void> {
  await context.addCookies([{ name: CONSENT_COOKIE, value: 'false', url: baseURL! }]);
}

/** The convention's welcome video counts as dismissed before the first page load (its local storage key). */
export async function dismissWelcomeVideoUpfront(page: Page): Promise<void> {
  await page.addInitScript(() => window.localStorage.setItem('welcomeVideo', 'dismissed'));
}

export { expect };

/**
 * How long a test waits for a viewer built on three.js (the virtual room, the 3D model block): its chunk is the
 * largest the app has and is fetched, parsed and given a WebGL context (software-rendered here) only on demand,
 * which takes seconds on a busy CI machine.
 */
export const THREE_READY_TIMEOUT = 20_000;

/** The longest the page's animations may take to settle before axe runs (a bound, not a pause: it usually takes none of it). */
export const ANIMATION_SETTLE_TIMEOUT = 2_000;

/**
 * Puts every animation of the page at its end state without waiting for it: finite ones (fade-ins, slides, CSS
 * transitions) are finished, the ones that never end (spinners, pulsing placeholders) cancelled, so the page shows
 * its resting look. Finishing fires their end events as waiting would; an animation that another one's end starts
 * is settled in a further round. Waiting for them is bounded, so a page that keeps starting animations cannot hold
 * a test (the route-table walk hung on /email-management when this waited for them without a limit).
 */
export async function settleAnimations(page: Page, timeout = ANIMATION_SETTLE_TIMEOUT): Promise<void> {
  await page.evaluate(async (bound) => {
    const deadline = performance.now() + bound;
    for (let round = 0; round < 3 && performance.now() < deadline; round += 1) {
      const running = document.getAnimations().filter((animation) => animation.playState !== 'finished' && animation.playState !== 'idle');
      if (running.length === 0) return;
      for (const animation of running) {
        try {
          // throws for an animation without end (infinite iterations) or at playback rate 0
          animation.finish();
        } catch {
          animation.cancel();
        }
      }
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([
        // a cancelled animation's promise rejects: settled either way
        Promise.all(running.map((animation) => animation.finished.catch(() => undefined))),
        new Promise((resolve) => {
          timer = setTimeout(resolve, Math.max(0, deadline - performance.now()));
        }),
      ]);
      clearTimeout(timer);
    }
  }, timeout);
}

/**
 * Frames that may run no script (a mail preview's `sandbox=""`): axe cannot run inside them, and @axe-core/playwright
 * waits for their content forever (this, not the animations, held the route-table walk on /email-management). Their
 * content is a document of its own (the mail), not the app's page, so they are left out of the check.
 */
const SCRIPTLESS_FRAMES = 'iframe[sandbox]:not([sandbox~="allow-scripts"])';

export interface AxeCheckOptions {
  /** parts of the page left out (selectors) */
  exclude?: string[];
  /** only these parts of the page (selectors; an open menu or dialog); the whole page when not given */
  include?: string[];
  /** only these axe rules (by id) instead of all WCAG 2.1 A and AA rules */
  rules?: string[];
  /** all WCAG 2.1 A and AA rules but these (by id) */
  disableRules?: string[];
  /**
   * Runs axe in the page itself, put there once per document (axeInPage): several times faster, because no blank page
   * is opened per check to combine the frames' results and axe's source is not sent again for every check; as exact
   * for the app's own documents, whose embedded documents it leaves out. For the walks that check hundreds of pages.
   */
  fast?: boolean;
}

/**
 * Runs axe on the page (WCAG 2.1 A and AA rules) and returns its serious and critical violations, each with its
 * elements, one message per rule (empty when the page passes). The route-table walk (a11y-walk.ts) and
 * expectAccessible share it.
 */
export async function severeViolations(page: Page, options: AxeCheckOptions = {}): Promise<string[]> {
  // colours are measured as painted: fade-ins (the cookie banner) are at their end state first
  await settleAnimations(page);
  const violations = options.fast ? await axeInPage(page, options) : await axeWithBuilder(page, options);
  const node = (n: { target: unknown[]; html: string }) => `${n.target.join(' ')}  ${n.html.replace(/\s+/g, ' ').slice(0, 200)}`;
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map(node).join('\n  ')}`);
}

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
type Violation = { id: string; impact?: string | null; help: string; nodes: { target: unknown[]; html: string }[] };

/**
 * axe run in the page itself, put there once per document (the walks check a page and then what it opens: putting
 * axe's half megabyte of source into the page took longer than the check itself, 200 to 600 ms against 70 to 250 ms
 * with Chromium 156). The app's own documents only: embedded ones (videos, PDFs, other sites) are not entered.
 */
async function axeInPage(page: Page, options: AxeCheckOptions): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeCore.source);
  const context = {
    ...(options.include?.length ? { include: options.include.map((selector) => [selector]) } : {}),
    exclude: [...(options.exclude ?? []), SCRIPTLESS_FRAMES].map((selector) => [selector]),
  };
  const runOptions = {
    runOnly: options.rules ? { type: 'rule', values: options.rules } : { type: 'tag', values: WCAG_TAGS },
    ...(options.disableRules ? { rules: Object.fromEntries(options.disableRules.map((id) => [id, { enabled: false }])) } : {}),
    resultTypes: ['violations'],
    iframes: false,
  };
  return page.evaluate(
    ([c, o]) => (window as unknown as { axe: { run(c: unknown, o: unknown): Promise<{ violations: Violation[] }> } }).axe.run(c, o).then((r) => r.violations),
    [context, runOptions] as const,
  );
}

async function axeWithBuilder(page: Page, options: AxeCheckOptions): Promise<Violation[]> {
  // only the violations come back (no passes or incomplete nodes): the same check, much less to send over
  let builder = new AxeBuilder({ page }).withTags(WCAG_TAGS).options({ resultTypes: ['violations'] });
  for (const selector of options.include ?? []) builder = builder.include(selector);
  for (const selector of [...(options.exclude ?? []), SCRIPTLESS_FRAMES]) builder = builder.exclude(selector);
  if (options.rules) builder = builder.withRules(options.rules);
  if (options.disableRules) builder = builder.disableRules(options.disableRules);
  return (await builder.analyze()).violations;
}

/** Fails on serious or critical axe violations, listing them with their elements so the report says what to fix. */
export async function expectAccessible(page: Page, options: AxeCheckOptions = {}): Promise<void> {
  const severe = await severeViolations(page, options);
  expect(severe, severe.join('\n')).toEqual([]);
}
