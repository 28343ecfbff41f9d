import type { Language } from '#db/models/index';
import {
  deliveriesOf,
  emails,
  emailSettingsOf,
  mayManageEmails,
  retryDelivery,
  sendTestMail,
  updateEmailSettings,
  updateEmailTranslatables,
} from '~/server/services/email';
import type { Resolvers } from '../generated/types';
import { asQuery, payload, withOk } from '../errors';

/** E-mail management (issue 29): Emails (lang), UpdateEmailTranslatables, UpdateEmailSettings, the log and its retry. */
export const emailResolvers: Resolvers = {
  Organization: {
    emailSettings: (org, _args, ctx) =>
      org.id === ctx.service.viewer?.organization?.id && mayManageEmails(ctx.service.viewer, org.id) ? emailSettingsOf(ctx.service) : null,
  },
  EmailSettings: {
    emails: (_settings, args, ctx) => asQuery(() => emails(ctx.service, args.lang as Language | null | undefined)),
  },
  EmailTranslatable: {
    kind: (row) => row.kind.toUpperCase(),
    required: (row) => [...row.required],
  },
  Email: {
    placeholders: (email) => [...email.placeholders],
  },
  EmailDelivery: {
    lang: (row) => row.language,
    created: (row) => row.createdAt,
    sent: (row) => row.sentAt,
    opened: (row) => row.openedAt,
  },
  Query: {
    emails: (_root, args, ctx) => asQuery(() => emails(ctx.service, args.lang as Language | null | undefined)),
    emailSettings: (_root, _args, ctx) => asQuery(() => emailSettingsOf(ctx.service)),
    emailDeliveries: (_root, args, ctx) => asQuery(() => deliveriesOf(ctx.service, { page: args.page })),
  },
  Mutation: {
    updateEmailTranslatables: (_root, args, ctx) => payload(async () => ({ ok: await updateEmailTranslatables(ctx.service, args.translations) })).then(withOk),
    updateEmailSettings: (_root, args, ctx) => payload(async () => ({ emailSettings: await updateEmailSettings(ctx.service, args.emailSettings) })),
    emailDeliveryRetry: (_root, args, ctx) => payload(async () => ({ delivery: await retryDelivery(ctx.service, args.id) })),
    emailTestSend: (_root, args, ctx) => payload(async () => ({ email: await sendTestMail(ctx.service, { template: args.template, lang: args.lang }) })),
  },
};
