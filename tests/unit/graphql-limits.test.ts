import { buildSchema, getIntrospectionQuery, GraphQLError, parse, specifiedRules, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { getT } from '~/server/i18n.server';
import { aliasLimitRule, costLimitRule, depthLimitRule, parseWithTokenLimit, queryLimitRules } from '#graphql/limits';

const schema = buildSchema(`
  type Stand { id: ID! name: String! hall: Hall! }
  type Hall { id: ID! name: String! stands(first: Int): [Stand!]! }
  type Query { halls(first: Int): [Hall!]! hall(id: ID!): Hall }
`);

const t = getT('EN');

function check(query: string, rules: ReturnType<typeof depthLimitRule>[]) {
  return validate(schema, parse(query), [...specifiedRules, ...rules]);
}

/** `hall(id: "1") { stands { hall { stands { ... } } } }` nested `levels` times below hall */
function nested(levels: number): string {
  let inner = 'id';
  for (let i = levels - 1; i >= 0; i -= 1) inner = i % 2 === 0 ? `stands(first: 1) { ${inner} }` : `hall { ${inner} }`;
  return `{ hall(id: "1") { ${inner} } }`;
}

describe('depth limit', () => {
  it('accepts an operation at the limit and rejects one level more, in the caller language', () => {
    // hall(1) + levels + id leaf
    expect(check(nested(10), [depthLimitRule({ t, maxDepth: 12 })])).toEqual([]);
    const errors = check(nested(11), [depthLimitRule({ t, maxDepth: 12 })]);
    expect(errors).toHaveLength(1);
    expect(errors[0].message).toBe('The query is nested too deeply (at most 12 levels).');
    expect(errors[0].extensions).toMatchObject({ code: 'QUERY_TOO_DEEP', limit: 12, actual: 13 });
    const german = check(nested(11), [depthLimitRule({ t: getT('DE'), maxDepth: 12 })]);
    expect(german[0].message).toBe('Die Abfrage ist zu tief verschachtelt (höchstens 12 Ebenen).');
  });

  it('follows fragments', () => {
    const query = `{ hall(id: "1") { ...Deep } } fragment Deep on Hall { stands { hall { stands { id } } } }`;
    expect(check(query, [depthLimitRule({ t, maxDepth: 3 })])).toHaveLength(1);
    expect(check(query, [depthLimitRule({ t, maxDepth: 5 })])).toEqual([]);
  });

  it('lets the standard introspection query through (ofType adds no depth) but not a deep one', () => {
    expect(check(getIntrospectionQuery({ descriptions: true, inputValueDeprecation: true }), queryLimitRules({ t }))).toEqual([]);
    const deep = '{ __schema { types { fields { type { fields { type { fields { type { fields { type { fields { type { name } } } } } } } } } } } } }';
    // graphql-js's own MaxIntrospectionDepthRule would stop this one too; ours must not rely on it
    const errors = validate(schema, parse(deep), [depthLimitRule({ t, maxDepth: 12 })]);
    expect(errors.map((e) => e.extensions.code)).toEqual(['QUERY_TOO_DEEP']);
  });

  it('does not loop on fragment cycles (the standard rule reports them)', () => {
    const errors = check(`{ hall(id: "1") { ...A } } fragment A on Hall { stands { hall { ...A } } }`, [depthLimitRule({ t })]);
    expect(errors.some((e) => /Cannot spread fragment "A" within itself/.test(e.message))).toBe(true);
  });
});

describe('alias limit', () => {
  const aliases = (n: number) => `{ ${Array.from({ length: n }, (_, i) => `a${i}: hall(id: "${i}") { id }`).join(' ')} }`;

  it('rejects more aliases than allowed', () => {
    expect(check(aliases(30), [aliasLimitRule({ t, maxAliases: 30 })])).toEqual([]);
    const errors = check(aliases(31), [aliasLimitRule({ t, maxAliases: 30 })]);
    expect(errors).toHaveLength(1);
    expect(errors[0].message).toBe('The query uses too many aliases (at most 30).');
    expect(errors[0].extensions).toMatchObject({ code: 'QUERY_TOO_MANY_ALIASES', actual: 31 });
  });

  it('counts a fragment at every spread', () => {
    const query = `{ hall(id: "1") { ...F stands { hall { ...F } } } } fragment F on Hall { x: id y: name }`;
    expect(check(query, [aliasLimitRule({ t, maxAliases: 3 })])).toHaveLength(1);
    expect(check(query, [aliasLimitRule({ t, maxAliases: 4 })])).toEqual([]);
  });
});

describe('cost limit', () => {
  it('multiplies list selections by the page size or the default list size', () => {
    // halls: 1 + 10 * (id 1 + stands (1 + 10 * (id 1 + name 1))) = 221
    const query = '{ halls { id stands { id name } } }';
    expect(check(query, [costLimitRule({ t, maxCost: 221 })])).toEqual([]);
    const errors = check(query, [costLimitRule({ t, maxCost: 220 })]);
    expect(errors[0].message).toBe('The query is too complex (cost 221, at most 220).');
    expect(errors[0].extensions).toMatchObject({ code: 'QUERY_TOO_COMPLEX', actual: 221 });
  });

  it('uses first from literals and from variables', () => {
    const literal = '{ halls(first: 100) { stands(first: 100) { id } } }';
    expect(check(literal, [costLimitRule({ t, maxCost: 5000 })])).toHaveLength(1);
    const withVariable = 'query ($n: Int) { halls(first: $n) { stands(first: 2) { id } } }';
    const doc = parse(withVariable);
    const small = validate(schema, doc, [costLimitRule({ t, maxCost: 10, variables: { n: 1 } })]);
    expect(small).toEqual([]);
    const large = validate(schema, doc, [costLimitRule({ t, maxCost: 10, variables: { n: 1000 } })]);
    expect(large).toHaveLength(1);
  });

  it('stops introspection that multiplies the schema with itself', () => {
    const bomb = '{ __schema { types { fields { type { fields { type { fields { type { name } } } } } } } } }';
    expect(validate(schema, parse(bomb), [costLimitRule({ t })]).map((e) => e.extensions.code)).toEqual(['QUERY_TOO_COMPLEX']);
  });
});

describe('token limit', () => {
  it('parses documents within the limit', () => {
    expect(parseWithTokenLimit('{ halls { id } }', { t, maxTokens: 10 }).definitions).toHaveLength(1);
  });

  it('gives up on longer documents with a translated error', () => {
    const long = `{ ${Array.from({ length: 50 }, () => 'halls { id }').join(' ')} }`;
    let error: unknown;
    try {
      parseWithTokenLimit(long, { t: getT('DE'), maxTokens: 100 });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(GraphQLError);
    expect((error as GraphQLError).message).toBe('Die Abfrage ist zu lang (höchstens 100 Tokens).');
    expect((error as GraphQLError).extensions).toMatchObject({ code: 'QUERY_TOO_LONG' });
  });

  it('still reports ordinary syntax errors as they are', () => {
    expect(() => parseWithTokenLimit('{ halls {', { t })).toThrow(/Syntax Error/);
  });
});
