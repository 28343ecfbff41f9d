import { randomBytes } from 'node:crypto';
import { EmailDelivery, EmailSettings, EmailTranslatable, Organization, type UploadedFile, type Language } from '#db/models/index';
import {
  EMAIL_COLOR_MIN_CONTRAST,
  EMAIL_TEMPLATES,
  HEADER_MIN_WIDTH,
  placeholderProblem,
  templateDef,
  type EmailMessageDef,
  type EmailTemplateKey,
} from '~/lib/email/templates';
import { EmailSettingsInput, EmailTranslationsInput, LanguageSchema, type EmailSettingsValues, type EmailTranslation } from '~/lib/schemas/email';
import { contrastRatio } from '~/lib/schemas/personalization';
import { z } from 'zod';
import { enqueueMail, notifyOutbox, type MailAttachment } from '../../mail/outbox.server';
import { defaultText, renderOrganizationMail, type MailBlock, type MailLook } from '../../mail/organization-mail.server';
import { inTransaction, type ServiceContext } from '../../context.server';
import { publicBaseUrl } from '../accounts/common';
import { plainMailText, sanitizeMailText } from '../content/sanitize';
import { DomainError } from '../errors';
import { findFile, fileUrl, publishFile } from '../files/files.server';
import { parseInput } from '../validation';
import { sampleMail } from './blocks';
import { orgDoesNotExist, requireEmailManager } from './policy';

/**
 * E-mail management (issue 29): an organisation's mail settings, its texts per template and language beside the
 * defaults, previews with sample data, the test mail, and the mails sent on its behalf (`sendOrganizationMail`,
 * used by the leads and appointments domains), whose delivery log is read by `deliveries.ts`.
 */

const LANGUAGES: readonly Language[] = ['DE', 'EN'];

/** The look and texts an organisation's mails are rendered with, in one language. */
export interface MailSetup {
  organization: Organization;
  settings: EmailSettings | null;
  look: MailLook;
  overrides: Map<string, Map<string, string>>;
}

async function organizationOf(ctx: ServiceContext, organizationId: string): Promise<Organization> {
  const organization = await Organization.query(ctx.db).findById(organizationId);
  if (!organization) throw orgDoesNotExist(ctx);
  return organization;
}

/** The header image's width in mails' pixels: twice the 560 CSS pixels it takes in the mail. */
export const MAIL_HEADER_PIXELS = 2 * HEADER_MIN_WIDTH;

/** Settings, header image address and overrides (template -> message -> text) of an organisation in a language. */
export async function mailSetup(ctx: ServiceContext, organizationId: string, language: Language): Promise<MailSetup> {
  // in turn: inside a transaction the connection runs one statement at a time
  const organization = await organizationOf(ctx, organizationId);
  const settings = (await EmailSettings.query(ctx.db).findOne({ organization_id: organizationId })) ?? null;
  const rows = await EmailTranslatable.query(ctx.db).where({ organization_id: organizationId, language });
  const overrides = new Map<string, Map<string, string>>();
  for (const row of rows) {
    if (!overrides.has(row.template_key)) overrides.set(row.template_key, new Map());
    overrides.get(row.template_key)!.set(row.msg_id, row.text);
  }
  // sized for mail: shown at most HEADER_MIN_WIDTH (560) px wide, so twice that for sharp screens; /files/{id}?w=1120
  // serves the next stored width (1280 px; the original when it is narrower), as JPEG or PNG to readers without WebP
  const headerImageUrl = settings?.header_image_id
    ? new URL(`${fileUrl({ id: settings.header_image_id })}?w=${MAIL_HEADER_PIXELS}`, publicBaseUrl(ctx.app.env)).toString()
    : null;
  return { organization, settings, overrides, look: { color: settings?.color ?? null, headerImageUrl, organisation: organization.name } };
}

