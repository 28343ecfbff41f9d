import { z } from 'zod';
import { parseVideoUrl } from '../events';
import { httpOrMailtoUrl, isHttpUrl, URL_MAX_LENGTH } from '../url';

/**
 * The content pool's rules (spec 001 points 5 and 8), isomorphic: the builder's forms and the content service
 * check the same things and name the same codes. A rule broken gives a `ContentIssue`: the spec's code, the
 * field and the message key in the `content` namespace.
 */

export const CONTENT_OBJECT_TYPES = [
  'BOOKMARK',
  'COLUMN',
  'DIVIDER',
  'IFRAME',
  'IMAGE',
  'LOCALIZED',
  'PDF',
  'SLIDESHOW',
  'TEXT',
  'YOUTUBE',
] as const;
export type ContentObjectTypeName = (typeof CONTENT_OBJECT_TYPES)[number];

export const CONTENT_LANGUAGES = ['DE', 'EN'] as const;
export type ContentLanguage = (typeof CONTENT_LANGUAGES)[number];

export const GROUP_NAME_MAX = 100;
export const OBJECT_NAME_MAX = 255;
/** Rich text as stored (after sanitising). */
export const TEXT_VALUE_MAX = 100_000;
export const COLUMN_SIZES = [2, 3] as const;
/** Top level is 1: a column inside a localized object inside ... at most three levels. */
export const MAX_DEPTH = 3;
export const TAG_MAX = 50;

/** Objects that hold other objects, and which types they take. */
export const CHILD_TYPES: Partial<Record<ContentObjectTypeName, readonly ContentObjectTypeName[]>> = {
  COLUMN: ['BOOKMARK', 'DIVIDER', 'IFRAME', 'IMAGE', 'PDF', 'SLIDESHOW', 'TEXT', 'YOUTUBE'],
  LOCALIZED: ['BOOKMARK', 'COLUMN', 'DIVIDER', 'IFRAME', 'IMAGE', 'PDF', 'SLIDESHOW', 'TEXT', 'YOUTUBE'],
  SLIDESHOW: ['IMAGE'],
};

export type ContentIssueCode =
  | 'INVALID'
  | 'NAME_INVALID'
  | 'NAME_IS_EMPTY'
  | 'NAME_IS_TOO_BIG'
  | 'NESTABLE_ERROR'
  | 'VALUE_IS_EMPTY'
  | 'VALUE_IS_NOT_URL'
  | 'VALUE_IS_TOO_BIG';

