import crypto from 'node:crypto';
import { jwtVerify, SignJWT, type JWTPayload } from 'jose';
import type { Env } from '../env.server';

/**
 * getJWTToken's tokens (spec 001 point 7): they tell an external service of the organisation (its own shop, say) who
 * the user is. They are no access tokens of ours: another key (EXTERNAL_TOKEN_SECRET, else one derived from the JWT
 * secret, key id `ext-1`), their own issuer and audience and `type: 'external'`, so neither kind passes for the other.
 */
export const EXTERNAL_TOKEN_TTL_SECONDS = 5 * 60;
export const EXTERNAL_TOKEN_AUDIENCE = 'fairplatform:external';
export const EXTERNAL_TOKEN_ISSUER = 'fairplatform';
export const EXTERNAL_TOKEN_KEY_ID = 'ext-1';

export interface ExternalTokenClaims {
  /** user id */
  sub: string;
  email: string;
  /** the name the external service shows */
  username: string;
  /** the user's account in the organisation's shop (spec 000 point 3, auth token user) */
  shopuid: string;
  /** the user's current organisation */
  org: string | null;
}

const derivedKeys = new WeakMap<Env, Uint8Array>();

/** The signing key: EXTERNAL_TOKEN_SECRET, else HKDF-SHA256 of the JWT secret for this purpose alone. */
export function externalTokenKey(env: Env): Uint8Array {
  if (env.EXTERNAL_TOKEN_SECRET) return new TextEncoder().encode(env.EXTERNAL_TOKEN_SECRET);
  let key = derivedKeys.get(env);
  if (!key) {
    key = new Uint8Array(crypto.hkdfSync('sha256', env.jwtSecret, 'fairplatform', 'external-service-token v1', 32));
    derivedKeys.set(env, key);
  }
  return key;
}

export async function signExternalToken(env: Env, claims: ExternalTokenClaims): Promise<{ token: string; expiresAt: Date }> {
  const now = Math.floor(Date.now() / 1000);
  const expiresAt = new Date((now + EXTERNAL_TOKEN_TTL_SECONDS) * 1000);
  const token = await new SignJWT({ email: claims.email, username: claims.username, shopuid: claims.shopuid, org: claims.org, type: 'external' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid: EXTERNAL_TOKEN_KEY_ID })
    .setSubject(claims.sub)
    .setIssuer(EXTERNAL_TOKEN_ISSUER)
    .setAudience(EXTERNAL_TOKEN_AUDIENCE)
    .setIssuedAt(now)
    .setExpirationTime(now + EXTERNAL_TOKEN_TTL_SECONDS)
    .setJti(crypto.randomUUID())
    .sign(externalTokenKey(env));
  return { token, expiresAt };
}

/** What an external service does with the token (and the tests): signature, issuer, audience, expiry, type. */
export async function verifyExternalToken(env: Env, token: string): Promise<JWTPayload & ExternalTokenClaims> {
  const { payload } = await jwtVerify(token, externalTokenKey(env), {
    algorithms: ['HS256'],
    issuer: EXTERNAL_TOKEN_ISSUER,
    audience: EXTERNAL_TOKEN_AUDIENCE,
  });
  if (payload.type !== 'external') throw new Error('not an external-service token');
  return payload as JWTPayload & ExternalTokenClaims;
}
