import { AsyncLocalStorage } from 'node:async_hooks';
import type { Request as ExpressRequest, RequestHandler } from 'express';
import { makeExecutableSchema } from '@graphql-tools/schema';
import { mergeTypeDefs } from '@graphql-tools/merge';
import { getOperationAST, GraphQLError, type ExecutionResult, type GraphQLSchema, type ValidationRule } from 'graphql';
import { createHandler, type Response as HttpResponse } from 'graphql-http';
import type { TFunction } from 'i18next';
import type { AppServices } from '~/server/context.server';
import { JwtError } from '~/server/auth/jwt.server';
import { authenticateRequest } from '~/server/auth/request-auth.server';
import { getT } from '~/server/i18n.server';
import { csrfTokenFor, readSessionId } from '~/server/session.server';
import { passesCsrfCheck, type GraphQLContext } from './context';
import { formatGraphQLError, unauthenticated } from './errors';
import { columnFieldResolver } from './mappers';
import { graphiqlAssets, type GraphiQLAssets } from './graphiql/assets';
import { stringLiteralHygieneRule, variablesHygieneErrors } from './hygiene';
import { renderGraphiQLPage } from './graphiql/page';
import { parseWithTokenLimit, QUERY_LIMITS, queryLimitRules, validateLimitsFirst, type QueryLimits } from './limits';
import { requestLanguage } from './request-language';
import { loadTypeDefs } from './schema/load';
import { resolvers } from './resolvers/index';

export function buildSchema(rootDir: string): GraphQLSchema {
  return makeExecutableSchema({ typeDefs: mergeTypeDefs(loadTypeDefs(rootDir)), resolvers, defaultFieldResolver: columnFieldResolver });
}

function headersOf(req: ExpressRequest) {
  return { get: (name: string) => req.get(name) ?? null };
}

/**
 * Builds the resolvers' context: the request's viewer as `authenticateRequest` (app/server/auth) finds it, JWT
 * before session cookie. A token that does not verify throws JwtError (the handler answers UNAUTHENTICATED).
 */
export function graphqlContext(
  app: AppServices,
  req: ExpressRequest,
  options: { ignoreAuthorization?: boolean } = {},
): Promise<GraphQLContext> {
  return authenticateRequest(app, req, options).then((ctx) => ({
    ...ctx,
    // a field with the viewer's own state (a like, a mark) marks the answer as theirs alone: the visitor cache does
    // not keep it, so it cannot outlive a change of that state (likes and marks do not empty the cache)
    personal: () => {
      if (req.res) req.res.locals.personal = true;
    },
  }));
}

type MediaType = 'application/graphql-response+json' | 'application/json';

/** The response type graphql-http chooses for an Accept header (the first acceptable entry wins). */
export function acceptedMediaType(accept: string | null | undefined): MediaType | null {
  for (const entry of (accept || '*/*').replace(/\s/g, '').toLowerCase().split(',')) {
    const [mediaType] = entry.split(';');
    if (mediaType === 'application/graphql-response+json') return mediaType;
    if (mediaType === 'application/json' || mediaType === 'application/*' || mediaType === '*/*') return 'application/json';
  }
  return null;
}

const STATUS_TEXT: Record<number, string> = { 200: 'OK', 400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 413: 'Payload Too Large' };

function errorResponse(
  errors: readonly (GraphQLError | Error)[],
  status: number,
  mediaType: MediaType,
  headers: Record<string, string> = {},
): HttpResponse {
  return [
    JSON.stringify({ errors }),
    { status, statusText: STATUS_TEXT[status] ?? '', headers: { 'content-type': `${mediaType}; charset=utf-8`, ...headers } },
  ];
}

/** Mutations that must work with an expired or broken access token: they are how a client gets a new one. */
const TOKEN_FIELDS = new Set(['tokenCreate', 'tokenRefresh', 'tokenVerify', '__typename']);

/** Whether the selected operation only asks for token mutations (so a stale Authorization header is ignored). */
function selectsOnlyTokenFields(query: string, operationName: string | undefined, maxTokens: number): boolean {
  try {
    const operation = getOperationAST(parseWithTokenLimit(query, { maxTokens, t: getT('EN') }), operationName);
    return (
      operation?.operation === 'mutation' &&
      operation.selectionSet.selections.every((s) => s.kind === 'Field' && TOKEN_FIELDS.has(s.name.value))
    );
  } catch {
    return false;
  }
}

