import type { RequestContext } from '~/server/request-context.server';

/** The GraphQL resolvers' context: the same request context the pages get. */
export interface GraphQLContext extends RequestContext {
  /** how the viewer was authenticated */
  auth: 'jwt' | 'session' | 'none';
}
