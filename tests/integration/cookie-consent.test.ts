import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as consent from '~/routes/resources.cookie-consent';
import { createTestApp, type TestApp } from '../helpers/app';
import { callRoute } from '../helpers/routes';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('/resources/cookie-consent', () => {
  it('the plain form goes back to its page; the banner script gets an answer instead of a redirect that could overtake a click', async () => {
    const plain = await callRoute(t, consent.action, { url: '/resources/cookie-consent', form: { consent: 'false', redirectTo: '/convention/x' } });
    expect(plain).toMatchObject({ status: 302, location: '/convention/x' });
    const scripted = await callRoute(t, consent.action, {
      url: '/resources/cookie-consent',
      form: { consent: 'true', redirectTo: '/convention/x', client: 'fetcher' },
    });
    expect(scripted).toMatchObject({ status: 200, location: null, data: { consent: true } });
    const bad = await callRoute(t, consent.action, { url: '/resources/cookie-consent', form: { consent: 'maybe' } });
    expect(bad.status).toBe(400);
  });
});
