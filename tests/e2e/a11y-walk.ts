import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import type { Knex } from 'knex';
import { effectiveFeatures, hasFeature, salesUserMayUse, type FeatureName } from '../../app/lib/features';
import type { Guards } from '../../app/lib/guards';
import { loadEnv } from '../../app/server/env.server';
import { createSession } from '../../app/server/session.server';
import { necessaryCookiesOnly, severeViolations } from './fixtures';

/**
 * The accessibility walk over the whole route table (issue 32): every address a route renders is opened as the
 * person who may use it, with the demo data, and checked with axe. The route table is the server build under test
 * (`${BUILD_DIR}/server/index.js`: Remix's flat routes of app/routes, the same modules and `guards` the guard test
 * walks), so a new route is walked without editing anything here.
 */

export type Person = 'anonymous' | 'visitor' | 'admin' | 'sales' | 'staff';

/** One address of the route table: the deepest route rendering it names it. */
export interface RoutePage {
  id: string;
  /** React Router style: /convention/:conventionslug/hall/:hallslug */
  pattern: string;
  guards: Guards;
  /** false for resource routes (no default export: they answer data, files or redirects, never HTML) */
  html: boolean;
  params: string[];
}

/**
 * Routes that cannot be opened where the e2e tests run, and why. Keep this short: everything else must open with
 * the demo data.
 */
export const CANNOT_OPEN: Record<string, string> = {
  'routes/dev.mail._index': 'the development mail viewer answers 404 in production, where the e2e server runs',
  'routes/dev.mail.$id': 'the development mail viewer answers 404 in production, where the e2e server runs',
};

interface BuildRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: { default?: unknown; guards?: Guards };
}

/** The route table of the server build the e2e server runs. */
export async function routeTable(buildDir = process.env.BUILD_DIR ?? 'build'): Promise<RoutePage[]> {
  const build = (await import(pathToFileURL(path.resolve(buildDir, 'server/index.js')).href)) as { routes: Record<string, BuildRoute> };
  const routes = build.routes;
  const chain = (id: string): BuildRoute[] => {
    const route = routes[id];
    return route.parentId ? [...chain(route.parentId), route] : [route];
  };
  const byPattern = new Map<string, { route: BuildRoute; depth: number }>();
  for (const route of Object.values(routes)) {
    // the root and pathless layouts (_console, _public) are no address of their own
    if (route.id === 'root' || (route.path === undefined && !route.index)) continue;
    const routeChain = chain(route.id);
    const segments = routeChain.map((r) => r.path ?? '').filter(Boolean);
    const pattern = `/${segments.join('/')}`;
    const known = byPattern.get(pattern);
    // a layout and its index child share the address: the index is what it shows
    if (!known || routeChain.length > known.depth) byPattern.set(pattern, { route, depth: routeChain.length });
  }
  return [...byPattern.entries()]
    .map(([pattern, { route }]) => ({
      id: route.id,
      pattern,
      guards: route.module.guards ?? {},
      html: typeof route.module.default === 'function' || typeof route.module.default === 'object',
      params: [...pattern.matchAll(/:(\w+)|\*/g)].map((m) => m[1] ?? '*'),
    }))
    .sort((a, b) => a.params.length - b.params.length || a.pattern.localeCompare(b.pattern));
}

