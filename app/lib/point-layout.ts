/**
 * Where the points on a picture (the foyer's, a stand's) sit on a phone (issue 24 item 20): each is a 44×44 px
 * target, and two targets never overlap, so close points are pushed apart as little as needed. Pure, browser-safe;
 * unit-tested in tests/unit/point-layout.test.ts.
 */

/** A point's centre in px within the picture. */
export interface Spot {
  x: number;
  y: number;
}

/** A touch target's side in px (WCAG 2.5.5) and the free space kept between two targets. */
export const TARGET_SIZE = 44;
export const TARGET_GAP = 4;

const clamp = (value: number, min: number, max: number) => (max < min ? (min + max) / 2 : Math.min(max, Math.max(min, value)));

/** Whether two targets of `size` px centred on these spots overlap (their boxes share more than an edge). */
export function overlaps(a: Spot, b: Spot, size = TARGET_SIZE): boolean {
  return Math.abs(a.x - b.x) < size - 1e-6 && Math.abs(a.y - b.y) < size - 1e-6;
}

/**
 * Spots for points given in percent of a picture of `width`×`height` px: inside the picture, targets of `size` px
 * at least `gap` px apart, each as near its point as it can be (pairs that are too close move apart along the
 * axis that needs the smaller move). Null when the picture is too small for them all (then the page lists them).
 */
export function spreadSpots(points: { x: number; y: number }[], width: number, height: number, size = TARGET_SIZE, gap = TARGET_GAP): Spot[] | null {
  if (points.length === 0) return [];
  if (!(width >= size) || !(height >= size)) return null;
  const half = size / 2;
  const fit = (s: Spot): Spot => ({ x: clamp(s.x, half, width - half), y: clamp(s.y, half, height - half) });
  const spots = points.map((p) => fit({ x: (p.x / 100) * width, y: (p.y / 100) * height }));
  const distance = size + gap;
  for (let round = 0; round < 400; round += 1) {
    let moved = false;
    for (let i = 0; i < spots.length; i += 1) {
      for (let j = i + 1; j < spots.length; j += 1) {
        const a = spots[i]!;
        const b = spots[j]!;
        const dx = b.x - a.x;
        const dy = b.y - a.y;
        const pushX = distance - Math.abs(dx);
        const pushY = distance - Math.abs(dy);
        if (pushX <= 1e-6 || pushY <= 1e-6) continue;
        moved = true;
        // the smaller move; ties and points on one spot go sideways, the earlier point to the left/top
        const alongX = pushX <= pushY;
        const push = (alongX ? pushX : pushY) / 2 + 0.01;
        const sign = (alongX ? dx : dy) < 0 ? -1 : 1;
        if (alongX) {
          spots[i] = fit({ x: a.x - sign * push, y: a.y });
          spots[j] = fit({ x: b.x + sign * push, y: b.y });
        } else {
          spots[i] = fit({ x: a.x, y: a.y - sign * push });
          spots[j] = fit({ x: b.x, y: b.y + sign * push });
        }
      }
    }
    if (!moved) return spots;
  }
  // against an edge the pairs may keep pushing each other back: accept the result only if it is free of overlaps
  for (let i = 0; i < spots.length; i += 1) for (let j = i + 1; j < spots.length; j += 1) if (overlaps(spots[i]!, spots[j]!, size)) return null;
  return spots;
}

/**
 * Where a sideways-scrolling picture starts (scrollLeft, px) so the visitor sees its points without scrolling:
 * all of them centred when they fit in the visible width, else the first point (in the points' order) near the
 * left with as many following ones as fit. `xs` are the points' centres in px, in their order.
 */
export function initialScrollLeft(xs: number[], contentWidth: number, visibleWidth: number, margin = TARGET_SIZE): number {
  const max = Math.max(0, contentWidth - visibleWidth);
  if (xs.length === 0 || max === 0) return 0;
  const min = Math.min(...xs);
  const last = Math.max(...xs);
  const start = last - min + 2 * margin <= visibleWidth ? (min + last) / 2 - visibleWidth / 2 : xs[0]! - margin;
  return Math.round(clamp(start, 0, max));
}
