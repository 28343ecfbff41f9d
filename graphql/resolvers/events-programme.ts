import { conventionProgramme, type ProgrammeEntry } from '~/server/services/events/programme';
import type { Resolvers } from '../generated/types';
import { asQuery } from '../errors';

/** The visitors' programme (spec 000 point 4): a thin adapter over services/events/programme. */
export const eventsProgrammeResolvers: Resolvers = {
  ProgrammeEntry: {
    timestamp: (e) => (e as unknown as ProgrammeEntry).startsAt,
    timestampEnd: (e) => (e as unknown as ProgrammeEntry).endsAt,
  },
  Query: {
    conventionProgramme: (_root, args, ctx) =>
      asQuery(async () => (await conventionProgramme(ctx.service, args.slug, args.lang ?? ctx.service.language)) as never),
  },
};
