import { z } from 'zod';
import { LANGUAGES } from '~/lib/language';
import { httpUrl } from '~/lib/url';
import { dateInRange } from './dates';
import { EVENT_SLUG_PATTERN, PERMISSION_TYPES } from './stands';

/**
 * Conventions, stages, schedule entries, on-demand content, object tokens and in-house fairs (exhibitions):
 * the shapes both doors (console forms, GraphQL) accept. Rules that need the database or a file (one stage
 * per convention, speaker organisation, image ratio, recognised video link) run in the services.
 */

/** VIRTUAL_ROOM is set by createPanoLensNavigationForConvention (it needs a room), not by a convention's form. */
export const NAVIGATION_MODES = ['DEFAULT', 'IMAGE_FOYER', 'VIRTUAL_ROOM'] as const;
export type NavigationMode = (typeof NAVIGATION_MODES)[number];

const title = z.string().trim().min(1).max(255);
const slug = z.string().trim().toLowerCase().min(1).max(100).regex(EVENT_SLUG_PATTERN);
const optionalSlug = slug.optional().or(z.literal('').transform(() => undefined));
const id = z.string().uuid();
/** An optional reference: '' and null clear it, undefined leaves it. */
const optionalRef = z.preprocess((v) => (v === '' ? null : v), id.nullable().optional());
/** A video link; '' clears it. Whether it is a recognised video site is checked by the service. */
const video = httpUrl(500).or(z.literal('')).optional();
const link = httpUrl(500).or(z.literal('')).optional();
/** Form fields send '' for an empty date; GraphQL sends an ISO string or null. */
const optionalDate = z.preprocess((v) => (v === '' ? null : v), dateInRange.nullable().optional());
const requiredDate = z.union([z.string(), z.date()]).pipe(dateInRange);
const checkbox = z.preprocess((v) => (v === 'on' ? true : v === 'off' ? false : v), z.boolean()).optional();
const permissionType = z.enum(PERMISSION_TYPES);
const language = z.enum(LANGUAGES);

/** GraphQL sends null for a text it leaves out. */
const nullAsMissing = (v: unknown) => (v === null ? undefined : v);

export const EventTranslationSchema = z.object({
  language,
  title: z.preprocess(nullAsMissing, z.string().trim().max(255).default('')),
  description: z.preprocess(nullAsMissing, z.string().max(20000).default('')),
});
export type EventTranslationInput = z.input<typeof EventTranslationSchema>;
/** The texts a create input may bring along, at most one per language. */
const translations = z.array(EventTranslationSchema).max(LANGUAGES.length).optional();

/** conventionCreateByName, stageCreateByName, exhibitionCreateByName: the console's "create by name" boxes. */
export const CreateByNameSchema = z.object({ name: title });
export type CreateByNameInput = z.input<typeof CreateByNameSchema>;

const conventionFields = {
  slug: optionalSlug,
  active: checkbox,
  video,
  startDate: optionalDate,
  endDate: optionalDate,
  shop: checkbox,
  permissionType: permissionType.optional(),
  headerImageId: optionalRef,
  helpPage: z.string().max(20000).optional(),
  helpContentPageId: optionalRef,
  contentPageId: optionalRef,
  contentId: optionalRef,
  navigationMode: z
    .enum(NAVIGATION_MODES)
    .refine((mode) => mode !== 'VIRTUAL_ROOM', { params: { i18n: 'invalidOption' } })
    .optional(),
};

export const ConventionCreateSchema = z.object({ title, ...conventionFields, translations });
export type ConventionCreateInput = z.input<typeof ConventionCreateSchema>;

export const ConventionUpdateSchema = z.object({ title: title.optional(), ...conventionFields });
export type ConventionUpdateInput = z.input<typeof ConventionUpdateSchema>;

/** An access key of a convention, a hall or an in-house fair: the service checks that exactly one is named. */
export const ObjectTokenCreateSchema = z.object({
  conventionId: id.optional(),
  hallId: id.optional(),
  exhibitionId: id.optional(),
  contentGroupId: id.optional(),
  virtualRoomId: id.optional(),
  /** left empty, a random key is generated */
  token: z.string().trim().max(100).regex(/^[A-Za-z0-9_-]*$/).optional(),
  limit: z.coerce.number().int().min(1).max(1_000_000),
});
export type ObjectTokenCreateInput = z.input<typeof ObjectTokenCreateSchema>;

export const ObjectTokenUpdateSchema = z.object({
  token: z.string().trim().min(1).max(100).regex(/^[A-Za-z0-9_-]+$/).optional(),
  limit: z.coerce.number().int().min(1).max(1_000_000).optional(),
});
export type ObjectTokenUpdateInput = z.input<typeof ObjectTokenUpdateSchema>;

const stageFields = { slug: optionalSlug, stream: video, thumbnailId: optionalRef };

export const StageCreateSchema = z.object({ title, ...stageFields, translations });
export type StageCreateInput = z.input<typeof StageCreateSchema>;

export const StageUpdateSchema = z.object({ title: title.optional(), ...stageFields });
export type StageUpdateInput = z.input<typeof StageUpdateSchema>;

export const TranslationPatchSchema = z.object({
  title: z.preprocess(nullAsMissing, z.string().trim().max(255).optional()),
  description: z.preprocess(nullAsMissing, z.string().max(20000).optional()),
});
export type TranslationPatchInput = z.input<typeof TranslationPatchSchema>;

const scheduleFields = {
  speaker: z.string().trim().max(255).optional(),
  speakerDescription: z.string().max(20000).optional(),
  /** the speaker's organisation by slug; '' or null: none */
  speakerOrganization: z.string().trim().max(100).nullable().optional(),
  thumbnailId: optionalRef,
  translations,
};

export const ScheduleCreateSchema = z.object({
  stageId: id,
  /** start of the talk (spec: timestamp) */
  timestamp: requiredDate,
  /** end of the talk (spec: timestampEnd) */
  timestampEnd: requiredDate,
  ...scheduleFields,
});
export type ScheduleCreateInput = z.input<typeof ScheduleCreateSchema>;

export const ScheduleUpdateSchema = z.object({
  timestamp: requiredDate.optional(),
  timestampEnd: requiredDate.optional(),
  ...scheduleFields,
});
export type ScheduleUpdateInput = z.input<typeof ScheduleUpdateSchema>;

export const OnDemandContentCreateSchema = z.object({
  conventionId: id,
  title,
  /** unique within the convention; left empty, one is made from the title */
  slug: optionalSlug,
  description: z.string().max(20000).optional(),
  thumbnailId: optionalRef,
  contentPageId: optionalRef,
  /** the title and description per language (issue 24 item 21); the item's own are shown where one is empty */
  translations,
});
export type OnDemandContentCreateInput = z.input<typeof OnDemandContentCreateSchema>;

export const OnDemandContentUpdateSchema = OnDemandContentCreateSchema.omit({ conventionId: true }).partial();
export type OnDemandContentUpdateInput = z.input<typeof OnDemandContentUpdateSchema>;

const exhibitionFields = {
  slug: optionalSlug,
  video,
  meeting: link,
  permissionType: permissionType.optional(),
  standId: optionalRef,
  stageId: optionalRef,
};

export const ExhibitionCreateSchema = z.object({ name: title, ...exhibitionFields });
export type ExhibitionCreateInput = z.input<typeof ExhibitionCreateSchema>;

export const ExhibitionUpdateSchema = z.object({ name: title.optional(), ...exhibitionFields });
export type ExhibitionUpdateInput = z.input<typeof ExhibitionUpdateSchema>;
