import type { Db } from '#db/connection';
import { hashToken, randomToken, secretsEqual } from './tokens.server';

/** Refresh tokens live 30 days; each use replaces it with a new one (rotation). */
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;
export const REFRESH_COOKIE = 'refreshToken';
export const REFRESH_COOKIE_PATH = '/graphql/';

export interface IssuedRefreshToken {
  refreshToken: string;
  csrfToken: string;
  expiresAt: Date;
}

export async function issueRefreshToken(db: Db, userId: string, userAgent?: string | null): Promise<IssuedRefreshToken> {
  const refreshToken = randomToken();
  const csrfToken = randomToken();
  const expiresAt = new Date(Date.now() + REFRESH_TOKEN_TTL_SECONDS * 1000);
  await db('refresh_tokens').insert({
    user_id: userId,
    token_hash: hashToken(refreshToken),
    csrf_hash: hashToken(csrfToken),
    expires_at: expiresAt,
    user_agent: userAgent?.slice(0, 500) ?? null,
  });
  return { refreshToken, csrfToken, expiresAt };
}

export type RefreshFailure = 'JWT_INVALID_TOKEN' | 'JWT_SIGNATURE_EXPIRED' | 'JWT_INVALID_CSRF_TOKEN';

/**
 * Exchanges a refresh token for a new one. The CSRF token is checked in constant time whenever it is required
 * (cookie transport) or given. A token that was already rotated away is a sign of theft: every refresh token
 * of its user is revoked.
 */
export async function rotateRefreshToken(
  db: Db,
  refreshToken: string,
  csrf: { token: string | null; required: boolean },
  userAgent?: string | null,
): Promise<{ userId: string; issued: IssuedRefreshToken } | { failure: RefreshFailure }> {
  return db.transaction(async (trx) => {
    const row = await trx('refresh_tokens').where({ token_hash: hashToken(refreshToken) }).forUpdate().first();
    if (!row) return { failure: 'JWT_INVALID_TOKEN' as const };
    if (csrf.required || csrf.token) {
      if (!csrf.token || !secretsEqual(csrf.token, row.csrf_hash)) return { failure: 'JWT_INVALID_CSRF_TOKEN' as const };
    }
    if (row.revoked_at) {
      if (row.replaced_by_id) await revokeRefreshTokens(trx, row.user_id);
      return { failure: 'JWT_INVALID_TOKEN' as const };
    }
    if (new Date(row.expires_at).getTime() <= Date.now()) return { failure: 'JWT_SIGNATURE_EXPIRED' as const };
    const issued = await issueRefreshToken(trx, row.user_id, userAgent);
    const next = await trx('refresh_tokens').where({ token_hash: hashToken(issued.refreshToken) }).first('id');
    await trx('refresh_tokens').where({ id: row.id }).update({ revoked_at: trx.fn.now(), replaced_by_id: next.id, updated_at: trx.fn.now() });
    return { userId: row.user_id as string, issued };
  });
}

/** Ends every refresh token of a user (password change, account deletion, theft detection). */
export async function revokeRefreshTokens(db: Db, userId: string): Promise<void> {
  await db('refresh_tokens').where({ user_id: userId }).whereNull('revoked_at').update({ revoked_at: db.fn.now(), updated_at: db.fn.now() });
}
