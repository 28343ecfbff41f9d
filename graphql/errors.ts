import { GraphQLError } from 'graphql';
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
