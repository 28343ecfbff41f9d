import type { RoomPicture, RoomViewAngles } from './view';

/**
 * The viewer's math without three.js (issue 17), shared by the hotspot overlay (HTML buttons over the canvas), the
 * editor's picking and the unit tests. Browser-safe.
 *
 * Conventions (see view.ts): the camera sits at the centre of the unit sphere, y is up, azimuth 0 looks along -z.
 * The view direction of (azimuthalAngle θ, polarAngle φ) is (-sin φ sin θ, cos φ, -sin φ cos θ): φ is measured
 * from straight up (0 up, π/2 the horizon, π down) and θ grows as the view turns to the left (to -x), like
 * three's OrbitControls' azimuth. The focal length is three's (35 mm film gauge): the vertical field of view is
 * 2·atan(½·(35 / max(aspect, 1)) / f), so it matches `PerspectiveCamera.setFocalLength`.
 */
export type Vec3 = { x: number; y: number; z: number };

export const FOCAL_LENGTH = { min: 18, max: 120, default: 35 } as const;
/** Looking straight up or down makes the camera's up vector degenerate: the view stops short of the poles. */
export const POLAR_LIMIT = { min: 0.05, max: Math.PI - 0.05 } as const;
export const FILM_GAUGE = 35;
export const DEFAULT_VIEW: RoomViewAngles = { azimuthalAngle: 0, polarAngle: Math.PI / 2, focalLength: FOCAL_LENGTH.default };

const TAU = Math.PI * 2;
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** An angle in [-π, π). */
export function wrapAngle(angle: number): number {
  const wrapped = (((angle + Math.PI) % TAU) + TAU) % TAU;
  return wrapped - Math.PI;
}

export function clampView(view: RoomViewAngles): RoomViewAngles {
  return {
    azimuthalAngle: wrapAngle(view.azimuthalAngle),
    polarAngle: clamp(view.polarAngle, POLAR_LIMIT.min, POLAR_LIMIT.max),
    focalLength: clamp(view.focalLength, FOCAL_LENGTH.min, FOCAL_LENGTH.max),
  };
}

/** The unit vector the camera looks along for these angles. */
export function directionOf(azimuthalAngle: number, polarAngle: number): Vec3 {
  const s = Math.sin(polarAngle);
  return { x: -s * Math.sin(azimuthalAngle), y: Math.cos(polarAngle), z: -s * Math.cos(azimuthalAngle) };
}

/** The angles of a direction (any length > 0): the inverse of directionOf. */
export function anglesOf(point: Vec3): { azimuthalAngle: number; polarAngle: number } {
  const length = Math.hypot(point.x, point.y, point.z) || 1;
  const polarAngle = Math.acos(clamp(point.y / length, -1, 1));
  const azimuthalAngle = Math.atan2(-point.x, -point.z);
  return { azimuthalAngle, polarAngle };
}

/** Vertical field of view (degrees) of a focal length on a canvas of this aspect ratio (width / height). */
export function fovOf(focalLength: number, aspect: number): number {
  const filmHeight = FILM_GAUGE / Math.max(aspect, 1);
  return (2 * Math.atan((0.5 * filmHeight) / focalLength) * 180) / Math.PI;
}

/** The horizontal field of view (radians) of a focal length on a canvas of this aspect ratio. */
export function horizontalFovOf(focalLength: number, aspect: number): number {
  const halfV = (fovOf(focalLength, aspect) * Math.PI) / 360;
  return 2 * Math.atan(Math.tan(halfV) * aspect);
}

const cross = (a: Vec3, b: Vec3): Vec3 => ({ x: a.y * b.z - a.z * b.y, y: a.z * b.x - a.x * b.z, z: a.x * b.y - a.y * b.x });
const dot = (a: Vec3, b: Vec3) => a.x * b.x + a.y * b.y + a.z * b.z;
const normalize = (a: Vec3): Vec3 => {
  const l = Math.hypot(a.x, a.y, a.z) || 1;
  return { x: a.x / l, y: a.y / l, z: a.z / l };
};

/** The camera's forward, right and up vectors (as three's `lookAt` from the origin builds them). */
export function cameraBasis(view: RoomViewAngles): { forward: Vec3; right: Vec3; up: Vec3 } {
  const forward = directionOf(view.azimuthalAngle, clamp(view.polarAngle, POLAR_LIMIT.min, POLAR_LIMIT.max));
  const right = normalize(cross(forward, { x: 0, y: 1, z: 0 }));
  const up = cross(right, forward);
  return { forward, right, up };
}

export interface Viewport {
  width: number;
  height: number;
}

/**
 * Where a sphere point appears on the canvas, in CSS pixels from its top left corner, or null when it lies behind
 * the camera (a hotspot there is not drawn). Points in front but outside the canvas come back with coordinates
 * outside 0..width / 0..height and `visible: false`.
 */
export function projectPoint(point: Vec3, view: RoomViewAngles, viewport: Viewport): { left: number; top: number; visible: boolean } | null {
  const { forward, right, up } = cameraBasis(view);
  const p = normalize(point);
  const z = dot(p, forward);
  if (z <= 1e-3) return null;
  const aspect = viewport.width / Math.max(viewport.height, 1);
  const tanHalf = Math.tan((fovOf(view.focalLength, aspect) * Math.PI) / 360);
  const ndcX = dot(p, right) / z / (tanHalf * aspect);
  const ndcY = dot(p, up) / z / tanHalf;
  const left = ((ndcX + 1) / 2) * viewport.width;
  const top = ((1 - ndcY) / 2) * viewport.height;
  return { left, top, visible: Math.abs(ndcX) <= 1 && Math.abs(ndcY) <= 1 };
}

