import { z } from 'zod';
import { User } from '#db/models/index';
import { conventionPath } from '~/lib/schemas/blind-matching';
import { inTransaction, type ServiceContext } from '../../context.server';
import { hashPassword } from '../../auth/password.server';
import { recordLoginFailure, throttleWait } from '../../auth/throttle.server';
import { ACCOUNT_TOKEN_TTL_SECONDS, consumeAccountToken, issueAccountToken } from '../../auth/tokens.server';
import { enqueueMail, notifyOutbox } from '../../mail/outbox.server';
import { blindMatchingLoginMail, blindMatchingMail } from '../../mail/blind-matching.server';
import { objectsOnPath } from '../access/index';
import { DomainError, isDomainError } from '../errors';
import { isUniqueViolation } from '../slugs';
import { findUserByEmail, linkWith, normalizeEmail, passwordErrors, publicBaseUrl, throwIfAny } from './common';

/** Where the set-password link of a blind-matching registration leads (`?email&token&convention`). */
export const BLIND_MATCHING_SET_PASSWORD_PATH = '/blind-matching/set-password';


/** The convention a blind-matching registration names (its slug), whatever its access type; NOT_FOUND else. */
export async function blindMatchingConvention(ctx: ServiceContext, slug: string): Promise<{ slug: string; title: string }> {
  const notFound = () => new DomainError('NOT_FOUND', ctx.t('auth:blindMatching.conventionNotFound'), 'convention');
  const value = slug.trim().toLowerCase();
  if (!value || value.length > 255 || value.includes('/')) throw notFound();
  try {
    const [convention] = await objectsOnPath(ctx, conventionPath(value));
    if (convention?.kind !== 'convention') throw notFound();
    return { slug: convention.slug, title: convention.title };
  } catch (error) {
    if (isDomainError(error) && error.code === 'NOT_FOUND') throw notFound();
    throw error;
  }
}

/** A blind-matching account that was never finished: created from an e-mail alone, no password, never confirmed. */
const isUnfinishedBlindAccount = (user: User) => !user.password_hash && !user.email_confirmed_at;

/**
 * Blind-matching registration (spec 000 point 3, 001 point 7: email, convention). A visitor gives only an e-mail
 * address on a convention's page. Without an account, an inactive one is created and a mail with a link to set a
 * password (which activates the account and leads into the convention) goes out; an unfinished blind account gets a
 * fresh link (the old one stops working); any other account gets a mail with a login link to the convention. The
 * answer is the same in every case (each path writes one transaction with one mail), and every request counts
 * against throttle keys of its own, per address and per client, so it can be used neither to probe for accounts nor
 * to flood a mailbox. REQUIRED/INVALID on `email`, NOT_FOUND on `convention`, THROTTLED while locked.
 */
export async function blindMatchingRegister(
  ctx: ServiceContext,
  input: { email: string; convention: string },
  options: { ip?: string | null } = {},
): Promise<void> {
  const email = normalizeEmail(input.email ?? '');
  if (!email) throw new DomainError('REQUIRED', ctx.t('validation:required'), 'email');
  if (!z.string().email().max(254).safeParse(email).success) throw new DomainError('INVALID', ctx.t('validation:email'), 'email');
  if (!String(input.convention ?? '').trim()) throw new DomainError('REQUIRED', ctx.t('validation:required'), 'convention');
  const convention = await blindMatchingConvention(ctx, String(input.convention));

  const keys = { account: `blind-matching:${email}`, ip: options.ip ? `blind-matching:${options.ip}` : null };
  const wait = await throttleWait(ctx.db, keys);
  if (wait > 0) throw new DomainError('THROTTLED', ctx.t('errors:throttled', { seconds: wait }));
  await recordLoginFailure(ctx.db, keys);

  const base = publicBaseUrl(ctx.app.env);
  const days = ACCOUNT_TOKEN_TTL_SECONDS.activation / 86400;
  const sendSetPasswordLink = async (tx: ServiceContext, user: Pick<User, 'id' | 'email' | 'default_language' | 'first_name'>) => {
    const token = await issueAccountToken(tx.db, user.id, 'activation');
    const link = linkWith(new URL(BLIND_MATCHING_SET_PASSWORD_PATH, base), { email: user.email, token, convention: convention.slug });
    await enqueueMail(tx.db, { to: user.email, ...(await blindMatchingMail(user.default_language, user.first_name, link, convention.title, days)) });
  };
  const sendLoginLink = async (tx: ServiceContext, user: User) => {
    const link = linkWith(new URL('/login', base), { next: conventionPath(convention.slug) });
    await enqueueMail(tx.db, { to: user.email, ...(await blindMatchingLoginMail(user.default_language, user.first_name, link, convention.title)) });
  };

  const existing = await findUserByEmail(ctx.db, email);
  try {
    await inTransaction(ctx, async (tx) => {
      if (existing) {
        if (isUnfinishedBlindAccount(existing)) await sendSetPasswordLink(tx, existing);
        else await sendLoginLink(tx, existing);
        return;
      }
      const user = await User.query(tx.db)
        .insert({ email, password_hash: null, default_language: ctx.language, is_active: false })
        .returning('*');
      await sendSetPasswordLink(tx, user);
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // the same address registered a moment ago: that request's mail is on its way; this one gets the login link
    const user = await findUserByEmail(ctx.db, email);
    if (user) await inTransaction(ctx, (tx) => sendLoginLink(tx, user));
  }
  notifyOutbox(ctx.app);
}

/**
 * The set-password step of a blind-matching registration: with the mail's token, sets the first password and
 * activates the account (the address is confirmed by the link). INVALID on `token` for a wrong, used or expired
 * link or an account that already has a password; the password rules apply.
 */
export async function blindMatchingSetPassword(
  ctx: ServiceContext,
  input: { email: string; token: string; password: string },
): Promise<{ userId: string }> {
  const invalidToken = () => new DomainError('INVALID', ctx.t('auth:activationTokenInvalid'), 'token');
  const user = await findUserByEmail(ctx.db, input.email ?? '');
  if (!user || !isUnfinishedBlindAccount(user)) throw invalidToken();
  throwIfAny(passwordErrors(ctx, input.password ?? '', { email: user.email, firstName: user.first_name, lastName: user.last_name }));
  const passwordHash = await hashPassword(input.password);
  await inTransaction(ctx, async (tx) => {
    if (!(await consumeAccountToken(tx.db, user.id, 'activation', input.token ?? ''))) throw invalidToken();
    const changed = await User.query(tx.db)
      .findById(user.id)
      .whereNull('password_hash')
      .patch({ password_hash: passwordHash, is_active: true, email_confirmed_at: new Date() });
    if (changed !== 1) throw invalidToken();
  });
  return { userId: user.id };
}
