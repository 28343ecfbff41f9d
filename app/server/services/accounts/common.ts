import type { Db } from '#db/connection';
import { User } from '#db/models/index';
import type { ServiceContext } from '../../context.server';
import type { Env } from '../../env.server';
import { passwordProblems, type PasswordUserAttributes } from '../../auth/password-validation.server';
import { DomainError, type FieldError } from '../errors';

export const normalizeEmail = (email: string) => email.trim();

/** The account with this e-mail address (case-insensitive, as the unique index). */
export async function findUserByEmail(db: Db, email: string): Promise<User | undefined> {
  return User.query(db).whereRaw('lower(email) = lower(?)', [normalizeEmail(email)]).first();
}

/** The site's own origin: PUBLIC_URL, else the local server. */
export function publicBaseUrl(env: Env): URL {
  return new URL(env.PUBLIC_URL ?? `http://localhost:${env.PORT}`);
}

/**
 * The page a mail link points to: the caller's redirect URL when it is on our own site (relative paths allowed),
 * else `defaultPath`. Foreign hosts are refused so our mails never carry tokens to someone else's site.
 */
export function mailLinkBase(ctx: ServiceContext, redirectUrl: string | null | undefined, defaultPath: string): URL {
  const base = publicBaseUrl(ctx.app.env);
  if (!redirectUrl) return new URL(defaultPath, base);
  let url: URL;
  try {
    url = new URL(redirectUrl, base);
  } catch {
    throw new DomainError('INVALID', ctx.t('auth:invalidRedirectUrl'), 'redirectUrl');
  }
  if (url.origin !== base.origin) throw new DomainError('INVALID', ctx.t('auth:invalidRedirectUrl'), 'redirectUrl');
  return url;
}

export function linkWith(base: URL, params: Record<string, string>): string {
  const url = new URL(base);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.toString();
}

/** Every password rule, translated; all failures at once, on `field`. */
export function passwordErrors(
  ctx: ServiceContext,
  password: string,
  user: PasswordUserAttributes,
  field = 'password',
): FieldError[] {
  return passwordProblems(password, user).map((problem): FieldError => {
    switch (problem.code) {
      case 'PASSWORD_TOO_SHORT':
        return { code: problem.code, field, message: ctx.t('auth:passwordTooShort', { minLength: problem.minLength }) };
      case 'PASSWORD_TOO_SIMILAR':
        return {
          code: problem.code,
          field,
          message: ctx.t('auth:passwordTooSimilar', { attribute: ctx.t(`auth:similarityAttribute.${problem.attribute}`) }),
        };
      case 'PASSWORD_TOO_COMMON':
        return { code: problem.code, field, message: ctx.t('auth:passwordTooCommon') };
      case 'PASSWORD_ENTIRELY_NUMERIC':
        return { code: problem.code, field, message: ctx.t('auth:passwordEntirelyNumeric') };
    }
  });
}

export function throwIfAny(errors: FieldError[]): void {
  if (errors.length) throw DomainError.fromFieldErrors(errors);
}
