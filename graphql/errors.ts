import { GraphQLError } from 'graphql';
import type { TFunction } from 'i18next';
import { JwtError } from '~/server/auth/jwt.server';
import { DomainError, isDomainError, type FieldError } from '~/server/services/errors';

export interface ErrorPayload {
  error: FieldError | null;
  errors: FieldError[];
}

/**
 * The one mapping from services to GraphQL payloads: runs the service call and puts a DomainError into the
 * payload's `error`/`errors`. UNAUTHENTICATED is a top-level error instead (clients refresh their token on it).
 * Anything else is a bug and surfaces as an internal error.
 */
export async function payload<T extends object>(work: () => Promise<T>): Promise<(T & ErrorPayload) | (Partial<T> & ErrorPayload)> {
  try {
    const result = await work();
    return { ...result, error: null, errors: [] };
  } catch (error) {
    if (isDomainError(error)) {
      if (error.code === 'UNAUTHENTICATED') throw unauthenticated(error.message);
      return { error: error.errors[0], errors: error.errors } as Partial<T> & ErrorPayload;
    }
    throw error;
  }
}

export function unauthenticated(message: string, reason?: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'UNAUTHENTICATED', ...(reason ? { reason } : {}) } });
}

/** For query fields: a DomainError becomes a top-level error carrying its code. */
export function toGraphQLError(error: unknown): unknown {
  if (error instanceof DomainError) {
    return new GraphQLError(error.message, { extensions: { code: error.code, field: error.field } });
  }
  return error;
}

/** graphql-js gives up validating (too many errors, or too many overlapping fields to compare) with this. */
const VALIDATION_ABORTED = /^(Validation aborted\.|Too many validation errors, error limit reached\. Validation aborted\.)$/;

export interface FormatErrorOptions {
  t: TFunction;
  /** show an unexpected error's own message (development only) */
  expose: boolean;
  /** where unexpected errors are reported */
  log: (error: Error) => void;
}

/**
 * The last step before an error reaches a client. Request, syntax and validation errors and the errors our
 * code raises on purpose (GraphQLError, DomainError, JwtError) keep their message. Anything else thrown by a
 * resolver is a bug: it is logged and the client sees only the generic message with
 * `extensions.code: INTERNAL_SERVER_ERROR`, so no SQL or stack detail leaks.
 */
export function formatGraphQLError(error: Readonly<GraphQLError | Error>, options: FormatErrorOptions): GraphQLError | Error {
  if (!(error instanceof GraphQLError)) return error as Error;
  if (VALIDATION_ABORTED.test(error.message) && !error.originalError) {
    return new GraphQLError(options.t('errors:query.aborted'), { extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } });
  }
  const original = error.originalError;
  if (!original || original instanceof GraphQLError) return error;
  const located = { nodes: error.nodes, source: error.source, positions: error.positions, path: error.path };
  if (original instanceof DomainError) {
    const extensions = { ...error.extensions, code: original.code, ...(original.field ? { field: original.field } : {}) };
    return new GraphQLError(original.message, { ...located, extensions });
  }
  if (original instanceof JwtError) {
    return new GraphQLError(options.t('errors:unauthenticated'), {
      ...located,
      extensions: { code: 'UNAUTHENTICATED', reason: original.code },
    });
  }
  // without a path the error is about the request itself (a variable that does not coerce): the client's doing
  if (!error.path) return error;
  options.log(original);
  return new GraphQLError(options.expose ? original.message : options.t('errors:generic'), {
    ...located,
    extensions: { code: 'INTERNAL_SERVER_ERROR' },
  });
}

/**
 * The same for errors on the WebSocket door (subscriptions): an error thrown by a live stream after it started (a
 * viewer who lost access: PERMISSION_DENIED) arrives from graphql-ws without a path, which `formatGraphQLError` reads
 * as the client's own mistake. Here only our own errors keep their message and code; anything else is a bug, logged
 * and answered with the generic message.
 */
export function formatSocketError(error: Readonly<GraphQLError | Error>, options: FormatErrorOptions): GraphQLError | Error {
  const original = error instanceof GraphQLError ? error.originalError : null;
  const ours = original instanceof GraphQLError || original instanceof DomainError || original instanceof JwtError;
  if (original && !ours && !(error as GraphQLError).path) {
    options.log(original);
    return new GraphQLError(options.expose ? original.message : options.t('errors:generic'), { extensions: { code: 'INTERNAL_SERVER_ERROR' } });
  }
  return formatGraphQLError(error, options);
}

/** Query fields: a DomainError becomes a top-level error carrying its code. */
export async function asQuery<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw toGraphQLError(error);
  }
}

/** Delete and ok payloads: `ok` is true exactly when there is no error. */
export const withOk = <T extends { error: unknown }>(p: T) => ({ ...p, ok: !p.error });
