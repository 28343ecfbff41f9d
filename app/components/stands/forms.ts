import { z } from 'zod';
import { LANGUAGES } from '~/lib/language';
import { NODE_TYPES, POINT_KINDS } from '~/lib/schemas/stands';
import { httpUrl } from '~/lib/url';

/** Page forms of the stand pages (/stand, /stand/{slug}), shared by the browser's validation and the actions. */

/** An unchecked box sends nothing: that is `false`, not "unchanged". */
const checkbox = z.preprocess((v) => v === 'on' || v === 'true', z.boolean());
/** An empty URL field clears the address (the action sends '' to the service). */
const optionalUrl = httpUrl(2000).optional();
const percent = z.coerce.number().min(0).max(100);
const id = z.string().uuid();

export const StandSettingsForm = z.object({
  intent: z.literal('settings'),
  name: z.string().trim().min(1).max(255),
  shop: checkbox,
  shopUrl: optionalUrl,
  chatUrl: optionalUrl,
});

/** A new view: images and panoramas come with the file field `file`, an embedded page with its URL. */
export const AddNodeForm = z.object({
  intent: z.literal('addNode'),
  type: z.enum(NODE_TYPES),
  language: z.enum(LANGUAGES),
  iframe: optionalUrl,
});

const referenceFields = {
  name: z.string().trim().max(255).optional(),
  order: z.coerce.number().int().min(0).max(100000).optional(),
  contentPageId: id.optional(),
  titleDE: z.string().trim().max(255).optional(),
  descriptionDE: z.string().max(20000).optional(),
  titleEN: z.string().trim().max(255).optional(),
  descriptionEN: z.string().max(20000).optional(),
};

/** A point at cx/cy in percent of the node image; a reference point also has a name, order, texts, content page. */
export const AddPointForm = z
  .object({ intent: z.literal('addPoint'), nodeId: id, cx: percent, cy: percent, kind: z.enum(POINT_KINDS), ...referenceFields })
  .superRefine((value, ctx) => {
    if (value.kind === 'REFERENCE' && !value.name) {
      ctx.addIssue({ code: z.ZodIssueCode.invalid_type, expected: 'string', received: 'undefined', path: ['name'] });
    }
  });

export const UpdatePointForm = z.object({ intent: z.literal('updatePoint'), id, cx: percent, cy: percent, ...referenceFields });

type ReferenceValues = { [K in keyof typeof referenceFields]?: z.infer<(typeof referenceFields)[K]> };

/** The translations of a reference point form, as the service takes them. */
export function pointTranslations(value: ReferenceValues) {
  return LANGUAGES.map((language) => ({
    language,
    title: value[`title${language}`] ?? '',
    description: value[`description${language}`] ?? '',
  }));
}
