import type { Page } from '@playwright/test';
import { test, expect, hydrated, severeViolations } from './fixtures';
import { People, walkRoutes, type Person } from './a11y-walk';

/**
 * Every page passes axe (issue 32): the whole route table, each address opened as the person who may use it with
 * the demo data, no serious or critical violation (tests/e2e/a11y-walk.ts walks it); the console's menus and
 * dialogs in their open state, in German and English; and the walk fails, naming the route, when one has a
 * violation.
 */

/** What opens a menu or dialog: the person, the page, the interaction, and what is open afterwards. */
interface OpenState {
  name: string;
  person: Person;
  address: string;
  open: (page: Page) => Promise<void>;
}

const OPEN_STATES: OpenState[] = [
  {
    name: 'the top bar language menu',
    person: 'admin',
    address: '/',
    open: async (page) => {
      await page.getByRole('button', { name: /^(Language|Sprache): / }).click();
      await expect(page.getByRole('menu')).toBeVisible();
    },
  },
  {
    name: 'the top bar account menu',
    person: 'admin',
    address: '/',
    open: async (page) => {
      await page.getByRole('button', { name: /^(Account|Konto): / }).click();
      await expect(page.getByRole('menu')).toBeVisible();
    },
  },
  {
    // a native select: choosing another organisation opens the confirmation (switching logs out)
    name: 'the organisation switcher',
    person: 'staff',
    address: '/',
    open: async (page) => {
      const select = page.getByRole('combobox', {
        name: /^(Switch organisation|Organisation wechseln)$/,
      });
      const other = await select.locator('option:not(:checked)').first().getAttribute('value');
      await select.selectOption(other!);
      await page.waitForURL(/\/switch-organisation\?organizationId=/);
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    },
  },
  {
    name: 'a delete confirmation (halls)',
    person: 'admin',
    address: '/hall',
    open: async (page) => {
      await page
        .getByRole('button', { name: /^(Delete hall .+|Halle .+ löschen)$/ })
        .first()
        .click();
      await expect(page.getByRole('alertdialog')).toBeVisible();
    },
  },
  {
    // the convention's halls: removing one asks first (the content page pickers are native selects since 8870a1b)
    name: "a remove confirmation (a convention's halls)",
    person: 'admin',
    address: '/events/convention/digitale-fachmesse-2026',
    open: async (page) => {
      await page
        .getByRole('button', { name: /^(Remove hall .+|Halle .+ entfernen)$/ })
        .first()
        .click();
      await expect(page.getByRole('alertdialog')).toBeVisible();
    },
  },
];

