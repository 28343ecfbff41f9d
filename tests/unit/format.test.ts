import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDateValue, formatTime } from '~/lib/format';

// 24 Dec 2026, 14:05 UTC = 15:05 in Berlin (CET), 09:05 in New York (EST)
const instant = '2026-12-24T14:05:00Z';

describe('date formats per language', () => {
  it('formats full date and time', () => {
    expect(formatDateTime(instant, 'DE', 'Europe/Berlin')).toBe('24.12.2026, 15:05');
    expect(formatDateTime(instant, 'EN', 'Europe/Berlin')).toBe('24/12/2026, 15:05');
  });

  it('formats the date only', () => {
    expect(formatDate(instant, 'DE', 'Europe/Berlin')).toBe('24.12.2026');
    expect(formatDate(instant, 'EN', 'Europe/Berlin')).toBe('24/12/2026');
  });

  it('formats hour and minute on a 24-hour clock', () => {
    expect(formatTime(instant, 'DE', 'Europe/Berlin')).toBe('15:05');
    expect(formatTime(instant, 'EN', 'Europe/Berlin')).toBe('15:05');
    expect(formatTime('2026-07-01T00:30:00Z', 'EN', 'UTC')).toBe('00:30');
  });

  it('honours the time zone, including across midnight', () => {
    expect(formatTime(instant, 'DE', 'America/New_York')).toBe('09:05');
    expect(formatDate('2026-12-24T23:30:00Z', 'DE', 'Europe/Berlin')).toBe('25.12.2026');
    expect(formatDate('2026-12-24T23:30:00Z', 'DE', 'UTC')).toBe('24.12.2026');
  });

  it('accepts Date objects and timestamps and gives an empty string for invalid dates', () => {
    expect(formatDate(new Date(instant), 'DE', 'UTC')).toBe('24.12.2026');
    expect(formatDate(Date.parse(instant), 'EN', 'UTC')).toBe('24/12/2026');
    expect(formatDateValue('not a date', 'date', 'DE')).toBe('');
  });
});
