import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyExternalToken } from '~/server/auth/external-token.server';
import { verifyAccessToken } from '~/server/auth/jwt.server';
import { hashPassword } from '~/server/auth/password.server';
import { cartAdd } from '~/server/services/shop';
import { addMember, createOrganization, createProduct, createShopConvention, createUser } from '../fixtures/factories';
import { createTestApp, type TestApp } from '../helpers/app';

/**
 * `shopuid` (issue 31; spec 000 point 3, 001 point 7): the auth token user's shop account. tokenCreate, tokenRefresh
 * and tokenVerify name the same account as getJWTToken's token for external shops, the access token carries it, and
 * it is the account the platform's own shop keeps the visitor's cart under.
 */

const PASSWORD = 'Lichtung-Ahorn-73';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const TOKEN_CREATE = `mutation($email: String!, $password: String!) {
  tokenCreate(email: $email, password: $password) { token csrfToken refreshToken user { id email shopuid } error { code } }
}`;
const TOKEN_REFRESH = `mutation($csrfToken: String, $refreshToken: String) {
  tokenRefresh(csrfToken: $csrfToken, refreshToken: $refreshToken) { token user { id shopuid } error { code } }
}`;
const JWT_TOKEN = `query { getJWTToken { token user { id email shopuid } } }`;

type Json = ReturnType<typeof JSON.parse>;

describe('shopuid', () => {
  it('tokenCreate, tokenRefresh, the access token and getJWTToken name the same shop account: the one that holds the cart', async () => {
    const org = await createOrganization(t.app.db);
    const user = await createUser(t.app.db, { email: `shopper-${Date.now()}@test.example`, password_hash: await hashPassword(PASSWORD) });
    await addMember(t.app.db, org.id, user.id);

    const created = await t.graphql<Json>(TOKEN_CREATE, { email: user.email, password: PASSWORD });
    const session = created.body.data!.tokenCreate;
    expect(session.error).toBeNull();
    const shopuid = session.user.shopuid as string;
    expect(shopuid).toBeTruthy();
    expect(session.user).toEqual({ id: user.id, email: user.email, shopuid });
    expect((await verifyAccessToken(t.app.env, session.token)).shopuid).toBe(shopuid);

    const external = await t.graphql<Json>(JWT_TOKEN, {}, { headers: { Authorization: `JWT ${session.token}` } });
    expect(external.body.errors).toBeUndefined();
    expect(external.body.data!.getJWTToken.user.shopuid).toBe(shopuid);
    expect((await verifyExternalToken(t.app.env, external.body.data!.getJWTToken.token)).shopuid).toBe(shopuid);

    const refreshed = await t.graphql<Json>(TOKEN_REFRESH, { csrfToken: session.csrfToken, refreshToken: session.refreshToken });
    expect(refreshed.body.data!.tokenRefresh.error).toBeNull();
    expect(refreshed.body.data!.tokenRefresh.user).toEqual({ id: user.id, shopuid });
    expect((await verifyAccessToken(t.app.env, refreshed.body.data!.tokenRefresh.token)).shopuid).toBe(shopuid);

    // the platform's shop keeps the cart under that account
    const host = await createOrganization(t.app.db);
    const convention = await createShopConvention(t.app.db, { organization_id: host.id, permission_type: 'PUBLIC' });
    const product = await createProduct(t.app.db, { convention_id: convention.id, title: 'Ticket', price_cents: 1000, stock: 3 });
    await cartAdd(await t.serviceContext(user.id), convention.slug, { productId: product.id, quantity: 1 });
    expect(await t.app.db('carts').where({ convention_id: convention.id }).pluck('user_id')).toEqual([shopuid]);
  });

  it("another user's token names their own shop account", async () => {
    const a = await createUser(t.app.db, { password_hash: await hashPassword(PASSWORD) });
    const b = await createUser(t.app.db, { password_hash: await hashPassword(PASSWORD) });
    const tokenOf = async (email: string) => (await t.graphql<Json>(TOKEN_CREATE, { email, password: PASSWORD })).body.data!.tokenCreate.user.shopuid as string;
    const [shopA, shopB] = [await tokenOf(a.email), await tokenOf(b.email)];
    expect(shopA).not.toBe(shopB);
    expect([shopA, shopB]).toEqual([a.id, b.id]);
  });
});
