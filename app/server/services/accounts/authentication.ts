import type { Language } from '~/lib/language';
import type { ServiceContext } from '../../context.server';
import { JwtError, signAccessToken, verifyAccessToken, type AccessTokenClaims } from '../../auth/jwt.server';
import { hashPassword, verifyPassword } from '../../auth/password.server';
import { issueRefreshToken, revokeRefreshTokens, rotateRefreshToken } from '../../auth/refresh-tokens.server';
import { recordLoginFailure, recordLoginSuccess, throttleWait } from '../../auth/throttle.server';
import { destroySession } from '../../session.server';
import { loadViewer, type Viewer } from '../../viewer.server';
import { DomainError } from '../errors';
import { Session, User } from '#db/models/index';
import { findUserByEmail } from './common';
import { shopUidOf } from './external-token';

export interface Credentials {
  email: string | null | undefined;
  password: string | null | undefined;
  /** client IP, for throttling per IP */
  ip?: string | null;
  userAgent?: string | null;
}

let dummyHash: Promise<string> | null = null;
/** Verified against when the e-mail is unknown, so both failures take the same time. */
const dummyPasswordHash = () => (dummyHash ??= hashPassword(`dummy-${Math.random()}`));

/**
 * Checks e-mail and password: REQUIRED when one is empty, THROTTLED while the account or IP is locked, the same
 * INVALID_CREDENTIALS for an unknown e-mail and a wrong password, INACTIVE for an account that was never
 * activated and USER_NOT_ACTIVE for a deactivated one (both only after a correct password).
 */
export async function authenticate(ctx: ServiceContext, credentials: Credentials): Promise<User> {
  const email = credentials.email?.trim() ?? '';
  const password = credentials.password ?? '';
  if (!email || !password) {
    throw DomainError.fromFieldErrors(
      [
        ...(!email ? [{ code: 'REQUIRED' as const, field: 'email', message: ctx.t('auth:fillInEmailAndPassword') }] : []),
        ...(!password ? [{ code: 'REQUIRED' as const, field: 'password', message: ctx.t('auth:fillInEmailAndPassword') }] : []),
      ],
    );
  }
  const keys = { account: email, ip: credentials.ip ?? null };
  const wait = await throttleWait(ctx.db, keys);
  if (wait > 0) throw new DomainError('THROTTLED', ctx.t('errors:throttled', { seconds: wait }));

  const user = await findUserByEmail(ctx.db, email);
  const valid = user?.password_hash
    ? await verifyPassword(user.password_hash, password)
    : (await verifyPassword(await dummyPasswordHash(), password), false);
  if (!user || !valid) {
    await recordLoginFailure(ctx.db, keys);
    throw new DomainError('INVALID_CREDENTIALS', ctx.t('auth:invalidCredentials'));
  }
  await recordLoginSuccess(ctx.db, keys);
  if (!user.is_active) {
    if (user.email_confirmed_at) throw new DomainError('USER_NOT_ACTIVE', ctx.t('auth:userNotActive'));
    throw new DomainError('INACTIVE', ctx.t('auth:accountNotActivated'));
  }
  await User.query(ctx.db).findById(user.id).patch({ last_login_at: new Date() });
  return user;
}

/**
 * Login for the browser pages: checks the credentials and returns the user id. The page action then starts a
 * fresh session with createSession() (after destroying the old one: the session id changes at login).
 */
export async function login(
  ctx: ServiceContext,
  credentials: Credentials & {
    /** the language the visitor chose on the site before logging in (none: the account's language applies) */
    chosenLanguage?: Language | null;
  },
): Promise<{ userId: string }> {
  const user = await authenticate(ctx, credentials);
  // logging in does not switch the language the visitor picked: it becomes the account's language, as a
  // language chosen while logged in does
  if (credentials.chosenLanguage && credentials.chosenLanguage !== user.default_language) {
    await User.query(ctx.db).findById(user.id).patch({ default_language: credentials.chosenLanguage });
  }
  return { userId: user.id };
}

/** Ends the browser session; returns the Set-Cookie header that clears the cookie. */
export function logout(ctx: ServiceContext, sessionId: string | null): Promise<string> {
  return destroySession(ctx.app.env, ctx.db, sessionId);
}

export interface TokenUser {
  id: string;
  email: string;
  /** the user's shop account: the id the platform's shop (carts, order requests) and getJWTToken's tokens know them by */
  shopuid: string;
}

export interface TokenSet {
  token: string;
  csrfToken: string;
  refreshToken: string;
  refreshExpiresAt: Date;
  user: TokenUser;
}

