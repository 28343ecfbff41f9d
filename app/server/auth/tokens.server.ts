import crypto from 'node:crypto';
import type { Db } from '#db/connection';

/** A random, URL-safe secret (256 bits). */
export const randomToken = () => crypto.randomBytes(32).toString('base64url');

/** Secrets are stored as their SHA-256 only, so a database leak gives nobody a usable token. */
export const hashToken = (token: string) => crypto.createHash('sha256').update(token, 'utf8').digest('hex');

/** Compares two secrets in constant time (through their hashes, so lengths may differ). */
export function secretsEqual(given: string, expectedHash: string): boolean {
  const a = Buffer.from(hashToken(given), 'hex');
  const b = Buffer.from(expectedHash, 'hex');
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

export type AccountTokenPurpose = 'activation' | 'password_reset' | 'account_deletion';

export const ACCOUNT_TOKEN_TTL_SECONDS: Record<AccountTokenPurpose, number> = {
  activation: 3 * 24 * 60 * 60,
  password_reset: 60 * 60,
  account_deletion: 24 * 60 * 60,
};

/** Issues a single-use token for a mail link; older unused tokens of the same purpose stop working. */
export async function issueAccountToken(db: Db, userId: string, purpose: AccountTokenPurpose): Promise<string> {
  const token = randomToken();
  await db('account_tokens').where({ user_id: userId, purpose }).whereNull('used_at').update({ used_at: db.fn.now() });
  await db('account_tokens').insert({
    user_id: userId,
    purpose,
    token_hash: hashToken(token),
    expires_at: new Date(Date.now() + ACCOUNT_TOKEN_TTL_SECONDS[purpose] * 1000),
  });
  return token;
}

/**
 * Uses up a token: true when it belongs to the user, has the purpose, is unused and not expired. Run inside the
 * transaction of the change it authorises, so a failed change leaves the token usable.
 */
export async function consumeAccountToken(
  db: Db,
  userId: string,
  purpose: AccountTokenPurpose,
  token: string,
): Promise<boolean> {
  if (!token) return false;
  const used = await db('account_tokens')
    .where({ user_id: userId, purpose, token_hash: hashToken(token) })
    .whereNull('used_at')
    .where('expires_at', '>', db.fn.now())
    .update({ used_at: db.fn.now() });
  return used === 1;
}
