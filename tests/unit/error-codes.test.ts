import path from 'node:path';
import { mergeTypeDefs } from '@graphql-tools/merge';
import { buildASTSchema, GraphQLEnumType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '~/server/services/errors';
import { loadTypeDefs } from '#graphql/schema/load';

describe('error codes', () => {
  it('the SDL enum ErrorCode (extensions included) has exactly the codes services throw', () => {
    const schema = buildASTSchema(mergeTypeDefs(loadTypeDefs(path.resolve(__dirname, '../..'))));
    const type = schema.getType('ErrorCode');
    expect(type).toBeInstanceOf(GraphQLEnumType);
    const sdl = (type as GraphQLEnumType).getValues().map((v) => v.name);
    expect([...sdl].sort()).toEqual([...ERROR_CODES].sort());
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
  });
});
