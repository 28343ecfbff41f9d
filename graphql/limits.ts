import {
  getNamedType,
  getNullableType,
  GraphQLError,
  isInterfaceType,
  isListType,
  isObjectType,
  Kind,
  parse,
  SchemaMetaFieldDef,
  specifiedRules,
  TypeMetaFieldDef,
  typeFromAST,
  validate,
  type ArgumentNode,
  type DocumentNode,
  type FieldNode,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type ParseOptions,
  type SelectionSetNode,
  type Source,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';
import type { TFunction } from 'i18next';

/**
 * Limits that turn abusive operations away before anything runs: the parser stops after `maxTokens`, then
 * validation measures every operation (through its fragments) for depth, aliases and cost.
 */
export interface QueryLimits {
  maxDepth: number;
  maxAliases: number;
  maxCost: number;
  maxTokens: number;
  /** pairs of same-named fields at one response path, which validation must compare (see countFieldPairs) */
  maxFieldPairs: number;
  /** the multiplier of a list field without a `first`/`last`/`limit` argument */
  defaultListSize: number;
}

export const QUERY_LIMITS: QueryLimits = {
  maxDepth: 12,
  maxAliases: 30,
  maxCost: 5000,
  maxTokens: 5000,
  maxFieldPairs: 1000,
  defaultListSize: 10,
};

export interface LimitOptions extends Partial<QueryLimits> {
  /** messages in the caller's language */
  t: TFunction;
  /** the request's variables, so `first: $n` counts with its value */
  variables?: Record<string, unknown> | null;
}

/** How big one operation is. */
export interface QueryMeasure {
  depth: number;
  aliases: number;
  cost: number;
}

const PAGE_SIZE_ARGUMENTS = new Set(['first', 'last', 'limit']);
/** Lists of a __Type; on a type reached through a reference they multiply the schema with itself. */
const TYPE_MEMBER_LISTS = new Set(['fields', 'inputFields', 'interfaces', 'possibleTypes', 'enumValues']);
/** What such a list multiplies by: about the number of types in a schema. */
const REFERENCED_TYPE_LIST_SIZE = 100;
/** __Type fields that lead to another type (as opposed to __Schema.types / __type(name:), which list it directly). */
const TYPE_REFERENCES = new Set(['type', 'ofType', 'interfaces', 'possibleTypes']);

/** How an introspection selection is counted; a fragment is measured once per such context. */
interface WalkFlags {
  /** inside __schema / __type */
  introspection: boolean;
  /** the current __Type was reached through a type reference */
  referencedType: boolean;
}

/** The measure of a selection set relative to where it is used: `height` levels below it. */
interface Part {
  height: number;
  aliases: number;
  cost: number;
}

const NOTHING: Part = { height: 0, aliases: 0, cost: 0 };

/** Sums and products saturate: a fragment bomb's cost is astronomically large, never Infinity or NaN. */
const saturate = (n: number) => Math.min(n, Number.MAX_SAFE_INTEGER);

/**
 * Measures an operation. The cost model: every field costs 1, and a list field multiplies the cost of its
 * selection by its page size (`first`/`last`/`limit`, literal or variable) or `defaultListSize`.
 *
 * Introspection is counted so that tools keep working and abuse does not: `ofType` adds no depth (the
 * standard introspection query nests it seven times just to unwrap `[T!]!`), and introspection lists count
 * once (the schema is in memory and read once) except the member lists of a type reached through a
 * reference (`fields { type { fields { ... } } }`), the shape that multiplies the schema with itself.
 *
 * Fragments are never expanded: each fragment definition is measured once (per introspection context, so
 * at most four times) and its measure is added at every spread, so a document whose fragments each spread
 * the previous one twice costs linear time to measure while its cost still doubles per level. A fragment
 * that spreads itself, directly or not, counts as empty here; the standard NoFragmentCycles rule refuses
 * the document.
 */
export function measureOperation(
  context: ValidationContext,
  operation: OperationDefinitionNode,
  options: { defaultListSize: number; variables?: Record<string, unknown> | null },
): QueryMeasure {
  const schema = context.getSchema();
  const queryType = schema.getQueryType() ?? undefined;
  const variables = options.variables;

  const pageSize = (args: readonly ArgumentNode[] | undefined): number | null => {
    for (const arg of args ?? []) {
      if (!PAGE_SIZE_ARGUMENTS.has(arg.name.value)) continue;
      if (arg.value.kind === Kind.INT) return Math.max(0, Number.parseInt(arg.value.value, 10));
      if (arg.value.kind === Kind.VARIABLE && variables && Object.hasOwn(variables, arg.value.name.value)) {
        const value = variables[arg.value.name.value];
        if (typeof value === 'number' && Number.isFinite(value)) return Math.max(0, Math.floor(value));
      }
    }
    return null;
  };

  const fieldDefinition = (parent: GraphQLNamedType | undefined, name: string): GraphQLField<unknown, unknown> | undefined => {
    // the meta fields exist on the query root only (graphql-js resolves them the same way)
    if (parent === queryType && name === '__schema') return SchemaMetaFieldDef;
    if (parent === queryType && name === '__type') return TypeMetaFieldDef;
    if (!isObjectType(parent) && !isInterfaceType(parent)) return undefined;
    const fields = parent.getFields();
    return Object.hasOwn(fields, name) ? fields[name] : undefined;
  };

  /** fragment name + flags -> its measure; a key without a value is being measured (a cycle) */
  const fragments = new Map<string, Part | null>();

  const fragmentPart = (name: string, flags: WalkFlags): Part => {
    const key = `${name}|${flags.introspection ? 1 : 0}${flags.referencedType ? 1 : 0}`;
    const known = fragments.get(key);
    if (known !== undefined) return known ?? NOTHING;
    const fragment = context.getFragment(name);
    if (!fragment) return NOTHING;
    fragments.set(key, null);
    const part = walk(fragment.selectionSet, typeFromAST(schema, fragment.typeCondition) ?? undefined, flags);
    fragments.set(key, part);
    return part;
  };

  const walk = (selectionSet: SelectionSetNode, parent: GraphQLNamedType | undefined, flags: WalkFlags): Part => {
    let height = 0;
    let aliases = 0;
    let cost = 0;
    const add = (part: Part) => {
      height = Math.max(height, part.height);
      aliases = saturate(aliases + part.aliases);
      cost = saturate(cost + part.cost);
    };
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) {
        const name = selection.name.value;
        if (name === '__typename') continue;
        const definition = fieldDefinition(parent, name);
        const introspection = flags.introspection || name === '__schema' || name === '__type';
        const ownLevel = introspection && name === 'ofType' ? 0 : 1;
        const isList = definition ? isListType(getNullableType(definition.type)) : false;
        let multiplier = 1;
        if (isList && !introspection) multiplier = pageSize(selection.arguments) ?? options.defaultListSize;
        if (isList && introspection && flags.referencedType && TYPE_MEMBER_LISTS.has(name)) {
          multiplier = REFERENCED_TYPE_LIST_SIZE;
        }
        const child = selection.selectionSet
          ? walk(selection.selectionSet, definition ? getNamedType(definition.type) : undefined, {
              introspection,
              referencedType: introspection && (flags.referencedType || TYPE_REFERENCES.has(name)),
            })
          : NOTHING;
        add({
          height: ownLevel + child.height,
          aliases: (selection.alias ? 1 : 0) + child.aliases,
          cost: 1 + saturate(multiplier * child.cost),
        });
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        const type = selection.typeCondition ? typeFromAST(schema, selection.typeCondition) : parent;
        add(walk(selection.selectionSet, type ?? undefined, flags));
      } else {
        add(fragmentPart(selection.name.value, flags));
      }
    }
    return { height, aliases, cost };
  };

  const { height, aliases, cost } = walk(operation.selectionSet, schema.getRootType(operation.operation) ?? undefined, {
    introspection: false,
    referencedType: false,
  });
  return { depth: height, aliases, cost };
}

