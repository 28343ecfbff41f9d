import { z } from 'zod';
import {
  CONTENT_LANGUAGES,
  CONTENT_OBJECT_TYPES,
  GROUP_NAME_MAX,
  OBJECT_NAME_MAX,
  TAG_MAX,
  TEXT_VALUE_MAX,
  type ContentObjectTypeName,
} from '~/lib/schemas/content';

/**
 * The builder page's forms (/contentpool/builder/{slug}), shared by the action and `useRouteForm`. The limits
 * here are loose on purpose: the content service checks names, values and links and answers with the spec's
 * codes and texts at the field (NAME_IS_TOO_BIG, VALUE_IS_NOT_URL ...), so those reach it.
 */

const checkbox = z.preprocess((value) => value === 'on' || value === 'true' || value === true, z.boolean());

const objectFields = {
  name: z.string().max(OBJECT_NAME_MAX * 2).optional(),
  value: z.string().max(TEXT_VALUE_MAX * 2).optional(),
  link: z.string().max(4096).optional(),
  openLinkInNewWindow: checkbox.optional(),
  fileId: z.string().max(100).optional(),
  size: z.number().int().optional(),
  language: z.enum(CONTENT_LANGUAGES).optional(),
};

export const CreateObjectForm = z.object({
  intent: z.literal('create'),
  type: z.enum(CONTENT_OBJECT_TYPES),
  parentId: z.string().uuid().optional(),
  ...objectFields,
});

export const UpdateObjectForm = z.object({
  intent: z.literal('update'),
  id: z.string().uuid(),
  type: z.enum(CONTENT_OBJECT_TYPES),
  ...objectFields,
});

export const RenameForm = z.object({ intent: z.literal('rename'), name: z.string().max(GROUP_NAME_MAX * 2).default('') });
/** Who may open the group: anyone, logged-in users, or holders of an access key or permission. */
export const AccessTypeForm = z.object({ intent: z.literal('settings'), permissionType: z.enum(['PUBLIC', 'LOGGED_IN', 'TOKEN']) });
export const TagForm = z.object({ intent: z.literal('tag'), text: z.string().max(TAG_MAX * 2).default('') });

/** Which fields each type's form shows (name always). */
export const FIELDS_OF: Record<ContentObjectTypeName, readonly ('value' | 'url' | 'link' | 'file' | 'size' | 'richText')[]> = {
  BOOKMARK: ['url'],
  COLUMN: ['size'],
  DIVIDER: [],
  IFRAME: ['url'],
  IMAGE: ['file', 'link'],
  LOCALIZED: [],
  PDF: ['file'],
  SLIDESHOW: [],
  TEXT: ['richText'],
  YOUTUBE: ['url'],
};

/** The upload purpose of a type's file (IMAGE pictures, PDF documents). */
export const filePurposeOf = (type: string) => (type === 'PDF' ? ('DOCUMENT' as const) : ('IMAGE' as const));