export interface ContentIssue {
  code: ContentIssueCode;
  field: string;
  /** key in locales/{de,en}/content.json */
  key: string;
  values?: Record<string, string | number>;
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** A group name: not empty, at most 100 characters, a letter or digit in it, no control characters or angle brackets. */
export function groupNameIssue(raw: string, field = 'name'): ContentIssue | null {
  const name = raw.trim();
  if (!name) return { code: 'NAME_IS_EMPTY', field, key: 'errors.nameEmpty' };
  if (name.length > GROUP_NAME_MAX) return { code: 'NAME_IS_TOO_BIG', field, key: 'errors.nameTooBig', values: { max: GROUP_NAME_MAX } };
  if (CONTROL.test(name) || /[<>]/.test(name) || !/[\p{L}\p{N}]/u.test(name)) return { code: 'NAME_INVALID', field, key: 'errors.nameInvalid' };
  return null;
}

/** What a client sends for a content object (both doors). */
export interface ContentObjectInput {
  type: ContentObjectTypeName;
  name?: string | null;
  value?: string | null;
  link?: string | null;
  openLinkInNewWindow?: boolean | null;
  fileId?: string | null;
  size?: number | null;
  language?: ContentLanguage | null;
}

/** The input as stored: trimmed, links normalised (an e-mail address becomes `mailto:`), fields of other types dropped. */
export interface ContentObjectValues {
  type: ContentObjectTypeName;
  name: string;
  value: string | null;
  link: string | null;
  open_link_in_new_window: boolean;
  file_id: string | null;
  size: number | null;
  language: ContentLanguage | null;
}

const linkSchema = httpOrMailtoUrl();

function urlValue(value: string, issues: ContentIssue[], video = false): string | null {
  if (!value) {
    issues.push({ code: 'VALUE_IS_EMPTY', field: 'value', key: 'errors.valueEmpty' });
    return null;
  }
  if (value.length > URL_MAX_LENGTH) {
    issues.push({ code: 'VALUE_IS_TOO_BIG', field: 'value', key: 'errors.valueTooBig', values: { max: URL_MAX_LENGTH } });
    return null;
  }
  if (!isHttpUrl(value)) {
    issues.push({ code: 'VALUE_IS_NOT_URL', field: 'value', key: 'errors.valueNotUrl' });
    return null;
  }
  if (video && !parseVideoUrl(value)) {
    issues.push({ code: 'VALUE_IS_NOT_URL', field: 'value', key: 'errors.videoNotKnown' });
    return null;
  }
  return value;
}

/**
 * Checks an object's own fields by its type (not its place in the tree, not whether its file exists: the
 * service does that). TEXT is checked as sent; the service sanitises it and checks again.
 */
export function checkContentObject(input: ContentObjectInput): { values: ContentObjectValues; issues: ContentIssue[] } {
  const issues: ContentIssue[] = [];
  const name = (input.name ?? '').trim();
  if (name.length > OBJECT_NAME_MAX) {
    issues.push({ code: 'NAME_IS_TOO_BIG', field: 'name', key: 'errors.nameTooBig', values: { max: OBJECT_NAME_MAX } });
  }
  const values: ContentObjectValues = {
    type: input.type,
    name,
    value: null,
    link: null,
    open_link_in_new_window: Boolean(input.openLinkInNewWindow),
    file_id: null,
    size: null,
    language: input.language ?? null,
  };
  const value = (input.value ?? '').trim();
  const needFile = () => {
    if (!input.fileId) issues.push({ code: 'VALUE_IS_EMPTY', field: 'fileId', key: 'errors.fileRequired' });
    values.file_id = input.fileId ?? null;
  };
  switch (input.type) {
    case 'TEXT':
      if (!value) issues.push({ code: 'VALUE_IS_EMPTY', field: 'value', key: 'errors.valueEmpty' });
      else if (value.length > TEXT_VALUE_MAX) {
        issues.push({ code: 'VALUE_IS_TOO_BIG', field: 'value', key: 'errors.valueTooBig', values: { max: TEXT_VALUE_MAX } });
      } else values.value = value;
      break;
    case 'BOOKMARK':
    case 'IFRAME':
      values.value = urlValue(value, issues);
      break;
    case 'YOUTUBE':
      values.value = urlValue(value, issues, true);
      break;
    case 'IMAGE': {
      needFile();
      const link = (input.link ?? '').trim();
      if (link) {
        const parsed = linkSchema.safeParse(link);
        if (parsed.success) values.link = parsed.data;
        else if (link.length > URL_MAX_LENGTH) {
          issues.push({ code: 'VALUE_IS_TOO_BIG', field: 'link', key: 'errors.valueTooBig', values: { max: URL_MAX_LENGTH } });
        } else issues.push({ code: 'VALUE_IS_NOT_URL', field: 'link', key: 'errors.linkNotUrl' });
      }
      break;
    }
    case 'PDF':
      needFile();
      break;
    case 'COLUMN': {
      const size = input.size ?? 2;
      if (!(COLUMN_SIZES as readonly number[]).includes(size)) issues.push({ code: 'INVALID', field: 'size', key: 'errors.columnSize' });
      values.size = size;
      break;
    }
    case 'DIVIDER':
    case 'LOCALIZED':
    case 'SLIDESHOW':
      break;
  }
  return { values, issues };
}

/** A tag's text: 1 to 50 characters after trimming. */
export function tagIssue(raw: string): ContentIssue | null {
  const text = raw.trim();
  if (!text || text.length > TAG_MAX || CONTROL.test(text)) return { code: 'INVALID', field: 'text', key: 'errors.tagInvalid' };
  return null;
}

/**
 * The JSON a group exports (`generatedJson`) and `addJson` imports: the group's name and its tree. Files are
 * named by id and must belong to the importing organisation.
 */
export interface ContentJsonNode {
  type: ContentObjectTypeName;
  name?: string;
  value?: string | null;
  link?: string | null;
  openLinkInNewWindow?: boolean;
  fileId?: string | null;
  size?: number | null;
  language?: ContentLanguage | null;
  children?: ContentJsonNode[];
}

const nodeSchema: z.ZodType<ContentJsonNode> = z.lazy(() =>
  z
    .object({
      type: z.enum(CONTENT_OBJECT_TYPES),
      name: z.string().max(OBJECT_NAME_MAX).optional(),
      value: z.string().max(TEXT_VALUE_MAX).nullish(),
      link: z.string().max(URL_MAX_LENGTH).nullish(),
      openLinkInNewWindow: z.boolean().optional(),
      fileId: z.string().uuid().nullish(),
      size: z.number().int().nullish(),
      language: z.enum(CONTENT_LANGUAGES).nullish(),
      children: z.array(nodeSchema).max(500).optional(),
    })
    .strict(),
);

export const ContentJsonSchema = z
  .object({
    version: z.literal(1),
    name: z.string().max(GROUP_NAME_MAX * 2),
    children: z.array(nodeSchema).max(500),
  })
  .strict();
export type ContentJson = z.infer<typeof ContentJsonSchema>;

/**
 * The content pool page's forms (/contentpool). The name is checked by the service (its codes and texts), so an
 * empty one reaches it: `groupNameIssue` answers NAME_IS_EMPTY at the field.
 */
export const GroupCreateForm = z.object({ intent: z.literal('create'), name: z.string().max(GROUP_NAME_MAX * 2).default('') });
export const GroupRenameForm = z.object({
  intent: z.literal('rename'),
  id: z.string().uuid(),
  name: z.string().max(GROUP_NAME_MAX * 2).default(''),
});
