import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  isUnionType,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLOutputType,
  type GraphQLSchema,
} from 'graphql';
import type { Db } from '#db/connection';

/*
 * The pieces of the seeded fuzz suite (fuzz.test.ts): a small PRNG, junk values, requests generated from the
 * GraphQL schema and the route table (so new mutations and actions are fuzzed without editing the suite), and
 * a snapshot of every other organisation's rows.
 */

// ---------------------------------------------------------------------------------------------------------------
// Seeded randomness

export interface Random {
  readonly seed: number;
  next(): number;
  int(min: number, max: number): number;
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  word(length?: number): string;
}

/** The seed CI uses: a run that lands must not depend on luck; new seeds are explored on developers' machines. */
export const CI_FUZZ_SEED = 20261123;

/**
 * FUZZ_SEED from the environment; else, under CI, the fixed CI_FUZZ_SEED; else a fresh random seed, printed by the
 * suite so a failing run can be repeated (and its finding fixed, then kept as a regression test).
 */
export function fuzzSeed(): number {
  const given = process.env.FUZZ_SEED;
  if (given && /^\d+$/.test(given)) return Number(given) >>> 0;
  if (process.env.CI === 'true') return CI_FUZZ_SEED;
  return crypto.randomBytes(4).readUInt32BE(0);
}

/** mulberry32: tiny, fast and good enough to pick test inputs. */
export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    seed,
    next,
    int,
    chance: (p) => next() < p,
    pick: (items) => items[int(0, items.length - 1)],
    word: (length = int(3, 12)) => Array.from({ length }, () => 'abcdefghijklmnopqrstuvwxyzäöüß-_ 0123456789'[int(0, 42)]).join(''),
  };
}

/** Hands out the items in a seeded random order, every item once per round, so each one is fuzzed equally often. */
export function cycler<T>(rnd: Random, items: readonly T[]): () => T {
  let round: T[] = [];
  return () => {
    if (!round.length) {
      round = [...items];
      for (let i = round.length - 1; i > 0; i -= 1) {
        const j = rnd.int(0, i);
        [round[i], round[j]] = [round[j], round[i]];
      }
    }
    return round.pop()!;
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Junk

/** Dates no calendar has, or at the very end of what JavaScript's Date can hold. */
export const FAR_DATES = [
  '+275760-09-13',
  '+275760-09-13T00:00:00.000Z',
  '+275760-09-14T00:00:00Z',
  '-271821-04-20T00:00:00Z',
  '9999-12-31T23:59:59.999Z',
  '0000-00-00',
  '2026-02-30',
  '2026-13-45T25:61:61',
  '2026-06-01T10:00:00+99:00',
  'yesterday',
  '',
];

export const JUNK_NUMBERS = [2 ** 31, -(2 ** 31) - 1, -1, 0, 2 ** 53 + 2, -(2 ** 63), 1e308, -1e308, 0.5, 1e-300];

export const JUNK_STRINGS = [
  'nul\u0000byte',
  '\u0000',
  'lone \ud800 surrogate',
  '\udfff',
  'x\udbff',
  '\u202e\u200b\ufeff',
  '<script>alert(1)</script>',
  "' or 1=1 --",
  '%00%2e%2e%2f',
  '../../etc/passwd',
  'javascript:alert(1)',
  'data:text/html,<b>x</b>',
  '//evil.example/',
  'https://evil.example/x',
  '\\\\evil.example',
  '__proto__',
  'constructor',
  '  ',
  '🙂'.repeat(50),
];

const pollutingObjects = () => [
  JSON.parse('{"__proto__": {"polluted": "fuzz"}}') as Record<string, unknown>,
  { constructor: { prototype: { polluted: 'fuzz' } } },
  JSON.parse('{"a": 1, "__proto__": {"isAdmin": true}, "prototype": {"polluted": "fuzz"}}') as Record<string, unknown>,
];

function nested(depth: number, kind: 'array' | 'object'): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i += 1) value = kind === 'array' ? [value] : { a: value };
  return value;
}

