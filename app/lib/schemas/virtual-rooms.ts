import { z } from 'zod';
import { LANGUAGES } from '~/lib/language';
import { httpUrl } from '~/lib/url';

/**
 * Inputs of virtual rooms (spec 001 points 5-7; issue 17), shared by the rooms services and the editor's forms.
 * Angles are radians, the focal length mm (app/lib/virtual-rooms/view.ts); a point lies on (or is scaled onto) the
 * unit sphere around the camera.
 */
export const ROOM_NAME_MAX = 200;
export const PANO_NAME_MAX = 200;
export const TOUR_TITLE_MAX = 200;
export const TOUR_TEXT_MAX = 5000;
export const IFRAME_TITLE_MAX = 200;

const id = z.string().uuid();
const optionalId = id.nullable().optional();

export const roomAccessType = z.enum(['PUBLIC', 'LOGGED_IN', 'TOKEN']);
export const roomName = z.string().trim().min(1).max(ROOM_NAME_MAX);

export const RoomViewAnglesInput = z.object({
  azimuthalAngle: z.number().finite().min(-4 * Math.PI).max(4 * Math.PI),
  polarAngle: z.number().finite().min(0).max(Math.PI),
  focalLength: z.number().finite().min(18).max(120),
});

export const RoomCreateInput = z.object({ name: roomName, accessType: roomAccessType.default('LOGGED_IN') });
export type RoomCreateInput = z.input<typeof RoomCreateInput>;

export const RoomUpdateInput = z.object({
  name: roomName.optional(),
  accessType: roomAccessType.optional(),
  /** null clears the room's initial view */
  initialPanoId: optionalId,
});
export type RoomUpdateInput = z.input<typeof RoomUpdateInput>;

/** updateStandAloneRoom: name, access type and the room's initial view in one go. */
export const StandAloneRoomInput = RoomUpdateInput.extend({ initialView: RoomViewAnglesInput.nullable().optional() });
export type StandAloneRoomInput = z.input<typeof StandAloneRoomInput>;

export const PanoCreateInput = z.object({ virtualRoomId: id, fileId: id, name: z.string().trim().max(PANO_NAME_MAX).optional() });
export type PanoCreateInput = z.input<typeof PanoCreateInput>;

export const PanoUpdateInput = z.object({ fileId: id.optional(), name: z.string().trim().min(1).max(PANO_NAME_MAX).optional() });
export type PanoUpdateInput = z.input<typeof PanoUpdateInput>;

const coordinate = z.number().finite().min(-1000).max(1000);
const pointBase = { panoId: id, x: coordinate, y: coordinate, z: coordinate, iconId: optionalId };

export const NavDestinationInput = z.union([
  z.object({ panoId: id }).strict(),
  z.object({ url: httpUrl() }).strict(),
  z.object({ hallId: id }).strict(),
  z.object({ hallStandId: id }).strict(),
  z.object({ stageId: id }).strict(),
  z.object({ conventionId: id }).strict(),
]);

export const NavPointCreateInput = z.object({ ...pointBase, destination: NavDestinationInput });
export type NavPointCreateInput = z.input<typeof NavPointCreateInput>;

/** Texts per language (issue 24 item 21): a step's title and text (`description`), an info point's iframe title. */
const itemTexts = z
  .array(
    z.object({
      language: z.enum(LANGUAGES),
      title: z.preprocess((v) => v ?? '', z.string().trim().max(TOUR_TITLE_MAX)),
      description: z.preprocess((v) => v ?? '', z.string().trim().max(TOUR_TEXT_MAX)),
    }),
  )
  .max(LANGUAGES.length)
  .refine((texts) => new Set(texts.map((tr) => tr.language)).size === texts.length, { params: { i18n: 'duplicateLanguage' } })
  .optional();

export const InfoPointCreateInput = z.object({
  ...pointBase,
  translations: itemTexts,
  auth: z.boolean().default(false),
  contentPageId: optionalId,
  iframeTitle: z.string().trim().max(IFRAME_TITLE_MAX).nullable().optional(),
  iframeUrl: httpUrl().refine((u) => u.toLowerCase().startsWith('https://'), { params: { i18n: 'httpUrl' } }).nullable().optional(),
});
export type InfoPointCreateInput = z.input<typeof InfoPointCreateInput>;

export const TourStepCreateInput = z.object({
  virtualRoomId: id,
  panoId: id,
  title: z.string().trim().min(1).max(TOUR_TITLE_MAX),
  text: z.string().trim().max(TOUR_TEXT_MAX).default(''),
  audioFileId: optionalId,
  view: RoomViewAnglesInput,
  infoPointId: optionalId,
  translations: itemTexts,
});
export type TourStepCreateInput = z.input<typeof TourStepCreateInput>;

export const TourStepUpdateInput = TourStepCreateInput.omit({ virtualRoomId: true }).partial();

/** `setInfoPointTranslations`: an info point's iframe title per language. */
export const InfoPointTextsInput = z.object({ translations: itemTexts.unwrap() });
export type TourStepUpdateInput = z.input<typeof TourStepUpdateInput>;
