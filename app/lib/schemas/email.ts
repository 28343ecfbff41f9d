import { z } from 'zod';
import { EMAIL_TEMPLATE_KEYS, OVERRIDE_MAX, SENDER_NAME_MAX } from '~/lib/email/templates';

/**
 * E-mail management forms and inputs (issue 29), shared by the page's actions, its forms and the service. Values the
 * service checks further (placeholders, colour contrast, the header image) come back as field errors.
 */

export const LanguageSchema = z.enum(['DE', 'EN']);

export const EmailTranslationInput = z.object({
  template: z.enum(EMAIL_TEMPLATE_KEYS),
  msgId: z.string().trim().min(1).max(40),
  lang: LanguageSchema,
  /** empty or null: back to the default */
  msg: z.string().max(OVERRIDE_MAX).nullish(),
});
export type EmailTranslation = z.infer<typeof EmailTranslationInput>;

export const EmailTranslationsInput = z.array(EmailTranslationInput).min(1).max(100);

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => (value === undefined ? undefined : value || null));

export const EmailSettingsInput = z.object({
  color: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^#[0-9a-f]{6}$/)
    .nullish()
    .or(z.literal('').transform(() => null)),
  headerImageId: z.string().uuid().nullish(),
  senderName: optionalText(SENDER_NAME_MAX).refine((value) => !value || !/[<>"\r\n]/.test(value)),
  replyTo: optionalText(254).pipe(z.string().email().nullish()),
});
export type EmailSettingsValues = z.input<typeof EmailSettingsInput>;

/** The page's forms. */
export const TranslationsForm = z.object({
  intent: z.literal('texts'),
  template: z.enum(EMAIL_TEMPLATE_KEYS),
  DE: z.record(z.string(), z.string().max(OVERRIDE_MAX)).default({}),
  EN: z.record(z.string(), z.string().max(OVERRIDE_MAX)).default({}),
});

export const ResetForm = z.object({
  intent: z.literal('reset'),
  template: z.enum(EMAIL_TEMPLATE_KEYS),
  msgId: z.string().max(40),
  lang: LanguageSchema,
});

export const TestMailForm = z.object({
  intent: z.literal('test'),
  template: z.enum(EMAIL_TEMPLATE_KEYS),
  lang: LanguageSchema,
});

export const SettingsForm = z.object({
  intent: z.literal('settings'),
  color: z.string().max(7).optional(),
  senderName: z.string().max(SENDER_NAME_MAX).optional(),
  replyTo: z.string().max(254).optional(),
  removeHeader: z.string().optional(),
});

export const RetryForm = z.object({
  intent: z.literal('retry'),
  id: z.string().uuid(),
});
