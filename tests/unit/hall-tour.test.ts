import { describe, expect, it } from 'vitest';
import { parseTourIndex, tourHref, tourProgress } from '~/components/visitor/hall-tour';

describe('hall tour (spec 000 point 4)', () => {
  const hall = '/convention/messe/hall/nord';
  const stands = ['alpha', 'beta', 'gamma', 'delta'];

  it('progress is the step index divided by the number of stands, in percent', () => {
    expect(tourProgress(0, 4)).toBe(0);
    expect(tourProgress(1, 4)).toBe(25);
    expect(tourProgress(3, 4)).toBe(75);
    expect(tourProgress(4, 4)).toBe(100);
    expect(tourProgress(1, 3)).toBe(33);
    expect(tourProgress(2, 0)).toBe(0);
  });

  it('steps 1..n open that stand with the index; after the last the hall says the tour is complete; before the first it is the hall page', () => {
    expect(tourHref(hall, stands, 1)).toBe(`${hall}/stand/alpha?tour=1`);
    expect(tourHref(hall, stands, 4)).toBe(`${hall}/stand/delta?tour=4`);
    // "back" on the first stand: the hall page, where the tour can be continued (nothing is reset)
    expect(tourHref(hall, stands, 0)).toBe(hall);
    expect(tourHref(hall, stands, 5)).toBe(`${hall}?tour=done`);
  });

  it('reads the position from the query: no tour, a valid step, done, or 0 (left) for anything else', () => {
    expect(parseTourIndex(null, 4)).toBeNull();
    expect(parseTourIndex('2', 4)).toBe(2);
    expect(parseTourIndex('done', 4)).toBe('done');
    expect(parseTourIndex('done', 0)).toBe(0);
    expect(parseTourIndex('end', 4)).toBe(0);
    expect(parseTourIndex('0', 4)).toBe(0);
    expect(parseTourIndex('5', 4)).toBe(0);
    expect(parseTourIndex('-1', 4)).toBe(0);
  });
});
