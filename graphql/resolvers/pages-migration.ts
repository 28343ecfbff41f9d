import { runPageMigration } from '~/server/services/content-pages/migration';
import type { Resolvers } from '../generated/types';
import { payload } from '../errors';

/** The page migrations of issue 16 (the service: app/server/services/content-pages/migration.ts). */
export const pagesMigrationResolvers: Resolvers = {
  Mutation: {
    publicsiteMigration: (_root, args, ctx) => payload(async () => ({ plan: await runPageMigration(ctx.service, 'PUBLICSITE', { dryRun: args.dryRun }) })),
    contentgroupMigration: (_root, args, ctx) => payload(async () => ({ plan: await runPageMigration(ctx.service, 'CONTENTGROUP', { dryRun: args.dryRun }) })),
  },
};
