import { describe, expect, it } from 'vitest';
import { ownTimeRange } from '~/components/visitor/event-time';

// the line under an event's range in the visitor's own zone: one short line of a phone (issue 26, layout shift)
describe('ownTimeRange', () => {
  it('is null where the visitor reads the event zone clock', () => {
    expect(ownTimeRange('2026-11-30T09:00:00Z', '2026-11-30T10:00:00Z', 'EN', 'Europe/Berlin')).toBeNull();
    // Lisbon keeps UTC in winter: one hour behind Berlin, so not null there
    expect(ownTimeRange('2026-11-30T09:00:00Z', '2026-11-30T10:00:00Z', 'EN', 'Europe/Lisbon')).toBe('09:00 – 10:00');
  });

  it('gives the times alone on the same day and date as the event', () => {
    expect(ownTimeRange('2026-11-30T14:00:00Z', '2026-11-30T14:45:00Z', 'DE', 'America/New_York')).toBe('09:00 – 09:45');
  });

  it('gives day and month without the year where the date differs, once where the range stays on one day', () => {
    // 00:30-01:30 in Berlin on 30 Nov is 23:30 on 29 Nov to 00:30 on 30 Nov in London
    expect(ownTimeRange('2026-11-29T23:30:00Z', '2026-11-30T00:30:00Z', 'EN', 'Europe/London')).toBe('29/11, 23:30 – 30/11, 00:30');
    expect(ownTimeRange('2026-11-29T23:30:00Z', '2026-11-30T00:30:00Z', 'DE', 'Europe/London')).toBe('29.11., 23:30 – 30.11., 00:30');
    // 00:30-01:00 in Berlin is 18:30-19:00 of the day before in New York
    expect(ownTimeRange('2026-11-29T23:30:00Z', '2026-11-30T00:00:00Z', 'EN', 'America/New_York')).toBe('29/11, 18:30 – 19:00');
  });

  it('writes a fair of several days with day and month at both ends, short enough for a phone line', () => {
    const own = ownTimeRange('2026-12-01T08:00:00Z', '2026-12-03T17:00:00Z', 'DE', 'America/Los_Angeles');
    expect(own).toBe('01.12., 00:00 – 03.12., 09:00');
    expect(`(Ihre Zeit: ${own})`.length).toBeLessThanOrEqual(42);
  });
});
