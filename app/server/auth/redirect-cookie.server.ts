import { createCookie } from '@remix-run/node';
import { safeNext } from '~/server/guards.server';

/**
 * The remembered target after login (spec 001 point 9: `redirectAfterLoggingIn`). The original kept it in local
 * storage; an httpOnly cookie works without JavaScript and is out of reach of scripts. Same-site paths only.
 */
export const redirectAfterLoggingIn = createCookie('redirectAfterLoggingIn', {
  path: '/',
  httpOnly: true,
  sameSite: 'lax',
  maxAge: 60 * 60,
});

export async function readRedirectAfterLoggingIn(request: Request): Promise<string | null> {
  const value = await redirectAfterLoggingIn.parse(request.headers.get('cookie'));
  return typeof value === 'string' ? safeNext(value, '') || null : null;
}

export const clearRedirectAfterLoggingIn = () => redirectAfterLoggingIn.serialize('', { maxAge: 0 });