/** Something of the wrong kind, or the right kind in a shape no client should send. */
export function junkValue(rnd: Random): unknown {
  switch (rnd.int(0, 11)) {
    case 0:
      return rnd.pick(JUNK_STRINGS);
    case 1:
      return rnd.pick(JUNK_NUMBERS);
    case 2:
      return rnd.pick(FAR_DATES);
    case 3:
      return rnd.pick(pollutingObjects());
    case 4:
      return nested(rnd.int(50, 400), rnd.chance(0.5) ? 'array' : 'object');
    case 5:
      return 'x'.repeat(rnd.pick([5_000, 70_000, 300_000]));
    case 6:
      return Array.from({ length: rnd.pick([100, 5_000]) }, (_, i) => i);
    case 7:
      return rnd.pick([null, true, false, {}, [], [null], '']);
    case 8:
      return `${rnd.word()}\u0000${rnd.word()}`;
    case 9:
      return rnd.pick(['NaN', 'Infinity', '-0', '1e999', '0x1F', '007']);
    case 10:
      return { [rnd.word(4)]: rnd.word(), nested: { deeper: [rnd.word()] } };
    default:
      return rnd.word(rnd.int(0, 40));
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Pools of real values (ids, slugs, e-mails) so requests reach the rows a tenancy bug would touch

export interface Pools {
  /** ids by table */
  ids: Map<string, string[]>;
  /** slugs by table */
  slugs: Map<string, string[]>;
  emails: string[];
}

const poolOf = <T>(map: Map<string, T[]>, key: string) => {
  if (!map.has(key)) map.set(key, []);
  return map.get(key)!;
};

/**
 * Slugs that are bearer secrets rather than names: whoever holds a lead's unguessable slug IS that lead (its
 * information page records the lead's own visits through the public `leadTrackCreate`). A caller of another
 * organisation cannot know one, so the fuzzer does not hand them out either; like access keys, which are no slug.
 */
const SECRET_SLUGS = new Set(['leads.slug']);

/** Reads ids, slugs and e-mails of every organisation's rows (all tables with an `id`, `slug` or `email` column). */
export async function collectPools(db: Db, tables: TableInfo[]): Promise<Pools> {
  const pools: Pools = { ids: new Map(), slugs: new Map(), emails: [] };
  for (const table of tables) {
    if (EXCLUDED_TABLES.has(table.name)) continue;
    const slugColumns = table.columns.filter((c) => (c === 'slug' || c.endsWith('_slug')) && !SECRET_SLUGS.has(`${table.name}.${c}`));
    const wanted = [...(table.columns.includes('id') ? ['id'] : []), ...slugColumns, ...(table.columns.includes('email') ? ['email'] : [])];
    if (!wanted.length) continue;
    const rows: Record<string, string | null>[] = await db(table.name).select(wanted).limit(200);
    for (const row of rows) {
      if (row.id) poolOf(pools.ids, table.name).push(row.id);
      for (const column of slugColumns) if (row[column]) poolOf(pools.slugs, table.name).push(row[column]!);
      if (row.email) pools.emails.push(row.email);
    }
  }
  return pools;
}

/** Adds ids found in a response body (objects created during the run become targets too). */
export function harvestIds(pools: Pools, body: unknown): void {
  const found = JSON.stringify(body ?? null).match(/"id":"([0-9a-f-]{36})"/g) ?? [];
  const bucket = poolOf(pools.ids, '*');
  for (const match of found) {
    const id = match.slice(6, -1);
    if (!bucket.includes(id) && bucket.length < 500) bucket.push(id);
  }
}

const stemOf = (table: string) =>
  table
    .replace(/_/g, '')
    .replace(/ies$/, 'y')
    .replace(/sses$/, 'ss')
    .replace(/s$/, '');

/** The tables a name (an argument, a mutation, a route parameter) seems to be about, longest match first. */
function tablesNamed(map: Map<string, string[]>, ...names: string[]): string[] {
  const text = names.join(' ').toLowerCase();
  return [...map.keys()]
    .filter((table) => table !== '*' && text.includes(stemOf(table)))
    .sort((a, b) => stemOf(b).length - stemOf(a).length);
}

function pickFrom(rnd: Random, map: Map<string, string[]>, names: string[]): string | null {
  const tables = tablesNamed(map, ...names).filter((table) => map.get(table)!.length);
  const table = tables.length && rnd.chance(0.75) ? rnd.pick(tables.slice(0, 2)) : rnd.pick([...map.keys()].filter((k) => map.get(k)!.length));
  return table ? rnd.pick(map.get(table)!) : null;
}

export function pickId(rnd: Random, pools: Pools, ...names: string[]): string {
  if (rnd.chance(0.08)) return crypto.randomUUID();
  if (rnd.chance(0.05)) return rnd.pick(['not-a-uuid', '0', '00000000-0000-0000-0000-000000000000', `${crypto.randomUUID()}x`]);
  return pickFrom(rnd, pools.ids, names) ?? crypto.randomUUID();
}

export function pickSlug(rnd: Random, pools: Pools, ...names: string[]): string {
  if (rnd.chance(0.1)) return rnd.pick(['..', '%2e%2e', 'a'.repeat(3000), 'ümlaut-slug', 'slug with space', 'UPPER', '']);
  return pickFrom(rnd, pools.slugs, names) ?? rnd.word();
}

/** A plausible value for a field with this name, so that requests get past the first checks. */
function namedString(rnd: Random, pools: Pools, name: string, context: string): string {
  const n = name.toLowerCase();
  if (n.includes('email')) return rnd.chance(0.8) && pools.emails.length ? rnd.pick(pools.emails) : `${rnd.word(6).replace(/\W/g, 'x')}@fuzz.example`;
  if (n.includes('slug') || n === 'domain') return pickSlug(rnd, pools, name, context);
  if (/url|link|video|stream|iframe|meeting|homepage|website/.test(n)) {
    return rnd.pick(['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'https://example.com/a', 'javascript:alert(1)', 'ftp://x', '//evil.example', 'mailto:a@b.c']);
  }
  if (/date|start|end|time|at$/.test(n)) return rnd.pick(['2026-05-01', '2026-05-01T10:00:00Z', '2026-05-01T10:00', ...FAR_DATES]);
  if (n.includes('password')) return 'Fuzz-Passw0rd-2026!';
  if (n.includes('token')) return crypto.randomBytes(24).toString('base64url');
  if (n.includes('language') || n === 'lang') return rnd.pick(['DE', 'EN', 'de', 'XX']);
  if (n.includes('country')) return rnd.pick(['DE', 'AT', 'XX', 'Deutschland']);
  if (n.includes('phone')) return rnd.pick(['+49 221 1234567', '0', 'phone']);
  if (n.endsWith('id') || n.endsWith('ids')) return pickId(rnd, pools, name, context);
  return rnd.word();
}

// ---------------------------------------------------------------------------------------------------------------
// GraphQL operations generated from the schema

export interface OperationTemplate {
  kind: 'query' | 'mutation';
  field: string;
  document: string;
  /** variable name -> argument */
  args: { variable: string; name: string; type: GraphQLInputType }[];
  /** takes a file (GraphQL multipart request) */
  upload: boolean;
}

function selectionOf(type: GraphQLOutputType, depth: number): string {
  const named = getNamedType(type);
  if (isScalarType(named) || isEnumType(named)) return '';
  if (isUnionType(named) || isInterfaceType(named) || depth > 2) return '{ __typename }';
  if (!isObjectType(named)) return '';
  const parts: string[] = ['__typename'];
  for (const field of Object.values(named.getFields()) as GraphQLField<unknown, unknown>[]) {
    if (field.args.some((a) => isNonNullType(a.type))) continue;
    const inner = getNamedType(field.type);
    if (isScalarType(inner) || isEnumType(inner)) parts.push(field.name);
    else if (field.name === 'error' || field.name === 'errors') parts.push(`${field.name} { code field message }`);
    else if (depth < 2 && parts.length < 14) parts.push(`${field.name} ${selectionOf(field.type, depth + 1)}`);
  }
  return `{ ${parts.join(' ')} }`;
}

/** One operation per root field of Query and Mutation, every argument a variable. */
export function operationTemplates(schema: GraphQLSchema): OperationTemplate[] {
  const templates: OperationTemplate[] = [];
  for (const [kind, root] of [
    ['query', schema.getQueryType()],
    ['mutation', schema.getMutationType()],
  ] as const) {
    if (!root) continue;
    for (const field of Object.values(root.getFields())) {
      const args = field.args.map((arg, i) => ({ variable: `v${i}`, name: arg.name, type: arg.type }));
      const definitions = args.length ? `(${args.map((a) => `$${a.variable}: ${String(a.type)}`).join(', ')})` : '';
      const call = args.length ? `(${args.map((a) => `${a.name}: $${a.variable}`).join(', ')})` : '';
      templates.push({
        kind,
        field: field.name,
        document: `${kind} Fuzz${definitions} { ${field.name}${call} ${selectionOf(field.type, 0)} }`,
        args,
        upload: args.some((a) => getNamedType(a.type).name === 'Upload'),
      });
    }
  }
  return templates;
}

/** A value the schema accepts for the type (with real ids and slugs where the names suggest them). */
export function validValue(rnd: Random, pools: Pools, type: GraphQLInputType, name: string, context: string, depth = 0): unknown {
  if (isNonNullType(type)) return validValue(rnd, pools, type.ofType, name, context, depth);
  if (isListType(type)) return Array.from({ length: rnd.int(0, 3) }, () => validValue(rnd, pools, type.ofType, name, context, depth + 1));
  if (isEnumType(type)) return rnd.pick(type.getValues()).name;
  if (isInputObjectType(type)) {
    const value: Record<string, unknown> = {};
    for (const field of Object.values(type.getFields())) {
      if (isNonNullType(field.type) || (depth < 3 && rnd.chance(0.6))) {
        value[field.name] = validValue(rnd, pools, field.type, field.name, `${context} ${name}`, depth + 1);
      }
    }
    return value;
  }
  switch (type.name) {
    case 'ID':
      return pickId(rnd, pools, name, context);
    case 'Int':
      return rnd.pick([0, 1, 2, 10, 100]);
    case 'Float':
      return rnd.pick([0, 0.5, 12.5, 99.9]);
    case 'Boolean':
      return rnd.chance(0.5);
    case 'DateTime':
      return rnd.pick(['2026-05-01T10:00:00Z', '2026-12-31T23:00:00.000Z', '2026-05-01']);
    case 'Upload':
      return null;
    default:
      return namedString(rnd, pools, name, context);
  }
}

/** Replaces one to three places in the value tree (or adds keys) with junk. */
export function mutateValue(rnd: Random, value: unknown): unknown {
  let result = structuredClone(value);
  for (let i = rnd.int(1, 3); i > 0; i -= 1) result = mutateOnce(rnd, result);
  return result;
}

function mutateOnce(rnd: Random, value: unknown): unknown {
  if (value !== null && typeof value === 'object' && rnd.chance(0.7)) {
    const keys = Object.keys(value);
    if (Array.isArray(value)) {
      if (!value.length || rnd.chance(0.2)) return [...value, junkValue(rnd)];
      const i = rnd.int(0, value.length - 1);
      value[i] = mutateOnce(rnd, value[i]);
      return value;
    }
    const record = value as Record<string, unknown>;
    if (!keys.length || rnd.chance(0.15)) {
      if (rnd.chance(0.5)) Object.defineProperty(record, '__proto__', { value: { polluted: 'fuzz' }, enumerable: true, configurable: true, writable: true });
      else record[rnd.pick(['constructor', 'prototype', 'toString', 'hasOwnProperty', rnd.word(5)])] = junkValue(rnd);
      return record;
    }
    const key = rnd.pick(keys);
    if (rnd.chance(0.1)) delete record[key];
    else record[key] = mutateOnce(rnd, record[key]);
    return record;
  }
  // mostly junk of the same kind, so that the value still passes GraphQL's coercion and reaches the service
  if (typeof value === 'string' && rnd.chance(0.65)) return junkString(rnd, value);
  if (typeof value === 'number' && rnd.chance(0.5)) return rnd.pick(JUNK_NUMBERS);
  return junkValue(rnd);
}

function junkString(rnd: Random, value: string): string {
  switch (rnd.int(0, 5)) {
    case 0:
      return `${value}\u0000`;
    case 1:
      return `${value.slice(0, 3)}\ud800${value.slice(3)}`;
    case 2:
      return rnd.pick(FAR_DATES);
    case 3:
      return value.repeat(Math.ceil(rnd.pick([300, 70_000, 300_000]) / Math.max(1, value.length)));
    case 4:
      return ` ${value.toUpperCase()} `;
    default:
      return rnd.pick(JUNK_STRINGS);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Requests

export interface FuzzRequest {
  /** short name for reports: the mutation, route or kind of junk */
  label: string;
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string | Buffer;
}

export interface Outcome {
  status: number;
  ms: number;
  text: string;
  json: unknown;
}

export const SLOW_MS = 2000;
/** Anything slower already failed; waiting longer only makes a failing run slower. */
const ANSWER_TIMEOUT_MS = 3000;

/**
 * One keep-alive connection for the whole run, as a browser reuses its connection: a request that leaves the
 * connection unusable (an unread body, a half-closed socket) shows up as the next request getting no answer,
 * and that request's report names its predecessor. Node's http client sends paths as they are (fetch would
 * resolve `%2e%2e` and reject some headers).
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

export function send(baseUrl: string, request: FuzzRequest): Promise<Outcome> {
  const started = performance.now();
  const url = new URL(baseUrl);
  return new Promise((resolve) => {
    let settled = false;
    const finish = (status: number, text: string) => {
      if (settled) return;
      settled = true;
      let json: unknown = null;
      try {
        json = JSON.parse(text);
      } catch {
        /* not JSON */
      }
      resolve({ status, ms: performance.now() - started, text, json });
    };
    const headers: Record<string, string | number> = { ...request.headers };
    if (request.body !== undefined) headers['content-length'] = Buffer.byteLength(request.body);
    let req: http.ClientRequest;
    try {
      req = http.request({ host: url.hostname, port: url.port, method: request.method, path: request.path, headers, agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => finish(res.statusCode ?? 0, Buffer.concat(chunks).toString('utf8')));
        res.on('error', (error) => finish(res.statusCode ?? 0, `answer broken off: ${error.message}`));
      });
    } catch (error) {
      finish(0, `not sent: ${(error as Error).message}`);
      return;
    }
    req.setTimeout(ANSWER_TIMEOUT_MS, () => req.destroy(new Error(`no answer within ${ANSWER_TIMEOUT_MS} ms`)));
    req.on('error', (error) => finish(0, `request failed: ${error.message}`));
    req.end(request.body);
  });
}

