import type { ItemTextRow } from './texts';
/**
 * Virtual rooms (issue 17): the shapes the rooms services hand to the console editor and GraphQL.
 * Server-side types (the visitor's view model lives in `app/lib/virtual-rooms/view.ts`).
 *
 * Stand link: the stand's `/vr/{rpslug}` finds its room through the stand's reference point with that slug:
 * the column `points.virtual_room_id` (added by migration 0018, on delete set null); see `roomOfReferencePoint` in
 * `visit.ts`.
 *
 * Access: PUBLIC, LOGGED_IN, TOKEN as for conventions; TOKEN keys and permissions are the existing object tokens
 * with the kind 'room' (`object_tokens.virtual_room_id`, events/access.ts), redeemed at /token?next=/virtual-room/{slug}.
 * Files: a pano's picture and a step's audio become public files when saved into a room (as event pictures and
 * content files do, decision 015), so LOGGED_IN and TOKEN visitors can load them; their ids are not guessable.
 * Policy: editing needs the sales hub feature of the current organisation; the convention calls also need the
 * event feature (the convention's host).
 */
import type { RoomAccessType, RoomView, RoomViewAngles } from '~/lib/virtual-rooms/view';

export type { RoomAccessType, RoomView, RoomViewAngles };

export const ROOM_ACCESS_TYPES = ['PUBLIC', 'LOGGED_IN', 'TOKEN'] as const;

/** A room's own settings, as the editor shows them. */
export interface RoomSettings {
  id: string;
  slug: string;
  name: string;
  accessType: RoomAccessType;
  initialPanoId: string | null;
  initialView: RoomViewAngles | null;
}

/** One row of the console list `/virtual-rooms`. */
export interface VirtualRoom extends RoomSettings {
  panoCount: number;
  /** The convention that shows this room as its navigation (navigation mode VIRTUAL_ROOM), if any. */
  conventionId: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface RoomDestinationOption {
  id: string;
  label: string;
}

/** What the editor's pickers may offer: only what the organisation may link to. */
export interface RoomDestinations {
  panos: RoomDestinationOption[];
  halls: RoomDestinationOption[];
  hallStands: RoomDestinationOption[];
  stages: RoomDestinationOption[];
  conventions: RoomDestinationOption[];
  contentPages: RoomDestinationOption[];
}

export interface RoomEditorPano {
  id: string;
  name: string;
  fileId: string;
  width: number;
  height: number;
}

export interface RoomEditorIcon {
  id: string;
  name: string;
  url: string;
}

/** `roomForEditor(ctx, slug)`: everything the one-room editor page needs. */
export interface RoomEditorData {
  room: RoomSettings;
  /** Built as for a logged-in visitor, so the editor previews exactly what visitors see. */
  view: RoomView;
  panos: RoomEditorPano[];
  destinations: RoomDestinations;
  icons: RoomEditorIcon[];
  /** the own texts of the tour steps and iframe info points with their translations (issue 24 item 21) */
  texts: {
    steps: { id: string; title: string; text: string; translations: ItemTextRow[] }[];
    infoPoints: { id: string; iframeTitle: string; translations: ItemTextRow[] }[];
  };
}

/** Exactly one destination of a nav point. */
export type NavPointDestinationInput =
  | { panoId: string }
  | { url: string }
  | { hallId: string }
  | { hallStandId: string }
  | { stageId: string }
  | { conventionId: string };

/** Where a point sits: its panorama and its position in it. */
interface PointPlacement {
  panoId: string;
  x: number;
  y: number;
  z: number;
}

export interface CreateNavPointInput extends PointPlacement {
  iconId?: string | null;
  destination: NavPointDestinationInput;
}

export interface CreateInfoPointInput extends PointPlacement {
  iconId?: string | null;
  auth: boolean;
  contentPageId?: string | null;
  iframeTitle?: string | null;
  iframeUrl?: string | null;
}

export interface CreateTourStepInput {
  virtualRoomId: string;
  panoId: string;
  title: string;
  text: string;
  audioFileId?: string | null;
  view: RoomViewAngles;
  infoPointId?: string | null;
}

export type UpdateTourStepInput = Partial<Omit<CreateTourStepInput, 'virtualRoomId'>>;

export interface NavPointRecord extends PointPlacement {
  id: string;
  iconId: string | null;
  destination: NavPointDestinationInput;
}

export interface InfoPointRecord extends PointPlacement {
  id: string;
  iconId: string | null;
  auth: boolean;
  contentPageId: string | null;
  iframeTitle: string | null;
  iframeUrl: string | null;
}

export interface PanoRecord {
  id: string;
  virtualRoomId: string;
  fileId: string;
  name: string;
  sort: number;
  width: number;
  height: number;
  initialView: RoomViewAngles | null;
}

export interface TourStepRecord {
  id: string;
  virtualRoomId: string;
  panoId: string;
  title: string;
  text: string;
  audioFileId: string | null;
  view: RoomViewAngles;
  infoPointId: string | null;
  sort: number;
}