/** A safety net for countFieldPairs: documents that expand further are refused by the cost limit. */
const MAX_PAIR_STEPS = 50_000;

/**
 * How many pairs of fields the standard OverlappingFieldsCanBeMerged rule has to compare, counted the way
 * execution merges fields: at each response path, the fields of the same response name (through inline
 * fragments and fragments, each fragment once per path) make n·(n-1)/2 pairs, and their sub-selections
 * are merged into the next path. graphql-js compares those pairs one by one (up to its own budget of
 * 500,000, which takes about a second), so `{ f(a: 1) f(a: 2) ... }` or one fragment spread into many
 * sibling fields is quadratic in the document; counting them is linear. Stops early once `maxPairs` is
 * passed; `complete: false` when the document expands beyond MAX_PAIR_STEPS fields (a fragment bomb or a
 * cycle, which the cost limit and NoFragmentCycles refuse).
 */
export function countFieldPairs(
  context: ValidationContext,
  operation: OperationDefinitionNode,
  maxPairs: number,
): { pairs: number; complete: boolean } {
  let pairs = 0;
  let steps = 0;
  const paths: SelectionSetNode[][] = [[operation.selectionSet]];
  while (paths.length) {
    const byName = new Map<string, FieldNode[]>();
    const seenFragments = new Set<string>();
    const pending = paths.pop()!;
    while (pending.length) {
      for (const selection of pending.pop()!.selections) {
        if (selection.kind === Kind.FIELD) {
          if (++steps > MAX_PAIR_STEPS) return { pairs, complete: false };
          const name = (selection.alias ?? selection.name).value;
          const fields = byName.get(name);
          if (fields) fields.push(selection);
          else byName.set(name, [selection]);
        } else if (selection.kind === Kind.INLINE_FRAGMENT) {
          pending.push(selection.selectionSet);
        } else if (!seenFragments.has(selection.name.value)) {
          seenFragments.add(selection.name.value);
          const fragment = context.getFragment(selection.name.value);
          if (fragment) pending.push(fragment.selectionSet);
        }
      }
    }
    for (const fields of byName.values()) {
      pairs += (fields.length * (fields.length - 1)) / 2;
      if (pairs > maxPairs) return { pairs, complete: true };
      const next = fields.flatMap((field) => (field.selectionSet ? [field.selectionSet] : []));
      if (next.length) paths.push(next);
    }
  }
  return { pairs, complete: true };
}

