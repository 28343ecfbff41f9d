import { z } from 'zod';
import { LANGUAGES } from '~/lib/language';
import { httpOrMailtoUrl, httpUrl } from '~/lib/url';

/** URL slugs of halls, stands, hall stands and reference points. */
export const EVENT_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const PERMISSION_TYPES = ['LOGGED_IN', 'PUBLIC', 'TOKEN'] as const;
export type PermissionType = (typeof PERMISSION_TYPES)[number];

export const NODE_TYPES = ['IMAGE', 'IFRAME', 'PANO'] as const;
export type StandNodeType = (typeof NODE_TYPES)[number];

export const POINT_KINDS = ['POINT', 'REFERENCE'] as const;
export type PointKind = (typeof POINT_KINDS)[number];

export const FOYER_TARGET_TYPES = ['HALL', 'STAND', 'STAGE', 'CONTENTPAGE', 'CONTENT', 'LINK'] as const;
export type FoyerTargetType = (typeof FOYER_TARGET_TYPES)[number];

const slug = z.string().trim().toLowerCase().min(1).max(100).regex(EVENT_SLUG_PATTERN);
const optionalSlug = slug.optional().or(z.literal('').transform(() => undefined));
const name = z.string().trim().min(1).max(255);
const fileId = z.string().uuid();
const optionalUrl = httpUrl(2000).or(z.literal('')).optional();
const language = z.enum(LANGUAGES);
/** Positions on an image, in percent of its width and height. */
const percent = z.coerce.number().min(0).max(100);

export const TranslationSchema = z.object({
  language,
  title: z.string().trim().max(255).default(''),
  description: z.string().max(20000).default(''),
});
export type TranslationInput = z.input<typeof TranslationSchema>;

export const TranslationUpdateSchema = z.object({
  title: z.string().trim().max(255).optional(),
  description: z.string().max(20000).optional(),
});
export type TranslationUpdateInput = z.input<typeof TranslationUpdateSchema>;

export const HallCreateSchema = z.object({
  name,
  slug: optionalSlug,
  thumbnailId: fileId.nullable().optional(),
  permissionType: z.enum(PERMISSION_TYPES).default('LOGGED_IN'),
});
export type HallCreateInput = z.input<typeof HallCreateSchema>;

export const HallUpdateSchema = z.object({
  name: name.optional(),
  slug: slug.optional(),
  thumbnailId: fileId.nullable().optional(),
  permissionType: z.enum(PERMISSION_TYPES).optional(),
});
export type HallUpdateInput = z.input<typeof HallUpdateSchema>;

/** hallAddStand: the stand is named by its slug ("domain"), the hall stand needs a 16:9 thumbnail. */
export const HallAddStandSchema = z.object({
  domain: slug,
  thumbnailId: fileId.nullable().optional(),
  slug: optionalSlug,
});
export type HallAddStandInput = z.input<typeof HallAddStandSchema>;

/** standApplyToHall: the exhibitor names the hall by its slug ("domain", the key the host hands out). */
export const StandApplySchema = z.object({ hallSlug: slug });
export type StandApplyInput = z.input<typeof StandApplySchema>;

export const HallStandUpdateSchema = z.object({
  slug: slug.optional(),
  thumbnailId: fileId.nullable().optional(),
  order: z.coerce.number().int().min(0).max(100000).optional(),
});
export type HallStandUpdateInput = z.input<typeof HallStandUpdateSchema>;

export const HallReorderSchema = z.object({ ids: z.array(z.string().uuid()).min(1).max(1000) });

export const BaseStandCreateSchema = z.object({
  name,
  slug: optionalSlug,
  shop: z.boolean().default(false),
  shopUrl: optionalUrl,
  chatUrl: optionalUrl,
});
export type BaseStandCreateInput = z.input<typeof BaseStandCreateSchema>;

export const BaseStandUpdateSchema = z.object({
  name: name.optional(),
  slug: slug.optional(),
  shop: z.boolean().optional(),
  shopUrl: optionalUrl,
  chatUrl: optionalUrl,
});
export type BaseStandUpdateInput = z.input<typeof BaseStandUpdateSchema>;

export const StandNodeCreateSchema = z
  .object({
    type: z.enum(NODE_TYPES),
    language: language.default('DE'),
    imageId: fileId.nullable().optional(),
    iframe: optionalUrl,
  })
  .superRefine((value, ctx) => {
    if (value.type === 'IFRAME' && !value.iframe) ctx.addIssue({ code: z.ZodIssueCode.invalid_type, expected: 'string', received: 'undefined', path: ['iframe'] });
    if (value.type !== 'IFRAME' && !value.imageId) ctx.addIssue({ code: z.ZodIssueCode.invalid_type, expected: 'string', received: 'undefined', path: ['imageId'] });
  });
export type StandNodeCreateInput = z.input<typeof StandNodeCreateSchema>;

export const StandNodeUpdateSchema = z.object({
  language: language.optional(),
  imageId: fileId.nullable().optional(),
  iframe: optionalUrl,
});
export type StandNodeUpdateInput = z.input<typeof StandNodeUpdateSchema>;

const pointFields = {
  cx: percent,
  cy: percent,
  name: z.string().trim().max(255).optional(),
  slug: optionalSlug,
  order: z.coerce.number().int().min(0).max(100000).optional(),
  contentPageId: z.string().uuid().nullable().optional(),
  translations: z.array(TranslationSchema).max(2).optional(),
};

export const PointCreateSchema = z
  .object({ ...pointFields, kind: z.enum(POINT_KINDS).default('POINT') })
  .superRefine((value, ctx) => {
    if (value.kind === 'REFERENCE' && !value.name) {
      ctx.addIssue({ code: z.ZodIssueCode.invalid_type, expected: 'string', received: 'undefined', path: ['name'] });
    }
  });
export type PointCreateInput = z.input<typeof PointCreateSchema>;

export const PointUpdateSchema = z.object({
  cx: percent.optional(),
  cy: percent.optional(),
  name: pointFields.name,
  slug: pointFields.slug,
  order: pointFields.order,
  contentPageId: pointFields.contentPageId,
  translations: pointFields.translations,
});
export type PointUpdateInput = z.input<typeof PointUpdateSchema>;

/** A foyer point: a position and one target (an object by id, or a link). The link rule runs in the service. */
export const FoyerPointSchema = z.object({
  x: percent,
  y: percent,
  targetType: z.enum(FOYER_TARGET_TYPES).nullable().optional(),
  targetId: z.string().uuid().nullable().optional(),
  /** a web address, or an e-mail address (saved as mailto:) */
  link: httpOrMailtoUrl(2000).or(z.literal('')).optional().nullable(),
});
export type FoyerPointInput = z.input<typeof FoyerPointSchema>;
