import { mergeResolvers } from '@graphql-tools/merge';
import { GraphQLScalarType, Kind } from 'graphql';
import type { Resolvers } from '../generated/types';
import { RESOLVER_MODULES } from './registry.generated';

const DateTime = new GraphQLScalarType({
  name: 'DateTime',
  serialize: (value) => (value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString()),
  parseValue: (value) => {
    const date = new Date(String(value));
    if (Number.isNaN(date.getTime())) throw new TypeError('DateTime must be an ISO-8601 string');
    return date;
  },
  parseLiteral: (ast) => {
    if (ast.kind !== Kind.STRING) throw new TypeError('DateTime must be an ISO-8601 string');
    const date = new Date(ast.value);
    if (Number.isNaN(date.getTime())) throw new TypeError('DateTime must be an ISO-8601 string');
    return date;
  },
});

const baseResolvers: Resolvers = {
  DateTime,
  Query: { apiVersion: () => '1' },
  Mutation: { ping: () => true },
};

/**
 * The `…Resolvers` export of every module in this folder (registry.generated.ts lists them; a new domain adds its
 * file and runs `npm run codegen`). No two domains resolve the same field (tests/unit/registries.test.ts).
 */
export const domainResolvers: Resolvers[] = Object.values(RESOLVER_MODULES).flatMap((module) =>
  Object.entries(module)
    .filter(([name]) => name.endsWith('Resolvers'))
    .map(([, value]) => value as Resolvers),
);

export const resolvers = mergeResolvers([baseResolvers, ...domainResolvers]) as Resolvers;
