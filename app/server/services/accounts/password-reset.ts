import { LoginThrottle, User } from '#db/models/index';
import { inTransaction, type ServiceContext } from '../../context.server';
import { hashPassword } from '../../auth/password.server';
import { ACCOUNT_TOKEN_TTL_SECONDS, consumeAccountToken, issueAccountToken } from '../../auth/tokens.server';
import { enqueueMail, notifyOutbox } from '../../mail/outbox.server';
import { passwordResetMail } from '../../mail/account-mail.server';
import { DomainError } from '../errors';
import { revokeAllCredentials } from './authentication';
import { findUserByEmail, linkWith, mailLinkBase, passwordErrors, throwIfAny } from './common';

/**
 * Mails a password reset link to `${redirectUrl or PUBLIC_URL/set-new-password}?email=...&token=...`.
 * An unknown address is NOT_FOUND with the spec's text ("Kein Benutzer mit dieser E-Mail-Adresse gefunden").
 */
export async function requestPasswordReset(
  ctx: ServiceContext,
  email: string,
  redirectUrl?: string | null,
): Promise<void> {
  const linkBase = mailLinkBase(ctx, redirectUrl, '/set-new-password');
  if (!email?.trim()) throw new DomainError('REQUIRED', ctx.t('validation:required'), 'email');
  const user = await findUserByEmail(ctx.db, email);
  if (!user) throw new DomainError('NOT_FOUND', ctx.t('auth:noUserWithEmail'), 'email');
  await inTransaction(ctx, async (tx) => {
    const token = await issueAccountToken(tx.db, user.id, 'password_reset');
    const link = linkWith(linkBase, { email: user.email, token });
    const minutes = ACCOUNT_TOKEN_TTL_SECONDS.password_reset / 60;
    await enqueueMail(tx.db, { to: user.email, ...(await passwordResetMail(user.default_language, user.first_name, link, minutes)) });
  });
  notifyOutbox(ctx.app);
}

/**
 * Sets a new password with the token of the reset mail. A wrong, used or expired token (or an unknown e-mail)
 * gives INVALID with the spec's text; the password rules apply. Every refresh token and session of the user ends.
 */
export async function setPassword(
  ctx: ServiceContext,
  input: { email: string; token: string; password: string },
): Promise<{ userId: string }> {
  const invalidToken = () => new DomainError('INVALID', ctx.t('auth:resetTokenInvalid'), 'token');
  const user = await findUserByEmail(ctx.db, input.email ?? '');
  if (!user) throw invalidToken();
  throwIfAny(
    passwordErrors(ctx, input.password ?? '', { email: user.email, firstName: user.first_name, lastName: user.last_name }),
  );
  const passwordHash = await hashPassword(input.password);
  await inTransaction(ctx, async (tx) => {
    if (!(await consumeAccountToken(tx.db, user.id, 'password_reset', input.token ?? ''))) throw invalidToken();
    await User.query(tx.db).findById(user.id).patch({ password_hash: passwordHash });
    await LoginThrottle.query(tx.db).where({ scope: 'account', key: user.email.toLowerCase() }).delete();
    await revokeAllCredentials(tx, user.id);
  });
  return { userId: user.id };
}
