import { describe, expect, it } from 'vitest';
import { initialScrollLeft, overlaps, spreadSpots, TARGET_GAP, TARGET_SIZE } from '~/lib/point-layout';

/** The points on a picture on a phone (issue 24 item 20): 44 px targets that never overlap, and where a panorama starts. */
const noneOverlap = (spots: { x: number; y: number }[]) => {
  for (let i = 0; i < spots.length; i += 1) for (let j = i + 1; j < spots.length; j += 1) expect(overlaps(spots[i]!, spots[j]!), `${i} and ${j}`).toBe(false);
};
const inside = (spots: { x: number; y: number }[], width: number, height: number) => {
  for (const s of spots) {
    expect(s.x).toBeGreaterThanOrEqual(TARGET_SIZE / 2 - 1e-6);
    expect(s.x).toBeLessThanOrEqual(width - TARGET_SIZE / 2 + 1e-6);
    expect(s.y).toBeGreaterThanOrEqual(TARGET_SIZE / 2 - 1e-6);
    expect(s.y).toBeLessThanOrEqual(height - TARGET_SIZE / 2 + 1e-6);
  }
};

describe('spreadSpots', () => {
  it('leaves points that are apart where they are', () => {
    expect(spreadSpots([{ x: 10, y: 50 }, { x: 80, y: 50 }], 1000, 500)).toEqual([
      { x: 100, y: 250 },
      { x: 800, y: 250 },
    ]);
  });

  it('pushes close points apart just enough, along the axis that needs the smaller move', () => {
    const spots = spreadSpots([{ x: 50, y: 50 }, { x: 52, y: 51 }], 390, 195)!;
    noneOverlap(spots);
    // 2 % of 390 px is 7.8 px sideways, 1 % of 195 is 1.95 px down: they part sideways, keeping their height
    expect(spots[0]!.y).toBeCloseTo(97.5, 6);
    expect(spots[1]!.y).toBeCloseTo(99.45, 6);
    expect(spots[1]!.x - spots[0]!.x).toBeGreaterThanOrEqual(TARGET_SIZE + TARGET_GAP - 1e-6);
    expect(spots[1]!.x - spots[0]!.x).toBeLessThan(TARGET_SIZE + TARGET_GAP + 1);
    // centred on where they were
    expect((spots[0]!.x + spots[1]!.x) / 2).toBeCloseTo((195 + 202.8) / 2, 1);
  });

  it('the demo foyer on a 390 px phone (2:1, 358 × 179 px): five points, no overlaps, all inside', () => {
    // the anchors' region of the demo foyer: three portals in the back, the featured stand and the info desk
    const foyer = [
      { x: 30.1, y: 41.2 },
      { x: 50, y: 38.5 },
      { x: 69.9, y: 41.2 },
      { x: 62.4, y: 55.1 },
      { x: 44.8, y: 58.3 },
    ];
    const spots = spreadSpots(foyer, 358, 179)!;
    expect(spots).toHaveLength(5);
    noneOverlap(spots);
    inside(spots, 358, 179);
  });

  it('points on one spot and points on the edge end up inside and apart', () => {
    const spots = spreadSpots([{ x: 0, y: 0 }, { x: 0, y: 0 }, { x: 0, y: 0 }, { x: 100, y: 100 }, { x: 99, y: 99 }], 300, 150)!;
    noneOverlap(spots);
    inside(spots, 300, 150);
  });

  it('is null when the picture cannot hold the targets (the page lists the points instead)', () => {
    expect(spreadSpots(Array.from({ length: 12 }, () => ({ x: 50, y: 50 })), 100, 100)).toBeNull();
    expect(spreadSpots([{ x: 50, y: 50 }], 30, 30)).toBeNull();
    expect(spreadSpots([], 0, 0)).toEqual([]);
  });
});

describe('initialScrollLeft', () => {
  it('centres the points when they fit in the visible width', () => {
    expect(initialScrollLeft([448, 600, 650], 896, 358)).toBe(370);
  });
  it('the demo stand on a phone: its panorama 896 px wide, 358 px visible, points at 50 %, 71 % and 83 % start in view', () => {
    const xs = [448, 636, 744];
    const left = initialScrollLeft(xs, 896, 358);
    expect(left).toBe(404);
    expect(xs[0]! - TARGET_SIZE / 2).toBeGreaterThanOrEqual(left);
    expect(xs[0]! + TARGET_SIZE / 2).toBeLessThanOrEqual(left + 358);
  });
  it('starts at the first point when they do not fit', () => {
    expect(initialScrollLeft([600, 100, 1500], 2000, 400)).toBe(556);
  });
  it('stays within the scroll range and at 0 when nothing scrolls', () => {
    expect(initialScrollLeft([1990], 2000, 400)).toBe(1600);
    expect(initialScrollLeft([10], 2000, 400)).toBe(0);
    expect(initialScrollLeft([100, 200], 300, 400)).toBe(0);
    expect(initialScrollLeft([], 2000, 400)).toBe(0);
  });
});