function withDefaults(options: LimitOptions): LimitOptions & QueryLimits {
  return { ...QUERY_LIMITS, ...options };
}

/** One measurement per operation, shared by the three rules of one validation run. */
function measurer(options: LimitOptions & QueryLimits) {
  const cache = new WeakMap<OperationDefinitionNode, QueryMeasure>();
  return (context: ValidationContext, operation: OperationDefinitionNode) => {
    let measure = cache.get(operation);
    if (!measure) {
      measure = measureOperation(context, operation, options);
      cache.set(operation, measure);
    }
    return measure;
  };
}

function limitRule(
  measure: ReturnType<typeof measurer>,
  check: (measure: QueryMeasure) => { message: string; code: string; limit: number; actual: number } | null,
): ValidationRule {
  return (context) => ({
    OperationDefinition(operation) {
      const failure = check(measure(context, operation));
      if (failure) {
        context.reportError(
          new GraphQLError(failure.message, {
            nodes: [operation],
            extensions: { code: failure.code, limit: failure.limit, actual: failure.actual },
          }),
        );
      }
      return false;
    },
  });
}

function depthRule(measure: ReturnType<typeof measurer>, options: LimitOptions & QueryLimits): ValidationRule {
  const max = options.maxDepth;
  return limitRule(measure, ({ depth }) =>
    depth > max ? { message: options.t('errors:query.tooDeep', { max }), code: 'QUERY_TOO_DEEP', limit: max, actual: depth } : null,
  );
}

