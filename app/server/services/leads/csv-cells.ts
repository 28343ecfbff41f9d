import { isTelephone } from '~/lib/validation-messages';

/**
 * The one rule every cell of the leads CSV goes through, headers included (issue 24 item 3). A cell that a
 * spreadsheet would run as a formula (its first character is = + - @, a tab or a carriage return, or their
 * full-width forms, which some spreadsheets fold into the ASCII ones) gets an apostrophe in front, as OWASP's
 * "CSV injection" guidance says, and is quoted by the writer. A phone number ("+49 30 1234567": digits, spaces,
 * brackets, slashes and dashes only) cannot call a function, so it stays as it is and shows no apostrophe.
 */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

export function csvCell(value: string | null | undefined): string {
  const text = value ?? '';
  if (!FORMULA_START.test(text) || isTelephone(text)) return text;
  return `'${text}`;
}

/** Cells the writer quotes: line breaks, and every neutralised formula (the apostrophe then stays inside the quotes). */
export const CSV_QUOTED: RegExp[] = [/[\r\n]/, /^'[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/];

/**
 * The time zone of the export's dates. Organisations have no time zone of their own yet; the platform's fairs run in
 * Germany, so Europe/Berlin (documented in docs/decisions/018-leads.md).
 */
export const LEADS_CSV_TIME_ZONE = 'Europe/Berlin';

const dateParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: LEADS_CSV_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/**
 * A moment as "YYYY-MM-DD HH:mm:ss" in the export's time zone: Excel, LibreOffice and Google Sheets read it as a date
 * and time in German and English settings alike (an ISO string with "T" and "Z" stays text there). '' for none.
 */
export function csvDateTime(value: Date | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const part = Object.fromEntries(dateParts.formatToParts(date).map((p) => [p.type, p.value]));
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}:${part.second}`;
}
