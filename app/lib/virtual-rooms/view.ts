/**
 * What a visitor's browser gets of a virtual room (issue 17): the contract between the rooms service
 * (`app/server/services/virtual-rooms/visit.ts`, which builds it after the access check) and the one viewer
 * (`app/components/virtual-rooms/*`), the lite list view and the no-JS strip. Browser-safe: types only.
 * Angles are radians; the focal length is the camera's (mm, 35 mm equivalent; 18..120, default 35).
 * A point's x, y, z lie on the unit sphere around the camera (y up, -z is azimuth 0).
 */
export type RoomAccessType = 'PUBLIC' | 'LOGGED_IN' | 'TOKEN';

export interface RoomViewAngles {
  azimuthalAngle: number;
  polarAngle: number;
  focalLength: number;
}

/** NO_PANOS: "Der Admin muss noch Panoramen hochladen"; NO_INITIAL_VIEW: "Der Admin muss noch eine initiale Perspektive setzen". */
export type RoomSetup = 'COMPLETE' | 'NO_PANOS' | 'NO_INITIAL_VIEW';

export interface RoomIconView {
  id: string;
  name: string;
  /** `/files/{id}` of the icon picture, null for the built-in default arrow / info glyph. */
  url: string | null;
}

export interface RoomPicture {
  /** `/files/{id}`; the original 2:1 panorama. */
  url: string;
  width: number;
  height: number;
  /** Scaled variants (`/files/{id}?w=…`), smallest first; a phone never needs one wider than 2048 px. */
  sizes: { width: number; url: string }[];
  /** A small (<= 1024 px wide) variant shown at once as the poster and used by the no-JS strip. */
  poster: string;
}

export type NavDestination =
  | { kind: 'PANO'; panoId: string }
  | { kind: 'URL' | 'HALL' | 'HALL_STAND' | 'STAGE' | 'CONVENTION'; href: string; external: boolean };

/** What every point of a pano has: its place on the sphere, its name and its icon. */
interface PointView {
  id: string;
  x: number;
  y: number;
  z: number;
  name: string;
  icon: RoomIconView | null;
}

export interface NavPointView extends PointView {
  /** The visible/accessible name: the target pano's name, the hall/stand/stage/convention title, or the URL's host. */
  name: string;
  destination: NavDestination;
}

export type InfoTarget =
  | { kind: 'CONTENT_PAGE'; slug: string; title: string; href: string }
  | { kind: 'IFRAME'; title: string; url: string };

export interface InfoPointView extends PointView {
  auth: boolean;
  /** null when `auth` is set and the visitor is not logged in (the viewer then asks to log in). */
  target: InfoTarget | null;
}

export interface PanoView {
  id: string;
  name: string;
  picture: RoomPicture;
  initialView: RoomViewAngles | null;
  navPoints: NavPointView[];
  infoPoints: InfoPointView[];
}

export interface TourStepView {
  id: string;
  order: number;
  title: string;
  text: string;
  audioUrl: string | null;
  panoId: string;
  view: RoomViewAngles;
  infoPointId: string | null;
}

export interface RoomView {
  id: string;
  slug: string;
  name: string;
  organizationName: string;
  setup: RoomSetup;
  initialPanoId: string | null;
  initialView: RoomViewAngles | null;
  panos: PanoView[];
  tourSteps: TourStepView[];
  /** Where the visitor logs in to open an auth info point: `/login?next=…` (safe path). */
  loginHref: string;
}
