import { describe, expect, it } from 'vitest';
import {
  DEFAULT_VIEW,
  FOCAL_LENGTH,
  PHONE_MAX_TEXTURE,
  anglesOf,
  clampView,
  directionOf,
  dragView,
  equirectOf,
  fovOf,
  interpolateView,
  pictureFor,
  projectPoint,
  sortByAngle,
  tourProgress,
  unprojectPoint,
  viewFacing,
  wrapAngle,
  zoomView,
} from '~/lib/virtual-rooms/geometry';
import { at } from '../fixtures/room-view';

const viewport = { width: 1200, height: 600 };
const close = (a: number, b: number, digits = 6) => expect(a).toBeCloseTo(b, digits);

describe('virtual room viewer geometry (issue 17)', () => {
  it('azimuth 0 on the horizon looks along -z, azimuth π/2 to the left (-x), polar 0 straight up', () => {
    const ahead = directionOf(0, Math.PI / 2);
    close(ahead.x, 0);
    close(ahead.y, 0);
    close(ahead.z, -1);
    const left = directionOf(Math.PI / 2, Math.PI / 2);
    close(left.x, -1);
    close(left.z, 0);
    close(directionOf(1, 0).y, 1);
  });

  it('anglesOf inverts directionOf', () => {
    for (const [az, polar] of [
      [0.4, 1.2],
      [-2.9, 0.3],
      [3, 2.9],
    ]) {
      const back = anglesOf(directionOf(az, polar));
      close(back.azimuthalAngle, az);
      close(back.polarAngle, polar);
    }
  });

  it('wraps angles into [-π, π) and clamps polar angle and focal length', () => {
    close(wrapAngle(3 * Math.PI), -Math.PI);
    close(wrapAngle(-0.5), -0.5);
    const v = clampView({ azimuthalAngle: 7, polarAngle: -1, focalLength: 500 });
    close(v.azimuthalAngle, 7 - 2 * Math.PI);
    expect(v.polarAngle).toBeGreaterThan(0);
    expect(v.focalLength).toBe(FOCAL_LENGTH.max);
    expect(clampView({ ...DEFAULT_VIEW, focalLength: 1 }).focalLength).toBe(FOCAL_LENGTH.min);
  });

  it("turns the focal length into three's vertical field of view (35 mm film gauge)", () => {
    // landscape canvas: film height 35 / aspect
    close(fovOf(35, 2), (2 * Math.atan(0.5 * 17.5 / 35) * 180) / Math.PI);
    // portrait canvas: the full gauge is the film height
    close(fovOf(35, 0.5), (2 * Math.atan(0.5) * 180) / Math.PI);
    expect(fovOf(18, 1.5)).toBeGreaterThan(fovOf(120, 1.5));
  });

  it('projects the point looked at to the centre of the canvas and hides points behind the camera', () => {
    const view = { azimuthalAngle: 0.7, polarAngle: 1.3, focalLength: 35 };
    const centre = projectPoint(directionOf(0.7, 1.3), view, viewport);
    expect(centre).not.toBeNull();
    close(centre!.left, 600, 3);
    close(centre!.top, 300, 3);
    expect(centre!.visible).toBe(true);
    expect(projectPoint(directionOf(0.7 + Math.PI, Math.PI - 1.3), view, viewport)).toBeNull();
  });

  it('puts a point to the left of the view on the left half and a point above it on the upper half', () => {
    const view = { ...DEFAULT_VIEW };
    const left = projectPoint(at(0.2), view, viewport)!;
    expect(left.left).toBeLessThan(600);
    close(left.top, 300, 3);
    const up = projectPoint(at(0, Math.PI / 2 - 0.2), view, viewport)!;
    expect(up.top).toBeLessThan(300);
    // far to the side but in front: projected outside the canvas, not visible
    const side = projectPoint(at(1.5), view, viewport)!;
    expect(side.visible).toBe(false);
  });

  it('unprojectPoint inverts projectPoint (the editor places a point where it was clicked)', () => {
    const view = { azimuthalAngle: -1.1, polarAngle: 1.7, focalLength: 28 };
    for (const [left, top] of [
      [100, 80],
      [600, 300],
      [1150, 590],
    ]) {
      const point = unprojectPoint(left, top, view, viewport);
      close(Math.hypot(point.x, point.y, point.z), 1);
      const back = projectPoint(point, view, viewport)!;
      close(back.left, left, 3);
      close(back.top, top, 3);
    }
  });

  it('turns to face a point (a focused hotspot) keeping the focal length', () => {
    const v = viewFacing(at(2.2, 1.1), 50);
    close(v.azimuthalAngle, 2.2, 5);
    close(v.polarAngle, 1.1, 5);
    expect(v.focalLength).toBe(50);
  });

  it('orders hotspots from left to right as seen from the reference azimuth', () => {
    const points = [
      { id: 'right', ...at(-0.5) },
      { id: 'ahead', ...at(0) },
      { id: 'left', ...at(0.8) },
      { id: 'behind-left', ...at(3) },
      { id: 'behind-right', ...at(-3) },
    ];
    expect(sortByAngle(points, 0).map((p) => p.id)).toEqual(['behind-left', 'left', 'ahead', 'right', 'behind-right']);
    // from a view turned half round, "behind" is ahead
    expect(sortByAngle(points, Math.PI).map((p) => p.id)[0]).toBe('right');
  });

  it('drags, zooms and eases the view', () => {
    const dragged = dragView(DEFAULT_VIEW, 100, 0, viewport);
    expect(dragged.azimuthalAngle).toBeGreaterThan(0); // dragging right turns the view to the left
    expect(dragView(DEFAULT_VIEW, 0, 100, viewport).polarAngle).toBeLessThan(DEFAULT_VIEW.polarAngle);
    expect(zoomView(DEFAULT_VIEW, 2).focalLength).toBe(70);
    expect(zoomView(DEFAULT_VIEW, 100).focalLength).toBe(FOCAL_LENGTH.max);
    const from = { azimuthalAngle: 3, polarAngle: 1, focalLength: 30 };
    const to = { azimuthalAngle: -3, polarAngle: 2, focalLength: 60 };
    expect(interpolateView(from, to, 0)).toEqual(clampView(from));
    const end = interpolateView(from, to, 1);
    close(end.azimuthalAngle, -3);
    close(end.focalLength, 60);
    // the short way round crosses ±π, not 0
    expect(Math.abs(interpolateView(from, to, 0.5).azimuthalAngle)).toBeGreaterThan(3);
  });

  it('maps points onto the flat 2:1 panorama: azimuth 0 in the centre, left of it on the left', () => {
    const centre = equirectOf(at(0));
    close(centre.u, 0.5);
    close(centre.v, 0.5);
    expect(equirectOf(at(0.5)).u).toBeLessThan(0.5);
    close(equirectOf(at(Math.PI / 2)).u, 0.25);
    close(equirectOf(at(0, 0.0001)).v, 0, 3);
  });

  it('picks a panorama variant no wider than 2048 px on phones and what the screen needs elsewhere', () => {
    const picture = {
      url: '/files/x',
      width: 8192,
      height: 4096,
      sizes: [1024, 2048, 4096].map((width) => ({ width, url: `/files/x?w=${width}` })),
      poster: '/files/x?w=1024',
    };
    const phone = pictureFor(picture, { canvasWidth: 400, pixelRatio: 3, phone: true });
    expect(phone.width).toBeLessThanOrEqual(PHONE_MAX_TEXTURE);
    expect(phone.url).toBe('/files/x?w=2048');
    const small = pictureFor(picture, { canvasWidth: 150, pixelRatio: 1, phone: true });
    expect(small.url).toBe('/files/x?w=1024');
    const desktop = pictureFor(picture, { canvasWidth: 900, pixelRatio: 1, phone: false });
    expect(desktop.url).toBe('/files/x?w=4096');
    const limited = pictureFor(picture, { canvasWidth: 2400, pixelRatio: 2, phone: false, maxTextureSize: 4096 });
    expect(limited.width).toBe(4096);
    const huge = pictureFor(picture, { canvasWidth: 2400, pixelRatio: 2, phone: false });
    expect(huge.url).toBe('/files/x');
    // nothing under the cap: the poster
    expect(pictureFor({ ...picture, sizes: [] }, { canvasWidth: 400, pixelRatio: 1, phone: true }).url).toBe('/files/x?w=1024');
  });

  it('counts tour progress in percent of the steps', () => {
    expect(tourProgress(0, 4)).toBe(25);
    expect(tourProgress(3, 4)).toBe(100);
    expect(tourProgress(0, 0)).toBe(0);
  });
});
