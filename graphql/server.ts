import type { Request as ExpressRequest, RequestHandler } from 'express';
import { makeExecutableSchema } from '@graphql-tools/schema';
import { mergeTypeDefs } from '@graphql-tools/merge';
import type { GraphQLSchema } from 'graphql';
import { createHandler } from 'graphql-http/lib/use/express';
import type { AppServices } from '~/server/context.server';
import { createServiceContext } from '~/server/context.server';
import { JwtError, tokenFromAuthorization, verifyAccessToken } from '~/server/auth/jwt.server';
import { buildRequestContext } from '~/server/request-context.server';
import { loadViewer } from '~/server/viewer.server';
import type { GraphQLContext } from './context';
import { loadTypeDefs } from './schema/load';
import { resolvers } from './resolvers/index';

export function buildSchema(rootDir: string): GraphQLSchema {
  return makeExecutableSchema({ typeDefs: mergeTypeDefs(loadTypeDefs(rootDir)), resolvers });
}

function headersOf(req: ExpressRequest) {
  return { get: (name: string) => req.get(name) ?? null };
}

/**
 * Builds the resolvers' context. A JWT in the Authorization header wins over the session cookie; its feature
 * mask is the one the token carries (refreshed with the token, at least every five minutes).
 */
export async function graphqlContext(app: AppServices, req: ExpressRequest): Promise<GraphQLContext> {
  const request = { url: req.originalUrl, headers: headersOf(req) };
  const token = tokenFromAuthorization(req.get('authorization'));
  if (token) {
    const base = await buildRequestContext(app, { url: request.url, headers: { get: (n) => (n === 'cookie' ? null : request.headers.get(n)) } });
    const claims = await verifyAccessToken(app.env, token);
    const viewer = await loadViewer(app.db, claims.sub);
    if (!viewer) throw new JwtError('JWT_INVALID_TOKEN');
    viewer.features = claims.org === viewer.organization?.id ? claims.features : viewer.features;
    return { ...base, viewer, sessionId: null, service: createServiceContext(app, viewer, base.language), auth: 'jwt' };
  }
  const ctx = await buildRequestContext(app, request);
  return { ...ctx, auth: ctx.viewer ? 'session' : 'none' };
}

export function graphqlHandler(app: AppServices, schema: GraphQLSchema): RequestHandler {
  return createHandler<GraphQLContext & Record<PropertyKey, unknown>>({
    schema,
    context: async (req) => (await graphqlContext(app, req.raw)) as GraphQLContext & Record<PropertyKey, unknown>,
  });
}