/** The pattern as a regular expression over a pathname. */
export function patternRegExp(pattern: string): RegExp {
  const source = pattern
    .split('/')
    .map((segment) => (segment === '*' ? '.*' : segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}/?$`);
}

/** The demo's logins (DEMO_LOGINS of app/server/seed/demo.ts, which the e2e process cannot import: the seed reads JSON). */
const DEMO_EMAILS: Record<Exclude<Person, 'anonymous'>, string> = {
  admin: 'admin@demo.example',
  sales: 'sales@demo.example',
  staff: 'staff@demo.example',
  visitor: 'visitor@demo.example',
};

interface PersonState {
  context: BrowserContext;
  page: Page;
  staff: boolean;
  member: boolean;
  features: number;
  sessionId: string | null;
}

/** The demo's people, one browser context each (anonymous has none of the demo's sessions). */
export class People {
  private states = new Map<Person, PersonState>();

  private constructor(
    private browser: Browser,
    /** the database the e2e server uses (its demo data) */
    readonly db: Knex,
    private baseURL: string,
  ) {}

  static async open(browser: Browser, db: Knex, baseURL: string): Promise<People> {
    return new People(browser, db, baseURL);
  }

  private async state(person: Person): Promise<PersonState> {
    const known = this.states.get(person);
    if (known) return known;
    const context = await this.browser.newContext({
      baseURL: this.baseURL,
      viewport: { width: 1280, height: 800 },
    });
    // the cookie choice is made (the banner has its own tests), so nothing slides over the page while axe runs
    await necessaryCookiesOnly(context, this.baseURL);
    let state: PersonState = {
      context,
      page: await context.newPage(),
      staff: false,
      member: false,
      features: 0,
      sessionId: null,
    };
    state.page.on('pageerror', (error) => pageErrors.get(state.page)?.push(error.message.split('\n')[0]));
    if (person !== 'anonymous') {
      const email = DEMO_EMAILS[person];
      const user = await this.db('users').where({ email }).first('id', 'is_staff', 'default_organization_id');
      if (!user) throw new Error(`the demo user ${email} is missing: the e2e server seeds the demo (SEED_DEMO)`);
      // the current organisation: the default one, else the oldest membership (as app/server/viewer.server.ts)
      const membership = await this.db('organization_members as m')
        .join('organizations as o', 'o.id', 'm.organization_id')
        .where('m.user_id', user.id)
        .orderByRaw('(m.organization_id = ?) desc, m.created_at', [user.default_organization_id ?? null])
        .first('o.suites', 'm.role', 'm.sales');
      const env = loadEnv({ ...process.env, NODE_ENV: 'production' });
      const { sessionId, setCookie } = await createSession(env, this.db, user.id);
      const [pair] = setCookie.split(';');
      const [name, ...value] = pair.split('=');
      await context.addCookies([{ name, value: value.join('='), url: this.baseURL }]);
      state = {
        ...state,
        staff: user.is_staff,
        member: !!membership,
        features: membership ? effectiveFeatures(Number(membership.suites), membership.sales || membership.role === 'sales') : 0,
        sessionId,
      };
    }
    this.states.set(person, state);
    return state;
  }

  async page(person: Person): Promise<Page> {
    return (await this.state(person)).page;
  }

  /** Who may use a route, most fitting first: its guards against what each demo person is and may use. */
  async candidates(guards: Guards): Promise<Person[]> {
    if (guards.checkLoggedIn) return ['anonymous'];
    // platform staff last: the developer pages are public routes that answer 404 to everybody else
    if (guards.public) return ['anonymous', 'visitor', 'admin', 'staff'];
    if (!guards.organization && !guards.staff) return ['visitor', 'admin'];
    const feature = guards.feature as FeatureName | undefined;
    const order: Person[] = feature && salesUserMayUse(feature) ? ['sales', 'admin', 'staff'] : ['admin', 'staff', 'sales'];
    const fitting: Person[] = [];
    for (const person of order) {
      const state = await this.state(person);
      if (!state.member || (guards.staff && !state.staff) || (feature && !hasFeature(state.features, feature))) continue;
      fitting.push(person);
    }
    return fitting;
  }

  async close(): Promise<void> {
    for (const state of this.states.values()) {
      await state.context.close();
      if (state.sessionId) await this.db('sessions').where({ id: state.sessionId }).delete();
    }
    this.states.clear();
  }
}

export type WalkLanguage = 'de' | 'en';

export interface WalkOptions {
  /** the language the walk opens its pages in (and reads their links) */
  language: WalkLanguage;
  /** further languages every checked page is opened and checked in as well (its texts, and so its names, differ) */
  alsoIn?: WalkLanguage[];
  /**
   * opens the page's menus, dialogs, pickers and disclosures (every control that says it is collapsed, the first of
   * each kind) and checks what opened; the top bar's are checked once per person and language
   */
  openStates?: boolean;
  /** only these routes (by id) */
  only?: (route: RoutePage) => boolean;
  /** runs on each opened page before axe (the proof that a planted violation fails the walk) */
  beforeAxe?: (page: Page, route: RoutePage) => Promise<void>;
}

export interface WalkResult {
  /** `route id  address  as person` of every page checked */
  checked: string[];
  /** resource routes and the CANNOT_OPEN ones, with why */
  skipped: string[];
  /** one message per route: its id and address, the person, and each serious or critical violation with its nodes */
  failures: string[];
  /** `route id  address as person, language: what was opened` of every menu or dialog checked open */
  opened: string[];
}

/**
 * The axe rules whose outcome depends on the page's texts: a page checked in full in one language is checked with
 * these in the others (about a third of axe's time: colour contrast and the structure rules are the same in both).
 */
export const TEXT_RULES = [
  'document-title',
  'html-has-lang',
  'html-lang-valid',
  'valid-lang',
  'label-content-name-mismatch',
  'button-name',
  'link-name',
  'input-button-name',
  'image-alt',
  'input-image-alt',
  'role-img-alt',
  'svg-img-alt',
  'object-alt',
  'area-alt',
  'label',
  'select-name',
  'frame-title',
  'summary-name',
  'aria-command-name',
  'aria-input-field-name',
  'aria-toggle-field-name',
  'aria-meter-name',
  'aria-progressbar-name',
  'aria-tooltip-name',
  'aria-treeitem-name',
];

/** The address in a language (the interface language is the query's `lang`). */
export const inLanguage = (address: string, language: WalkLanguage) => `${address}${address.includes('?') ? '&' : '?'}lang=${language}`;

/** Reports an axe check's violations as the walk's failure: the route, where and as whom, and what is wrong where. */
export function walkFailure(route: Pick<RoutePage, 'id'>, where: string, language: WalkLanguage, violations: string[]): string | null {
  return violations.length ? `${route.id} (${where}, ${language}):\n  ${violations.join('\n  ')}` : null;
}

/** What says it opens something and is closed: menu buttons, dialog triggers, pickers, disclosures. */
const TRIGGERS = 'button[aria-expanded="false"], [role="button"][aria-expanded="false"], summary';
/** What a trigger opens, when it is an overlay (else the element it controls, else the page is checked). */
const OVERLAYS = '[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"], [role="tooltip"]';
/** At most this many triggers per page (each of another kind): a list's delete buttons all open the same dialog. */
const MAX_OPEN_PER_PAGE = 8;
const OPEN_TIMEOUT = 3_000;

/**
 * Opens the page's menus, dialogs and disclosures one after the other and runs axe on what each opened: the first
 * trigger of each kind (its element, popup type and classes), those of the page's banner (the top bar's language and
 * account menus) once per `seen` key prefix. Returns a description per state checked, and the failures.
 */
export async function checkOpenStates(
  page: Page,
  options: { seen: Set<string>; shellKey: string; routeKey: string; rules?: string[] },
): Promise<{ opened: string[]; failures: string[]; notOpened: string[] }> {
  const out = { opened: [] as string[], failures: [] as string[], notOpened: [] as string[] };
  // a dialog the page opens by itself (the convention's welcome video) was checked with the page; closed as a user
  // would (Escape), so the page behind it can be used (a modal dialog takes the pointer from everything else)
  const modal = page.locator('dialog[open]');
  if (await modal.count()) {
    await page.keyboard.press('Escape');
    await modal.first().waitFor({ state: 'hidden', timeout: OPEN_TIMEOUT }).catch(() => undefined);
  }
  const triggers = await page.evaluate(
    ({ selector, max }) => {
      const found: { index: number; kind: string; shell: boolean; name: string }[] = [];
      const kinds = new Set<string>();
      document.querySelectorAll(selector).forEach((element, index) => {
        const el = element as HTMLElement;
        el.setAttribute('data-a11y-walk-trigger', String(index));
        const box = el.getBoundingClientRect();
        if (box.width === 0 || box.height === 0 || el.closest('[aria-hidden="true"], [inert]') || (el as HTMLButtonElement).disabled) return;
        if (el.tagName === 'SUMMARY' && (el.parentElement as HTMLDetailsElement | null)?.open) return;
        const shell = !!el.closest('header, [role="banner"]');
        const kind = `${shell ? 'shell' : 'page'}|${el.tagName}|${el.getAttribute('aria-haspopup') ?? ''}|${el.className}`;
        if (kinds.has(kind) || found.length >= max) return;
        kinds.add(kind);
        const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 60);
        found.push({ index, kind, shell, name });
      });
      return found;
    },
    { selector: TRIGGERS, max: MAX_OPEN_PER_PAGE },
  );
  const url = page.url();
  for (const trigger of triggers) {
    const key = `${trigger.shell ? options.shellKey : options.routeKey}|${trigger.kind}`;
    // a kind that did not open once (it needs what the walk does not do) is reported once, not tried on every page
    if (options.seen.has(key) || options.seen.has(`not opening|${trigger.kind}`)) continue;
    options.seen.add(key);
    if (page.url() !== url) await open(page, url);
    const element = page.locator(`[data-a11y-walk-trigger="${trigger.index}"]`);
    // what was there before: only what the trigger opens is checked
    await page.evaluate((overlays) => document.querySelectorAll(overlays).forEach((o) => o.setAttribute('data-a11y-walk-before', '')), OVERLAYS);
    const controls = await element.getAttribute('aria-controls', { timeout: OPEN_TIMEOUT }).catch(() => null);
    const clicked = await element.click({ timeout: OPEN_TIMEOUT }).then(
      () => true,
      () => false,
    );
    // open: the trigger says so, or it gave its place to what it opens (the chat launcher is replaced by its panel)
    const expanded =
      clicked &&
      (await page
        .waitForFunction(
          ({ index, overlays, controls }) => {
            const el = document.querySelector(`[data-a11y-walk-trigger="${index}"]`);
            if (el) return el.tagName === 'SUMMARY' || el.getAttribute('aria-expanded') === 'true';
            return (!!controls && !!document.getElementById(controls)) || [...document.querySelectorAll(overlays)].some((o) => !o.hasAttribute('data-a11y-walk-before'));
          },
          { index: trigger.index, overlays: OVERLAYS, controls },
          { timeout: OPEN_TIMEOUT },
        )
        .then(
          () => true,
          () => false,
        ));
    if (!expanded || page.url() !== url) {
      options.seen.add(`not opening|${trigger.kind}`);
      out.notOpened.push(`"${trigger.name}" did not open (${trigger.kind})`);
      continue;
    }
    const scope = await page.evaluate(
      ({ overlays, index, controls }) => {
        const fresh = [...document.querySelectorAll(overlays)].filter((o) => !o.hasAttribute('data-a11y-walk-before'));
        const trigger = document.querySelector(`[data-a11y-walk-trigger="${index}"]`);
        const controlled = trigger?.getAttribute('aria-controls') ?? controls;
        const targets = fresh.length ? fresh : controlled && document.getElementById(controlled) ? [document.getElementById(controlled)!] : [];
        if (!targets.length && trigger?.tagName === 'SUMMARY' && trigger.parentElement) targets.push(trigger.parentElement);
        targets.forEach((t) => t.setAttribute('data-a11y-walk-open', ''));
        return targets.map((t) => t.getAttribute('role') ?? t.tagName.toLowerCase());
      },
      { overlays: OVERLAYS, index: trigger.index, controls },
    );
    const violations = await severeViolations(page, {
      fast: true,
      include: scope.length ? ['[data-a11y-walk-open]'] : undefined,
      rules: options.rules,
    });
    const what = `"${trigger.name}" open${scope.length ? ` (${scope.join(', ')})` : ''}`;
    out.opened.push(what);
    if (violations.length) out.failures.push(`${what}:\n  ${violations.join('\n  ')}`);
    // closed again as a user would (Escape, or the trigger once more), or the page loaded afresh
    await page.evaluate(() => document.querySelectorAll('[data-a11y-walk-open], [data-a11y-walk-before]').forEach((o) => {
      o.removeAttribute('data-a11y-walk-open');
      o.removeAttribute('data-a11y-walk-before');
    }));
    await page.keyboard.press('Escape');
    // read without waiting: the trigger may be gone (replaced by what it opened)
    const triggerExpanded = () => page.evaluate((i) => document.querySelector(`[data-a11y-walk-trigger="${i}"]`)?.getAttribute('aria-expanded') === 'true', trigger.index);
    const closed = async () =>
      page.url() === url &&
      (await page.locator(`${OVERLAYS}`).filter({ visible: true }).count()) === 0 &&
      !(controls && (await page.evaluate((id) => document.getElementById(id)?.checkVisibility() ?? false, controls))) &&
      !(await triggerExpanded());
    if (!(await closed()) && (await triggerExpanded())) await element.click({ timeout: OPEN_TIMEOUT }).catch(() => undefined);
    if (!(await closed())) await open(page, url);
  }
  return out;
}

/**
 * How long a page may take to hydrate (its scripts taking over) before the walk reports it and goes on: a page whose
 * scripts fail would otherwise hold the walk until the test's time is up.
 */
const HYDRATION_TIMEOUT = 30_000;
/** How long the walk waits for a page's document before it reports the route and goes on. */
const GOTO_TIMEOUT = 30_000;

/** The uncaught errors of each person's page since its last load (the reason a page did not hydrate). */
const pageErrors = new WeakMap<Page, string[]>();

/** Opens an address and waits until the page has hydrated; the reason when it did not. */
async function open(page: Page, url: string): Promise<{ status: number; notHydrated: string | null }> {
  pageErrors.set(page, []);
  // up to the document, not the load event: a picture or frame of another host (a YouTube thumbnail, an embed) that
  // never answers where the tests run holds `load` without end (the walk stood still on /exhibition/demo-hausmesse);
  // hydration, awaited below, is what the checks need. A page that does not even answer is reported, not waited for.
  let status = 0;
  try {
    status = (await page.goto(url, { waitUntil: 'domcontentloaded', timeout: GOTO_TIMEOUT }))?.status() ?? 0;
  } catch (error) {
    return { status, notHydrated: `${url} did not load within ${GOTO_TIMEOUT / 1000} s: ${(error as Error).message.split('\n')[0]}` };
  }
  const hydrated = await page
    .locator('html[data-hydrated]')
    .waitFor({ state: 'attached', timeout: HYDRATION_TIMEOUT })
    .then(
      () => true,
      () => false,
    );
  const errors = pageErrors.get(page) ?? [];
  return {
    status,
    notHydrated: hydrated ? null : `the page did not hydrate within ${HYDRATION_TIMEOUT / 1000} s${errors.length ? `: ${errors.join('; ')}` : ''}`,
  };
}

/** How many pages the walk opens only to read their links (the other stands of a hall …): it keeps the walk short. */
const MAX_EXPLORED = 30;

const NEEDS_SOMEONE_ELSE = /^\/(login|token|onboarding|missing-feature)(\/|$)/;

/**
 * Where the walk starts: the addresses of the demo's objects, read from the database the e2e server seeded (no slug
 * is written here, so a renamed demo object cannot leave a stale address behind). Each source names the route whose
 * parameters its rows fill (a row holds one value per parameter, by name); every other address with parameters is
 * found by following the links of the pages walked. Only what no page links to needs a source: the entries of
 * visitors (a convention, an in-house fair) and the addresses handed out by organisers or mails (a stage or a room
 * on a page of its own, a lead's information page). A source naming a route the table no longer has fails the walk.
 */
export const DATABASE_SOURCES: {
  pattern: string;
  rows: (db: Knex) => Promise<Record<string, string>[]>;
}[] = [
  {
    pattern: '/convention/:conventionslug',
    rows: (db) => db('conventions').orderBy('created_at').select('slug as conventionslug'),
  },
  {
    pattern: '/exhibition/:slug',
    rows: (db) => db('exhibitions').orderBy('created_at').select('slug'),
  },
  {
    pattern: '/stage/:stageslug',
    rows: (db) => db('stages').orderBy('created_at').select('slug as stageslug'),
  },
  // a developer page for support, linked from nowhere (a hall's slug after the path; platform staff only in production)
  {
    pattern: '/dev/hall-administration/*',
    rows: async (db) => (await db('halls').orderBy('created_at').limit(1).select('slug')).map((row: { slug: string }) => ({ '*': row.slug })),
  },
  {
    pattern: '/standalone-room/:slug',
    rows: (db) => db('virtual_rooms').orderBy('created_at').select('slug'),
  },
  {
    pattern: '/information-collection/:leadslug',
    rows: (db) => db('leads').orderBy('created_at').limit(3).select('slug as leadslug'),
  },
  // a published content page of the convention's organisation, inside the convention (linked by points the demo
  // does not set)
  {
    pattern: '/convention/:conventionslug/content/:slug',
    rows: (db) =>
      db('content_pages as p')
        .join('conventions as c', 'c.organization_id', 'p.organization_id')
        .whereNotNull('p.published_at')
        .orderBy([{ column: 'c.created_at' }, { column: 'p.created_at' }])
        .limit(3)
        .select('c.slug as conventionslug', 'p.slug'),
  },
  // a content group of the old content pool, at its visitor address (the access kind's visitorPath)
  {
    pattern: '/old/content/:slug',
    rows: (db) => db('content_groups').orderBy('created_at').limit(3).select('slug'),
  },
  // a stand's reference point with a virtual room (/vr/{rpslug}): the real slugs of the demo, not the paths the
  // analytics seed records (app/server/seed/analytics.ts invents /vr/rundgang), which the pages' data also offer
  {
    pattern: '/convention/:conventionslug/hall/:hallslug/stand/:standslug/vr/:rpslug',
    rows: (db) =>
      db('points as p')
        .join('stand_nodes as n', 'n.id', 'p.node_id')
        .join('hall_stands as hs', 'hs.stand_id', 'n.stand_id')
        .join('halls as h', 'h.id', 'hs.hall_id')
        .join('convention_halls as ch', 'ch.hall_id', 'hs.hall_id')
        .join('conventions as c', 'c.id', 'ch.convention_id')
        .where({ 'p.kind': 'REFERENCE', 'hs.approved': true })
        .whereNotNull('p.virtual_room_id')
        .whereNotNull('p.slug')
        .orderBy([{ column: 'c.created_at' }, { column: 'ch.order' }, { column: 'hs.order' }])
        .limit(3)
        .select('c.slug as conventionslug', 'h.slug as hallslug', 'hs.slug as standslug', 'p.slug as rpslug'),
  },
  // a stand's preview link, which its exhibitor is given (also once approved): a pending stand's first
  {
    pattern: '/prev/:prevslug/convention/:conventionslug/hall/:hallslug/stand/:standslug',
    rows: (db) =>
      db('hall_stands as hs')
        .join('halls as h', 'h.id', 'hs.hall_id')
        .join('convention_halls as ch', 'ch.hall_id', 'hs.hall_id')
        .join('conventions as c', 'c.id', 'ch.convention_id')
        .orderBy([{ column: 'hs.approved' }, { column: 'ch.order' }, { column: 'hs.order' }])
        .limit(3)
        .select('hs.preview_slug as prevslug', 'c.slug as conventionslug', 'h.slug as hallslug', 'hs.slug as standslug'),
  },
];

/** The starting addresses: the database sources' rows, and the feature pages of the features the table's guards ask for. */
async function startingAddresses(db: Knex, table: RoutePage[]): Promise<{ addresses: string[]; stale: string[] }> {
  const patterns = new Set(table.map((route) => route.pattern));
  const addresses: string[] = [];
  const stale: string[] = [];
  for (const source of DATABASE_SOURCES) {
    if (!patterns.has(source.pattern)) {
      stale.push(`the walk's database source for ${source.pattern} names no route of the table: update DATABASE_SOURCES`);
      continue;
    }
    for (const row of await source.rows(db)) addresses.push(source.pattern.replace(/:(\w+)|\*/g, (_, name?: string) => encodeURIComponent(row[name ?? '*'])));
  }
  // a guard's missing feature sends to /missing-feature/{feature}: the features the guards name are its parameters
  const missingFeature = table.find((route) => /^\/missing-feature\/:\w+$/.test(route.pattern));
  if (missingFeature) {
    const features = new Set(table.map((route) => route.guards.feature).filter((feature): feature is FeatureName => !!feature));
    for (const feature of [...features].sort()) addresses.push(missingFeature.pattern.replace(/:\w+$/, feature));
  }
  return { addresses, stale };
}

