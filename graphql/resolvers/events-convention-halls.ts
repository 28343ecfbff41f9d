import { hallsOfConvention } from '~/server/services/events/convention-halls';
import type { Resolvers } from '../generated/types';

/** Convention.halls (spec 000 point 3): the halls the viewer may enter, batched (see hallsOfConvention). */
export const conventionHallsResolvers: Resolvers = {
  Convention: {
    halls: (c, _args, ctx) => hallsOfConvention(ctx.service, c.id),
  },
};
