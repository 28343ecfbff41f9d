import { describe, expect, it } from 'vitest';
import { fromLocalInput, toLocalInput } from './datetime';

describe('datetime-local values in Europe/Berlin', () => {
  it('reads winter and summer time', () => {
    expect(fromLocalInput('2026-01-15T10:00')?.toISOString()).toBe('2026-01-15T09:00:00.000Z');
    expect(fromLocalInput('2026-07-15T10:00')?.toISOString()).toBe('2026-07-15T08:00:00.000Z');
  });
  it('shows an instant in German time and round-trips', () => {
    expect(toLocalInput(new Date('2026-07-15T08:00:00Z'))).toBe('2026-07-15T10:00');
    expect(toLocalInput('2026-12-31T23:30:00Z')).toBe('2027-01-01T00:30');
    expect(toLocalInput(fromLocalInput('2026-03-29T01:59'))).toBe('2026-03-29T01:59');
  });
  it('moves a time skipped by the clock change forward, and refuses malformed values', () => {
    expect(toLocalInput(fromLocalInput('2026-03-29T02:30'))).toBe('2026-03-29T03:30');
    expect(fromLocalInput('')).toBeNull();
    expect(fromLocalInput('15.01.2026 10:00')).toBeNull();
    expect(toLocalInput(null)).toBe('');
  });
});
