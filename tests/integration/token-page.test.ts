import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as tokenPage from '~/routes/_public.token';
import { createUser } from '../fixtures/factories';
import { createTestApp, type TestApp } from '../helpers/app';
import { callRoute } from '../helpers/routes';

/**
 * /token (issue 24 item 21): the access key's page for everyone. A logged-out visitor used to land on a page titled
 * "Log in"; now the page itself (titled "Access key") asks them to log in first and brings them back with `next`.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type TokenData = Awaited<ReturnType<typeof tokenPage.loader>>;

describe('/token', () => {
  it('shows a logged-out visitor the access key page with a login that comes back; redeeming needs the login', async () => {
    const shown = await callRoute(t, tokenPage.loader, { url: '/token?next=/convention/x' });
    expect(shown.status).toBe(200);
    expect(shown.data as TokenData).toEqual({ next: '/convention/x', asking: null, suspended: null, login: `/login?next=${encodeURIComponent('/token?next=/convention/x')}` });
    expect(tokenPage.handle.title).toBe('access:token.title');

    const posted = await callRoute(t, tokenPage.action, { url: '/token?next=/convention/x', form: { token: 'KEY', next: '/convention/x' } });
    expect(posted).toMatchObject({ status: 302, location: `/login?next=${encodeURIComponent('/token?next=/convention/x')}` });
  });

  it('shows a logged-in visitor the key form', async () => {
    const user = await createUser(t.app.db);
    const shown = await callRoute(t, tokenPage.loader, { url: '/token', userId: user.id });
    expect(shown.data as TokenData).toMatchObject({ next: '', login: null });
  });
});
