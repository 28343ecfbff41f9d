import { describe, expect, it } from 'vitest';
import { isLive, isUpcoming, nowLineIndex, programmeAt, textIn, upcomingEntries } from '~/lib/programme';

const at = (minutes: number) => new Date(Date.UTC(2026, 4, 4, 10, minutes)).toISOString();
const talk = (start: number, end: number, id = `${start}`) => ({ id, startsAt: at(start), endsAt: at(end) });
const now = new Date(at(30));

describe('programme timing', () => {
  it('lists only talks ending after now, by start time', () => {
    const entries = [talk(40, 50), talk(0, 30, 'ended-now'), talk(-60, 0, 'over'), talk(20, 45, 'running')];
    expect(upcomingEntries(entries, now).map((e) => e.id)).toEqual(['running', '40']);
    expect(isUpcoming(talk(0, 30), now)).toBe(false);
  });

  it('marks a talk live from its start until its end', () => {
    expect(isLive(talk(30, 45), now)).toBe(true);
    expect(isLive(talk(20, 31), now)).toBe(true);
    expect(isLive(talk(31, 45), now)).toBe(false);
    expect(isLive(talk(0, 30), now)).toBe(false);
  });

  it('puts the current-time line after the started talks and before those still to come', () => {
    expect(nowLineIndex([talk(20, 45), talk(25, 40), talk(40, 50)], now)).toBe(2);
    expect(nowLineIndex([talk(40, 50), talk(60, 70)], now)).toBe(0);
    expect(nowLineIndex([talk(20, 45)], now)).toBe(1);
    expect(nowLineIndex([], now)).toBe(0);
  });
});

describe('textIn', () => {
  const de = { language: 'DE' as const, title: 'Eröffnung', description: '  ' };
  const en = { language: 'EN' as const, title: '', description: 'Welcome to the fair' };

  it("takes the visitor's language, else the other one, field by field", () => {
    expect(textIn([de, en], 'DE', 'title')).toBe('Eröffnung');
    expect(textIn([de, en], 'EN', 'title')).toBe('Eröffnung');
    expect(textIn([de, en], 'DE', 'description')).toBe('Welcome to the fair');
  });

  it('is null when no language has the text (the page shows its fallback)', () => {
    expect(textIn([], 'DE', 'title')).toBeNull();
    expect(textIn([{ ...de, title: ' ' }], 'EN', 'title')).toBeNull();
  });
});

describe('programmeAt (the panel at one moment)', () => {
  const main = { slug: 'main', entries: [talk(0, 30, 'over'), talk(40, 60, 'later')] };
  const forum = { slug: 'forum', entries: [talk(20, 50, 'running')] };
  const empty = { slug: 'empty', entries: [talk(-30, 10, 'long-over')] };

  it('offers the stage selector only when more than one stage has upcoming talks', () => {
    expect(programmeAt([main, forum, empty], now, null)).toMatchObject({ selector: true, withTalks: [{ slug: 'main' }, { slug: 'forum' }] });
    expect(programmeAt([main, empty], now, null)).toMatchObject({ selector: false, withTalks: [{ slug: 'main', entries: [{ id: 'later' }] }] });
    expect(programmeAt([empty], now, null)).toEqual({ selector: false, withTalks: [], shown: undefined });
  });

  it("shows the visitor's choice, else the stage with a talk under way, else the first with talks", () => {
    expect(programmeAt([main, forum], now, 'main').shown?.slug).toBe('main');
    expect(programmeAt([main, forum], now, null).shown?.slug).toBe('forum');
    expect(programmeAt([main, forum], now, 'empty').shown?.slug).toBe('forum');
    expect(programmeAt([main, forum], new Date(at(55)), null).shown?.slug).toBe('main');
    expect(programmeAt([main, { ...forum, entries: [talk(45, 50)] }], now, null).shown?.slug).toBe('main');
  });
});
