import { parse } from 'cookie';

export const CONSENT_COOKIE = 'cookieConsent';
/** The cookie choice is kept 365 days (spec 001 point 9). */
export const CONSENT_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** The visitor's stored cookie choice: true, false, or null when they have not chosen yet. */
export function readConsent(cookieHeader: string | null): boolean | null {
  if (!cookieHeader) return null;
  const value = parse(cookieHeader)[CONSENT_COOKIE];
  return value === 'true' ? true : value === 'false' ? false : null;
}