/** What is wrong with an answer: a 5xx (or no answer), a slow one, an internal error inside a GraphQL answer. */
export function problemsOf(outcome: Outcome): string[] {
  const problems: string[] = [];
  if (outcome.status === 0 || outcome.status >= 500) problems.push(`status ${outcome.status || 'none'}`);
  if (outcome.ms > SLOW_MS) problems.push(`slow: ${Math.round(outcome.ms)} ms`);
  const errors = (outcome.json as { errors?: { extensions?: { code?: string } }[] } | null)?.errors;
  if (Array.isArray(errors) && errors.some((e) => e?.extensions?.code === 'INTERNAL_SERVER_ERROR')) problems.push('INTERNAL_SERVER_ERROR');
  return problems;
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text);

/** The request and the first lines of the answer, for a failure report. */
export function describeFailure(index: number, request: FuzzRequest, outcome: Outcome, problems: string[]): string {
  const body = request.body === undefined ? '' : Buffer.isBuffer(request.body) ? request.body.toString('latin1') : request.body;
  const headers = Object.entries(request.headers)
    .filter(([k]) => !['authorization', 'cookie', 'x-csrf-token'].includes(k))
    .map(([k, v]) => `${k}: ${clip(v, 80)}`)
    .join('; ');
  const auth = request.headers.authorization ? ' [JWT]' : request.headers.cookie ? ' [cookie]' : '';
  const answer = outcome.text.split('\n').slice(0, 4).join('\n      ');
  return [
    `#${index} ${request.label}: ${problems.join(', ')}`,
    `    ${request.method} ${clip(request.path, 160)}${auth} ${headers}`,
    body ? `    body: ${JSON.stringify(clip(body, 400))}` : '',
    `    -> ${outcome.status} in ${Math.round(outcome.ms)} ms: ${clip(answer, 400)}`,
  ]
    .filter(Boolean)
    .join('\n');
}

