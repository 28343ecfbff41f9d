import { z } from 'zod';
import { User } from '#db/models/index';
import { isLanguage, type Language } from '~/lib/language';
import { inTransaction, type ServiceContext } from '../../context.server';
import { hashPassword } from '../../auth/password.server';
import { recordLoginFailure, throttleWait } from '../../auth/throttle.server';
import { ACCOUNT_TOKEN_TTL_SECONDS, consumeAccountToken, issueAccountToken } from '../../auth/tokens.server';
import { enqueueMail, notifyOutbox } from '../../mail/outbox.server';
import { activationMail } from '../../mail/account-mail.server';
import { DomainError, type FieldError } from '../errors';
import { isUniqueViolation } from '../slugs';
import {
  findUserByEmail,
  linkWith,
  mailLinkBase,
  normalizeEmail,
  passwordErrors,
  throwIfAny,
} from './common';

export interface RegisterInput {
  email: string;
  password: string;
  firstName?: string | null;
  lastName?: string | null;
  defaultLanguage?: string | null;
}

const NAME_MAX = 150;

function nameErrors(ctx: ServiceContext, input: { firstName?: string | null; lastName?: string | null }): FieldError[] {
  const errors: FieldError[] = [];
  for (const field of ['firstName', 'lastName'] as const) {
    const value = input[field]?.trim() ?? '';
    if (!value) errors.push({ code: 'REQUIRED', field, message: ctx.t('validation:required') });
    else if (value.length > NAME_MAX) {
      errors.push({ code: 'INVALID', field, message: ctx.t('validation:maxLength', { max: NAME_MAX }) });
    }
  }
  return errors;
}

/**
 * Registers an inactive user and mails the activation link (in the chosen language) to
 * `${redirectUrl or PUBLIC_URL/activate-account}?email=...&token=...`. The mail is written in the same
 * transaction and sent after commit.
 */
export async function accountRegister(
  ctx: ServiceContext,
  input: RegisterInput,
  redirectUrl?: string | null,
): Promise<{ userId: string; email: string }> {
  const email = normalizeEmail(input.email ?? '');
  const errors: FieldError[] = [];
  if (!email) errors.push({ code: 'REQUIRED', field: 'email', message: ctx.t('validation:required') });
  else if (!z.string().email().max(254).safeParse(email).success) {
    errors.push({ code: 'INVALID', field: 'email', message: ctx.t('validation:email') });
  }
  errors.push(...nameErrors(ctx, input));
  const languageValue = input.defaultLanguage?.trim().toUpperCase() || ctx.language;
  if (!isLanguage(languageValue)) {
    errors.push({
      code: 'INVALID',
      field: 'defaultLanguage',
      message: ctx.t('errors:invalidLanguage', { value: input.defaultLanguage }),
    });
  }
  const language: Language = isLanguage(languageValue) ? languageValue : ctx.language;
  errors.push(...passwordErrors(ctx, input.password ?? '', { email, firstName: input.firstName, lastName: input.lastName }));
  const linkBase = mailLinkBase(ctx, redirectUrl, '/activate-account');
  if (!errors.some((e) => e.field === 'email') && (await findUserByEmail(ctx.db, email))) {
    errors.unshift({ code: 'EMAIL_EXISTS', field: 'email', message: ctx.t('auth:emailExists') });
  }
  throwIfAny(errors);

  const passwordHash = await hashPassword(input.password);
  const firstName = input.firstName!.trim();
  try {
    const userId = await inTransaction(ctx, async (tx) => {
      const user = await User.query(tx.db).insert({
        email,
        password_hash: passwordHash,
        first_name: firstName,
        last_name: input.lastName!.trim(),
        default_language: language,
        is_active: false,
      });
      const token = await issueAccountToken(tx.db, user.id, 'activation');
      const link = linkWith(linkBase, { email, token });
      const days = ACCOUNT_TOKEN_TTL_SECONDS.activation / 86400;
      await enqueueMail(tx.db, { to: email, ...(await activationMail(language, firstName, link, days)) });
      return user.id;
    });
    notifyOutbox(ctx.app);
    return { userId, email };
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError('EMAIL_EXISTS', ctx.t('auth:emailExists'), 'email');
    throw error;
  }
}

/** Activates the account of the activation link. */
export async function confirmAccount(ctx: ServiceContext, email: string, token: string): Promise<{ userId: string }> {
  const user = await findUserByEmail(ctx.db, email ?? '');
  if (!user) throw new DomainError('NOT_FOUND', ctx.t('auth:noUserWithEmail'), 'email');
  if (user.is_active && user.email_confirmed_at) {
    throw new DomainError('INVALID', ctx.t('auth:alreadyActivated'), 'email');
  }
  await inTransaction(ctx, async (tx) => {
    if (!(await consumeAccountToken(tx.db, user.id, 'activation', token ?? ''))) {
      throw new DomainError('INVALID', ctx.t('auth:activationTokenInvalid'), 'token');
    }
    await User.query(tx.db).findById(user.id).patch({ is_active: true, email_confirmed_at: new Date() });
  });
  return { userId: user.id };
}

/**
 * Sends the activation mail again (a fresh link; the old one stops working) when the address belongs to an account
 * that was never activated. The answer is the same whether or not such an account exists; every request counts
 * against the login throttle's delays under keys of its own (per address and per IP), so it cannot be used to
 * flood a mailbox or to find out which addresses have accounts. THROTTLED while locked.
 */
export async function resendActivationMail(
  ctx: ServiceContext,
  rawEmail: string,
  options: { ip?: string | null; redirectUrl?: string | null } = {},
): Promise<void> {
  const email = normalizeEmail(rawEmail ?? '');
  if (!email) throw new DomainError('REQUIRED', ctx.t('validation:required'), 'email');
  if (!z.string().email().max(254).safeParse(email).success) throw new DomainError('INVALID', ctx.t('validation:email'), 'email');
  const linkBase = mailLinkBase(ctx, options.redirectUrl, '/activate-account');
  const keys = { account: `activation-mail:${email}`, ip: options.ip ? `activation-mail:${options.ip}` : null };
  const wait = await throttleWait(ctx.db, keys);
  if (wait > 0) throw new DomainError('THROTTLED', ctx.t('errors:throttled', { seconds: wait }));
  await recordLoginFailure(ctx.db, keys);
  const user = await findUserByEmail(ctx.db, email);
  if (!user || user.is_active || user.email_confirmed_at) return;
  await inTransaction(ctx, async (tx) => {
    const token = await issueAccountToken(tx.db, user.id, 'activation');
    const link = linkWith(linkBase, { email: user.email, token });
    const days = ACCOUNT_TOKEN_TTL_SECONDS.activation / 86400;
    await enqueueMail(tx.db, { to: user.email, ...(await activationMail(user.default_language, user.first_name, link, days)) });
  });
  notifyOutbox(ctx.app);
}
