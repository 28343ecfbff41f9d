import { liveVisitors, visitStatistics } from '~/server/services/analytics';
import type { Resolvers } from '../generated/types';
import { asQuery } from '../errors';

export const analyticsResolvers: Resolvers = {
  Query: {
    visitStatistics: (_root, args, ctx) => asQuery(() => visitStatistics(ctx.service, args.filter ?? null)),
    liveVisitors: (_root, args, ctx) => asQuery(() => liveVisitors(ctx.service, args.conventionId)),
  },
};
