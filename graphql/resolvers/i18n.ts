import {
  defaultLanguage,
  listCountryCodes,
  listLanguages,
  persistDefaultLanguage,
} from '~/server/services/i18n/languages';
import type { Resolvers } from '../generated/types';
import { payload } from '../errors';

export const i18nResolvers: Resolvers = {
  Query: {
    languages: (_root, _args, ctx) => listLanguages(ctx.service),
    countryCodes: (_root, _args, ctx) =>
      listCountryCodes(ctx.service).map((c) => ({ code: c.code, country: c.name })),
    defaultLanguage: (_root, _args, ctx) => defaultLanguage(ctx.service),
  },
  Mutation: {
    persistDefaultLanguage: (_root, args, ctx) =>
      payload(async () => ({ language: await persistDefaultLanguage(ctx.service, args.language) })),
  },
};
