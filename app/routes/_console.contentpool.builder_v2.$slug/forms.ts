import { z } from 'zod';
import { ADD_PLACES } from '~/components/content-pages/builder/state';
import { BLOCK_TYPES, type BlockType } from '~/lib/content-pages/blocks';
import { LAYOUT_ID_MAX, PAGE_NAME_MAX } from '~/lib/content-pages/layout';
import { ALL_TEMPLATE_KEYS, type TemplateKey } from '~/lib/content-pages/templates';
import { PAGE_LANGUAGES } from '~/lib/schemas/content-pages';

/**
 * The builder's forms (/contentpool/builder_v2/{slug}, issue 16). Every change form carries the translation and
 * the version it was loaded with, so the server applies it to the stored layout and saves with that version (a
 * newer save in between is refused, nothing is overwritten). With JavaScript the same forms change the page in
 * the browser and one `save` sends the whole layout.
 */

const id = z.string().min(1).max(LAYOUT_ID_MAX);
const base = {
  translationId: z.string().uuid(),
  baseVersion: z.coerce.number().int().min(1),
};

export const BUILDER_INTENTS = [
  'template',
  'add',
  'edit',
  'delete',
  'move',
  'copyItem',
  'save',
  'publish',
  'unpublish',
  'translate',
  'deleteTranslation',
  'draft',
  'discardDraft',
] as const;

export const IntentForm = z.object({ intent: z.enum(BUILDER_INTENTS) });
export const TemplateForm = z.object({ ...base, template: z.enum(ALL_TEMPLATE_KEYS as [TemplateKey, ...TemplateKey[]]) });
export const AddForm = z.object({
  ...base,
  block: z.enum(BLOCK_TYPES as [BlockType, ...BlockType[]]),
  afterColumnId: id.optional(),
  /** an empty cell (or one to replace) the block goes into */
  fillColumnId: id.optional(),
  beside: z.enum(['yes', 'no']).optional(),
  /** where beside `afterColumnId` (the keyboard's drop positions) */
  where: z.enum(ADD_PLACES).optional(),
});
export const EditForm = z.object({ ...base, columnId: id });
export const DeleteForm = z.object({ ...base, columnId: id, confirmed: z.literal('yes').optional() });
export const MoveForm = z.object({ ...base, columnId: id, direction: z.enum(['up', 'down', 'into', 'out']) });
export const CopyItemForm = z.object({ ...base, columnId: id });
export const SaveForm = z.object({
  ...base,
  name: z.string().trim().max(PAGE_NAME_MAX * 2).optional(),
  /** the whole layout as JSON (the browser's draft); without JavaScript the stored one */
  layout: z.string().max(4_000_000),
});
/** The unsaved work sent on a debounce to be kept on the server (issue 24 item 7); answered as data, never a redirect. */
export const DraftForm = z.object({ ...base, layout: z.string().max(4_000_000) });
export const DiscardDraftForm = z.object({ translationId: z.string().uuid() });
export const DeleteTranslationForm = z.object({ translationId: z.string().uuid(), confirmed: z.literal('yes').optional() });
export const TranslateForm = z.object({ toLang: z.enum(PAGE_LANGUAGES), fromLang: z.enum(PAGE_LANGUAGES) });
