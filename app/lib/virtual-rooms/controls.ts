import { clampView, FOCAL_LENGTH, POLAR_LIMIT, wrapAngle } from './geometry';
import type { RoomViewAngles } from './view';

/**
 * The room viewer's input maths (issue 24, items 15 and 17), without the DOM: pinch zoom, the gyroscope, the
 * compass and the autorotation on idle. Browser-safe; unit-tested in tests/unit/virtual-room-controls.test.ts.
 */

/** Where a pinch started: the fingers' distance and the focal length at that moment. */
export interface PinchStart {
  distance: number;
  focalLength: number;
}

/**
 * The focal length while pinching: it follows the ratio of the fingers' distance now to their distance when the
 * pinch began (spreading them zooms in, bringing them together zooms out), so it depends on the distance alone and
 * grows monotonically with it, within the viewer's limits (FOCAL_LENGTH). A distance of 0 or less (two pointers on
 * one spot) keeps the start.
 */
export function pinchFocalLength(start: PinchStart, distance: number): number {
  const from = clampFocal(start.focalLength);
  if (!(start.distance > 0) || !(distance > 0)) return from;
  return clampFocal(from * (distance / start.distance));
}

const clampFocal = (focal: number) => Math.min(FOCAL_LENGTH.max, Math.max(FOCAL_LENGTH.min, Number.isFinite(focal) ? focal : FOCAL_LENGTH.default));

/** Whether the view can zoom further in (`+1`) or out (`-1`): the zoom buttons are disabled at the limits. */
export function canZoom(view: RoomViewAngles, direction: 1 | -1): boolean {
  return direction > 0 ? view.focalLength < FOCAL_LENGTH.max - 1e-6 : view.focalLength > FOCAL_LENGTH.min + 1e-6;
}

const RAD = Math.PI / 180;

/**
 * Where the back of a phone points, from a `deviceorientation` event's alpha, beta and gamma (degrees, the W3C
 * Z-X'-Y'' angles): its compass bearing (radians, clockwise from the device's alpha origin) and its polar angle
 * (0 straight up, π/2 the horizon, π straight down). The screen's orientation does not change where the back points,
 * so portrait and landscape need no case of their own. Null when the sensor gave no angles.
 */
export function orientationLook(alpha: number | null, beta: number | null, gamma: number | null): { bearing: number; polarAngle: number } | null {
  if (alpha === null || beta === null || gamma === null || ![alpha, beta, gamma].every(Number.isFinite)) return null;
  const [ca, sa] = [Math.cos(alpha * RAD), Math.sin(alpha * RAD)];
  const [cb, sb] = [Math.cos(beta * RAD), Math.sin(beta * RAD)];
  const [cg, sg] = [Math.cos(gamma * RAD), Math.sin(gamma * RAD)];
  // minus the rotation matrix's third column: the device's -z (out of its back) in east, north, up
  const east = -ca * sg - sa * sb * cg;
  const north = -sa * sg + ca * sb * cg;
  const up = -cb * cg;
  return { bearing: Math.atan2(east, north), polarAngle: Math.acos(Math.max(-1, Math.min(1, up))) };
}

/**
 * The view while the gyroscope steers: turning the phone to the right by some angle turns the view to the right by
 * the same angle from where it was when steering began (the sensor's north is arbitrary on many phones, so only
 * the change counts); tilting it looks up or down as the back of the phone does.
 */
export function gyroView(start: { view: RoomViewAngles; bearing: number }, look: { bearing: number; polarAngle: number }): RoomViewAngles {
  // the viewer's azimuth grows to the left, a bearing to the right
  return clampView({
    azimuthalAngle: start.view.azimuthalAngle - wrapAngle(look.bearing - start.bearing),
    polarAngle: Math.min(POLAR_LIMIT.max, Math.max(POLAR_LIMIT.min, look.polarAngle)),
    focalLength: start.view.focalLength,
  });
}

/**
 * The compass needle's angle in degrees (CSS rotate, clockwise) for a view: north is the room's azimuth 0 (where
 * the panorama's middle lies), so the needle points back to it as the view turns.
 */