/** Whether the operation the request selects is a mutation (false when the document does not say). */
function selectsMutation(query: string, operationName: string | undefined, maxTokens: number): boolean {
  try {
    // the same (cached) parse as the request's own, so it costs nothing more and gives the same answer
    return getOperationAST(parseWithTokenLimit(query, { maxTokens, t: getT('EN') }), operationName)?.operation === 'mutation';
  } catch {
    return false;
  }
}

export interface GraphQLHandlerOptions {
  limits?: Partial<QueryLimits>;
  /** the largest JSON body read (multipart uploads have their own limits) */
  maxBodyBytes?: number;
  /** the GraphiQL bundle; made from the env when absent */
  graphiql?: GraphiQLAssets;
}

/**
 * The validation rules of one request, the same on both doors (HTTP and WebSocket): graphql's own, the query limits
 * (measured with the request's variables) and the string literal hygiene, worded in the request's language.
 */
export function requestValidationRules(
  standard: readonly ValidationRule[],
  limits: QueryLimits,
  t: TFunction,
  variables: Record<string, unknown> | null | undefined,
): ValidationRule[] {
  return [...standard, ...queryLimitRules({ ...limits, t, variables: variables ?? undefined }), stringLiteralHygieneRule(t)];
}

export const GRAPHIQL_ASSETS_PATH = '/graphql/assets';
const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

/**
 * POST /graphql/ (and GET for queries) via graphql-http, plus GraphiQL for a browser that asks for HTML.
 *
 * Status codes follow the GraphQL-over-HTTP spec: with `Accept: application/graphql-response+json` a request
 * that fails before execution (syntax, validation, limits, variables) is a 400; with `application/json` it is
 * a 200 with `errors`. An Authorization token that does not verify is a request error too, with
 * `extensions.code: UNAUTHENTICATED` and `extensions.reason` (JWT_SIGNATURE_EXPIRED, JWT_DECODE_ERROR,
 * JWT_INVALID_TOKEN) so the client refreshes its token: 401 with graphql-response+json, 200 with
 * application/json (legacy clients treat non-2xx as a network failure and would never read the code). A
 * cookie-authenticated mutation that fails the CSRF check is always a 403.
 */
