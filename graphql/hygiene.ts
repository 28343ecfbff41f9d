import { GraphQLError, type ValidationRule } from 'graphql';
import type { TFunction } from 'i18next';
import { documentOnlyRule } from './limits';
import { findValueProblem, MAX_REQUEST_DEPTH, MAX_REQUEST_STRING_CHARS, stringProblem } from '~/server/hygiene.server';

/**
 * The request hygiene (app/server/hygiene.server.ts) for GraphQL: variables are walked once before anything is
 * parsed or executed, string literals of the document are checked while it is validated. A failure is a request
 * error with `extensions.code: INVALID` (400 for application/graphql-response+json, like every request error),
 * so no NUL byte or lone surrogate reaches a resolver or the database.
 */
export function variablesHygieneErrors(variables: unknown, t: TFunction): GraphQLError[] {
  const found = findValueProblem(variables ?? null);
  if (!found) return [];
  const key =
    found.problem === 'TOO_LONG' ? 'errors:query.variableTooLong' : found.problem === 'TOO_DEEP' ? 'errors:query.variableTooDeep' : 'errors:query.variableCharacters';
  const message = t(key, { path: found.path, max: found.problem === 'TOO_DEEP' ? MAX_REQUEST_DEPTH : MAX_REQUEST_STRING_CHARS });
  return [new GraphQLError(message, { extensions: { code: 'INVALID', variable: found.path } })];
}

/** Refuses string literals in the document that the hygiene would refuse as variables. */
export function stringLiteralHygieneRule(t: TFunction): ValidationRule {
  // depends on the document alone (the language only words the error), so a document passes it once
  return documentOnlyRule((context) => ({
    StringValue(node) {
      const problem = stringProblem(node.value);
      if (!problem) return;
      const message = problem === 'TOO_LONG' ? t('errors:query.literalTooLong', { max: MAX_REQUEST_STRING_CHARS }) : t('errors:query.literalCharacters');
      context.reportError(new GraphQLError(message, { nodes: [node], extensions: { code: 'INVALID' } }));
    },
  }), 'stringLiteralHygiene');
}
