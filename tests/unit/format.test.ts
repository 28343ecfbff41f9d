import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDateValue, formatTime, LOCAL_TIME_ZONE, type DateFormat } from '~/lib/format';

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

  it('formats the short date and time of a second line without the year', () => {
    expect(formatDateValue(instant, 'shortDateTime', 'DE', 'Europe/Berlin')).toBe('24.12., 15:05');
    expect(formatDateValue(instant, 'shortDateTime', 'EN', 'Europe/Berlin')).toBe('24/12, 15:05');
    expect(formatDateValue(instant, 'shortDateTime', 'EN', 'Asia/Tokyo')).toBe('24/12, 23:05');
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

describe('the event zone and the visitor own zone without Intl (issue 26)', () => {
  const formatters = new Map<string, Intl.DateTimeFormat>();
  const intl = (date: Date, format: DateFormat, language: 'DE' | 'EN', timeZone?: string) => {
    const key = `${format}|${language}|${timeZone}`;
    if (!formatters.has(key)) {
      formatters.set(
        key,
        new Intl.DateTimeFormat(language === 'DE' ? 'de-DE' : 'en-GB', {
          ...(format === 'time' ? {} : { day: '2-digit', month: '2-digit', ...(format === 'shortDateTime' ? {} : { year: 'numeric' }) }),
          ...(format === 'date' ? {} : { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
          timeZone,
        } as Intl.DateTimeFormatOptions),
      );
    }
    return formatters.get(key)!.format(date);
  };
  // loops over decades: seconds of work on a busy machine (a guard, not a measure)
  const LONG = 60_000;

  it('writes Europe/Berlin as Intl does for every hour from 1996 to 2045', () => {
    const mismatches: string[] = [];
    const intlDe = new Intl.DateTimeFormat('de-DE', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'Europe/Berlin' });
    for (let t = Date.UTC(1996, 0, 1); t < Date.UTC(2046, 0, 1); t += 3_600_000) {
      const date = new Date(t);
      const ours = formatDateTime(date, 'DE', 'Europe/Berlin');
      if (ours !== intlDe.format(date)) mismatches.push(`${date.toISOString()}: ${ours}`);
    }
    expect(mismatches).toEqual([]);
  }, LONG);

  it('changes the clocks at the minute Intl does, in both languages and all formats', () => {
    const mismatches: string[] = [];
    for (let year = 1996; year <= 2045; year += 1) {
      for (const month of [2, 9]) {
        // the last Sunday of the month, from 00:00 to 02:00 UTC (the clocks change at 01:00 UTC), minute by minute
        const last = new Date(Date.UTC(year, month + 1, 0));
        const sunday = Date.UTC(year, month, last.getUTCDate() - last.getUTCDay());
        for (let t = sunday; t <= sunday + 2 * 3_600_000; t += 60_000) {
          const date = new Date(t);
          for (const language of ['DE', 'EN'] as const) {
            for (const format of ['dateTime', 'date', 'time', 'shortDateTime'] as const) {
              const ours = formatDateValue(date, format, language, 'Europe/Berlin');
              if (ours !== intl(date, format, language, 'Europe/Berlin')) mismatches.push(`${date.toISOString()} ${language} ${format}: ${ours}`);
            }
          }
        }
      }
    }
    expect(mismatches).toEqual([]);
  }, LONG);

  it('leaves years outside the rule and other zones to Intl, with the same text', () => {
    for (const iso of ['1985-09-29T00:30:00Z', '1979-07-01T12:00:00Z', '2101-03-27T01:30:00Z', '0999-06-01T12:00:00Z']) {
      const date = new Date(iso);
      expect(formatDateTime(date, 'DE', 'Europe/Berlin')).toBe(intl(date, 'dateTime', 'DE', 'Europe/Berlin'));
    }
    expect(formatDateTime(instant, 'EN', 'Asia/Tokyo')).toBe(intl(new Date(instant), 'dateTime', 'EN', 'Asia/Tokyo'));
  });

  it('writes the local zone (LOCAL_TIME_ZONE and no zone) as Intl writes the runtime zone, abroad too', () => {
    const zoneBefore = process.env.TZ;
    try {
      for (const zone of ['UTC', 'America/New_York', 'Asia/Kolkata', 'Australia/Lord_Howe', 'Europe/Berlin']) {
        process.env.TZ = zone;
        const mismatches: string[] = [];
        for (let t = Date.UTC(2025, 0, 1); t < Date.UTC(2027, 0, 1); t += 3_600_000 * 7 + 60_000 * 13) {
          const date = new Date(t);
          for (const language of ['DE', 'EN'] as const) {
            const expected = intl(date, 'dateTime', language, zone);
            if (formatDateValue(date, 'dateTime', language, LOCAL_TIME_ZONE) !== expected) mismatches.push(`${zone} ${date.toISOString()} ${language}`);
            if (formatDateValue(date, 'shortDateTime', language, LOCAL_TIME_ZONE) !== intl(date, 'shortDateTime', language, zone)) mismatches.push(`${zone} ${date.toISOString()} ${language} (short)`);
            if (formatDateValue(date, 'dateTime', language) !== expected) mismatches.push(`${zone} ${date.toISOString()} ${language} (no zone)`);
          }
        }
        expect(mismatches).toEqual([]);
      }
    } finally {
      if (zoneBefore === undefined) delete process.env.TZ;
      else process.env.TZ = zoneBefore;
    }
  }, LONG);

  it('creates no Intl.DateTimeFormat for the event zone or the local one', () => {
    const original = Intl.DateTimeFormat;
    let created = 0;
    const counting = function (this: unknown, ...args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
      created += 1;
      return new original(...args);
    } as unknown as typeof Intl.DateTimeFormat;
    Intl.DateTimeFormat = counting;
    try {
      formatDateTime('2031-05-05T05:05:00Z', 'EN', 'Europe/Berlin');
      formatTime('2031-05-05T05:05:00Z', 'DE', LOCAL_TIME_ZONE);
      formatDate('2031-05-05T05:05:00Z', 'DE');
      expect(created).toBe(0);
      formatTime('2031-05-05T05:05:00Z', 'DE', 'Asia/Seoul');
      expect(created).toBe(1);
    } finally {
      Intl.DateTimeFormat = original;
    }
  });
});
