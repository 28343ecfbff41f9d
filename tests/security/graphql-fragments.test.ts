import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUERY_LIMITS } from '#graphql/limits';
import { createTestApp, type TestApp } from '../helpers/app';

// Issue 11, finding 2: an 800-byte anonymous query of fragments that each spread the previous one twice was
// expanded in full before the cost limit refused it (9 s at 21 levels, one request held the CPU 14 minutes).

interface Answer {
  status: number;
  /** wall time of the request */
  ms: number;
  /** CPU time of this process (client and the in-process server) during the request: less sensitive to load */
  cpuMs: number;
  body: { data?: Record<string, unknown>; errors?: { message: string; extensions?: Record<string, unknown> }[] };
}

let t: TestApp;

/** `fragment Fn on Query { ...Fn-1 ...Fn-1 }` for n = 1..levels, F0 selecting `leaf`. */
function fragmentBomb(levels: number, options: { leaf?: string; spreads?: number } = {}): string {
  const spreads = options.spreads ?? 2;
  const fragments = [`fragment F0 on Query { ${options.leaf ?? 'apiVersion'} }`];
  for (let n = 1; n <= levels; n += 1) fragments.push(`fragment F${n} on Query { ${`...F${n - 1} `.repeat(spreads)}}`);
  return `query Bomb { ...F${levels} } ${fragments.join(' ')}`;
}

async function send(method: 'GET' | 'POST', query: string, headers: Record<string, string> = {}): Promise<Answer> {
  const init: RequestInit = { method, headers: { accept: 'application/graphql-response+json', 'accept-language': 'en', ...headers } };
  let url = `${t.url}/graphql/`;
  if (method === 'GET') url += `?${new URLSearchParams({ query })}`;
  else {
    init.body = JSON.stringify({ query });
    init.headers = { ...init.headers, 'content-type': 'application/json' };
  }
  const cpu = process.cpuUsage();
  const start = performance.now();
  const res = await fetch(url, init);
  const body = (await res.json()) as Answer['body'];
  const ms = performance.now() - start;
  const { user, system } = process.cpuUsage(cpu);
  return { status: res.status, ms, cpuMs: (user + system) / 1000, body };
}

/** Bounds for a loaded 2-core machine, where the wall time mostly measures the wait for a core. */
function expectQuick(answer: Answer) {
  expect(answer.cpuMs).toBeLessThan(300);
  expect(answer.ms).toBeLessThan(1500);
}

const codes = (answer: Answer) => answer.body.errors?.map((e) => e.extensions?.code);

beforeAll(async () => {
  t = await createTestApp();
  // warm the server (JIT, schema caches) so the timings below measure the request, not the first start
  for (let i = 0; i < 5; i += 1) {
    await send('POST', fragmentBomb(10));
    await send('GET', '{ apiVersion }');
  }
});

afterAll(() => t.close());

describe('fragment bombs', () => {
  it.each([
    ['POST', 21],
    ['POST', 25],
    ['GET', 21],
    ['GET', 25],
  ] as const)('refuses %s of %i levels quickly and clearly, without expanding them', async (method, levels) => {
    const query = fragmentBomb(levels);
    expect(query.length).toBeLessThan(1200);
    const answer = await send(method, query);
    expect(answer.status).toBe(400);
    expect(answer.body.data).toBeUndefined();
    expect(answer.body.errors).toEqual([
      {
        message: `The query is too complex (cost ${2 ** levels}, at most ${QUERY_LIMITS.maxCost}).`,
        locations: [{ line: 1, column: 1 }],
        extensions: { code: 'QUERY_TOO_COMPLEX', limit: QUERY_LIMITS.maxCost, actual: 2 ** levels },
      },
    ]);
    // generous for a loaded 2-core machine; the expansion took seconds of CPU (9 s at 21 levels)
    expectQuick(answer);
  });

  it('counts aliases and cost through fragments without expanding them', async () => {
    const answer = await send('POST', fragmentBomb(40, { leaf: 'a: apiVersion b: apiVersion' }));
    expect(answer.status).toBe(400);
    expect(codes(answer)).toEqual(['QUERY_TOO_MANY_ALIASES', 'QUERY_TOO_COMPLEX']);
    expect(answer.body.errors?.[0].extensions).toMatchObject({ actual: 2 ** 41 });
    expectQuick(answer);
  });

  it('refuses fragments that spread each other (a cycle) quickly', async () => {
    const answer = await send('POST', '{ ...A } fragment A on Query { apiVersion ...B } fragment B on Query { ...A ...A }');
    expect(answer.status).toBe(400);
    expect(answer.body.errors?.[0].message).toBe('Cannot spread fragment "A" within itself via "B".');
    expectQuick(answer);
  });

  it('answers a bomb that costs nothing to run (only __typename) once, without expanding it', async () => {
    const answer = await send('GET', fragmentBomb(30, { leaf: '__typename' }));
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ data: { __typename: 'Query' } });
    expectQuick(answer);
  });
});

describe('any document up to the token limit', () => {
  const tokens = QUERY_LIMITS.maxTokens;
  /** as many copies of `part` (with its index) as fit in the token limit, `each` tokens apiece */
  const fill = (each: number, part: (i: number) => string, reserve = 10) =>
    Array.from({ length: Math.floor((tokens - reserve) / each) }, (_, i) => part(i)).join(' ');

  const documents: [string, string][] = [
    ['fragment bomb, 2 spreads per level', fragmentBomb(Math.floor((tokens - 20) / 10))],
    ['fragment bomb, 30 spreads per level', fragmentBomb(Math.floor((tokens - 20) / 66), { spreads: 30 })],
    ['fragment chain', `{ ...F0 } ${fill(9, (i) => `fragment F${i} on Query { apiVersion ...F${i + 1} }`, 20)} fragment Fend on Query { apiVersion }`],
    ['one field repeated', `{ ${fill(1, () => 'apiVersion')} }`],
    ['one field with different arguments', `{ ${fill(9, (i) => `__type(name: "T${i}") { name }`)} }`],
    [
      'nested fields with different arguments',
      `{ ${fill(17, (i) => `latestConvention(orgSlug: "o") { stage { isPartOfConvention(convId: "${i}") } }`)} }`,
    ],
    ['aliases', `{ ${fill(3, (i) => `a${i}: apiVersion`)} }`],
    ['deep introspection', `{ __schema { types { ${'fields { type { '.repeat(Math.floor((tokens - 30) / 6))}name${' } }'.repeat(Math.floor((tokens - 30) / 6))} } } }`],
  ];

  it.each(documents)('accepts or refuses %s quickly', async (name, query) => {
    // GET too where the URL fits in Node's 16 KB header limit (a longer one is refused with 431 before us: client-errors.test.ts)
    const methods = query.length < 12_000 ? (['POST', 'GET'] as const) : (['POST'] as const);
    for (const method of methods) {
      const answer = await send(method, query);
      expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBeOneOf([200, 400]);
      expect(codes(answer) ?? []).not.toContain('QUERY_TOO_LONG');
      // the aim is 50 ms on an idle machine (before, such documents took 0.3 to 1.5 s of CPU)
      console.info(
        `[bench] ${method} ${name}: ${answer.ms.toFixed(1)} ms, CPU ${answer.cpuMs.toFixed(1)} ms (aim: < 50 ms) -> ${answer.status} ${codes(answer)?.[0] ?? ''}`,
      );
      expectQuick(answer);
    }
  });
});