/** The sphere point under a canvas pixel (the editor's click to place a point): the inverse of projectPoint. */
export function unprojectPoint(left: number, top: number, view: RoomViewAngles, viewport: Viewport): Vec3 {
  const { forward, right, up } = cameraBasis(view);
  const aspect = viewport.width / Math.max(viewport.height, 1);
  const tanHalf = Math.tan((fovOf(view.focalLength, aspect) * Math.PI) / 360);
  const ndcX = (left / viewport.width) * 2 - 1;
  const ndcY = 1 - (top / viewport.height) * 2;
  const x = ndcX * tanHalf * aspect;
  const y = ndcY * tanHalf;
  return normalize({
    x: forward.x + x * right.x + y * up.x,
    y: forward.y + x * right.y + y * up.y,
    z: forward.z + x * right.z + y * up.z,
  });
}

/** The view turned to look at a point (keeping the focal length): a focused hotspot or a tour step's point. */
export function viewFacing(point: Vec3, focalLength: number): RoomViewAngles {
  return clampView({ ...anglesOf(point), focalLength });
}

/**
 * Hotspots in Tab order: by azimuth from the left edge of the reference view to the right, i.e. the point most to
 * the left (relative to where the visitor starts looking) first. Stable for equal angles (keeps the given order).
 */
export function sortByAngle<T extends Vec3>(points: readonly T[], referenceAzimuth: number): T[] {
  // turning left increases the azimuth, so "left of the reference" is a positive relative angle
  const key = (p: T) => -wrapAngle(anglesOf(p).azimuthalAngle - referenceAzimuth);
  return points
    .map((point, index) => ({ point, index, key: key(point) }))
    .sort((a, b) => a.key - b.key || a.index - b.index)
    .map((entry) => entry.point);
}

/**
 * Drag by `dx`, `dy` CSS pixels: the panorama follows the pointer (dragging right turns the view left), scaled so
 * a drag across the canvas turns by its field of view.
 */
export function dragView(view: RoomViewAngles, dx: number, dy: number, viewport: Viewport): RoomViewAngles {
  const aspect = viewport.width / Math.max(viewport.height, 1);
  const vFov = (fovOf(view.focalLength, aspect) * Math.PI) / 180;
  const perPixel = vFov / Math.max(viewport.height, 1);
  return clampView({ ...view, azimuthalAngle: view.azimuthalAngle + dx * perPixel, polarAngle: view.polarAngle - dy * perPixel });
}

/** Zoom in (factor > 1) or out (< 1) by scaling the focal length, within its limits. */
export function zoomView(view: RoomViewAngles, factor: number): RoomViewAngles {
  return clampView({ ...view, focalLength: view.focalLength * factor });
}

/** Eases between two views (shortest way round), t from 0 to 1. */
export function interpolateView(from: RoomViewAngles, to: RoomViewAngles, t: number): RoomViewAngles {
  const e = t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2;
  const dAz = wrapAngle(to.azimuthalAngle - from.azimuthalAngle);
  return clampView({
    azimuthalAngle: from.azimuthalAngle + dAz * e,
    polarAngle: from.polarAngle + (to.polarAngle - from.polarAngle) * e,
    focalLength: from.focalLength + (to.focalLength - from.focalLength) * e,
  });
}

/** Largest panorama width a phone downloads (issue 17: low-end phones). */
export const PHONE_MAX_TEXTURE = 2048;
export const DESKTOP_MAX_TEXTURE = 8192;

/**
 * The panorama variant to load as the texture: the smallest one at least as wide as the screen needs (the canvas
 * width times the device pixel ratio, times 360° over the horizontal field of view), capped at 2048 px on phones
 * and at the GPU's texture limit. Falls back to the largest variant under the cap, then to the poster.
 */
export function pictureFor(
  picture: RoomPicture,
  { canvasWidth, pixelRatio, phone, maxTextureSize = DESKTOP_MAX_TEXTURE, horizontalFov = Math.PI / 2 }: { canvasWidth: number; pixelRatio: number; phone: boolean; maxTextureSize?: number; horizontalFov?: number },
): { url: string; width: number } {
  const cap = Math.min(phone ? PHONE_MAX_TEXTURE : DESKTOP_MAX_TEXTURE, maxTextureSize);
  const needed = Math.min(cap, Math.ceil(((canvasWidth * Math.min(pixelRatio, 2)) * TAU) / horizontalFov));
  const candidates = [...picture.sizes, { width: picture.width, url: picture.url }]
    .filter((size) => size.width <= cap)
    .sort((a, b) => a.width - b.width);
  const fit = candidates.find((size) => size.width >= needed) ?? candidates[candidates.length - 1];
  return fit ?? { url: picture.poster, width: Math.min(1024, picture.width) };
}

/** A phone or a small tablet: the short screen side under 768 CSS px, or a coarse pointer on a small screen. */
export function isPhoneScreen(screenWidth: number, screenHeight: number): boolean {
  return Math.min(screenWidth, screenHeight) < 768;
}

/** Tour progress in percent (spec 000: the step index over the number of steps), the index counted from 1. */
export function tourProgress(index: number, count: number): number {
  if (count <= 0) return 0;
  return Math.round((clamp(index + 1, 0, count) / count) * 100);
}

/**
 * Where a sphere point lies on the flat 2:1 panorama (the no-JS strip), as fractions of its width and height:
 * the picture's centre column is azimuth 0, its left half what lies to the left; the top row is straight up.
 * The 3D sphere maps the texture the same way (room-viewer-3d.client.tsx).
 */
export function equirectOf(point: Vec3): { u: number; v: number } {
  const { azimuthalAngle, polarAngle } = anglesOf(point);
  let u = 0.5 - azimuthalAngle / TAU;
  u -= Math.floor(u);
  return { u, v: polarAngle / Math.PI };
}
