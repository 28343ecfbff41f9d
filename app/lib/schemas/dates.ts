import { z } from 'zod';
import { mismatch } from '~/lib/validation-messages';

/**
 * The years a date of ours may fall in. JavaScript takes dates up to +275760, PostgreSQL fails on some of them
 * and nobody plans a fair in the year 9999: anything outside is a field error (INVALID) in both doors.
 */
export const DATE_RANGE = { minYear: 1900, maxYear: 2200 } as const;

export function isDateInRange(date: Date): boolean {
  const year = date.getUTCFullYear();
  return !Number.isNaN(date.getTime()) && year >= DATE_RANGE.minYear && year <= DATE_RANGE.maxYear;
}

/** A date (ISO string from a form or GraphQL, or a Date) within DATE_RANGE. */
export const dateInRange = z.coerce.date().refine(isDateInRange, mismatch('date'));