/**
 * The same-origin addresses a page offers (path and query): its links, and the addresses it shows to be copied
 * (share and preview links in fields or text). The dynamic routes take their demo parameters from these.
 */
async function addressesOf(page: Page, origin: string, linked?: Set<string>): Promise<string[]> {
  const { anchors, found } = await page.evaluate(() => {
    const out = [...document.querySelectorAll('a[href]')].map((a) => (a as HTMLAnchorElement).href);
    // framed pages (a content group's preview shows it at its visitor address)
    for (const frame of document.querySelectorAll('iframe[src]')) out.push((frame as HTMLIFrameElement).src);
    const anchors = out.length;
    for (const field of document.querySelectorAll('input, textarea')) out.push((field as HTMLInputElement).value);
    for (const match of document.body.innerText.matchAll(/https?:\/\/[^\s"'<>]+/g)) out.push(match[0]);
    // and the paths in the page's data (menus and tours that render their links only when opened)
    const router = (
      window as unknown as {
        __remixRouter?: { state: { loaderData: unknown } };
      }
    ).__remixRouter;
    const data = JSON.stringify(router?.state.loaderData ?? {});
    for (const match of data.matchAll(/"(\/[a-zA-Z0-9][^"\s\\]*)"/g)) out.push(`${location.origin}${match[1]}`);
    return { anchors, found: out };
  });
  return found.flatMap((text, i) => {
    if (!text.startsWith(origin)) return [];
    const url = new URL(text);
    const address = `${decodeURI(url.pathname)}${url.search}`;
    // what a page links to is an address it opens; a path in its data may be a record of one (the analytics' paths)
    if (i < anchors) linked?.add(address);
    return [address];
  });
}

const pathOf = (address: string) => address.split('?')[0];

/**
 * Opens every HTML route of the table as the person who may use it and runs axe on it. A route without parameters
 * is opened at its path (or, when that is not found, at a linked address of it with a query, like a lead form's
 * ?org=); a route with parameters at an address matching it among those the walked pages offered (the starting addresses
 * first), so the walk goes on until no route gains an address. A route left without one, or that opens for
 * nobody, fails: the demo's pages do not reach it.
 */
export async function walkRoutes(people: People, baseURL: string, options: WalkOptions): Promise<WalkResult> {
  const origin = new URL(baseURL).origin;
  const result: WalkResult = { checked: [], skipped: [], failures: [], opened: [] };
  const seenTriggers = new Set<string>();
  const linkedAddresses = new Set<string>();
  const table = await routeTable();
  const start = await startingAddresses(people.db, table);
  result.failures.push(...start.stale);
  const known = new Set<string>(start.addresses);
  const offered = [...start.addresses];
  const offer = (address: string) => {
    if (known.has(address)) return;
    known.add(address);
    offered.push(address);
  };
  let pending: RoutePage[] = [];
  for (const route of table) {
    if (options.only && !options.only(route)) continue;
    if (!route.html) result.skipped.push(`${route.id}: a resource route (no default export, no HTML)`);
    else if (CANNOT_OPEN[route.id]) result.skipped.push(`${route.id}: ${CANNOT_OPEN[route.id]}`);
    else pending.push(route);
  }

  const addressesFor = (route: RoutePage): string[] => {
    const regexp = patternRegExp(route.pattern);
    if (route.params.length === 0) return [route.pattern, ...offered.filter((a) => a.includes('?') && pathOf(a) === route.pattern)].slice(0, 3);
    if (route.pattern === '/*') return ['/'];
    // an address a route with fewer parameters matches is that route's (/leads/archive is not a lead); the splat
    // route (/*) matches everything and is the least specific of all
    const moreSpecific = table
      .filter((other) => other.params.length < route.params.length && !other.params.includes('*'))
      .map((other) => patternRegExp(other.pattern));
    const matching = (pattern: RegExp) => offered.filter((a) => pattern.test(pathOf(a)) && !moreSpecific.some((other) => other.test(pathOf(a))));
    // the addresses pages link to first: paths only mentioned in a page's data may be stale
    const linked = matching(regexp).sort((a, b) => Number(linkedAddresses.has(b)) - Number(linkedAddresses.has(a)));
    if (linked.length > 0) return linked.slice(0, 3);
    // a page below another by fixed segments (a stand's imprint, a convention's chats, a shop link's editor) that no
    // walked page links to is at the address of the page above it and those segments
    const segments = route.pattern.split('/');
    for (let fixed = 1; fixed < segments.length && !/^[:*]/.test(segments[segments.length - fixed]); fixed += 1) {
      const above = segments.slice(0, -fixed).join('/');
      if (!/[:*]/.test(above)) break;
      const suffix = `/${segments.slice(-fixed).join('/')}`;
      const derived = matching(patternRegExp(above)).map((a) => `${pathOf(a).replace(/\/$/, '')}${suffix}`);
      if (derived.length > 0) return derived.slice(0, 3);
    }
    return [];
  };

  // one page in one language: axe on the page as loaded, then on its menus and dialogs open
  const checkIn = async (route: RoutePage, page: Page, person: Person, label: string, language: WalkLanguage, notHydrated: string | null) => {
    const started = Date.now();
    if (notHydrated) result.failures.push(`${route.id} (${label}, ${language}): ${notHydrated}`);
    await options.beforeAxe?.(page, route);
    // in a further language only what its texts change (names, titles, the language): structure and colours are the same
    const rules = language !== options.language ? TEXT_RULES : undefined;
    const violations = await severeViolations(page, { fast: true, rules });
    const failure = walkFailure(route, label, language, violations);
    if (failure) result.failures.push(failure);
    if (failure && process.env.A11Y_WALK_LOG) console.log(`FAILURE ${failure}`);
    result.checked.push(`${route.id}  ${label}${language === options.language ? '' : `, ${language}`}`);
    const axed = Date.now();
    if (options.openStates && !notHydrated) {
      const states = await checkOpenStates(page, {
        seen: seenTriggers,
        shellKey: `${person}|${language}`,
        routeKey: `${route.id}|${language}`,
        rules,
      });
      for (const what of states.opened) result.opened.push(`${route.id}  ${label}, ${language}: ${what}`);
      for (const what of states.notOpened) result.skipped.push(`${route.id}  ${label}, ${language}: ${what}`);
      for (const what of states.failures) result.failures.push(`${route.id} (${label}, ${language}): ${what}`);
      if (process.env.A11Y_WALK_LOG) for (const what of [...states.failures, ...states.notOpened]) console.log(`OPEN STATE ${route.id} ${language}: ${what}`);
    }
    if (process.env.A11Y_WALK_LOG) console.log(`${route.id} ${label} ${language}: axe ${axed - started} ms, open states ${Date.now() - axed} ms`);
  };
  const check = async (route: RoutePage, page: Page, person: Person, address: string, label: string, notHydrated: string | null) => {
    for (const found of await addressesOf(page, origin, linkedAddresses)) offer(found);
    await checkIn(route, page, person, label, options.language, notHydrated);
    for (const language of options.alsoIn ?? []) {
      const { notHydrated: notHydratedIn } = await open(page, inLanguage(address, language));
      await checkIn(route, page, person, label, language, notHydratedIn);
    }
  };

  // Where the walk went: the pages it checks offer their links; when routes with parameters are left without an
  // address, it opens more of the offered addresses below which they lie (the other stands of a hall, the points of
  // a stand) only to read their links, the deepest first, until one is found or none is left.
  const visited = new Set<string>();
  const segmentsOf = (pattern: string) => pattern.split('/').map((segment) => (/^[:*]/.test(segment) ? ':' : segment));
  const isBelow = (above: string, below: string) => {
    const a = segmentsOf(above);
    const b = segmentsOf(below);
    return a.length < b.length && a.every((segment, i) => segment === b[i]);
  };
  const htmlRoutes = table.filter((route) => route.html && !CANNOT_OPEN[route.id] && route.params.length > 0 && !route.params.includes('*'));
  let explored = 0;
  const explore = async (): Promise<boolean> => {
    const lost = pending.filter((route) => route.params.length > 0);
    const before = offered.length;
    // one visit per path: the same page with another query (?tour=, ?dialog=) offers the same links
    const targets = offered
      .filter((address, i) => !visited.has(pathOf(address)) && offered.findIndex((other) => pathOf(other) === pathOf(address)) === i)
      .flatMap((address) => {
        const route = htmlRoutes.find((r) => patternRegExp(r.pattern).test(pathOf(address)) && lost.some((l) => isBelow(r.pattern, l.pattern)));
        return route ? [{ address, route, depth: segmentsOf(route.pattern).length }] : [];
      })
      .sort((a, b) => b.depth - a.depth);
    for (const { address, route } of targets) {
      if (explored >= MAX_EXPLORED) break;
      const [person] = await people.candidates(route.guards);
      if (!person) continue;
      visited.add(pathOf(address));
      explored += 1;
      const page = await people.page(person);
      const { status } = await open(page, inLanguage(address, options.language));
      if (process.env.A11Y_WALK_LOG) console.log(`explore ${address} as ${person}: ${status}`);
      if (status >= 400) continue;
      for (const found of await addressesOf(page, origin, linkedAddresses)) offer(found);
      if (lost.some((l) => addressesFor(l).length > 0)) return true;
    }
    return offered.length > before && lost.some((l) => addressesFor(l).length > 0);
  };

  // a route without parameters that is not found at its bare path (it needs a query, like a lead form's ?org=)
  // waits until the walk offered an address of it with a query, or everything else is done
  const waiting = new Set<RoutePage>();
  for (let progress = true, last = false; pending.length > 0; ) {
    if (!progress && (await explore())) progress = true;
    if (!progress) {
      if (last || waiting.size === 0) break;
      last = true;
    }
    progress = false;
    for (const route of [...pending]) {
      const addresses = addressesFor(route);
      if (addresses.length === 0) continue;
      if (waiting.has(route) && !last && addresses.length === 1) continue;
      pending = pending.filter((r) => r !== route);
      progress = true;
      const outcomes: string[] = [];
      let notFound: { address: string; person: Person } | null = null;
      let opened = false;
      // the most fitting person first, at whichever address opens for them
      for (const person of await people.candidates(route.guards)) {
        for (const address of addresses) {
          const page = await people.page(person);
          visited.add(pathOf(address));
          const url = inLanguage(address, options.language);
          const started = Date.now();
          const { status, notHydrated } = await open(page, url);
          if (process.env.A11Y_WALK_LOG) console.log(`goto ${url} as ${person}: ${status} in ${Date.now() - started} ms`);
          const at = new URL(page.url());
          offer(`${decodeURI(at.pathname)}${at.search}`);
          // a page that answers 403 at its own address says so by design (a missing feature); refusals redirect
          if (patternRegExp(route.pattern).test(at.pathname) && (status < 400 || status === 403)) {
            await check(route, page, person, address, `${address} as ${person}${status === 403 ? ', answering 403' : ''}`, notHydrated);
            opened = true;
            break;
          }
          if (status === 404 && route.params.length === 0 && at.pathname === route.pattern) notFound ??= { address, person };
          outcomes.push(`${address} as ${person}: ${status} at ${at.pathname}${NEEDS_SOMEONE_ELSE.test(at.pathname) ? '' : ' (redirected)'}`);
        }
        if (opened) break;
      }
      if (!opened && notFound && !last && addresses.length === 1) {
        waiting.add(route);
        pending.push(route);
        continue;
      }
      if (!opened && notFound) {
        // a route that is a not-found page by nature (/404): its page is what everybody gets
        const page = await people.page(notFound.person);
        const { notHydrated } = await open(page, inLanguage(notFound.address, options.language));
        await check(route, page, notFound.person, notFound.address, `${notFound.address} as ${notFound.person}, answering 404`, notHydrated);
        opened = true;
      }
      if (!opened) result.failures.push(`${route.id} could not be opened with the demo data: ${outcomes.join('; ')}`);
    }
  }
  for (const route of pending) {
    result.failures.push(
      `${route.id} (${route.pattern}): no page of the walk offers an address of it, so the demo data gives it no parameters (link it from a page, or seed what it shows)`,
    );
  }
  return result;
}
