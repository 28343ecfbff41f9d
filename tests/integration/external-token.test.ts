import { decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EXTERNAL_TOKEN_AUDIENCE,
  EXTERNAL_TOKEN_ISSUER,
  externalTokenKey,
  verifyExternalToken,
} from '~/server/auth/external-token.server';
import { verifyAccessToken } from '~/server/auth/jwt.server';
import { createTestApp, type TestApp } from '../helpers/app';
import { addMember, createOrganization, createUser } from '../fixtures/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const QUERY = `query($username: String, $email: String) {
  getJWTToken(username: $username, email: $email) { token expiresAt user { id email shopuid } }
}`;

type Answer = { getJWTToken: { token: string; expiresAt: string; user: { id: string; email: string; shopuid: string } } | null };

async function ask(userId: string | null, variables: { username?: string; email?: string } = {}) {
  const headers: Record<string, string> = userId ? { Authorization: `JWT ${await t.accessToken(userId)}` } : {};
  return (await t.graphql<Answer>(QUERY, variables, { headers })).body;
}
const codeOf = (body: Awaited<ReturnType<typeof ask>>) => body.errors?.[0]?.extensions?.code;

describe('getJWTToken', () => {
  it('gives the user a five-minute token for external services, signed with its own key, issuer and audience', async () => {
    const org = await createOrganization(t.app.db);
    const user = await createUser(t.app.db, { first_name: 'Jörg', last_name: 'Weiß' });
    await addMember(t.app.db, org.id, user.id);
    const body = await ask(user.id);
    expect(body.errors).toBeUndefined();
    const answer = body.data!.getJWTToken!;
    expect(answer.user).toEqual({ id: user.id, email: user.email, shopuid: user.id });

    const claims = await verifyExternalToken(t.app.env, answer.token);
    expect(claims).toMatchObject({
      sub: user.id,
      email: user.email,
      username: 'Jörg Weiß',
      shopuid: user.id,
      org: org.id,
      type: 'external',
      iss: EXTERNAL_TOKEN_ISSUER,
      aud: EXTERNAL_TOKEN_AUDIENCE,
    });
    expect(claims.exp! - claims.iat!).toBeLessThanOrEqual(5 * 60);
    expect(claims.exp! - claims.iat!).toBeGreaterThan(0);
    expect(new Date(answer.expiresAt).getTime()).toBe(claims.exp! * 1000);
    expect(claims.jti).toBeTruthy();
    expect(decodeProtectedHeader(answer.token)).toEqual({ alg: 'HS256', typ: 'JWT', kid: 'ext-1' });

    // past its expiry it no longer verifies
    await expect(
      jwtVerify(answer.token, externalTokenKey(t.app.env), {
        issuer: EXTERNAL_TOKEN_ISSUER,
        audience: EXTERNAL_TOKEN_AUDIENCE,
        currentDate: new Date((claims.exp! + 1) * 1000),
      }),
    ).rejects.toMatchObject({ code: 'ERR_JWT_EXPIRED' });
    // another audience is refused
    await expect(jwtVerify(answer.token, externalTokenKey(t.app.env), { audience: 'someone-else' })).rejects.toMatchObject({
      code: 'ERR_JWT_CLAIM_VALIDATION_FAILED',
    });
  });

  it('is no access token of ours, and an access token is none of these', async () => {
    const user = await createUser(t.app.db);
    const { token } = (await ask(user.id)).data!.getJWTToken!;
    await expect(verifyAccessToken(t.app.env, token)).rejects.toMatchObject({ code: 'JWT_INVALID_TOKEN' });
    const asAuth = await t.graphql<{ me: { id: string } | null }>('{ me { id } }', {}, { headers: { Authorization: `JWT ${token}` } });
    expect(asAuth.body.data?.me ?? null).toBeNull();
    await expect(verifyExternalToken(t.app.env, await t.accessToken(user.id))).rejects.toThrow();
  });

  it('takes the username the service should show, and the own address in any case', async () => {
    const user = await createUser(t.app.db);
    const body = await ask(user.id, { username: 'shop-name-42', email: user.email.toUpperCase() });
    expect(body.errors).toBeUndefined();
    expect(await verifyExternalToken(t.app.env, body.data!.getJWTToken!.token)).toMatchObject({ sub: user.id, username: 'shop-name-42' });
    expect(codeOf(await ask(user.id, { username: 'x'.repeat(151) }))).toBe('INVALID');
    expect(codeOf(await ask(user.id, { email: 'not-an-address' }))).toBe('INVALID');
  });

  it('platform staff may have one made for any user; an unknown address is NOT_FOUND for them', async () => {
    const staff = await createUser(t.app.db, { is_staff: true });
    const org = await createOrganization(t.app.db);
    const other = await createUser(t.app.db);
    await addMember(t.app.db, org.id, other.id);
    const body = await ask(staff.id, { email: other.email });
    expect(body.errors).toBeUndefined();
    expect(await verifyExternalToken(t.app.env, body.data!.getJWTToken!.token)).toMatchObject({ sub: other.id, email: other.email, org: org.id });
    expect(codeOf(await ask(staff.id, { email: 'nobody-here@test.example' }))).toBe('NOT_FOUND');
    const inactive = await createUser(t.app.db, { is_active: false });
    expect(codeOf(await ask(staff.id, { email: inactive.email }))).toBe('USER_NOT_ACTIVE');
  });

  it('who may not: anonymous, and any other user asking for someone else (known address or not, same organisation or not)', async () => {
    const org = await createOrganization(t.app.db);
    const admin = await createUser(t.app.db);
    const colleague = await createUser(t.app.db);
    await addMember(t.app.db, org.id, admin.id, { isOwner: true });
    await addMember(t.app.db, org.id, colleague.id, { role: 'sales', sales: true });
    const stranger = await createUser(t.app.db);

    const anonymous = await ask(null);
    expect(codeOf(anonymous)).toBe('UNAUTHENTICATED');
    expect(anonymous.data?.getJWTToken ?? null).toBeNull();
    for (const [viewer, email] of [
      [admin.id, colleague.email],
      [colleague.id, admin.email],
      [stranger.id, admin.email],
      [stranger.id, 'nobody-here@test.example'],
    ] as const) {
      const body = await ask(viewer, { email });
      expect(codeOf(body)).toBe('PERMISSION_DENIED');
      expect(body.data?.getJWTToken ?? null).toBeNull();
    }
  });
});