export interface OrganizationMail {
  organizationId: string;
  template: EmailTemplateKey;
  language: Language;
  to: string;
  name: string;
  values: Record<string, string>;
  blocks: MailBlock[];
  attachments?: MailAttachment[];
  /** the recipient agreed to tracking: the mail carries the open pixel */
  tracking?: boolean;
  /** where answers go instead of the organisation's reply-to (a seller answering the visitor who asked) */
  replyTo?: string;
}

/**
 * Renders an organisation's mail with its look and texts, writes it to the outbox in the caller's transaction and
 * records it in the delivery log. A mail to an address that bounced before is held (its outbox row waits as failed
 * until someone retries it on the page). Returns the outbox row's id.
 */
export async function sendOrganizationMail(ctx: ServiceContext, mail: OrganizationMail): Promise<string> {
  const setup = await mailSetup(ctx, mail.organizationId, mail.language);
  const bounce = await ctx.db('email_bounces').whereRaw('lower(email) = lower(?)', [mail.to]).first<{ answer: string } | undefined>();
  const token = mail.tracking ? randomBytes(24).toString('base64url') : null;
  const rendered = await renderOrganizationMail({
    template: mail.template,
    language: mail.language,
    name: mail.name,
    values: mail.values,
    overrides: setup.overrides.get(mail.template) ?? new Map(),
    look: setup.look,
    blocks: mail.blocks,
    trackingUrl: token ? new URL(`/email-open/${token}`, publicBaseUrl(ctx.app.env)).toString() : null,
  });
  const outboxId = await enqueueMail(
    ctx.db,
    {
      to: mail.to,
      ...rendered,
      ...(mail.attachments ? { attachments: mail.attachments } : {}),
      ...(setup.settings?.sender_name ? { fromName: setup.settings.sender_name } : {}),
      ...(mail.replyTo ? { replyTo: mail.replyTo } : setup.settings?.reply_to ? { replyTo: setup.settings.reply_to } : {}),
    },
    bounce ? { held: bounce.answer } : {},
  );
  await EmailDelivery.query(ctx.db).insert({
    organization_id: mail.organizationId,
    outbox_id: outboxId,
    recipient: mail.to,
    template_key: mail.template,
    language: mail.language,
    tracking_token: token,
    held_at: bounce ? new Date() : null,
  });
  return outboxId;
}

export interface EmailTranslatableView {
  msgId: string;
  lang: Language;
  /** the organisation's text, null when the default is used */
  msg: string | null;
  default: string;
  kind: EmailMessageDef['kind'];
  required: readonly string[];
}

export interface EmailView {
  key: EmailTemplateKey;
  placeholders: readonly string[];
  /** subject, HTML and text of the mail with sample data (in the asked language, DE without one) */
  subject: string;
  html: string;
  text: string;
  translatables: EmailTranslatableView[];
}

/** Subject, HTML and text of a template with sample data, as the organisation's readers would get it. */
export async function previewMail(
  ctx: ServiceContext,
  template: EmailTemplateKey,
  language: Language,
  draft?: ReadonlyMap<string, string>,
): Promise<{ subject: string; html: string; text: string }> {
  const { organizationId } = requireEmailManager(ctx);
  const setup = await mailSetup(ctx, organizationId, language);
  const sample = sampleMail(template, language, setup.organization.name, publicBaseUrl(ctx.app.env));
  const overrides = new Map(setup.overrides.get(template) ?? []);
  for (const [msgId, text] of draft ?? []) {
    if (text.trim()) overrides.set(msgId, text);
    else overrides.delete(msgId);
  }
  return renderOrganizationMail({ template, language, ...sample, overrides, look: setup.look });
}

