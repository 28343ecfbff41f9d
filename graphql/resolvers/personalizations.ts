import type { Personalization as PersonalizationRow } from '#db/models/index';
import { primaryContrastFails } from '~/lib/schemas/personalization';
import {
  createPersonalization,
  defaultPersonalizationOf,
  deletePersonalization,
  listPersonalizations,
  ownPersonalization,
  setDefaultPersonalization,
  updatePersonalization,
  type PersonalizationInput as ServiceInput,
} from '~/server/services/personalizations/personalizations';
import type { Personalization, PersonalizationInput, Resolvers } from '../generated/types';
import { asQuery, payload, withOk } from '../errors';
import { fileField } from './files';

/** The API's personalisation as the resolvers build it; `logo` and `favicon` resolve to the file row by id. */
function view(row: PersonalizationRow): Omit<Personalization, 'logo' | 'favicon'> {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    logoId: row.logo_id,
    faviconId: row.favicon_id,
    logoPosition: row.logo_position,
    logoWidth: row.logo_width,
    primaryColor: row.primary_color,
    secondaryColor: row.secondary_color,
    imprint: row.imprint,
    dataPrivacy: row.data_privacy,
    created: row.created_at,
    contrastWarning: primaryContrastFails(row.primary_color),
  };
}

const input = (i: PersonalizationInput): ServiceInput => ({ ...i });

export const personalizationResolvers: Resolvers = {
  Personalization: {
    logo: (p, _args, ctx) => fileField(ctx.service, p.logoId),
    favicon: (p, _args, ctx) => fileField(ctx.service, p.faviconId),
  },
  Query: {
    personalizations: (_root, _args, ctx) => asQuery(async () => (await listPersonalizations(ctx.service)).map(view)),
    personalizationsList: (_root, _args, ctx) => asQuery(async () => (await listPersonalizations(ctx.service)).map(view)),
    personalizationBySlug: (_root, args, ctx) => asQuery(async () => view(await ownPersonalization(ctx.service, { slug: args.slug }))),
    defaultPersonalization: (_root, args, ctx) =>
      asQuery(async () => {
        const found = await defaultPersonalizationOf(ctx.service, args.orgSlug);
        return found ? view(found) : null;
      }),
  },
  Mutation: {
    personalizationCreate: (_root, args, ctx) =>
      payload(async () => ({ personalization: view(await createPersonalization(ctx.service, input(args.input))) })),
    personalizationUpdate: (_root, args, ctx) =>
      payload(async () => ({ personalization: view(await updatePersonalization(ctx.service, args.id, input(args.input))) })),
    personalizationDelete: (_root, args, ctx) => payload(async () => ({ id: await deletePersonalization(ctx.service, args.id) })).then(withOk),
    personalizationSetDefault: (_root, args, ctx) =>
      payload(async () => ({ personalization: view(await setDefaultPersonalization(ctx.service, args.id)) })),
  },
};
