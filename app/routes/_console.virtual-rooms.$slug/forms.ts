import { z } from 'zod';
import { ItemTextsFields } from '~/lib/schemas/item-texts';
import { MAX_FOCAL_LENGTH, MIN_FOCAL_LENGTH, ROOM_ACCESS_TYPES } from '~/lib/virtual-rooms/editor';

/**
 * The forms of one room's editor `/virtual-rooms/{slug}` (issue 17), shared by the browser's validation and the
 * action. Angles are typed in degrees (the action converts them to the stored radians and sphere points).
 */
const id = z.string().uuid();
const name = z.string().trim().min(1).max(200);
const optionalId = z.preprocess((v) => (v === '' || v === null ? undefined : v), id.optional());
/** An unchecked box sends nothing: that is `false`. */
const checkbox = z.preprocess((v) => v === 'on' || v === 'true' || v === 'yes', z.boolean());
const number = (min: number, max: number) => z.coerce.number().min(min).max(max);
const optionalNumber = (min: number, max: number) => z.preprocess((v) => (v === '' || v === null ? undefined : v), number(min, max).optional());
const httpsUrl = z.string().trim().max(2000).url().refine((value) => value.startsWith('https://') || value.startsWith('http://'), { params: { i18n: 'typeMismatch.url' } });

export const SettingsForm = z.object({ intent: z.literal('settings'), name, accessType: z.enum(ROOM_ACCESS_TYPES) });

/** A new panorama: the stored file (uploaded with progress, or with the form without JavaScript) and a name. */
export const UploadPanoForm = z.object({ intent: z.literal('uploadPano'), fileId: optionalId, name: z.string().trim().max(200).optional() });
export const RenamePanoForm = z.object({ intent: z.literal('renamePano'), id, name });
export const ReplacePanoForm = z.object({ intent: z.literal('replacePano'), id, fileId: optionalId });

export const ViewForm = z.object({
  intent: z.literal('setView'),
  panoId: id,
  azimuth: number(-360, 360),
  polar: number(0, 180),
  focal: number(MIN_FOCAL_LENGTH, MAX_FOCAL_LENGTH),
  roomInitial: checkbox,
});

/** Where a point sits: a direction in degrees (the panorama click fills it in; typed without JavaScript). */
const direction = { panoId: id, azimuth: number(-360, 360), elevation: number(-90, 90), iconId: optionalId };

export const NAV_KINDS = ['pano', 'url', 'hall', 'hallStand', 'stage', 'convention'] as const;
export type NavKind = (typeof NAV_KINDS)[number];

/** One select of every destination the organisation may link to, grouped by kind: `{kind}:{id}`, or `url`. */
const DESTINATION = /^(url|(pano|hall|hallStand|stage|convention):[0-9a-fA-F-]{36})$/;

export const NavPointForm = z
  .object({
    intent: z.literal('addNav'),
    ...direction,
    destination: z.string().regex(DESTINATION),
    url: z.preprocess((v) => (v === '' ? undefined : v), httpsUrl.optional()),
  })
  .superRefine((value, issue) => {
    if (value.destination === 'url' && !value.url) issue.addIssue({ code: z.ZodIssueCode.custom, path: ['url'], params: { i18n: 'required' } });
  });

/** The destination select's value as the service's destination input. */
export function navDestination(destination: string, url: string | undefined) {
  if (destination === 'url') return { url: url ?? '' };
  const [kind, id] = destination.split(':') as [NavKind, string];
  switch (kind) {
    case 'pano':
      return { panoId: id };
    case 'hall':
      return { hallId: id };
    case 'hallStand':
      return { hallStandId: id };
    case 'stage':
      return { stageId: id };
    case 'convention':
      return { conventionId: id };
    default:
      return { url: url ?? '' };
  }
}

/** An info point opens a content page, or else an embedded page (title and address). */
export const InfoPointForm = z
  .object({
    intent: z.literal('addInfo'),
    ...direction,
    auth: checkbox,
    contentPageId: optionalId,
    iframeTitle: z.preprocess((v) => (v === '' ? undefined : v), z.string().trim().min(1).max(200).optional()),
    iframeUrl: z.preprocess((v) => (v === '' ? undefined : v), httpsUrl.optional()),
    /** the embedded page's title per language (issue 24 item 21) */
    titleDE: ItemTextsFields.titleDE,
    titleEN: ItemTextsFields.titleEN,
  })
  .superRefine((value, issue) => {
    if (value.contentPageId) return;
    if (!value.iframeTitle) issue.addIssue({ code: z.ZodIssueCode.custom, path: ['iframeTitle'], params: { i18n: 'required' } });
    if (!value.iframeUrl) issue.addIssue({ code: z.ZodIssueCode.custom, path: ['iframeUrl'], params: { i18n: 'required' } });
  });

const stepFields = {
  panoId: id,
  title: z.string().trim().min(1).max(200),
  text: z.string().trim().max(5000).default(''),
  /** the audio: a recording or a file, uploaded with progress or with the form */
  fileId: optionalId,
  azimuth: optionalNumber(-360, 360),
  polar: optionalNumber(0, 180),
  focal: optionalNumber(MIN_FOCAL_LENGTH, MAX_FOCAL_LENGTH),
  infoPointId: optionalId,
  /** title and text (`description…`) per language (issue 24 item 21) */
  ...ItemTextsFields,
};
export const StepForm = z.object({ intent: z.literal('addStep'), ...stepFields });
export const UpdateStepForm = z.object({ intent: z.literal('updateStep'), id, ...stepFields });
/** The tour's order (the shared reorderable list): one step up or down without JavaScript, the whole new order with it. */
export const MoveStepForm = z.object({ intent: z.literal('move'), id, direction: z.enum(['up', 'down']) });
export const ReorderStepsForm = z.object({ intent: z.literal('reorder'), ids: z.array(id).min(1).max(500) });

/** An info point's embedded-page title per language. */
export const InfoTextsForm = z.object({ intent: z.literal('infoTexts'), id, titleDE: ItemTextsFields.titleDE, titleEN: ItemTextsFields.titleEN });

/** Deletes: the id, the name for the question and the toast, `confirmed` once asked. */
export const DeleteForm = z.object({ id, name: z.string().max(400).optional(), confirmed: z.string().optional() });

export const EDITOR_INTENTS = [
  'settings',
  'uploadPano',
  'renamePano',
  'replacePano',
  'deletePano',
  'setView',
  'resetView',
  'addNav',
  'addInfo',
  'deleteNav',
  'deleteInfo',
  'infoTexts',
  'addStep',
  'updateStep',
  'move',
  'reorder',
  'deleteStep',
] as const;
export type EditorIntent = (typeof EDITOR_INTENTS)[number];

/** Intents whose form may carry a file (multipart without JavaScript) and what kind of file it is. */
export const FILE_INTENTS: Partial<Record<EditorIntent, 'IMAGE' | 'MEDIA'>> = { uploadPano: 'IMAGE', replacePano: 'IMAGE', addStep: 'MEDIA', updateStep: 'MEDIA' };

/** The editor's path, with the selected pano. */
export const editorPath = (slug: string, panoId?: string | null) =>
  `/virtual-rooms/${encodeURIComponent(slug)}${panoId ? `?pano=${encodeURIComponent(panoId)}` : ''}`;

/** The tour section's anchor (redirects after a tour change land there). */
export const TOUR_ANCHOR = 'room-editor-tour';