/** Each template's texts, the organisation's beside the defaults, in one language or both (one statement). */
export async function emailTexts(ctx: ServiceContext, lang?: Language | null): Promise<{ key: EmailTemplateKey; placeholders: readonly string[]; translatables: EmailTranslatableView[] }[]> {
  const { organizationId } = requireEmailManager(ctx);
  const language = lang ? parseInput(ctx, LanguageSchema, lang) : null;
  const languages = language ? [language] : LANGUAGES;
  const rows = await EmailTranslatable.query(ctx.db).where({ organization_id: organizationId }).whereIn('language', languages);
  const own = new Map(rows.map((r) => [`${r.template_key}/${r.msg_id}/${r.language}`, r.text]));
  return EMAIL_TEMPLATES.map((template) => ({
    key: template.key,
    placeholders: template.placeholders,
    translatables: template.messages.flatMap((message) =>
      languages.map((l) => ({
        msgId: message.id,
        lang: l,
        msg: own.get(`${template.key}/${message.id}/${l}`) ?? null,
        default: defaultText(l, message.localeKey),
        kind: message.kind,
        required: message.required,
      })),
    ),
  }));
}

/** The organisation's mails (spec: Emails (lang)): each template's texts and its rendering with sample data (DE without a language). */
export async function emails(ctx: ServiceContext, lang?: Language | null): Promise<EmailView[]> {
  const texts = await emailTexts(ctx, lang);
  const views: EmailView[] = [];
  for (const template of texts) views.push({ ...template, ...(await previewMail(ctx, template.key, lang ?? 'DE')) });
  return views;
}

function invalid(ctx: ServiceContext, field: string, key: string, values: Record<string, unknown> = {}): DomainError {
  return new DomainError('INVALID', ctx.t(key, values), field);
}

/** The cleaned text of an override, or null when it says nothing (back to the default). Checks its placeholders. */
function cleanOverride(ctx: ServiceContext, translation: EmailTranslation, field: string): { message: EmailMessageDef; text: string | null } {
  const template = templateDef(translation.template);
  const message = template.messages.find((m) => m.id === translation.msgId);
  if (!message) throw new DomainError('NOT_FOUND', ctx.t('email:errors.unknownMessage', { msgId: translation.msgId }), `${field}.msgId`);
  const raw = translation.msg?.trim() ?? '';
  const text = message.kind === 'text' ? plainMailText(raw) : sanitizeMailText(raw);
  if (!plainMailText(text)) return { message, text: null };
  const problem = placeholderProblem(template, message, text);
  if (problem) {
    throw invalid(ctx, `${field}.msg`, problem.kind === 'unknown' ? 'email:errors.unknownPlaceholder' : 'email:errors.missingPlaceholder', {
      placeholder: `{{${problem.placeholder}}}`,
      placeholders: template.placeholders.map((p) => `{{${p}}}`).join(', '),
    });
  }
  return { message, text };
}

/**
 * Saves the organisation's texts: each (template, message, language) gets the cleaned text, or goes back to the
 * default when the text is empty or equals it. All or nothing: the first bad text is the error, nothing is written.
 */
export async function updateEmailTranslatables(ctx: ServiceContext, input: unknown): Promise<boolean> {
  const { organizationId } = requireEmailManager(ctx);
  const translations = parseInput(ctx, EmailTranslationsInput, input);
  const cleaned = translations.map((translation, index) => ({ translation, ...cleanOverride(ctx, translation, `translations.${index}`) }));
  await inTransaction(ctx, async (tx) => {
    await organizationOf(tx, organizationId);
    for (const { translation, message, text } of cleaned) {
      const key = { organization_id: organizationId, template_key: translation.template, msg_id: translation.msgId, language: translation.lang };
      if (text === null || text === defaultText(translation.lang, message.localeKey)) {
        await EmailTranslatable.query(tx.db).where(key).delete();
      } else {
        await tx.db.raw(
          `insert into email_translatables (organization_id, template_key, msg_id, language, text) values (?, ?, ?, ?, ?)
           on conflict (organization_id, template_key, msg_id, language) do update set text = excluded.text, updated_at = now()`,
          [key.organization_id, key.template_key, key.msg_id, key.language, text],
        );
      }
    }
  });
  return true;
}

export interface EmailSettingsView {
  color: string | null;
  headerImage: UploadedFile | null;
  senderName: string | null;
  replyTo: string | null;
}