export const GRAPHQL_ACCEPT = ['application/graphql-response+json', 'application/json', 'application/graphql-response+json, application/json;q=0.9'];

export function graphqlPost(label: string, payload: unknown, headers: Record<string, string>, rnd: Random): FuzzRequest {
  return {
    label,
    method: 'POST',
    path: '/graphql/',
    headers: { 'content-type': 'application/json', accept: rnd.pick(GRAPHQL_ACCEPT), ...headers },
    body: JSON.stringify(payload),
  };
}

/** Documents no client should send: too deep, too wide, fragment chains and bombs, syntax junk, wrong bodies. */
export function malformedGraphQL(rnd: Random, headers: Record<string, string>): FuzzRequest {
  const post = (label: string, payload: unknown) => graphqlPost(`malformed: ${label}`, payload, headers, rnd);
  const raw = (label: string, body: string, contentType?: string): FuzzRequest => ({
    label: `malformed: ${label}`,
    method: 'POST',
    path: '/graphql/',
    headers: { ...(contentType ? { 'content-type': contentType } : {}), accept: rnd.pick(GRAPHQL_ACCEPT), ...headers },
    body,
  });
  const n = rnd.int(20, 400);
  switch (rnd.int(0, 17)) {
    case 0:
      return post('deep selection', { query: `{ __schema { queryType { fields { type ${'{ ofType '.repeat(n)}{ name }${' }'.repeat(n)} } } } }` });
    case 1:
      return post('brace bomb', { query: '{'.repeat(rnd.pick([1_000, 30_000])) });
    case 2:
      return post('many aliases', { query: `{ ${Array.from({ length: rnd.pick([31, 500, 2000]) }, (_, i) => `a${i}: __typename`).join(' ')} }` });
    case 3:
      return post('aliased lists', { query: `{ ${Array.from({ length: rnd.int(20, 200) }, (_, i) => `a${i}: languages { code name }`).join(' ')} }` });
    case 4: {
      const chain = Array.from({ length: n }, (_, i) => `fragment F${i} on Query { ${i + 1 < n ? `...F${i + 1}` : 'languages { code }'} }`);
      return post('fragment chain', { query: `{ ...F0 } ${chain.join(' ')}` });
    }
    case 5: {
      const levels = rnd.int(10, 40);
      const bomb = Array.from({ length: levels }, (_, i) => `fragment B${i} on Query { ${i + 1 < levels ? `...B${i + 1} ...B${i + 1}` : 'languages { code }'} }`);
      return post('fragment bomb', { query: `{ ...B0 } ${bomb.join(' ')}` });
    }
    case 6:
      return post('fragment cycle', { query: '{ ...A } fragment A on Query { ...B } fragment B on Query { ...A }' });
    case 7:
      return post('many directives', { query: `{ __typename ${'@skip(if: false) '.repeat(rnd.pick([100, 3000]))} }` });
    case 8:
      return post('many variables', {
        query: `query(${Array.from({ length: rnd.pick([100, 2000]) }, (_, i) => `$v${i}: String`).join(' ')}) { __typename }`,
      });
    case 9:
      return post('syntax junk', { query: Array.from({ length: rnd.int(1, 300) }, () => String.fromCharCode(rnd.int(0, 0xffff))).join('') });
    case 10:
      return post('truncated', { query: 'mutation Fuzz($id: ID!) { conventionDelete(id: $id) { ok error { code ' });
    case 11:
      return post('bad body', rnd.pick<unknown>([
        { query: 42 },
        { query: { a: 1 } },
        { query: ['{ __typename }'] },
        { query: '{ __typename }', variables: 'x' },
        { query: '{ __typename }', variables: [1, 2] },
        { query: '{ __typename }', extensions: 'x' },
        { query: '{ __typename }', operationName: 42 },
        { query: 'query A { __typename } query B { __typename }' },
        { query: 'query A { __typename }', operationName: 'Nope' },
        { query: 'subscription { __typename }' },
        null,
        [],
        [{ query: '{ __typename }' }],
        JSON.parse('{"query": "{ __typename }", "variables": {"__proto__": {"polluted": "fuzz"}}}'),
        JSON.parse('{"__proto__": {"query": "{ __typename }"}}'),
      ]));
    case 12:
      return raw('not JSON', rnd.pick(['{"query": ', 'query=%7B__typename%7D', '\u0000\u0001', '{"query":"{ __typename }"}'.repeat(3)]), 'application/json');
    case 13:
      return raw(
        'content type',
        JSON.stringify({ query: '{ __typename }' }),
        rnd.pick([undefined, 'text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=latin1', 'application/graphql', 'multipart/form-data']),
      );
    case 14:
      return {
        label: 'malformed: GET',
        method: 'GET',
        path: `/graphql/?query=${encodeURIComponent(rnd.pick(['mutation { ping }', '{ __typename }', '{'.repeat(500), 'query($a: Int) { __typename }']))}&variables=${encodeURIComponent(rnd.pick(['{"a": "x"}', 'not json', '[]', '{"__proto__": {"polluted": 1}}']))}`,
        headers: { accept: rnd.pick(GRAPHQL_ACCEPT), ...headers },
      };
    case 15:
      return raw('huge body', JSON.stringify({ query: `{ __typename } # ${'x'.repeat(rnd.pick([200_000, 3_000_000]))}` }), 'application/json');
    case 16:
      return post('string literal junk', {
        query: `{ conventionBySlug(slug: ${JSON.stringify(rnd.pick(JUNK_STRINGS))}) { __typename } }`,
      });
    default:
      return post('introspection', { query: `{ __schema { types { name fields { name args { name type { name ofType { name ofType { name } } } } } } } }` });
  }
}

