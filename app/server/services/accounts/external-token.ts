import { z } from 'zod';
import { User } from '#db/models/index';
import type { ServiceContext } from '../../context.server';
import { signExternalToken } from '../../auth/external-token.server';
import { loadViewer } from '../../viewer.server';
import { permissionDenied, requireViewer } from '../authz';
import { findUserByEmail, normalizeEmail } from './common';
import { mayGetExternalToken } from './policy';
import { DomainError } from '../errors';

const USERNAME_MAX = 150;

/** The id an external shop knows the user by (the auth token user's `shopuid`, spec 000 point 3): the user's id. */
export const shopUidOf = (user: Pick<User, 'id'>) => user.id;

export interface ExternalToken {
  token: string;
  expiresAt: Date;
  user: { id: string; email: string; shopuid: string };
}

/**
 * getJWTToken(username, email) (spec 001 point 7): a signed token of five minutes that identifies a user to an
 * external service of the organisation. For the viewer themself (no e-mail, or their own) or, by platform staff, for
 * the user with that e-mail (NOT_FOUND when there is none); anyone else asking about another address gets
 * PERMISSION_DENIED, whether or not the address has an account. `username` is the name the service shows (default:
 * the user's name, else the e-mail). UNAUTHENTICATED without a session or token.
 */
export async function getJWTToken(ctx: ServiceContext, input: { username?: string | null; email?: string | null }): Promise<ExternalToken> {
  const viewer = requireViewer(ctx);
  const email = normalizeEmail(input.email ?? '');
  const username = (input.username ?? '').trim();
  if (username.length > USERNAME_MAX) throw new DomainError('INVALID', ctx.t('validation:maxLength', { max: USERNAME_MAX }), 'username');
  if (email && !z.string().email().max(254).safeParse(email).success) throw new DomainError('INVALID', ctx.t('validation:email'), 'email');

  const forSelf = !email || email.toLowerCase() === viewer.email.toLowerCase();
  if (!mayGetExternalToken(viewer, forSelf)) throw permissionDenied(ctx);
  const user = forSelf ? await User.query(ctx.db).findById(viewer.userId) : await findUserByEmail(ctx.db, email);
  if (!user) throw new DomainError('NOT_FOUND', ctx.t('auth:noUserWithEmail'), 'email');
  if (!user.is_active) throw new DomainError('USER_NOT_ACTIVE', ctx.t('auth:userNotActive'), 'email');

  // the user's current organisation, as their own session would have it
  const subject = forSelf ? viewer : await loadViewer(ctx.db, user.id);
  const name = username || `${user.first_name} ${user.last_name}`.trim() || user.email;
  const { token, expiresAt } = await signExternalToken(ctx.app.env, {
    sub: user.id,
    email: user.email,
    username: name,
    shopuid: shopUidOf(user),
    org: subject?.organization?.id ?? null,
  });
  return { token, expiresAt, user: { id: user.id, email: user.email, shopuid: shopUidOf(user) } };
}
