import DataLoader from 'dataloader';
import type { Request as ExpressRequest } from 'express';
import { buildSchema, execute, GraphQLError, parse } from 'graphql';
import { describe, expect, it, vi } from 'vitest';
import { JwtError } from '~/server/auth/jwt.server';
import { defineLoader, type AppServices } from '~/server/context.server';
import { loadEnv } from '~/server/env.server';
import { getT } from '~/server/i18n.server';
import { DomainError } from '~/server/services/errors';
import type { Viewer } from '~/server/viewer.server';
import { requireViewer, type GraphQLContext } from '#graphql/context';
import { formatGraphQLError, payload } from '#graphql/errors';
import { graphqlContext } from '#graphql/server';

const schema = buildSchema('type Query { boom: String }');

/** The error graphql-js produces when the resolver of `boom` throws `thrown`. */
async function resolverError(thrown: unknown): Promise<GraphQLError> {
  const result = await execute({
    schema,
    document: parse('{ boom }'),
    rootValue: {
      boom: () => {
        throw thrown;
      },
    },
  });
  return result.errors![0];
}

const format = (error: GraphQLError, expose = false) => {
  const log = vi.fn();
  return { formatted: formatGraphQLError(error, { t: getT('DE'), expose, log }) as GraphQLError, log };
};

describe('payload()', () => {
  it('puts a DomainError into error and errors', async () => {
    const fieldErrors = [
      { code: 'NAME_IS_EMPTY' as const, field: 'name', message: 'Name fehlt' },
      { code: 'VALUE_IS_NOT_URL' as const, field: 'url', message: 'Keine URL' },
    ];
    const result = await payload(async () => {
      throw DomainError.fromFieldErrors(fieldErrors);
    });
    expect(result).toEqual({ error: fieldErrors[0], errors: fieldErrors });
  });

  it('returns the result with empty errors on success', async () => {
    expect(await payload(async () => ({ ok: true }))).toEqual({ ok: true, error: null, errors: [] });
  });

  it('turns UNAUTHENTICATED into a top-level error', async () => {
    const call = payload(async () => {
      throw new DomainError('UNAUTHENTICATED', 'Bitte melden Sie sich an');
    });
    await expect(call).rejects.toBeInstanceOf(GraphQLError);
    await expect(call).rejects.toMatchObject({ message: 'Bitte melden Sie sich an', extensions: { code: 'UNAUTHENTICATED' } });
  });
});

describe('requireViewer()', () => {
  it('fails without a viewer with UNAUTHENTICATED in the viewer language', () => {
    const ctx = { viewer: null, service: { t: getT('DE') } } as unknown as GraphQLContext;
    expect(() => requireViewer(ctx)).toThrow(GraphQLError);
    try {
      requireViewer(ctx);
    } catch (error) {
      expect((error as GraphQLError).extensions.code).toBe('UNAUTHENTICATED');
      expect((error as GraphQLError).message).toBe('Bitte melden Sie sich an, um fortzufahren');
    }
  });

  it('returns the viewer', () => {
    const viewer = { userId: 'u1' } as Viewer;
    expect(requireViewer({ viewer, service: { t: getT('EN') } } as unknown as GraphQLContext)).toBe(viewer);
  });
});

describe('formatGraphQLError()', () => {
  it('masks unexpected resolver errors and logs them', async () => {
    const { formatted, log } = format(await resolverError(new Error('relation "secret_table" does not exist')));
    expect(formatted.message).toBe('Etwas ist schiefgelaufen');
    expect(formatted.extensions).toEqual({ code: 'INTERNAL_SERVER_ERROR' });
    expect(formatted.path).toEqual(['boom']);
    expect(log).toHaveBeenCalledOnce();
    expect(String(log.mock.calls[0][0])).toContain('secret_table');
  });

  it('shows the message of an unexpected error only when told to (development)', async () => {
    const { formatted } = format(await resolverError(new TypeError('x is undefined')), true);
    expect(formatted.message).toBe('x is undefined');
    expect(formatted.extensions.code).toBe('INTERNAL_SERVER_ERROR');
  });

  it('keeps a DomainError message and code', async () => {
    const { formatted, log } = format(await resolverError(new DomainError('NOT_FOUND', 'Nicht gefunden', 'slug')));
    expect(formatted.message).toBe('Nicht gefunden');
    expect(formatted.extensions).toEqual({ code: 'NOT_FOUND', field: 'slug' });
    expect(log).not.toHaveBeenCalled();
  });

  it('keeps GraphQLErrors thrown on purpose (UNAUTHENTICATED stays top-level with its code)', async () => {
    const thrown = new GraphQLError('Bitte anmelden', { extensions: { code: 'UNAUTHENTICATED' } });
    const { formatted } = format(await resolverError(thrown));
    expect(formatted.message).toBe('Bitte anmelden');
    expect(formatted.extensions.code).toBe('UNAUTHENTICATED');
  });

  it('turns a JwtError into UNAUTHENTICATED with the reason', async () => {
    const { formatted } = format(await resolverError(new JwtError('JWT_SIGNATURE_EXPIRED')));
    expect(formatted.extensions).toEqual({ code: 'UNAUTHENTICATED', reason: 'JWT_SIGNATURE_EXPIRED' });
  });

  it('leaves request errors (syntax, variables) alone', async () => {
    const syntax = new GraphQLError('Syntax Error: Expected Name, found <EOF>.');
    expect(format(syntax).formatted).toBe(syntax);
    const coercion = new GraphQLError('Variable "$id" of required type "ID!" was not provided.', { originalError: new TypeError('x') });
    expect(format(coercion).formatted).toBe(coercion);
  });
});

describe('per-request context', () => {
  it('gives every request its own DataLoader caches', async () => {
    const app = { env: loadEnv({ NODE_ENV: 'test' }), db: null, storage: null } as unknown as AppServices;
    const request = { originalUrl: '/graphql/', get: () => undefined } as unknown as ExpressRequest;
    const batches: string[][] = [];
    const nameById = defineLoader(
      () =>
        new DataLoader<string, string>(async (ids) => {
          batches.push([...ids]);
          return ids.map((id) => `name of ${id}`);
        }),
    );

    const first = await graphqlContext(app, request);
    const second = await graphqlContext(app, request);
    expect(first.service.loaders).not.toBe(second.service.loaders);
    await Promise.all([nameById(first.service).load('a'), nameById(first.service).load('b')]);
    await nameById(first.service).load('a');
    expect(batches).toEqual([['a', 'b']]);
    await nameById(second.service).load('a');
    expect(batches).toEqual([['a', 'b'], ['a']]);
  });
});