// ---------------------------------------------------------------------------------------------------------------
// GraphQL multipart requests (file uploads) with broken `map`s

const BOUNDARY = '----fuzzBoundary7MA4YWxkTrZu0gW';

function multipartBody(parts: { name: string; value: string | Buffer; filename?: string; type?: string }[], boundary = BOUNDARY): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename !== undefined ? `; filename="${part.filename}"` : ''}`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n`));
    chunks.push(Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A GraphQL multipart request (an upload): well formed, or broken in one place (the map, the parts, the framing). */
export function multipartGraphQL(rnd: Random, template: OperationTemplate, variables: Record<string, unknown>, headers: Record<string, string>): FuzzRequest {
  const slot = template.args.find((a) => getNamedType(a.type).name === 'Upload')?.variable ?? 'file';
  const badMaps: unknown[] = [
    { 0: ['variables.__proto__.polluted'] },
    { 0: [`variables.${slot}.__proto__.polluted`] },
    { 0: ['__proto__.polluted'] },
    { 0: ['constructor.prototype.polluted'] },
    { 0: ['variables.constructor.prototype.polluted'] },
    { 0: ['query'] },
    { 0: ['operationName'] },
    { 0: ['extensions.polluted'] },
    { 0: ['variables'] },
    { 0: [''] },
    { 0: [`variables.${slot}`, `variables.${slot}`] },
    { 1: [`variables.${slot}`] },
    { 0: [] },
    { 0: `variables.${slot}` },
    { 0: ['variables.list.99999999'] },
    { 0: [`variables.${slot}.0.0.0.0`] },
    JSON.parse(`{"__proto__": ["variables.${slot}"]}`),
    Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [String(i), [`variables.${slot}`]])),
    [],
    null,
  ];
  const file = { name: '0', value: rnd.chance(0.7) ? PNG_1X1 : crypto.randomBytes(rnd.int(0, 4096)), filename: 'a.png', type: 'image/png' };
  let operations = JSON.stringify({ query: template.document, variables: { ...variables, [slot]: null } });
  let map = JSON.stringify({ 0: [`variables.${slot}`] });
  let order: 'normal' | 'file first' | 'no file' | 'no map' | 'map first' = 'normal';
  let contentType = `multipart/form-data; boundary=${BOUNDARY}`;
  let truncate = false;
  const broken = rnd.chance(0.6) ? rnd.int(0, 5) : -1;
  if (broken === 0) map = rnd.chance(0.15) ? rnd.pick(['not json', '{', '']) : JSON.stringify(rnd.pick(badMaps));
  if (broken === 1) operations = rnd.pick(['not json', '[]', '{"variables": {}}', JSON.stringify([{ query: template.document, variables }]), JSON.stringify({ query: template.document, variables: { ...variables, [slot]: 'not null' } })]);
  if (broken === 2) Object.assign(file, rnd.pick([{ name: '1' }, { name: '__proto__' }, { filename: '' }, { filename: '../../x.png' }, { filename: 'nul\u0000.png' }, { type: 'text/html' }]));
  if (broken === 3) order = rnd.pick(['file first', 'no file', 'no map', 'map first'] as const);
  if (broken === 4) contentType = rnd.pick(['multipart/form-data; boundary=notTheBoundary', 'multipart/form-data', `multipart/form-data; boundary="${'b'.repeat(300)}"`]);
  if (broken === 5) truncate = true;
  const partOperations = { name: 'operations', value: operations };
  const partMap = { name: 'map', value: map };
  const parts = {
    normal: [partOperations, partMap, file],
    'file first': [file, partOperations, partMap],
    'no file': [partOperations, partMap],
    'no map': [partOperations, file],
    'map first': [partMap, partOperations, file],
  }[order];
  let body = multipartBody(parts);
  if (truncate) body = body.subarray(0, rnd.int(1, body.length - 1));
  return {
    label: `multipart ${template.field}`,
    method: 'POST',
    path: '/graphql/',
    headers: { 'content-type': contentType, accept: rnd.pick(GRAPHQL_ACCEPT), ...headers },
    body,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Page actions from the route table

export interface ActionRoute {
  /** Remix route id, e.g. routes/_console.edit-organisation */
  id: string;
  /** Remix path pattern, e.g. convention/:conventionslug */
  path: string;
  module: Record<string, unknown>;
  /** field names and intent values found in the route module and the forms it imports */
  fields: string[];
  intents: string[];
}

const ROUTES_DIR = path.resolve('app/routes');

/** The URL pattern of a flat route file: pathless `_layout` segments dropped, `$param` -> `:param`, `$` -> `*`. */
export function routePathOf(file: string): string {
  return file
    .replace(/\.tsx?$/, '')
    .split('.')
    .filter((segment) => !segment.startsWith('_'))
    .map((segment) => segment.replace(/_$/, ''))
    .map((segment) => (segment === '$' ? '*' : segment.startsWith('$') ? `:${segment.slice(1)}` : segment))
    .join('/');
}

function sourcesOf(file: string): string {
  const source = fs.readFileSync(file, 'utf8');
  const imported = [...source.matchAll(/from '~\/((?:components|lib\/schemas)\/[\w/-]+)'/g)].map((m) => path.resolve('app', m[1]));
  const extra = imported.flatMap((base) => ['.ts', '.tsx'].map((ext) => base + ext).filter((candidate) => fs.existsSync(candidate)));
  return [source, ...extra.map((candidate) => fs.readFileSync(candidate, 'utf8'))].join('\n');
}

function formVocabulary(source: string): { fields: string[]; intents: string[] } {
  const fields = new Set<string>(['intent', 'id', 'redirectTo', 'next']);
  for (const m of source.matchAll(/(?:formData|form)\.get(?:All)?\('(\w+)'\)/g)) fields.add(m[1]);
  for (const m of source.matchAll(/\bname="(\w+)"/g)) fields.add(m[1]);
  for (const m of source.matchAll(/^\s+(\w+): z\./gm)) fields.add(m[1]);
  const intents = new Set<string>();
  for (const m of source.matchAll(/intent(?:: z\.literal\(|\s*===\s*|\s*!==\s*)'(\w+)'/g)) intents.add(m[1]);
  for (const m of source.matchAll(/z\.literal\('(\w+)'\)/g)) intents.add(m[1]);
  for (const m of source.matchAll(/intent: z\.enum\(\[([^\]]+)\]/g)) for (const v of m[1].matchAll(/'(\w+)'/g)) intents.add(v[1]);
  for (const m of source.matchAll(/name="intent"\s+value="(\w+)"/g)) intents.add(m[1]);
  return { fields: [...fields], intents: [...intents] };
}

/** Every route module that has an action, with its URL pattern and form vocabulary. */
export async function actionRoutes(): Promise<ActionRoute[]> {
  const modules = import.meta.glob<Record<string, unknown>>('../../app/routes/**/*.tsx');
  const routes: ActionRoute[] = [];
  for (const [key, load] of Object.entries(modules)) {
    const file = path.resolve(path.dirname(new URL(import.meta.url).pathname), key);
    const source = fs.readFileSync(file, 'utf8');
    if (!/export (async )?function action\b|export const action\b/.test(source)) continue;
    const relative = path.relative(ROUTES_DIR, file);
    routes.push({
      id: `routes/${relative.replace(/\.tsx$/, '')}`,
      path: routePathOf(relative.replace(/\/route\.tsx$/, '.tsx')),
      module: await load(),
      ...formVocabulary(sourcesOf(file)),
    });
  }
  return routes.sort((a, b) => a.id.localeCompare(b.id));
}

/** The route's URL with each parameter filled: a real slug of the kind the name suggests, sometimes junk. */
export function urlFor(rnd: Random, pools: Pools, route: ActionRoute): string {
  const filled = route.path
    .split('/')
    .map((segment) => {
      if (segment === '*') return rnd.pick(['nowhere', 'a/b/c', '%2e%2e/%2e%2e', encodeURIComponent('\u0000x')]);
      if (!segment.startsWith(':')) return segment;
      const name = segment.slice(1);
      if (name === 'feature') return rnd.pick(['event', 'lead', 'platformAdmin', 'nope']);
      if (rnd.chance(0.15)) return rnd.pick(['%E0%A4%A', '%00', '%ED%A0%80', 'x'.repeat(2000), '..%2F..', '%252e%252e']);
      return encodeURIComponent(pickSlug(rnd, pools, name.replace(/^prev/, 'preview_'), route.id));
    })
    .join('/');
  const query = rnd.chance(0.25) ? `?${rnd.pick(['index', 'redirectTo=%2F%2Fevil.example', 'next=https%3A%2F%2Fevil.example', 'lang=xx', '_data=routes%2Froot', `q=${'x'.repeat(3000)}`])}` : '';
  return `/${filled}${query}`;
}

function formFields(rnd: Random, pools: Pools, route: ActionRoute): [string, string][] {
  const entries: [string, string][] = [];
  if (route.intents.length && rnd.chance(0.9)) entries.push(['intent', rnd.chance(0.9) ? rnd.pick(route.intents) : String(junkValue(rnd))]);
  for (const field of route.fields) {
    if (field === 'intent' || !rnd.chance(0.5)) continue;
    const value = rnd.chance(0.7) ? namedString(rnd, pools, field, route.id) : junkValue(rnd);
    entries.push([field, typeof value === 'string' ? value : JSON.stringify(value) ?? String(value)]);
    // a pool may hold numbers (quantities, prices): a form field is always text
    if (rnd.chance(0.05)) entries.push([field, String(namedString(rnd, pools, field, route.id))]);
  }
  if (rnd.chance(0.2)) entries.push([rnd.pick(['__proto__', 'constructor', '__proto__[polluted]', 'a[b][c]', rnd.word(5)]), String(junkValue(rnd)).slice(0, 5000)]);
  return entries;
}

/** A form post to the route as a browser (or a script) might send it, in one of the body encodings. */
export function pagePost(rnd: Random, pools: Pools, route: ActionRoute, headers: Record<string, string>, origin: string): FuzzRequest {
  const fields = formFields(rnd, pools, route);
  const encoding = rnd.pick(['urlencoded', 'urlencoded', 'urlencoded', 'multipart', 'multipart', 'none', 'text', 'json', 'bad-boundary', 'no-boundary', 'empty']);
  let body: string | Buffer | undefined;
  let contentType: string | undefined;
  switch (encoding) {
    case 'urlencoded':
      body = new URLSearchParams(fields).toString();
      contentType = 'application/x-www-form-urlencoded';
      break;
    case 'multipart': {
      const parts: { name: string; value: string | Buffer; filename?: string; type?: string }[] = fields.map(([name, value]) => ({ name, value }));
      if (rnd.chance(0.3)) parts.push({ name: rnd.pick(['file', 'thumbnail', 'image', ...route.fields]), value: rnd.chance(0.5) ? PNG_1X1 : crypto.randomBytes(512), filename: rnd.pick(['a.png', 'x.svg', '']), type: 'image/png' });
      body = multipartBody(parts);
      contentType = `multipart/form-data; boundary=${BOUNDARY}`;
      break;
    }
    case 'none':
      body = new URLSearchParams(fields).toString();
      break;
    case 'text':
      body = fields.map(([k, v]) => `${k}=${v}`).join('\n');
      contentType = 'text/plain';
      break;
    case 'json':
      body = JSON.stringify(Object.fromEntries(fields));
      contentType = 'application/json';
      break;
    case 'bad-boundary':
      body = multipartBody(fields.map(([name, value]) => ({ name, value })));
      contentType = 'multipart/form-data; boundary=somethingElse';
      break;
    case 'no-boundary':
      body = multipartBody(fields.map(([name, value]) => ({ name, value })));
      contentType = 'multipart/form-data';
      break;
    default:
      contentType = 'application/x-www-form-urlencoded';
  }
  const originHeader: Record<string, string> = rnd.chance(0.75) ? { origin } : rnd.chance(0.5) ? { origin: 'https://evil.example' } : {};
  return {
    label: `page ${route.id} (${encoding})`,
    method: 'POST',
    path: urlFor(rnd, pools, route),
    headers: { ...(contentType ? { 'content-type': contentType } : {}), 'accept-language': rnd.pick(['en', 'de', 'xx']), ...originHeader, ...headers },
    body,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Other organisations' rows, before and after

export interface TableInfo {
  name: string;
  columns: string[];
  /** column -> referenced table */
  references: Map<string, string>;
}

/** Per-user or per-request bookkeeping, not an organisation's data: sessions, tokens, throttles, mail. */
const EXCLUDED_TABLES = new Set(['knex_migrations', 'knex_migrations_lock', 'sessions', 'refresh_tokens', 'account_tokens', 'login_throttles', 'outbox']);

export async function describeTables(db: Db): Promise<TableInfo[]> {
  const columns: { table_name: string; column_name: string }[] = (
    await db.raw(`select table_name, column_name from information_schema.columns where table_schema = 'public' order by table_name, ordinal_position`)
  ).rows;
  const foreign: { table_name: string; column_name: string; referenced: string }[] = (
    await db.raw(`
      select c.conrelid::regclass::text as table_name, a.attname as column_name, c.confrelid::regclass::text as referenced
      from pg_constraint c join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any(c.conkey)
      where c.contype = 'f' and cardinality(c.conkey) = 1`)
  ).rows;
  const tables = new Map<string, TableInfo>();
  for (const c of columns) {
    if (!tables.has(c.table_name)) tables.set(c.table_name, { name: c.table_name, columns: [], references: new Map() });
    tables.get(c.table_name)!.columns.push(c.column_name);
  }
  for (const f of foreign) tables.get(f.table_name.replace(/^"|"$/g, ''))?.references.set(f.column_name, f.referenced.replace(/^"|"$/g, ''));
  return [...tables.values()];
}

export type Snapshot = Map<string, Map<string, string>>;

/**
 * Every row that belongs to one of `organizationIds`: their rows in tables with `organization_id` (minus the
 * links an actor may legitimately make into them, e.g. its own stand applying to another organisation's hall),
 * the organisations themselves, and, following foreign keys, the rows hanging off those (translations, members'
 * user rows, programme entries). Keyed by table and id, each row as JSON.
 */
export async function snapshotOrganizations(
  db: Db,
  tables: TableInfo[],
  organizationIds: string[],
  actors: { organizationIds: string[]; userIds: string[] },
): Promise<Snapshot> {
  const snapshot: Snapshot = new Map();
  const byName = new Map(tables.map((t) => [t.name, t]));
  const actorOwned = new Set<string>(actors.userIds);
  for (const table of tables) {
    if (!table.columns.includes('organization_id') || !table.columns.includes('id') || EXCLUDED_TABLES.has(table.name)) continue;
    for (const row of await db(table.name).whereIn('organization_id', actors.organizationIds).select('id')) actorOwned.add(row.id);
  }
  const keep = (table: TableInfo, rows: Record<string, unknown>[]) => {
    const map = snapshot.get(table.name) ?? new Map<string, string>();
    for (const row of rows) {
      const linksActor = [...table.references.keys()].some((column) => column !== 'organization_id' && actorOwned.has(String(row[column])));
      if (linksActor) continue;
      map.set(String(row.id ?? JSON.stringify(row)), JSON.stringify(row));
    }
    snapshot.set(table.name, map);
  };
  keep(byName.get('organizations')!, await db('organizations').whereIn('id', organizationIds).orderBy('id'));
  for (const table of tables) {
    if (table.columns.includes('organization_id') && !EXCLUDED_TABLES.has(table.name)) {
      keep(table, await db(table.name).whereIn('organization_id', organizationIds));
    }
  }
  // rows without an organisation column that belong to a kept row (one level per round, until nothing new)
  const followed = new Set<string>();
  for (let round = 0; round < 4; round += 1) {
    let added = false;
    for (const table of tables) {
      if (table.columns.includes('organization_id') || table.name === 'organizations' || EXCLUDED_TABLES.has(table.name)) continue;
      for (const [column, parent] of table.references) {
        const parentIds = [...(snapshot.get(parent)?.keys() ?? [])];
        if (!parentIds.length || followed.has(`${table.name}.${column}`)) continue;
        followed.add(`${table.name}.${column}`);
        keep(table, await db(table.name).whereIn(column, parentIds));
        added = true;
      }
    }
    if (!added) break;
  }
  return snapshot;
}

/** Rows removed, added or changed between two snapshots, one line each (the changed columns named). */
export function snapshotDifferences(before: Snapshot, after: Snapshot): string[] {
  const lines: string[] = [];
  for (const table of new Set([...before.keys(), ...after.keys()])) {
    const a = before.get(table) ?? new Map<string, string>();
    const b = after.get(table) ?? new Map<string, string>();
    for (const [id, row] of a) {
      const now = b.get(id);
      if (now === undefined) lines.push(`${table} ${id}: removed (was ${row.slice(0, 300)})`);
      else if (now !== row) {
        const was = JSON.parse(row) as Record<string, unknown>;
        const is = JSON.parse(now) as Record<string, unknown>;
        const changed = Object.keys(is).filter((k) => JSON.stringify(was[k]) !== JSON.stringify(is[k]));
        lines.push(`${table} ${id}: changed ${changed.map((k) => `${k}: ${JSON.stringify(was[k])} -> ${JSON.stringify(is[k])}`.slice(0, 200)).join('; ')}`);
      }
    }
    for (const [id, row] of b) if (!a.has(id)) lines.push(`${table} ${id}: added ${row.slice(0, 300)}`);
  }
  return lines;
}

/** Own property names of the built-in prototypes, to notice pollution. */
export function prototypeFingerprint(): string {
  return JSON.stringify(
    [Object.prototype, Array.prototype, Function.prototype, String.prototype].map((proto) => Object.getOwnPropertyNames(proto).sort()),
  );
}
