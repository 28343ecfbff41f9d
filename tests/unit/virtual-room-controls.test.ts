import { describe, expect, it } from 'vitest';
import { canZoom, compassRotation, gyroView, headingDegrees, orientationLook, pinchFocalLength } from '~/lib/virtual-rooms/controls';
import { DEFAULT_VIEW, FOCAL_LENGTH } from '~/lib/virtual-rooms/geometry';

const close = (a: number, b: number, digits = 6) => expect(a).toBeCloseTo(b, digits);

describe('pinch zoom (issue 24 item 15)', () => {
  const start = { distance: 200, focalLength: 35 };

  it('follows the ratio of the fingers’ distance to the distance where the pinch began', () => {
    close(pinchFocalLength(start, 200), 35);
    close(pinchFocalLength(start, 300), 52.5);
    close(pinchFocalLength(start, 100), 18);
    close(pinchFocalLength(start, 240), 42);
  });

  it('depends on the distance alone: spreading and closing in any steps ends where the distance ends', () => {
    // the erratic old behaviour compounded per event; here a path of moves back to 260 px gives the same zoom
    const path = [210, 250, 290, 330, 300, 260];
    const values = path.map((d) => pinchFocalLength(start, d));
    close(values[values.length - 1]!, pinchFocalLength(start, 260));
  });

  it('is monotonic: a larger distance never zooms out, a smaller never zooms in', () => {
    let previous = -Infinity;
    for (let distance = 1; distance <= 2000; distance += 7) {
      const focal = pinchFocalLength(start, distance);
      expect(focal).toBeGreaterThanOrEqual(previous);
      previous = focal;
    }
  });

  it('stays within the viewer’s limits', () => {
    expect(pinchFocalLength(start, 10_000)).toBe(FOCAL_LENGTH.max);
    expect(pinchFocalLength(start, 1)).toBe(FOCAL_LENGTH.min);
    expect(pinchFocalLength({ distance: 200, focalLength: 500 }, 200)).toBe(FOCAL_LENGTH.max);
  });

  it('keeps the start when a distance is zero or not a number', () => {
    expect(pinchFocalLength({ distance: 0, focalLength: 40 }, 100)).toBe(40);
    expect(pinchFocalLength(start, 0)).toBe(35);
    expect(pinchFocalLength(start, Number.NaN)).toBe(35);
  });

  it('the zoom buttons know the limits', () => {
    expect(canZoom({ ...DEFAULT_VIEW, focalLength: FOCAL_LENGTH.max }, 1)).toBe(false);
    expect(canZoom({ ...DEFAULT_VIEW, focalLength: FOCAL_LENGTH.max }, -1)).toBe(true);
    expect(canZoom({ ...DEFAULT_VIEW, focalLength: FOCAL_LENGTH.min }, -1)).toBe(false);
    expect(canZoom(DEFAULT_VIEW, 1)).toBe(true);
  });
});

describe('gyroscope (issue 24 item 17)', () => {
  it('a phone lying flat looks down, held upright looks at the horizon, tilted back looks up', () => {
    close(orientationLook(0, 0, 0)!.polarAngle, Math.PI);
    close(orientationLook(0, 90, 0)!.polarAngle, Math.PI / 2);
    close(orientationLook(0, 135, 0)!.polarAngle, Math.PI / 4);
  });

  it('turning an upright phone to the right increases its bearing (alpha grows counter-clockwise)', () => {
    close(orientationLook(0, 90, 0)!.bearing, 0);
    close(orientationLook(-30, 90, 0)!.bearing, (30 * Math.PI) / 180);
    close(orientationLook(30, 90, 0)!.bearing, (-30 * Math.PI) / 180);
  });

  it('held in landscape (rolled by gamma), the back still points at the horizon', () => {
    const look = orientationLook(0, 0, -90)!;
    close(look.polarAngle, Math.PI / 2);
  });

  it('no angles, no look', () => {
    expect(orientationLook(null, 90, 0)).toBeNull();
    expect(orientationLook(0, Number.NaN, 0)).toBeNull();
  });

  it('the view turns by the change since steering began, to the right as the phone turns right', () => {
    const start = { view: { ...DEFAULT_VIEW, azimuthalAngle: 0.5 }, bearing: 1 };
    const view = gyroView(start, { bearing: 1.2, polarAngle: 1.2 });
    close(view.azimuthalAngle, 0.3);
    close(view.polarAngle, 1.2);
    expect(view.focalLength).toBe(DEFAULT_VIEW.focalLength);
  });
});

describe('compass (issue 24 item 17)', () => {
  it('the compass points back to the panorama’s middle and names the heading clockwise', () => {
    expect(compassRotation(DEFAULT_VIEW)).toBe(0);
    expect(compassRotation({ ...DEFAULT_VIEW, azimuthalAngle: Math.PI / 2 })).toBe(90);
    expect(headingDegrees({ ...DEFAULT_VIEW, azimuthalAngle: Math.PI / 2 })).toBe(270);
    expect(headingDegrees({ ...DEFAULT_VIEW, azimuthalAngle: -Math.PI / 2 })).toBe(90);
    expect(headingDegrees(DEFAULT_VIEW)).toBe(0);
  });
});
