import type { Language } from './language';

/**
 * Pure rules of the programme (spec 000 point 4 "Programme", spec 001 point 9): shared by the service that
 * builds it and the panel that keeps it current in the browser between two refreshes.
 */

/** The programme list is fetched again this often (spec 001 point 9). */
export const PROGRAMME_REFRESH_MS = 30_000;
/** The current-time line moves this often (spec 001 point 9). */
export const NOW_LINE_MS = 1_000;

export interface TimedEntry {
  startsAt: string;
  endsAt: string;
}

const time = (value: string | Date) => (value instanceof Date ? value.getTime() : Date.parse(value));

/** Only entries ending in the future are listed. */
export const isUpcoming = (entry: TimedEntry, now: Date | number): boolean => time(entry.endsAt) > Number(now);

/** An entry that has started and not yet ended is live. */
export const isLive = (entry: TimedEntry, now: Date | number): boolean =>
  time(entry.startsAt) <= Number(now) && isUpcoming(entry, now);

/** The entries still to come or running at `now`, by start time. */
export function upcomingEntries<E extends TimedEntry>(entries: readonly E[], now: Date | number): E[] {
  return entries.filter((entry) => isUpcoming(entry, now)).sort((a, b) => time(a.startsAt) - time(b.startsAt));
}

/**
 * Where the current-time line goes in a list of upcoming entries (sorted by start): after the entries that have
 * started, before those still to begin.
 */
export function nowLineIndex(entries: readonly TimedEntry[], now: Date | number): number {
  const index = entries.findIndex((entry) => time(entry.startsAt) > Number(now));
  return index === -1 ? entries.length : index;
}

export interface TranslatedText {
  language: Language;
  title: string;
  description: string;
}

/**
 * A text field in the visitor's language, else in the other language, else null (the page then shows its
 * fallback text, spec 001 point 8). Blank texts count as missing.
 */
export function textIn(translations: readonly TranslatedText[], language: Language, field: 'title' | 'description'): string | null {
  const own = translations.find((tr) => tr.language === language)?.[field].trim();
  if (own) return own;
  const other = translations.find((tr) => tr.language !== language && tr[field].trim());
  return other ? other[field].trim() : null;
}

export interface StageWithEntries<E extends TimedEntry> {
  slug: string;
  entries: E[];
}

/**
 * What the programme panel shows at `now`: each stage's upcoming talks, the stages that still have talks, the one
 * shown (the visitor's choice, else a stage with a talk under way, else the first with talks) and whether the
 * stage selector appears (only when more than one stage has upcoming talks).
 */
export function programmeAt<E extends TimedEntry, S extends StageWithEntries<E>>(
  stages: readonly S[],
  now: Date | number,
  choice: string | null,
): { withTalks: S[]; shown: S | undefined; selector: boolean } {
  const withTalks = stages.map((stage) => ({ ...stage, entries: upcomingEntries(stage.entries, now) })).filter((stage) => stage.entries.length > 0);
  const shown =
    withTalks.find((stage) => stage.slug === choice) ??
    withTalks.find((stage) => stage.entries.some((entry) => isLive(entry, now))) ??
    withTalks[0];
  return { withTalks, shown, selector: withTalks.length > 1 };
}
