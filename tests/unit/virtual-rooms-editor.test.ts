import { describe, expect, it } from 'vitest';
import { equirectOf } from '~/lib/virtual-rooms/geometry';
import { anglesFromDegrees, anglesToDegrees, directionOfPictureSpot, directionOfPoint, pictureSpotOf, pointFromDirection } from '~/lib/virtual-rooms/editor';

/** The room editor's conversions between typed degrees and stored radians / sphere points (issue 17). */
describe('virtual room editor angles', () => {
  it('turns typed degrees into the stored view and back', () => {
    const view = anglesFromDegrees(90, 45, 50);
    expect(view.azimuthalAngle).toBeCloseTo(Math.PI / 2, 10);
    expect(view.polarAngle).toBeCloseTo(Math.PI / 4, 10);
    expect(view.focalLength).toBe(50);
    expect(anglesToDegrees(view)).toEqual({ azimuth: 90, polar: 45, focal: 50 });
  });

  it('places a direction on the unit sphere as the viewer does (azimuth 0 along -z, positive to the left, y up)', () => {
    expect(pointFromDirection(0, 0)).toEqual({ x: 0, y: 0, z: -1 });
    const left = pointFromDirection(90, 0);
    expect(left.x).toBeCloseTo(-1, 10);
    expect(left.z).toBeCloseTo(0, 10);
    expect(pointFromDirection(0, 90).y).toBeCloseTo(1, 10);
    for (const [azimuth, elevation] of [
      [45, -10],
      [-135.5, 30],
      [179, 0],
    ] as const) {
      expect(directionOfPoint(pointFromDirection(azimuth, elevation))).toEqual({ azimuth, elevation });
    }
  });

  it('reads a click on the flat panorama as the viewer maps the picture', () => {
    expect(directionOfPictureSpot(0.5, 0.5)).toEqual({ azimuth: 0, elevation: 0 });
    expect(directionOfPictureSpot(0.25, 0.5)).toEqual({ azimuth: 90, elevation: 0 });
    expect(directionOfPictureSpot(0.75, 0.25)).toEqual({ azimuth: -90, elevation: 45 });
    for (const [u, v] of [
      [0.25, 0.5],
      [0.8, 0.3],
      [0.1, 0.9],
    ] as const) {
      const spot = equirectOf(pointFromDirection(directionOfPictureSpot(u, v).azimuth, directionOfPictureSpot(u, v).elevation));
      expect(spot.u).toBeCloseTo(u, 2);
      expect(spot.v).toBeCloseTo(v, 2);
      const back = pictureSpotOf(directionOfPictureSpot(u, v));
      expect(back.u).toBeCloseTo(u, 2);
    }
  });
});