export function compassRotation(view: RoomViewAngles): number {
  return Math.round(((view.azimuthalAngle * 180) / Math.PI) * 10) / 10;
}

/** The view's heading in whole degrees, 0 to 359, clockwise from the panorama's middle (the compass's label). */
export function headingDegrees(view: RoomViewAngles): number {
  const degrees = Math.round((-wrapAngle(view.azimuthalAngle) * 180) / Math.PI);
  return ((degrees % 360) + 360) % 360;
}

/**
 * Autorotation on idle (issue 24 item 17): after `idleMs` without any pointer, key, wheel or focus input the view
 * turns slowly to the right, one turn in two minutes, until the next input.
 */
export const AUTOROTATE = { idleMs: 8000, degreesPerSecond: 3 } as const;
/** The longest frame the rotation accounts for: a tab back from the background does not jump. */
const MAX_FRAME_MS = 100;

/** The view after `elapsedMs` of autorotation: the azimuth alone changes (to the right), height and zoom stay. */
export function autorotateView(view: RoomViewAngles, elapsedMs: number, degreesPerSecond: number = AUTOROTATE.degreesPerSecond): RoomViewAngles {
  const ms = Math.min(MAX_FRAME_MS, Math.max(0, Number.isFinite(elapsedMs) ? elapsedMs : 0));
  return clampView({ ...view, azimuthalAngle: wrapAngle(view.azimuthalAngle - (degreesPerSecond * RAD * ms) / 1000) });
}

/** What keeps the view from turning by itself. */
export interface AutorotateConditions {
  /** the 3D view shows its picture */
  ready: boolean;
  /** the visitor asked for reduced motion (`prefers-reduced-motion: reduce`) */
  reducedMotion: boolean;
  /** the visitor switched it off (the viewer's button) */
  paused: boolean;
  /** the editor: the view is being set up, it must stay where the author left it */
  editing: boolean;
  /** a hotspot has the keyboard focus */
  hotspotFocused: boolean;
  /** the gyroscope steers */
  gyro: boolean;
  /** a tour step shows its view */
  touring: boolean;
}

export function autorotateAllowed(c: AutorotateConditions): boolean {
  return c.ready && !c.reducedMotion && !c.paused && !c.editing && !c.hotspotFocused && !c.gyro && !c.touring;
}

export interface IdleRotation {
  /** any input: the rotation stops and the idle time starts again */
  interact(): void;
  /** while blocked (autorotateAllowed false) it never rotates; unblocked, the idle time starts from now */
  setBlocked(blocked: boolean): void;
  readonly rotating: boolean;
  dispose(): void;
}

/**
 * The idle timer behind the autorotation: `onChange(true)` once `idleMs` passed without input while not blocked,
 * `onChange(false)` when input or a block stops it. Starts blocked. The timer functions are injectable for tests.
 */
export function idleRotation(options: {
  idleMs?: number;
  onChange: (rotating: boolean) => void;
  timers?: { setTimeout: (fn: () => void, ms: number) => unknown; clearTimeout: (handle: unknown) => void };
}): IdleRotation {
  const idleMs = options.idleMs ?? AUTOROTATE.idleMs;
  const timers = options.timers ?? { setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms), clearTimeout: (h: unknown) => clearTimeout(h as ReturnType<typeof setTimeout>) };
  let blocked = true;
  let rotating = false;
  let timer: unknown = null;
  const clear = () => {
    if (timer !== null) timers.clearTimeout(timer);
    timer = null;
  };
  const stop = () => {
    if (!rotating) return;
    rotating = false;
    options.onChange(false);
  };
  const wait = () => {
    clear();
    if (blocked) return;
    timer = timers.setTimeout(() => {
      timer = null;
      if (blocked || rotating) return;
      rotating = true;
      options.onChange(true);
    }, idleMs);
  };
  return {
    interact() {
      stop();
      wait();
    },
    setBlocked(next) {
      if (next === blocked) return;
      blocked = next;
      stop();
      wait();
    },
    get rotating() {
      return rotating;
    },
    dispose() {
      clear();
      blocked = true;
      rotating = false;
    },
  };
}
