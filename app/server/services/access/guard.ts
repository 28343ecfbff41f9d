import { isDomainError } from '../errors';

/**
 * What a page does when an object check fails (spec 001 point 6): NOT_FOUND is the 404 page; PERMISSION_DENIED sends a
 * logged-out visitor to /login?next= and a logged-in one to /token?next= (the key page; it also says when their
 * permission is suspended); any other error is ignored and the navigation continues.
 */
export type DeniedOutcome = 'not-found' | 'login' | 'token' | 'continue';

export function deniedOutcome(error: unknown, loggedIn: boolean): DeniedOutcome | null {
  if (!isDomainError(error)) return null;
  if (error.code === 'NOT_FOUND') return 'not-found';
  if (error.code === 'PERMISSION_DENIED') return loggedIn ? 'token' : 'login';
  return 'continue';
}
