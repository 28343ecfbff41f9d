import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as conventionLayout from '~/routes/convention.$conventionslug';
import * as conventionLanding from '~/routes/convention.$conventionslug._index';
import * as conventionContentPage from '~/routes/convention.$conventionslug.content.$slug';
import * as hallLayout from '~/routes/convention.$conventionslug.hall.$hallslug';
import * as hallLanding from '~/routes/convention.$conventionslug.hall.$hallslug._index';
import * as exhibitionLayout from '~/routes/exhibition.$slug';
import * as exhibitionLanding from '~/routes/exhibition.$slug._index';
import * as virtualRoomPage from '~/routes/virtual-room.$slug';
import * as standaloneRoomPage from '~/routes/standalone-room.$slug';
import * as oldContentPage from '~/routes/old.content.$slug/route';
import * as contentPagePage from '~/routes/content.$slug/route';
import { createTestApp, type TestApp } from '../helpers/app';
import { callRoute, type RouteFn } from '../helpers/routes';
import {
  ACCESS_TYPES,
  accessMatrixFiles,
  accessMatrixWorld,
  type Access,
  type AccessMatrixWorld,
  type Kind,
  type PageName,
  type ProtectedObject,
} from './access-matrix-world';

/**
 * The access matrix (issue 25; spec 001 point 6): every protected kind × every access type × everyone who may ask,
 * through both doors (the page's loaders as Remix runs them, and GraphQL), each case checked against the one
 * expected answer of the tables below. Files served under /files/ follow the object that uses them.
 */

let t: TestApp;
let w: AccessMatrixWorld;
let files: Awaited<ReturnType<typeof accessMatrixFiles>>;

beforeAll(async () => {
  t = await createTestApp();
  w = await accessMatrixWorld(t);
  files = await accessMatrixFiles(t, w);
}, 120_000);
afterAll(async () => {
  await t.close();
  fs.rmSync(path.resolve(t.app.env.UPLOAD_DIR), { recursive: true, force: true });
});

// ---------------------------------------------------------------------------------------------------------------
// Who asks

const PERSONAS = ['anonymous', 'visitor', 'keyHolder', 'suspended', 'otherKey', 'owner', 'sales', 'stranger'] as const;
type Persona = (typeof PERSONAS)[number];
/**
 * anonymous  no session
 * visitor    logged in, no organisation, no permission
 * keyHolder  logged in, holds a permission of this object (redeemed one of its keys)
 * suspended  logged in, their permission of this object is suspended; they hold an unsuspended one of another
 *            object of the same organisation (its TOKEN convention's key)
 * otherKey   logged in, holds a permission of another object of the same organisation only (a TOKEN room's key)
 * owner      the owning organisation's admin and owner (an editor of its content)
 * sales      a sales user of the owning organisation (a member, not an editor)
 * stranger   a member of another organisation
 */
