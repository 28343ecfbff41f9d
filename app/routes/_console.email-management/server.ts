import { isEmailTemplateKey, type EmailTemplateKey } from '~/lib/email/templates';
import type { Language } from '~/lib/language';
import type { ServiceContext } from '~/server/context.server';
import { deliveriesOf, emailSettingsOf, emailTexts, previewMail } from '~/server/services/email';
import { fileUrl } from '~/server/services/files/files.server';

/**
 * What /email-management shows for its query (?mail, ?preview for the preview's language, since ?lang switches the
 * interface's, ?width, ?page): one mail's texts, its preview, settings, log.
 */
export interface EmailPageQuery {
  mail: EmailTemplateKey;
  lang: Language;
  width: 'desktop' | 'phone';
  page: number;
}

export function pageQuery(url: URL): EmailPageQuery {
  const mail = url.searchParams.get('mail') ?? '';
  const page = Number.parseInt(url.searchParams.get('page') ?? '1', 10);
  return {
    mail: isEmailTemplateKey(mail) ? mail : 'leadInformation',
    lang: url.searchParams.get('preview') === 'EN' ? 'EN' : 'DE',
    width: url.searchParams.get('width') === 'phone' ? 'phone' : 'desktop',
    page: Number.isSafeInteger(page) && page > 0 && page <= 100_000 ? page : 1,
  };
}

export async function emailManagementPage(ctx: ServiceContext, query: EmailPageQuery) {
  // in turn: one connection per request is plenty for a console page
  const texts = await emailTexts(ctx);
  const preview = await previewMail(ctx, query.mail, query.lang);
  const settings = await emailSettingsOf(ctx);
  const log = await deliveriesOf(ctx, { page: query.page });
  return {
    query,
    mails: texts.map((m) => ({ key: m.key, changed: m.translatables.filter((x) => x.msg !== null).length })),
    mail: texts.find((m) => m.key === query.mail)!,
    preview,
    settings: {
      color: settings.color,
      senderName: settings.senderName,
      replyTo: settings.replyTo,
      headerImageUrl: settings.headerImage ? fileUrl(settings.headerImage) : null,
    },
    log: {
      ...log,
      items: log.items.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    },
  };
}
