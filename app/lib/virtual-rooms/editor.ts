import { anglesOf, directionOf, equirectOf, type Vec3 } from './geometry';
import type { RoomAccessType, RoomViewAngles } from './view';

/**
 * Browser-safe helpers of the console's room editor (issue 17; `/virtual-rooms`, `/virtual-rooms/{slug}`): the
 * access types for its forms, the visitor's path, and the conversion between what people type (degrees) and
 * what the rooms store (radians, points on the unit sphere: y up, -z is azimuth 0; see ./view.ts).
 */
export const ROOM_ACCESS_TYPES = ['PUBLIC', 'LOGGED_IN', 'TOKEN'] as const satisfies readonly RoomAccessType[];

/** Where visitors open a room: `/virtual-room/{slug}` (spec 000 point 2). */
export const visitorRoomPath = (slug: string) => `/virtual-room/${encodeURIComponent(slug)}`;

export const DEFAULT_FOCAL_LENGTH = 35;
export const MIN_FOCAL_LENGTH = 18;
export const MAX_FOCAL_LENGTH = 120;

const RAD = Math.PI / 180;
const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

/** Degrees as typed (azimuth -180..180, polar 0..180) to the stored view. */
export function anglesFromDegrees(azimuth: number, polar: number, focalLength: number): RoomViewAngles {
  return { azimuthalAngle: azimuth * RAD, polarAngle: polar * RAD, focalLength };
}

/** The stored view in degrees, rounded for forms and texts. */
export function anglesToDegrees(view: RoomViewAngles): { azimuth: number; polar: number; focal: number } {
  return { azimuth: round(view.azimuthalAngle / RAD), polar: round(view.polarAngle / RAD), focal: round(view.focalLength) };
}

/** A direction (azimuth -180..180, positive to the left; elevation -90..90; degrees) to the point on the unit sphere. */
export function pointFromDirection(azimuth: number, elevation: number): Vec3 {
  const clean = (value: number) => (Math.abs(value) < 1e-12 ? 0 : value);
  const point = directionOf(azimuth * RAD, (90 - elevation) * RAD);
  return { x: clean(point.x), y: clean(point.y), z: clean(point.z) };
}

/** A point (any length) to its direction in degrees, rounded. */
export function directionOfPoint(point: Vec3): { azimuth: number; elevation: number } {
  const { azimuthalAngle, polarAngle } = anglesOf(point);
  return { azimuth: round(azimuthalAngle / RAD), elevation: round(90 - polarAngle / RAD) };
}

/**
 * A click on the flat 2:1 (equirectangular) panorama, as fractions of its width and height from the top left, to
 * the direction it shows, as the viewer maps the picture (`equirectOf`): the middle column is azimuth 0, the left
 * half lies to the left, the top edge straight up.
 */
export function directionOfPictureSpot(u: number, v: number): { azimuth: number; elevation: number } {
  return { azimuth: round((0.5 - u) * 360), elevation: round((0.5 - v) * 180) };
}

/** Where a direction lies on the flat panorama, as fractions of its width and height (the inverse of the above). */
export function pictureSpotOf(direction: { azimuth: number; elevation: number }): { u: number; v: number } {
  return equirectOf(pointFromDirection(direction.azimuth, direction.elevation));
}