function userOf(persona: Persona, object?: ProtectedObject): string | null {
  switch (persona) {
    case 'anonymous':
      return null;
    case 'visitor':
      return w.visitor.id;
    case 'keyHolder':
      return object!.keyHolderId;
    case 'suspended':
      return object!.suspendedId;
    case 'otherKey':
      return w.otherKey.id;
    case 'owner':
      return w.owner.id;
    case 'sales':
      return w.sales.id;
    case 'stranger':
      return w.stranger.id;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The answers

/**
 * in       the object is shown: the page answers 200, GraphQL the object
 * login    PERMISSION_DENIED to someone logged out: the page redirects to /login?next=<path>
 * key      PERMISSION_DENIED to someone logged in: the page redirects to /token?next=<path>
 * missing  not found: the page answers 404, GraphQL NOT_FOUND
 */
type Verdict = 'in' | 'login' | 'key' | 'missing';
type Row8 = [Verdict, Verdict, Verdict, Verdict, Verdict, Verdict, Verdict, Verdict];

/**
 * Objects with an access type. A suspended permission shuts its holder out of the object whatever its type (and is
 * not outweighed by a permission of another object); a permission opens only its own object; members of the owning
 * organisation always get in.
 */
const EXPECTED: [Kind, Access, ...Row8][] = [
  //                              anonymous  visitor    keyHolder  suspended  otherKey   owner  sales  stranger
  ['convention',   'PUBLIC',      'in',      'in',      'in',      'key',     'in',      'in',  'in',  'in'],
  ['convention',   'LOGGED_IN',   'login',   'in',      'in',      'key',     'in',      'in',  'in',  'in'],
  ['convention',   'TOKEN',       'login',   'key',     'in',      'key',     'key',     'in',  'in',  'key'],
  ['hall',         'PUBLIC',      'in',      'in',      'in',      'key',     'in',      'in',  'in',  'in'],
  ['hall',         'LOGGED_IN',   'login',   'in',      'in',      'key',     'in',      'in',  'in',  'in'],
  ['hall',         'TOKEN',       'login',   'key',     'in',      'key',     'key',     'in',  'in',  'key'],
  ['exhibition',   'PUBLIC',      'in',      'in',      'in',      'key',     'in',      'in',  'in',  'in'],
  ['exhibition',   'LOGGED_IN',   'login',   'in',      'in',      'key',     'in',      'in',  'in',  'in'],
  ['exhibition',   'TOKEN',       'login',   'key',     'in',      'key',     'key',     'in',  'in',  'key'],
  ['room',         'PUBLIC',      'in',      'in',      'in',      'key',     'in',      'in',  'in',  'in'],
  ['room',         'LOGGED_IN',   'login',   'in',      'in',      'key',     'in',      'in',  'in',  'in'],
  ['room',         'TOKEN',       'login',   'key',     'in',      'key',     'key',     'in',  'in',  'key'],
  ['contentGroup', 'PUBLIC',      'in',      'in',      'in',      'key',     'in',      'in',  'in',  'in'],
  ['contentGroup', 'LOGGED_IN',   'login',   'in',      'in',      'key',     'in',      'in',  'in',  'in'],
  ['contentGroup', 'TOKEN',       'login',   'key',     'in',      'key',     'key',     'in',  'in',  'key'],
];

/**
 * How the GraphQL door says a verdict other than 'in' (the error's extensions.code). Logged out, a content group
 * answers UNAUTHENTICATED (content-view.test.ts asserts it for its contact data); events and rooms answer
 * PERMISSION_DENIED (events-access.test.ts).
 */
const GRAPHQL_CODE: Record<Kind, Record<Exclude<Verdict, 'in'>, string>> = {
  convention: { login: 'PERMISSION_DENIED', key: 'PERMISSION_DENIED', missing: 'NOT_FOUND' },
  hall: { login: 'PERMISSION_DENIED', key: 'PERMISSION_DENIED', missing: 'NOT_FOUND' },
  exhibition: { login: 'PERMISSION_DENIED', key: 'PERMISSION_DENIED', missing: 'NOT_FOUND' },
  room: { login: 'PERMISSION_DENIED', key: 'PERMISSION_DENIED', missing: 'NOT_FOUND' },
  contentGroup: { login: 'UNAUTHENTICATED', key: 'PERMISSION_DENIED', missing: 'NOT_FOUND' },
};

/** An address that names no object of the kind: 404 and NOT_FOUND to everyone. */
const MISSING_ASKED_BY: Persona[] = ['anonymous', 'visitor', 'owner'];

const PAGE_PERSONAS = ['anonymous', 'visitor', 'owner', 'sales', 'stranger'] as const;
type Row5 = [Verdict, Verdict, Verdict, Verdict, Verdict];
/**
 * How a content page is reached: at its own address without or with the token its link carries (carried, for an
 * unpublished page), or inside a PUBLIC convention of the same organisation. The first two are GraphQL's
 * contentPage(slug) and contentPage(slug, token) too.
 */
type PageWay = 'own address' | 'own address with its link token' | 'inside the convention';

/**
 * Content pages (no access type; spec 000 point 4): editors see every state everywhere; members see a published
 * page at its own address; anyone else needs the current token of its link. Inside a convention only a page the
 * convention links is shown (issue 25, hole 2: page slugs come from names and are guessable).
 */
const PAGE_EXPECTED: [PageName, PageWay, ...Row5][] = [
  //                                                         anonymous  visitor    owner  sales      stranger
  ['PRIVATE',     'own address',                             'missing', 'missing', 'in',  'missing', 'missing'],
  ['PRIVATE',     'inside the convention',                   'missing', 'missing', 'in',  'missing', 'missing'],
  ['PUBLISHED',   'own address',                             'missing', 'missing', 'in',  'in',      'missing'],
  ['PUBLISHED',   'own address with its link token',         'in',      'in',      'in',  'in',      'in'],
  ['PUBLISHED',   'inside the convention',                   'missing', 'missing', 'in',  'missing', 'missing'],
  ['UNPUBLISHED', 'own address',                             'missing', 'missing', 'in',  'missing', 'missing'],
  ['UNPUBLISHED', 'own address with its link token',         'missing', 'missing', 'in',  'missing', 'missing'],
  ['UNPUBLISHED', 'inside the convention',                   'missing', 'missing', 'in',  'missing', 'missing'],
  // the convention's help page: linked, so shown inside the (PUBLIC) convention to everyone
  ['LINKED',      'inside the convention',                   'in',      'in',      'in',  'in',      'in'],
];

type FileName = 'picture of the TOKEN content group' | 'picture of a published page' | 'picture of an unpublished page' | 'picture of a deleted page';
/**
 * /files/{id}: a file is served only while the object using it is visible to the requester (issue 25, hole 5);
 * 'missing' is the files route's 404 (a hidden file is not told from a missing one). Members of the owning
 * organisation see its files (its media library).
 */
const FILE_EXPECTED: [FileName, ...Row8][] = [
  //                                        anonymous  visitor    keyHolder  suspended  otherKey   owner  sales  stranger
  ['picture of the TOKEN content group',    'missing', 'missing', 'in',      'missing', 'missing', 'in',  'in',  'missing'],
  ['picture of a published page',           'in',      'in',      'in',      'in',      'in',      'in',  'in',  'in'],
  ['picture of an unpublished page',        'missing', 'missing', 'missing', 'missing', 'missing', 'in',  'in',  'missing'],
  ['picture of a deleted page',             'missing', 'missing', 'missing', 'missing', 'missing', 'in',  'in',  'missing'],
];

// ---------------------------------------------------------------------------------------------------------------
// The doors

type Target = { id: string; slug: string; conventionSlug?: string };
type PageDoor = { label: string; path: (o: Target) => string; loaders: (o: Target) => { fn: RouteFn; params: Record<string, string> }[] };

/** Each kind's visitor pages: the loaders Remix runs for the address, parent layouts first. */
const PAGE_DOORS: Record<Kind, PageDoor[]> = {
  convention: [
    {
      label: 'page /convention/{slug}',
      path: (o) => `/convention/${o.slug}`,
      loaders: (o) => [conventionLayout.loader, conventionLanding.loader].map((fn) => ({ fn, params: { conventionslug: o.slug } })),
    },
  ],
  hall: [
    {
      label: 'page /convention/{c}/hall/{slug}',
      path: (o) => `/convention/${o.conventionSlug}/hall/${o.slug}`,
      loaders: (o) =>
        [conventionLayout.loader, hallLayout.loader, hallLanding.loader].map((fn) => ({ fn, params: { conventionslug: o.conventionSlug!, hallslug: o.slug } })),
    },
  ],
  exhibition: [
    {
      label: 'page /exhibition/{slug}',
      path: (o) => `/exhibition/${o.slug}`,
      loaders: (o) => [exhibitionLayout.loader, exhibitionLanding.loader].map((fn) => ({ fn, params: { slug: o.slug } })),
    },
  ],
  room: [
    { label: 'page /virtual-room/{slug}', path: (o) => `/virtual-room/${o.slug}`, loaders: (o) => [{ fn: virtualRoomPage.loader, params: { slug: o.slug } }] },
    { label: 'page /standalone-room/{slug}', path: (o) => `/standalone-room/${o.slug}`, loaders: (o) => [{ fn: standaloneRoomPage.loader, params: { slug: o.slug } }] },
  ],
  contentGroup: [{ label: 'page /old/content/{slug}', path: (o) => `/old/content/${o.slug}`, loaders: (o) => [{ fn: oldContentPage.loader, params: { slug: o.slug } }] }],
};

// GraphQL answers are read field by field; a loose JSON type keeps the queries readable
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;
type GraphqlDoor = { label: string; query: string; variables: (o: Target) => Record<string, unknown>; id: (data: Json) => unknown };

const GRAPHQL_DOORS: Record<Kind, GraphqlDoor> = {
  convention: {
    label: 'GraphQL conventionBySlug(slug)',
    query: `query($slug: String!) { conventionBySlug(slug: $slug) { id } }`,
    variables: (o) => ({ slug: o.slug }),
    id: (data) => data.conventionBySlug?.id,
  },
  hall: {
    label: 'GraphQL fetchConventionHall(conventionSlug, hallSlug)',
    query: `query($c: String!, $h: String!) { fetchConventionHall(conventionSlug: $c, hallSlug: $h) { hall { id } } }`,
    variables: (o) => ({ c: o.conventionSlug, h: o.slug }),
    id: (data) => data.fetchConventionHall?.hall?.id,
  },
  exhibition: {
    label: 'GraphQL fetchExhibition(slug)',
    query: `query($slug: String!) { fetchExhibition(slug: $slug) { id } }`,
    variables: (o) => ({ slug: o.slug }),
    id: (data) => data.fetchExhibition?.id,
  },
  room: {
    label: 'GraphQL virtualRoom(slug)',
    query: `query($slug: String!) { virtualRoom(slug: $slug) { id } }`,
    variables: (o) => ({ slug: o.slug }),
    id: (data) => data.virtualRoom?.id,
  },
  contentGroup: {
    label: 'GraphQL content(slug)',
    query: `query($slug: String!) { content(slug: $slug) { id } }`,
    variables: (o) => ({ slug: o.slug }),
    id: (data) => data.content?.id,
  },
};

const CONTENT_PAGE_QUERY = `query($slug: String!, $token: String) { contentPage(slug: $slug, token: $token) { id } }`;

// ---------------------------------------------------------------------------------------------------------------
// Asking, and what the answer looks like

/** What a page answer should read: "200", "302 /login?next=...", "302 /token?next=..." or "404". */
function pageAnswer(verdict: Verdict, path: string): string {
  if (verdict === 'in') return '200';
  if (verdict === 'missing') return '404';
  return `302 ${verdict === 'login' ? '/login' : '/token'}?next=${encodeURIComponent(path)}`;
}

/** Runs the address's loaders in order as the user; the first answer that is not a 200 is the page's answer. */
async function askPage(url: string, loaders: { fn: RouteFn; params: Record<string, string> }[], userId: string | null): Promise<string> {
  for (const { fn, params } of loaders) {
    const outcome = await callRoute(t, fn, { url, params, userId });
    if (outcome.status !== 200) return outcome.location ? `${outcome.status} ${outcome.location}` : String(outcome.status);
  }
  return '200';
}

/** "data" when the answer is the object, else the top-level error's code ("error PERMISSION_DENIED"). */
async function askGraphql(query: string, variables: Record<string, unknown>, userId: string | null, idOf: (data: Json) => unknown, expectedId: string): Promise<string> {
  const headers: Record<string, string> = userId ? { Authorization: `JWT ${await t.accessToken(userId)}` } : {};
  const { body } = await t.graphql<Json>(query, variables, { headers });
  if (body.errors?.length) return `error ${String(body.errors[0].extensions?.code)}`;
  return idOf(body.data ?? {}) === expectedId ? 'data' : `data ${JSON.stringify(body.data)}`;
}

function graphqlAnswer(kind: Kind | 'contentPage', verdict: Verdict): string {
  if (verdict === 'in') return 'data';
  return `error ${kind === 'contentPage' ? 'NOT_FOUND' : GRAPHQL_CODE[kind][verdict]}`;
}

/** The file's bytes as a browser asks for them (with the session cookie): 200 served, 404 not. */
async function askFile(fileId: string, userId: string | null): Promise<string> {
  const headers: Record<string, string> = userId ? { cookie: await t.sessionCookie(userId) } : {};
  const res = await fetch(`${t.url}/files/${fileId}`, { headers });
  await res.arrayBuffer();
  return String(res.status);
}

// ---------------------------------------------------------------------------------------------------------------
// The cases, one line each

/** [title, case]: a `%s` title is printed whole (a `$name` one is cut at 40 characters). */
const titled = <C extends { name: string }>(cases: C[]): [string, C][] => cases.map((c) => [c.name, c]);

const SHOWN: Record<Verdict, string> = { in: 'in', login: '→ /login?next=', key: '→ /token?next=', missing: '404' };

const objectCases = EXPECTED.flatMap(([kind, access, ...row]) =>
  PERSONAS.flatMap((persona, i) =>
    PAGE_DOORS[kind].map((door) => ({ name: `${kind} ${access} · ${persona} · ${door.label} · ${SHOWN[row[i]]}`, kind, access, persona, verdict: row[i], door })),
  ),
);
const objectGraphqlCases = EXPECTED.flatMap(([kind, access, ...row]) =>
  PERSONAS.map((persona, i) => ({ name: `${kind} ${access} · ${persona} · ${GRAPHQL_DOORS[kind].label} · ${graphqlAnswer(kind, row[i])}`, kind, access, persona, verdict: row[i] })),
);

describe('objects with an access type: the page door', () => {
  it.each(titled(objectCases))('%s', async (_title, { kind, access, persona, verdict, door }) => {
    const object = w.object(kind, access);
    const path = door.path(object);
    expect(await askPage(path, door.loaders(object), userOf(persona, object))).toBe(pageAnswer(verdict, path));
  });
});

describe('objects with an access type: the GraphQL door', () => {
  it.each(titled(objectGraphqlCases))('%s', async (_title, { kind, access, persona, verdict }) => {
    const object = w.object(kind, access);
    const door = GRAPHQL_DOORS[kind];
    expect(await askGraphql(door.query, door.variables(object), userOf(persona, object), door.id, object.id)).toBe(graphqlAnswer(kind, verdict));
  });
});

const KINDS = Object.keys(PAGE_DOORS) as Kind[];
const missingCases = KINDS.flatMap((kind) =>
  MISSING_ASKED_BY.flatMap((persona) => [
    ...PAGE_DOORS[kind].map((door) => ({ name: `${kind} that does not exist · ${persona} · ${door.label} · 404`, kind, persona, door: door as PageDoor | null })),
    { name: `${kind} that does not exist · ${persona} · ${GRAPHQL_DOORS[kind].label} · error NOT_FOUND`, kind, persona, door: null },
  ]),
);

describe('an address that names no object', () => {
  it.each(titled(missingCases))('%s', async (_title, { kind, persona, door }) => {
    // a hall that does not exist, in a convention that does
    const target: Target = { id: '', slug: 'no-such-object-anywhere', conventionSlug: w.object('hall', 'PUBLIC').conventionSlug };
    const userId = userOf(persona);
    if (door) expect(await askPage(door.path(target), door.loaders(target), userId)).toBe('404');
    else expect(await askGraphql(GRAPHQL_DOORS[kind].query, GRAPHQL_DOORS[kind].variables(target), userId, GRAPHQL_DOORS[kind].id, '')).toBe('error NOT_FOUND');
  });
});

type PageDoorName = 'page' | 'GraphQL';
const pageCases = PAGE_EXPECTED.flatMap(([page, way, ...row]) =>
  PAGE_PERSONAS.flatMap((persona, i) => {
    const verdict = row[i];
    const doors: PageDoorName[] = way === 'inside the convention' ? ['page'] : ['page', 'GraphQL'];
    return doors.map((door) => {
      const label =
        door === 'GraphQL'
          ? `GraphQL contentPage(slug${way === 'own address' ? '' : ', token'}) · ${graphqlAnswer('contentPage', verdict)}`
          : `page ${way === 'inside the convention' ? '/convention/{c}/content/{slug}' : way === 'own address' ? '/content/{slug}' : '/content/{slug}?token='} · ${SHOWN[verdict]}`;
      return { name: `content page ${page} · ${persona} · ${label}`, page, way, persona, verdict, door };
    });
  }),
);

describe('content pages', () => {
  it.each(titled(pageCases))('%s', async (_title, { page: name, way, persona, verdict, door }) => {
    const page = w.page(name);
    const userId = userOf(persona);
    const token = way === 'own address with its link token' ? page.linkToken : null;
    if (door === 'GraphQL') {
      expect(await askGraphql(CONTENT_PAGE_QUERY, { slug: page.slug, token }, userId, (data) => data.contentPage?.id, page.id)).toBe(graphqlAnswer('contentPage', verdict));
      return;
    }
    if (way === 'inside the convention') {
      const c = w.pageConvention.slug;
      const url = `/convention/${c}/content/${page.slug}`;
      const loaders = [conventionLayout.loader, conventionContentPage.loader].map((fn) => ({ fn, params: { conventionslug: c, slug: page.slug } }));
      expect(await askPage(url, loaders, userId)).toBe(pageAnswer(verdict, url));
      return;
    }
    const url = `/content/${page.slug}${token ? `?token=${encodeURIComponent(token)}` : ''}`;
    expect(await askPage(url, [{ fn: contentPagePage.loader, params: { slug: page.slug } }], userId)).toBe(pageAnswer(verdict, url));
  });
});

const fileCases = FILE_EXPECTED.flatMap(([file, ...row]) =>
  PERSONAS.map((persona, i) => ({ name: `/files/{id} · ${file} · ${persona} · ${row[i] === 'in' ? '200' : '404'}`, file, persona, verdict: row[i] })),
);

describe('files follow the object that uses them', () => {
  it.each(titled(fileCases))('%s', async (_title, { file, persona, verdict }) => {
    const fileId = {
      'picture of the TOKEN content group': files.groupFile,
      'picture of a published page': files.publishedPageFile,
      'picture of an unpublished page': files.unpublishedPageFile,
      'picture of a deleted page': files.deletedPageFile,
    }[file];
    // keyHolder and suspended are those of the TOKEN content group
    expect(await askFile(fileId, userOf(persona, w.object('contentGroup', 'TOKEN')))).toBe(verdict === 'in' ? '200' : '404');
  });
});

describe('the matrix itself', () => {
  it('covers every kind in every access type, each once', () => {
    expect(EXPECTED.map(([kind, access]) => `${kind} ${access}`)).toEqual(KINDS.flatMap((kind) => ACCESS_TYPES.map((access) => `${kind} ${access}`)));
  });
});
