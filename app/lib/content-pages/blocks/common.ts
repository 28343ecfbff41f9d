import { z } from 'zod';
import { parseVideoUrl } from '../../events';
import { httpOrMailtoUrl, httpUrl, URL_MAX_LENGTH } from '../../url';
import type { I18nIssueParams } from '../../validation-messages';
import {
  ALIGNMENTS,
  BORDER_STYLES,
  BORDER_WIDTHS,
  DEFAULT_BORDER,
  DEFAULT_PADDING,
  isSpacing,
  RADII,
  SHADOWS,
  SPACING_SCALE,
  type Spacing,
} from '../design';

/**
 * The pieces every block schema is made of. Isomorphic and free of React and three: the service validates a
 * page's layout with these schemas, the builder's property forms with the same ones.
 */

/** Translates a key with its namespace (`pages:blocks.text.exampleTitle`): the request's or react-i18next's `t`. */
export type Translate = (key: string) => string;

const issue = (i18n: string, values?: Record<string, string | number>): { params: I18nIssueParams } => ({
  params: { i18n, ...(values ? { values } : {}) },
});

/** Rich text as stored (sanitised by the server), the same bound as the content pool's text values. */
export const HTML_MAX = 100_000;
/** Plain text of a headline, label or caption. */
export const LINE_MAX = 500;
/** Plain text of an accordion's or feature's body. */
export const PARAGRAPH_MAX = 5_000;

export const hexColor = z.string().regex(/^#[0-9a-f]{6}$/i);
export const optionalColor = hexColor.nullable().default(null);
/** The choices of a number field out of a list (the builder's side form offers them as a select). */
export const NUMBER_CHOICES = new WeakMap<z.ZodTypeAny, readonly number[]>();
function withChoices<S extends z.ZodTypeAny>(schema: S, values: readonly number[]): S {
  NUMBER_CHOICES.set(schema, values);
  return schema;
}
export const spacing = (fallback: Spacing) => withChoices(z.number().refine(isSpacing, issue('invalidOption')), SPACING_SCALE).default(fallback);
export const alignment = z.enum(ALIGNMENTS);
/** A number out of a list of the design values (border widths, divider widths, carousel heights, image widths). */
export const oneOf = <V extends number>(values: readonly V[]) =>
  withChoices(
    z.number().refine((value): value is V => (values as readonly number[]).includes(value), issue('invalidOption')),
    values
  ) as unknown as z.ZodType<
    V,
    z.ZodTypeDef,
    number
  >;
/** A stored file (a picture, a PDF, a model) by its id; served at /files/{id} through the files' access check. */
export const fileId = z.string().uuid();
export const optionalFile = fileId.nullable().default(null);
/** The id of an entry of a block's list (features, slides, links, accordion entries). */
export const entryId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);
/** A block's list of entries (features, slides, links, accordion entries): each with its `entryId`, at most `max`, empty by default. */
export function entries<S extends z.ZodRawShape>(shape: S, max: number) {
  return z.array(z.object({ id: entryId, ...shape })).max(max).default([]);
}
export const line = z.string().max(LINE_MAX).default('');
export const paragraph = z.string().max(PARAGRAPH_MAX).default('');
export const html = z.string().max(HTML_MAX).default('');

/** A link visitors follow: a web address, or an e-mail address saved as mailto: (spec 001 point 5). */
export const linkUrl = httpOrMailtoUrl().nullable().default(null);
/** An embedded page: https only (a page on http would be mixed content, and is refused). */
export const httpsUrl = httpUrl().refine((value) => /^https:\/\//i.test(value), issue('httpsUrl'));
/** A video: a link of a recognised video site (app/lib/events.ts parseVideoUrl), else refused (spec 001 point 5). */
export const videoUrl = httpUrl(URL_MAX_LENGTH).refine((value) => parseVideoUrl(value) !== null, issue('videoUrl'));

/** A unique id for a new list entry (browser and server). */
export function newEntryId(): string {
  return globalThis.crypto.randomUUID();
}

const borderSchema = z.object({
  width: oneOf(BORDER_WIDTHS),
  radius: z.enum(RADII),
  style: z.enum(BORDER_STYLES),
  color: hexColor,
});

/** The box every block has: paddings (the block's spec default), margins, background, border, shadow. */
export function boxFields(padding: { x: Spacing; y: Spacing } = DEFAULT_PADDING.OTHER) {
  return {
    paddingXaxis: spacing(padding.x),
    paddingYaxis: spacing(padding.y),
    marginXaxis: spacing(0),
    marginYaxis: spacing(0),
    backgroundColor: optionalColor,
    hasBorder: z.boolean().default(false),
    border: borderSchema.default({ ...DEFAULT_BORDER }),
    boxShadow: z.enum(SHADOWS).default('none'),
    /** the builder shows the block's example while a new item is untouched */
    showExample: z.boolean().default(false),
  };
}

/** One block: its schema, defaults, example placeholder, palette icon and label. Adding a block is one such file. */
export interface BlockDefinition<T extends string, S extends z.AnyZodObject> {
  type: T;
  schema: S;
  /** a new block of this type as the builder adds it (passes the schema) */
  defaults: () => z.infer<S>;
  /** what the builder shows for a new, untouched block (filled with sample texts of pages:blocks.*) */
  example: (t: Translate) => z.infer<S>;
  /** a lucide-react icon name for the palette and the content type's icon */
  icon: string;
  /** key in the `pages` namespace */
  labelKey: string;
}

/** A block's schema shape: its type, its box, its own fields (the hero's own background colour replaces the box's). */
type BlockShape<T extends string, F extends z.ZodRawShape> = { type: z.ZodLiteral<T> } & ReturnType<typeof boxFields> & F;

/**
 * A block of the registry from its type, icon, spec paddings and own fields: the schema is the type, the box
 * (`boxFields`) and the fields, the defaults are what it makes of the type alone.
 */
export function defineBlock<T extends string, F extends z.ZodRawShape>(definition: {
  type: T;
  icon: string;
  /** the spec's paddings of this block; default DEFAULT_PADDING.OTHER */
  padding?: { x: Spacing; y: Spacing };
  fields: F;
  /** the example's sample values over the defaults */
  example?: (t: Translate, defaults: z.infer<z.ZodObject<BlockShape<T, F>>>) => Partial<z.infer<z.ZodObject<BlockShape<T, F>>>>;
}): BlockDefinition<T, z.ZodObject<BlockShape<T, F>>> {
  const { type, icon, padding, fields, example } = definition;
  const schema: z.ZodObject<BlockShape<T, F>> = z.object({ type: z.literal(type), ...boxFields(padding), ...fields });
  const defaults = () => schema.parse({ type }) as z.infer<typeof schema>;
  return {
    type,
    icon,
    schema,
    defaults,
    example: (t) => {
      const base = defaults();
      return { ...base, ...example?.(t, base), showExample: true };
    },
    labelKey: `blocks.${type.toLowerCase()}.label`,
  };
}

/** Escapes sample text put into an example's HTML. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
