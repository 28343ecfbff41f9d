import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { isUuid } from '~/lib/ids';
import type { Env } from '../env.server';

/** Access tokens live about five minutes: the feature mask they carry is refreshed that often. */
export const ACCESS_TOKEN_TTL_SECONDS = 5 * 60;

export interface AccessTokenClaims {
  /** user id */
  sub: string;
  email: string;
  /** current organisation id */
  org: string | null;
  /** feature bit mask of that organisation at issue time */
  features: number;
  /** the user's shop account (the auth token user's `shopuid`, spec 000 point 3; getJWTToken names the same) */
  shopuid?: string;
  type: 'access';
  /** issue and expiry time (seconds since the epoch), present on verified tokens */
  iat?: number;
  exp?: number;
}

export type JwtErrorCode = 'JWT_DECODE_ERROR' | 'JWT_INVALID_TOKEN' | 'JWT_SIGNATURE_EXPIRED' | 'JWT_MISSING_TOKEN';

export class JwtError extends Error {
  constructor(readonly code: JwtErrorCode) {
    super(code);
    this.name = 'JwtError';
  }
}

const key = (env: Env) => new TextEncoder().encode(env.jwtSecret);

export async function signAccessToken(env: Env, claims: Omit<AccessTokenClaims, 'type'>): Promise<string> {
  return new SignJWT({ email: claims.email, org: claims.org, features: claims.features, ...(claims.shopuid ? { shopuid: claims.shopuid } : {}), type: 'access' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
    .sign(key(env));
}

export async function verifyAccessToken(env: Env, token: string): Promise<AccessTokenClaims> {
  try {
    const { payload } = await jwtVerify(token, key(env), { algorithms: ['HS256'] });
    // a signed token whose subject is no user id (another service's token under a shared secret) names nobody
    if (payload.type !== 'access' || typeof payload.sub !== 'string' || !isUuid(payload.sub)) throw new JwtError('JWT_INVALID_TOKEN');
    return {
      sub: payload.sub,
      email: String(payload.email ?? ''),
      org: typeof payload.org === 'string' ? payload.org : null,
      features: typeof payload.features === 'number' ? payload.features : 0,
      ...(typeof payload.shopuid === 'string' ? { shopuid: payload.shopuid } : {}),
      type: 'access',
      iat: payload.iat,
      exp: payload.exp,
    };
  } catch (error) {
    if (error instanceof JwtError) throw error;
    if (error instanceof joseErrors.JWTExpired) throw new JwtError('JWT_SIGNATURE_EXPIRED');
    if (error instanceof joseErrors.JWSInvalid || error instanceof joseErrors.JWTInvalid) {
      throw new JwtError('JWT_DECODE_ERROR');
    }
    throw new JwtError('JWT_INVALID_TOKEN');
  }
}

/** Reads `Authorization: JWT <token>` (the spec's form) or `Bearer <token>`. */
export function tokenFromAuthorization(header: string | null | undefined): string | null {
  if (!header) return null;
  const match = /^(JWT|Bearer)\s+(\S+)$/i.exec(header.trim());
  return match ? match[2] : null;
}