function aliasRule(measure: ReturnType<typeof measurer>, options: LimitOptions & QueryLimits): ValidationRule {
  const max = options.maxAliases;
  return limitRule(measure, ({ aliases }) =>
    aliases > max
      ? { message: options.t('errors:query.tooManyAliases', { max }), code: 'QUERY_TOO_MANY_ALIASES', limit: max, actual: aliases }
      : null,
  );
}

function costRule(measure: ReturnType<typeof measurer>, options: LimitOptions & QueryLimits): ValidationRule {
  const max = options.maxCost;
  return limitRule(measure, ({ cost }) =>
    cost > max
      ? { message: options.t('errors:query.tooComplex', { max, cost }), code: 'QUERY_TOO_COMPLEX', limit: max, actual: cost }
      : null,
  );
}

function fieldPairsRule(options: LimitOptions & QueryLimits): ValidationRule {
  const max = options.maxFieldPairs;
  return (context) => ({
    OperationDefinition(operation) {
      const { pairs, complete } = countFieldPairs(context, operation, max);
      if (complete && pairs > max) {
        context.reportError(
          new GraphQLError(options.t('errors:query.tooManyRepeats', { max }), {
            nodes: [operation],
            extensions: { code: 'QUERY_TOO_MANY_REPEATS', limit: max },
          }),
        );
      }
      return false;
    },
  });
}

/** Rejects operations nested deeper than `maxDepth` fields. */
export const depthLimitRule = (options: LimitOptions): ValidationRule => {
  const all = withDefaults(options);
  return depthRule(measurer(all), all);
};

/** Rejects operations with more than `maxAliases` aliased fields (a fragment counts at every spread). */
export const aliasLimitRule = (options: LimitOptions): ValidationRule => {
  const all = withDefaults(options);
  return aliasRule(measurer(all), all);
};

/** Rejects operations whose estimated cost exceeds `maxCost` (see measureOperation for the model). */
export const costLimitRule = (options: LimitOptions): ValidationRule => {
  const all = withDefaults(options);
  return costRule(measurer(all), all);
};

/** The rules made by queryLimitRules, so validateLimitsFirst can tell them from the others. */
const limitRules = new WeakSet<ValidationRule>();

/** Rejects operations whose same-named fields make more than `maxFieldPairs` pairs to compare. */
export const fieldPairsLimitRule = (options: LimitOptions): ValidationRule => fieldPairsRule(withDefaults(options));

/** The four rules; depth, aliases and cost share one measurement per operation. */
export function queryLimitRules(options: LimitOptions): ValidationRule[] {
  const all = withDefaults(options);
  const measure = measurer(all);
  const rules = [depthRule(measure, all), aliasRule(measure, all), costRule(measure, all), fieldPairsRule(all)];
  for (const rule of rules) limitRules.add(rule);
  return rules;
}

/**
 * Rules whose verdict depends on the document alone (not on variables, the viewer or the time), each with a key
 * naming what it checks: graphql's standard rules by their names, and rules registered with documentOnlyRule (the
 * string literal hygiene). A document that passed a set of them once passes it again, so validateLimitsFirst
 * remembers the pass per schema and document (the parse cache hands out the same document for the same text).
 */
const documentRuleKeys = new WeakMap<ValidationRule, string>(specifiedRules.map((rule) => [rule, `graphql:${rule.name}`]));

/** Marks a rule as depending on the document alone, under `key` (every rule made for the same check shares it). */
export function documentOnlyRule(rule: ValidationRule, key: string): ValidationRule {
  documentRuleKeys.set(rule, key);
  return rule;
}