async function accessTokenFor(ctx: ServiceContext, viewer: Viewer): Promise<string> {
  return signAccessToken(ctx.app.env, {
    sub: viewer.userId,
    email: viewer.email,
    org: viewer.organization?.id ?? null,
    features: viewer.features,
    shopuid: shopUidOf({ id: viewer.userId }),
  });
}

const tokenUser = (viewer: Viewer): TokenUser => ({ id: viewer.userId, email: viewer.email, shopuid: shopUidOf({ id: viewer.userId }) });

/** tokenCreate: an access token (JWT, 5 minutes, organisation and feature mask) plus a refresh and a CSRF token. */
export async function tokenCreate(ctx: ServiceContext, credentials: Credentials): Promise<TokenSet> {
  const user = await authenticate(ctx, credentials);
  const viewer = await loadViewer(ctx.db, user.id);
  if (!viewer) throw new DomainError('USER_NOT_ACTIVE', ctx.t('auth:userNotActive'));
  const issued = await issueRefreshToken(ctx.db, user.id, credentials.userAgent);
  return {
    token: await accessTokenFor(ctx, viewer),
    csrfToken: issued.csrfToken,
    refreshToken: issued.refreshToken,
    refreshExpiresAt: issued.expiresAt,
    user: tokenUser(viewer),
  };
}

export interface RefreshInput {
  csrfToken?: string | null;
  /** the refresh token passed as argument */
  refreshToken?: string | null;
  /** the refresh token of the httpOnly cookie; then the CSRF token is required */
  cookieRefreshToken?: string | null;
  userAgent?: string | null;
}

/** tokenRefresh: rotates the refresh token and issues a new access token with the current feature mask. */
export async function tokenRefresh(ctx: ServiceContext, input: RefreshInput): Promise<TokenSet> {
  const fromCookie = !input.refreshToken;
  const refreshToken = input.refreshToken || input.cookieRefreshToken;
  if (!refreshToken) throw new DomainError('JWT_MISSING_TOKEN', ctx.t('auth:missingRefreshToken'), 'refreshToken');
  const result = await rotateRefreshToken(
    ctx.db,
    refreshToken,
    { token: input.csrfToken ?? null, required: fromCookie },
    input.userAgent,
  );
  if ('failure' in result) {
    const message = {
      JWT_INVALID_CSRF_TOKEN: 'auth:invalidCsrfToken',
      JWT_INVALID_TOKEN: 'auth:invalidRefreshToken',
      JWT_SIGNATURE_EXPIRED: 'auth:expiredRefreshToken',
    }[result.failure];
    const field = result.failure === 'JWT_INVALID_CSRF_TOKEN' ? 'csrfToken' : 'refreshToken';
    throw new DomainError(result.failure, ctx.t(message), field);
  }
  const viewer = await loadViewer(ctx.db, result.userId);
  if (!viewer) {
    await revokeRefreshTokens(ctx.db, result.userId);
    throw new DomainError('USER_NOT_ACTIVE', ctx.t('auth:userNotActive'));
  }
  return {
    token: await accessTokenFor(ctx, viewer),
    csrfToken: result.issued.csrfToken,
    refreshToken: result.issued.refreshToken,
    refreshExpiresAt: result.issued.expiresAt,
    user: tokenUser(viewer),
  };
}

/** tokenVerify: whether an access token is valid and for an active user; with its claims. */
export async function tokenVerify(
  ctx: ServiceContext,
  token: string | null | undefined,
): Promise<{ payload: AccessTokenClaims; user: TokenUser }> {
  if (!token) throw new DomainError('JWT_MISSING_TOKEN', ctx.t('errors:tokenMissing'), 'token');
  let claims: AccessTokenClaims;
  try {
    claims = await verifyAccessToken(ctx.app.env, token);
  } catch (error) {
    if (!(error instanceof JwtError)) throw error;
    const message = error.code === 'JWT_SIGNATURE_EXPIRED' ? 'auth:expiredToken' : 'auth:invalidToken';
    throw new DomainError(error.code, ctx.t(message), 'token');
  }
  const viewer = await loadViewer(ctx.db, claims.sub);
  if (!viewer) throw new DomainError('JWT_INVALID_TOKEN', ctx.t('auth:invalidToken'), 'token');
  return { payload: claims, user: tokenUser(viewer) };
}

/** After a password change or deletion: every refresh token and browser session of the user ends. */
export async function revokeAllCredentials(ctx: ServiceContext, userId: string): Promise<void> {
  await revokeRefreshTokens(ctx.db, userId);
  await Session.query(ctx.db).where({ user_id: userId }).delete();
}