test.describe('accessibility over the route table', () => {
  // the walks of the two languages (each over the whole table) run side by side on the suite's two workers
  test.describe.configure({ mode: 'parallel' });

  for (const language of ['en', 'de'] as const) {
    test(`every page of the route table passes axe with its menus and dialogs open, in ${language === 'en' ? 'English' : 'German'}`, async ({ browser, db, baseURL }, testInfo) => {
      // The addresses come from the demo database (the entries and the addresses organisers hand out, see
      // DATABASE_SOURCES) and from the links of the pages walked; a route the walk cannot reach fails, named. Every
      // page is checked in this language with all of axe's rules, then its menus, dialogs, pickers and disclosures
      // are opened (the first of each kind per page, the top bar's once per person: checkOpenStates, no list to keep
      // up for new routes) and checked open. Each language is a walk of its own (its pages' texts, and so their
      // names, differ), so the two share the suite's workers.
      test.setTimeout(30 * 60_000);
      const people = await People.open(browser, db, baseURL!);
      try {
        const started = Date.now();
        const result = await walkRoutes(people, baseURL!, { language, openStates: true });
        console.log(`the ${language} walk took ${Math.round((Date.now() - started) / 1000)} s`);
        for (const skipped of result.skipped) testInfo.annotations.push({ type: 'skipped route', description: skipped });
        console.log(
          `${result.checked.length} pages checked (${language}):\n${result.checked.join('\n')}\nopen states checked:\n${result.opened.join('\n')}\nskipped:\n${result.skipped.join('\n')}`,
        );
        expect(result.checked.length).toBeGreaterThan(110);
        // the console's confirmations, menus and pickers on many pages, not only the shell's
        expect(result.opened.length).toBeGreaterThan(40);
        // the convention start page's chat (behind the welcome video, which the walk closes first) is opened and checked
        expect(result.opened).toContainEqual(expect.stringContaining('"Chat" open'));
        expect(result.failures, result.failures.join('\n\n')).toEqual([]);
      } finally {
        await people.close();
      }
    });
  }

  test('the shell and the console menus and dialogs, open, pass axe in German and English', async ({ browser, db, baseURL }) => {
    test.setTimeout(5 * 60_000);
    const people = await People.open(browser, db, baseURL!);
    const failures: string[] = [];
    try {
      for (const language of ['de', 'en'] as const) {
        for (const state of OPEN_STATES) {
          const page = await people.page(state.person);
          await page.goto(`${state.address}?lang=${language}`);
          // the scripts have taken over (the dialogs' triggers are plain forms before)
          await hydrated(page);
          await expect(page.locator('html')).toHaveAttribute('lang', language);
          await state.open(page);
          const violations = await severeViolations(page);
          if (violations.length) failures.push(`${state.name} (${state.address} as ${state.person}, ${language}):\n  ${violations.join('\n  ')}`);
        }
      }
      expect(failures, failures.join('\n\n')).toEqual([]);
    } finally {
      await people.close();
    }
  });

  test('a violation on one route fails the walk, naming that route and the element', async ({ browser, db, baseURL }) => {
    // the route table is the server build, read once per walk
    test.setTimeout(2 * 60_000);
    const people = await People.open(browser, db, baseURL!);
    try {
      // the imprint, with a picture without a text alternative planted after it loaded (nothing changes in the app)
      const result = await walkRoutes(people, baseURL!, {
        language: 'en',
        alsoIn: ['de'],
        only: (route) => route.id === 'routes/imprint',
        beforeAxe: (page) =>
          page.evaluate(() => {
            const img = document.createElement('img');
            img.id = 'planted-violation';
            img.src = '/favicon.svg';
            document.body.append(img);
          }),
      });
      expect(result.checked).toEqual(['routes/imprint  /imprint as anonymous', 'routes/imprint  /imprint as anonymous, de']);
      expect(result.failures).toHaveLength(2);
      expect(result.failures[0]).toMatch(/^routes\/imprint \(\/imprint as anonymous, en\):\n {2}image-alt \(critical\)/);
      expect(result.failures[1]).toMatch(/^routes\/imprint \(\/imprint as anonymous, de\):\n {2}image-alt \(critical\)/);
      for (const failure of result.failures) expect(failure).toContain('#planted-violation');
    } finally {
      await people.close();
    }
  });
  test('a violation in what a page opens fails the walk, naming the route and what was opened', async ({ browser, db, baseURL }) => {
    test.setTimeout(2 * 60_000);
    const people = await People.open(browser, db, baseURL!);
    try {
      // a disclosure planted on the imprint: closed it hides its picture without a text alternative, open it shows it
      const result = await walkRoutes(people, baseURL!, {
        language: 'en',
        openStates: true,
        only: (route) => route.id === 'routes/imprint',
        beforeAxe: (page) =>
          page.evaluate(() => {
            const details = document.createElement('details');
            details.innerHTML = '<summary>Planted disclosure</summary><img id="planted-in-disclosure" src="/favicon.svg">';
            document.querySelector('main')!.append(details);
          }),
      });
      expect(result.checked).toEqual(['routes/imprint  /imprint as anonymous']);
      expect(result.opened).toContainEqual(expect.stringContaining('"Planted disclosure" open'));
      expect(result.failures).toHaveLength(1);
      expect(result.failures[0]).toMatch(/^routes\/imprint \(\/imprint as anonymous, en\): "Planted disclosure" open \(details\):\n {2}image-alt \(critical\)/);
      expect(result.failures[0]).toContain('#planted-in-disclosure');
    } finally {
      await people.close();
    }
  });
});