export async function emailSettingsOf(ctx: ServiceContext): Promise<EmailSettingsView> {
  const { organizationId } = requireEmailManager(ctx);
  await organizationOf(ctx, organizationId);
  const settings = await EmailSettings.query(ctx.db).findOne({ organization_id: organizationId });
  const headerImage = settings?.header_image_id ? await findFile(ctx, settings.header_image_id) : null;
  return { color: settings?.color ?? null, headerImage, senderName: settings?.sender_name ?? null, replyTo: settings?.reply_to ?? null };
}

/**
 * Saves the mail settings; a field left out keeps its value, null clears it. The colour must keep 3:1 against the
 * white mail (INVALID naming the ratio); the header image must be an image of the organisation (NOT_FOUND otherwise);
 * it becomes public, since mail readers load it without a session.
 */
export async function updateEmailSettings(ctx: ServiceContext, input: EmailSettingsValues): Promise<EmailSettingsView> {
  const { organizationId } = requireEmailManager(ctx);
  const values = parseInput(ctx, EmailSettingsInput, input);
  if (values.color) {
    const ratio = contrastRatio(values.color, '#ffffff');
    if (ratio < EMAIL_COLOR_MIN_CONTRAST) throw invalid(ctx, 'color', 'email:errors.lowContrast', { ratio: ratio.toFixed(1), min: EMAIL_COLOR_MIN_CONTRAST });
  }
  if (values.headerImageId) {
    const file = await findFile(ctx, values.headerImageId);
    if (!file || file.organization_id !== organizationId) throw new DomainError('NOT_FOUND', ctx.t('errors:notFound'), 'headerImageId');
    if (!file.mime_type.startsWith('image/') || file.mime_type === 'image/svg+xml') throw invalid(ctx, 'headerImageId', 'email:errors.headerNotImage');
    // shown 560 px wide at the top of the mail: narrower pictures would be blurred, tall ones push the text away
    if (!file.width || !file.height || file.width < HEADER_MIN_WIDTH || file.height > file.width) {
      throw invalid(ctx, 'headerImageId', 'email:errors.headerSize', { width: file.width ?? 0, height: file.height ?? 0, min: HEADER_MIN_WIDTH });
    }
  }
  await inTransaction(ctx, async (tx) => {
    await organizationOf(tx, organizationId);
    const current = await EmailSettings.query(tx.db).findOne({ organization_id: organizationId });
    const pick = <K extends keyof typeof values>(key: K, column: 'color' | 'header_image_id' | 'sender_name' | 'reply_to') =>
      values[key] !== undefined ? (values[key] as string | null) : (current?.[column] ?? null);
    const row = {
      color: pick('color', 'color'),
      header_image_id: pick('headerImageId', 'header_image_id'),
      sender_name: pick('senderName', 'sender_name'),
      reply_to: pick('replyTo', 'reply_to'),
    };
    if (current) await EmailSettings.query(tx.db).patch(row).where({ id: current.id });
    else await EmailSettings.query(tx.db).insert({ organization_id: organizationId, ...row });
    if (row.header_image_id) await publishFile(tx, row.header_image_id, organizationId);
  });
  // fresh loaders: those made inside the transaction are bound to its finished connection
  return emailSettingsOf({ ...ctx, loaders: new Map() });
}

const TestInput = z.object({ template: z.enum(EMAIL_TEMPLATES.map((t) => t.key) as [EmailTemplateKey, ...EmailTemplateKey[]]), lang: LanguageSchema });

/** "Send me a test mail": the template with sample data, to the viewer's own address, through the log like any other. */
export async function sendTestMail(ctx: ServiceContext, input: { template: string; lang: string }): Promise<string> {
  const { viewer, organizationId } = requireEmailManager(ctx);
  const { template, lang } = parseInput(ctx, TestInput, input);
  const organization = await organizationOf(ctx, organizationId);
  const sample = sampleMail(template, lang, organization.name, publicBaseUrl(ctx.app.env));
  await inTransaction(ctx, (tx) => sendOrganizationMail(tx, { organizationId, template, language: lang, to: viewer.email, ...sample }));
  notifyOutbox(ctx.app);
  return viewer.email;
}
