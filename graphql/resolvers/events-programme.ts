import { conventionProgramme } from '~/server/services/events/programme';
import type { Resolvers } from '../generated/types';
import { asQuery } from '../errors';

/** The visitors' programme (spec 000 point 4): a thin adapter over services/events/programme. */
export const eventsProgrammeResolvers: Resolvers = {
  ProgrammeEntry: {
    timestamp: (e) => e.startsAt,
    timestampEnd: (e) => e.endsAt,
  },
  Query: {
    conventionProgramme: (_root, args, ctx) =>
      asQuery(() => conventionProgramme(ctx.service, args.slug, args.lang ?? ctx.service.language)),
  },
};
