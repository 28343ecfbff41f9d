import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTOROTATE, autorotateAllowed, autorotateView, idleRotation, type AutorotateConditions } from '~/lib/virtual-rooms/controls';

/** Autorotation on idle in the room viewer (issue 24 item 17): the pure parts, with fake timers. */
describe('autorotateView', () => {
  const view = { azimuthalAngle: 0.5, polarAngle: 1.2, focalLength: 40 };

  it('turns the azimuth alone, to the right, by the speed times the time', () => {
    const next = autorotateView(view, 100, 3);
    expect(next.azimuthalAngle).toBeCloseTo(0.5 - (0.3 * Math.PI) / 180, 9);
    expect(next.polarAngle).toBe(1.2);
    expect(next.focalLength).toBe(40);
  });

  it('counts at most 100 ms of one frame (a tab back from the background does not jump) and never turns back', () => {
    expect(autorotateView(view, 5000, 3).azimuthalAngle).toBeCloseTo(autorotateView(view, 100, 3).azimuthalAngle, 9);
    expect(autorotateView(view, -50).azimuthalAngle).toBe(0.5);
    expect(autorotateView(view, Number.NaN).azimuthalAngle).toBe(0.5);
  });

  it('wraps around past -π', () => {
    const next = autorotateView({ ...view, azimuthalAngle: -Math.PI + 0.001 }, 100, 3);
    expect(next.azimuthalAngle).toBeGreaterThan(3);
  });
});

describe('autorotateAllowed', () => {
  const free: AutorotateConditions = { ready: true, reducedMotion: false, paused: false, editing: false, hotspotFocused: false, gyro: false, touring: false };
  it('only when the view is ready and nothing holds it', () => {
    expect(autorotateAllowed(free)).toBe(true);
    for (const key of ['reducedMotion', 'paused', 'editing', 'hotspotFocused', 'gyro', 'touring'] as const) {
      expect(autorotateAllowed({ ...free, [key]: true }), key).toBe(false);
    }
    expect(autorotateAllowed({ ...free, ready: false })).toBe(false);
  });
});

describe('idleRotation', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const setup = () => {
    const changes: boolean[] = [];
    const idle = idleRotation({ idleMs: 1000, onChange: (rotating) => changes.push(rotating) });
    return { idle, changes };
  };

  it('starts rotating once the idle time passed after it was unblocked', () => {
    const { idle, changes } = setup();
    idle.setBlocked(false);
    vi.advanceTimersByTime(999);
    expect(idle.rotating).toBe(false);
    vi.advanceTimersByTime(1);
    expect(idle.rotating).toBe(true);
    expect(changes).toEqual([true]);
  });

  it('starts blocked: never rotates until unblocked', () => {
    const { idle, changes } = setup();
    vi.advanceTimersByTime(10_000);
    expect(changes).toEqual([]);
    idle.interact();
    vi.advanceTimersByTime(10_000);
    expect(changes).toEqual([]);
  });

  it('any input stops it and the idle time starts again', () => {
    const { idle, changes } = setup();
    idle.setBlocked(false);
    vi.advanceTimersByTime(1000);
    idle.interact();
    expect(idle.rotating).toBe(false);
    vi.advanceTimersByTime(600);
    idle.interact();
    vi.advanceTimersByTime(600);
    expect(idle.rotating).toBe(false);
    vi.advanceTimersByTime(400);
    expect(idle.rotating).toBe(true);
    expect(changes).toEqual([true, false, true]);
  });

  it('a block (a focused hotspot, the pause button, reduced motion) stops it at once and keeps it still', () => {
    const { idle, changes } = setup();
    idle.setBlocked(false);
    vi.advanceTimersByTime(1000);
    idle.setBlocked(true);
    expect(idle.rotating).toBe(false);
    vi.advanceTimersByTime(10_000);
    idle.interact();
    vi.advanceTimersByTime(10_000);
    expect(changes).toEqual([true, false]);
    idle.setBlocked(false);
    vi.advanceTimersByTime(1000);
    expect(changes).toEqual([true, false, true]);
  });

  it('dispose clears its timer', () => {
    const { idle, changes } = setup();
    idle.setBlocked(false);
    idle.dispose();
    vi.advanceTimersByTime(10_000);
    expect(changes).toEqual([]);
  });

  it('waits AUTOROTATE.idleMs by default', () => {
    const changes: boolean[] = [];
    const idle = idleRotation({ onChange: (r) => changes.push(r) });
    idle.setBlocked(false);
    vi.advanceTimersByTime(AUTOROTATE.idleMs - 1);
    expect(changes).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(changes).toEqual([true]);
  });
});