/** Per schema: each document that passed, with the rule sets it passed (their keys, joined). */
const passedDocuments = new WeakMap<GraphQLSchema, WeakMap<DocumentNode, Set<string>>>();

/**
 * graphql's `validate`, in two passes: the rules of queryLimitRules first (one linear walk), and the other
 * rules only for a document within the limits. Some standard rules do work that grows faster than the
 * document (OverlappingFieldsCanBeMerged compares fields pairwise); an abusive document is refused before
 * they start. A document over the limits gets only the limit errors. The limit rules run on every request (the
 * cost depends on the variables); the document-only rules run once per document that passes them.
 */
export function validateLimitsFirst(
  schema: GraphQLSchema,
  document: DocumentNode,
  rules: readonly ValidationRule[] = specifiedRules,
): readonly GraphQLError[] {
  const first = rules.filter((rule) => limitRules.has(rule));
  const limitErrors = first.length ? validate(schema, document, first) : [];
  if (limitErrors.length) return limitErrors;
  const rest = rules.filter((rule) => !limitRules.has(rule));
  const keys = rest.map((rule) => documentRuleKeys.get(rule));
  const key = keys.every((k) => k !== undefined) ? keys.join(',') : null;
  let bySchema = passedDocuments.get(schema);
  if (key !== null && bySchema?.get(document)?.has(key)) return [];
  const errors = validate(schema, document, rest);
  if (key !== null && !errors.length) {
    if (!bySchema) passedDocuments.set(schema, (bySchema = new WeakMap()));
    const passed = bySchema.get(document);
    if (passed) passed.add(key);
    else bySchema.set(document, new Set([key]));
  }
  return errors;
}

/** Parsed documents by their text (and token limit), most recently used last; see parseWithTokenLimit. */
const parsedDocuments = new Map<string, DocumentNode>();
const PARSED_DOCUMENTS_MAX = 500;
const PARSED_SOURCE_MAX_CHARS = 20_000;

/**
 * graphql's `parse` with a token limit: a huge document is given up on while lexing, before any AST is
 * built, and reported with a translated message. Clients send the same few documents again and again (an app's
 * queries, a chat client's send mutation), so a document that parsed is kept by its text (at most 500 of them, up
 * to 20,000 characters each, the least recently used dropped first) and handed out again; graphql never changes a
 * document, and the same object lets validateLimitsFirst skip the rules it already passed.
 */
export function parseWithTokenLimit(
  source: string | Source,
  options: { maxTokens?: number; t: TFunction; parseOptions?: ParseOptions },
): DocumentNode {
  const maxTokens = options.maxTokens ?? QUERY_LIMITS.maxTokens;
  const cacheKey =
    typeof source === 'string' && source.length <= PARSED_SOURCE_MAX_CHARS && !Object.keys(options.parseOptions ?? {}).length ? `${maxTokens}:${source}` : null;
  const cached = cacheKey === null ? undefined : parsedDocuments.get(cacheKey);
  if (cached) {
    parsedDocuments.delete(cacheKey!);
    parsedDocuments.set(cacheKey!, cached);
    return cached;
  }
  let document: DocumentNode;
  try {
    document = parse(source, { ...options.parseOptions, maxTokens });
  } catch (error) {
    if (error instanceof GraphQLError && /Document contains more tha[nt] \d+ tokens/.test(error.message)) {
      throw new GraphQLError(options.t('errors:query.tooManyTokens', { max: maxTokens }), {
        extensions: { code: 'QUERY_TOO_LONG', limit: maxTokens },
      });
    }
    throw error;
  }
  if (cacheKey !== null) {
    parsedDocuments.set(cacheKey, document);
    if (parsedDocuments.size > PARSED_DOCUMENTS_MAX) parsedDocuments.delete(parsedDocuments.keys().next().value!);
  }
  return document;
}
