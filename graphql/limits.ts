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
  TypeMetaFieldDef,
  typeFromAST,
  type ArgumentNode,
  type DocumentNode,
  type GraphQLField,
  type GraphQLNamedType,
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
  /** the multiplier of a list field without a `first`/`last`/`limit` argument */
  defaultListSize: number;
}

export const QUERY_LIMITS: QueryLimits = {
  maxDepth: 12,
  maxAliases: 30,
  maxCost: 5000,
  maxTokens: 5000,
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

interface WalkState {
  depth: number;
  /** inside __schema / __type */
  introspection: boolean;
  /** the current __Type was reached through a type reference */
  referencedType: boolean;
  fragmentsOnPath: Set<string>;
}

/**
 * Measures an operation. The cost model: every field costs 1, and a list field multiplies the cost of its
 * selection by its page size (`first`/`last`/`limit`, literal or variable) or `defaultListSize`.
 *
 * Introspection is counted so that tools keep working and abuse does not: `ofType` adds no depth (the
 * standard introspection query nests it seven times just to unwrap `[T!]!`), and introspection lists count
 * once (the schema is in memory and read once) except the member lists of a type reached through a
 * reference (`fields { type { fields { ... } } }`), the shape that multiplies the schema with itself.
 */
export function measureOperation(
  context: ValidationContext,
  operation: OperationDefinitionNode,
  options: { defaultListSize: number; variables?: Record<string, unknown> | null },
): QueryMeasure {
  const schema = context.getSchema();
  const root = schema.getRootType(operation.operation) ?? undefined;

  const pageSize = (args: readonly ArgumentNode[] | undefined): number | null => {
    for (const arg of args ?? []) {
      if (!PAGE_SIZE_ARGUMENTS.has(arg.name.value)) continue;
      if (arg.value.kind === Kind.INT) return Math.max(0, Number.parseInt(arg.value.value, 10));
      if (arg.value.kind === Kind.VARIABLE) {
        const value = options.variables?.[arg.value.name.value];
        if (typeof value === 'number' && Number.isFinite(value)) return Math.max(0, Math.floor(value));
      }
    }
    return null;
  };

  const fieldDefinition = (parent: GraphQLNamedType | undefined, name: string): GraphQLField<unknown, unknown> | undefined => {
    if (parent === root && name === '__schema') return SchemaMetaFieldDef;
    if (parent === root && name === '__type') return TypeMetaFieldDef;
    return isObjectType(parent) || isInterfaceType(parent) ? parent.getFields()[name] : undefined;
  };

  const walk = (selectionSet: SelectionSetNode, parent: GraphQLNamedType | undefined, state: WalkState): QueryMeasure => {
    const total: QueryMeasure = { depth: state.depth, aliases: 0, cost: 0 };
    const add = (part: QueryMeasure) => {
      total.depth = Math.max(total.depth, part.depth);
      total.aliases += part.aliases;
      total.cost += part.cost;
    };
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) {
        const name = selection.name.value;
        if (name === '__typename') continue;
        const definition = fieldDefinition(parent, name);
        const introspection = state.introspection || name === '__schema' || name === '__type';
        const depth = state.depth + (introspection && name === 'ofType' ? 0 : 1);
        const isList = definition ? isListType(getNullableType(definition.type)) : false;
        let multiplier = 1;
        if (isList && !introspection) multiplier = pageSize(selection.arguments) ?? options.defaultListSize;
        if (isList && introspection && state.referencedType && TYPE_MEMBER_LISTS.has(name)) {
          multiplier = REFERENCED_TYPE_LIST_SIZE;
        }
        const child = selection.selectionSet
          ? walk(selection.selectionSet, definition ? getNamedType(definition.type) : undefined, {
              depth,
              introspection,
              referencedType: introspection && (state.referencedType || TYPE_REFERENCES.has(name)),
              fragmentsOnPath: state.fragmentsOnPath,
            })
          : { depth, aliases: 0, cost: 0 };
        add({
          depth: child.depth,
          aliases: (selection.alias ? 1 : 0) + child.aliases,
          cost: 1 + multiplier * child.cost,
        });
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        const type = selection.typeCondition ? typeFromAST(schema, selection.typeCondition) : parent;
        add(walk(selection.selectionSet, type ?? undefined, state));
      } else {
        const name = selection.name.value;
        const fragment = context.getFragment(name);
        // a cycle is reported by the standard NoFragmentCycles rule; here it just stops the walk
        if (!fragment || state.fragmentsOnPath.has(name)) continue;
        const type = typeFromAST(schema, fragment.typeCondition);
        const fragmentsOnPath = new Set(state.fragmentsOnPath).add(name);
        add(walk(fragment.selectionSet, type ?? undefined, { ...state, fragmentsOnPath }));
      }
    }
    return total;
  };

  return walk(operation.selectionSet, root, {
    depth: 0,
    introspection: false,
    referencedType: false,
    fragmentsOnPath: new Set(),
  });
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

/** The three rules, measuring each operation once. */
export function queryLimitRules(options: LimitOptions): ValidationRule[] {
  const all = withDefaults(options);
  const measure = measurer(all);
  return [depthRule(measure, all), aliasRule(measure, all), costRule(measure, all)];
}

/**
 * graphql's `parse` with a token limit: a huge document is given up on while lexing, before any AST is
 * built, and reported with a translated message.
 */
export function parseWithTokenLimit(
  source: string | Source,
  options: { maxTokens?: number; t: TFunction; parseOptions?: ParseOptions },
): DocumentNode {
  const maxTokens = options.maxTokens ?? QUERY_LIMITS.maxTokens;
  try {
    return parse(source, { ...options.parseOptions, maxTokens });
  } catch (error) {
    if (error instanceof GraphQLError && /Document contains more tha[nt] \d+ tokens/.test(error.message)) {
      throw new GraphQLError(options.t('errors:query.tooManyTokens', { max: maxTokens }), {
        extensions: { code: 'QUERY_TOO_LONG', limit: maxTokens },
      });
    }
    throw error;
  }
}
