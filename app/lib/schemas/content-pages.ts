import { z } from 'zod';
import { PAGE_NAME_MAX } from '~/lib/content-pages/layout';
import { ALL_TEMPLATE_KEYS, type TemplateKey } from '~/lib/content-pages/templates';
import { TAG_MAX } from './content';

/**
 * Inputs of content pages (spec 001 point 7; issue 16), shared by the service and the builder's forms. The
 * layout itself is `pageLayoutSchema` (app/lib/content-pages/layout.ts).
 */

export const PAGE_LANGUAGES = ['DE', 'EN'] as const;
export type PageLanguage = (typeof PAGE_LANGUAGES)[number];
export const PAGE_SLUG_MAX = 120;
export const PAGE_TAGS_MAX = 20;

/** A page's address part: lower-case letters, digits and single hyphens (`/content/{slug}`). */
export const pageSlug = z
  .string()
  .trim()
  .toLowerCase()
  .min(1)
  .max(PAGE_SLUG_MAX)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
  .refine((s) => !['new', 'old'].includes(s), { params: { i18n: 'invalidOption' } });

export const pageName = z.string().trim().min(1).max(PAGE_NAME_MAX);
const optionalId = z.string().uuid().nullable().optional();

export const ContentPageCreateInput = z.object({
  language: z.enum(PAGE_LANGUAGES),
  name: pageName.optional(),
  template: z.enum(ALL_TEMPLATE_KEYS as [TemplateKey, ...TemplateKey[]]).optional(),
});
export type ContentPageCreateInput = z.input<typeof ContentPageCreateInput>;

export const ContentPageCreateWithSlugInput = ContentPageCreateInput.extend({ slug: pageSlug });
export type ContentPageCreateWithSlugInput = z.input<typeof ContentPageCreateWithSlugInput>;

/** Fields left out keep their value; null clears an optional reference. */
export const ContentPageUpdateInput = z.object({
  slug: pageSlug.optional(),
  thumbnailId: optionalId,
  personalizationId: optionalId,
  publicsiteId: optionalId,
  leadDefault: z.boolean().optional(),
  /** the page's tags as texts (the organisation's content tags, made when new); left out keeps them */
  tags: z.array(z.string().trim().min(1).max(TAG_MAX)).max(PAGE_TAGS_MAX).optional(),
  /** the name of one translation */
  name: pageName.optional(),
  language: z.enum(PAGE_LANGUAGES).optional(),
});
export type ContentPageUpdateInput = z.input<typeof ContentPageUpdateInput>;

export const ContentPageTranslationCreateInput = z
  .object({ pageId: z.string().uuid(), fromLang: z.enum(PAGE_LANGUAGES), toLang: z.enum(PAGE_LANGUAGES) })
  .refine((v) => v.fromLang !== v.toLang, { path: ['toLang'], params: { i18n: 'invalidOption' } });

/** Flags the builder keeps on items (spec 000 point 3: isNew, isChanged, isDeleted); a deleted item is left out. */
export const contentItemInput = z.object({
  id: z.string().min(1).max(64),
  sort: z.number().int().min(0).max(100_000).optional(),
  content: z.unknown(),
  isNew: z.boolean().optional(),
  isChanged: z.boolean().optional(),
  isDeleted: z.boolean().optional(),
});
export type ContentItemInput = z.infer<typeof contentItemInput>;

export const ContentPageTranslationUpdateInput = z.object({
  /** the version the editor started from (answered with every translation) */
  baseVersion: z.number().int().min(1),
  name: pageName.optional(),
  /** the items the layout's columns name by `itemId` (a column may also carry its `item` itself) */
  contentItems: z.array(contentItemInput).max(1000).optional(),
  contentLayouts: z.unknown(),
});
export type ContentPageTranslationUpdateInput = z.input<typeof ContentPageTranslationUpdateInput>;