export function graphqlHandler(app: AppServices, schema: GraphQLSchema, options: GraphQLHandlerOptions = {}): RequestHandler {
  const limits: QueryLimits = { ...QUERY_LIMITS, ...options.limits };
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const graphiql = options.graphiql ?? graphiqlAssets(app.env);
  /** the current request's translate function: its language until the viewer is known, then the viewer's */
  const scope = new AsyncLocalStorage<{ t: TFunction }>();
  const scopedT = () => scope.getStore()?.t ?? getT('EN');
  const formatError = (error: Readonly<GraphQLError | Error>) =>
    formatGraphQLError(error, {
      t: scopedT(),
      expose: app.env.NODE_ENV === 'development',
      log: (unexpected) => console.error('[graphql] unexpected error in a resolver:', unexpected),
    });

  const handle = createHandler<ExpressRequest, undefined, GraphQLContext & Record<PropertyKey, unknown>>({
    schema,
    parse: (source, parseOptions) => parseWithTokenLimit(source, { maxTokens: limits.maxTokens, t: scopedT(), parseOptions }),
    context: async (req, params) => {
      const mediaType = acceptedMediaType(req.raw.get('accept')) ?? 'application/json';
      let ctx: GraphQLContext;
      try {
        ctx = await graphqlContext(app, req.raw);
      } catch (error) {
        if (!(error instanceof JwtError)) throw error;
        // a client refreshing (or replacing) its expired token still sends the old one: let it through anonymously
        if (selectsOnlyTokenFields(params.query, params.operationName ?? undefined, limits.maxTokens)) {
          ctx = await graphqlContext(app, req.raw, { ignoreAuthorization: true });
          return ctx as GraphQLContext & Record<PropertyKey, unknown>;
        }
        const rejection = unauthenticated(scopedT()('errors:unauthenticated'), error.code);
        return mediaType === 'application/json'
          ? errorResponse([rejection], 200, mediaType)
          : errorResponse([rejection], 401, mediaType, { 'www-authenticate': 'Bearer realm="graphql", error="invalid_token"' });
      }
      const store = scope.getStore();
      if (store) store.t = ctx.service.t;
      if (ctx.auth === 'session' && selectsMutation(params.query, params.operationName ?? undefined, limits.maxTokens)) {
        if (!(await passesCsrfCheck(req.raw, app))) {
          const rejection = new GraphQLError(ctx.service.t('errors:query.csrf'), { extensions: { code: 'JWT_INVALID_CSRF_TOKEN' } });
          return errorResponse([rejection], 403, mediaType);
        }
      }
      return ctx as GraphQLContext & Record<PropertyKey, unknown>;
    },
    // the limits are measured first, in one linear walk; the standard rules only see documents within them
    validate: validateLimitsFirst,
    // the request hygiene runs before the document is parsed or anyone is looked up
    onSubscribe: (_req, params) => {
      const errors = variablesHygieneErrors(params.variables, scopedT());
      return errors.length ? errors : undefined;
    },
    validationRules: (_req, args, specifiedRules) => {
      const ctx = args.contextValue as GraphQLContext | undefined;
      return requestValidationRules(specifiedRules, limits, ctx?.service.t ?? scopedT(), args.variableValues);
    },
    onOperation: (req, _args, result) => {
      // a result without data is a request error (a variable that does not coerce): 400 for the new media type
      if (!('data' in result) && acceptedMediaType(req.raw.get('accept')) === 'application/graphql-response+json') {
        return errorResponse((result as ExecutionResult).errors?.map(formatError) ?? [], 400, 'application/graphql-response+json');
      }
    },
    formatError,
  });

  return async (req, res) => {
    if (req.method === 'GET' && req.accepts(['application/graphql-response+json', 'application/json', 'text/html']) === 'text/html') {
      const language = requestLanguage(req);
      const manifest = await graphiql.manifest();
      const sessionId = await readSessionId(app.env, req.get('cookie'));
      res
        .status(200)
        .type('html')
        .set('cache-control', 'no-store')
        .send(
          renderGraphiQLPage({
            endpoint: '/graphql/',
            assetsPath: GRAPHIQL_ASSETS_PATH,
            manifest,
            language,
            t: getT(language),
            csrfToken: sessionId ? csrfTokenFor(app.env, sessionId) : null,
          }),
        );
      return;
    }

    await scope.run({ t: getT(requestLanguage(req)) }, async () => {
      try {
        let body: string | Record<string, unknown> | null = null;
        if (req.method === 'POST') {
          // a body parsed before us (the multipart upload middleware) is taken as it is
          const read = req.body !== undefined ? (req.body as Record<string, unknown>) : await readBody(req, maxBodyBytes);
          if (read === TOO_LARGE) {
            const tooLarge = new GraphQLError(scopedT()('errors:query.tooLarge', { max: Math.round(maxBodyBytes / 1024 / 1024) }));
            const [payload, init] = errorResponse([tooLarge], 413, acceptedMediaType(req.get('accept')) ?? 'application/json', { connection: 'close' });
            res.writeHead(init.status, init.statusText, init.headers).end(payload);
            return;
          }
          body = read;
        }
        const [payload, init] = await handle({
          url: req.originalUrl,
          method: req.method,
          headers: headersOf(req),
          body,
          raw: req,
          context: undefined,
        });
        res.writeHead(init.status, init.statusText, init.headers).end(payload);
      } catch (error) {
        console.error('[graphql] request failed:', error);
        if (!res.headersSent) {
          const failure = new GraphQLError(scopedT()('errors:generic'), { extensions: { code: 'INTERNAL_SERVER_ERROR' } });
          res.status(500).type('application/json').send(JSON.stringify({ errors: [failure] }));
        }
      }
    });
  };
}

const TOO_LARGE = Symbol('too large');

/** Reads a request body up to `maxBytes`; a larger one is drained and reported as TOO_LARGE. */
function readBody(req: ExpressRequest, maxBytes: number): Promise<string | typeof TOO_LARGE> {
  const declared = Number(req.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    req.resume();
    return Promise.resolve(TOO_LARGE);
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBytes) chunks.push(chunk);
    });
    req.on('end', () => resolve(size > maxBytes ? TOO_LARGE : Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** Serves GraphiQL's bundle at GRAPHIQL_ASSETS_PATH. */
export function graphiqlAssetsHandler(app: AppServices): RequestHandler {
  return graphiqlAssets(app.env).middleware;
}
