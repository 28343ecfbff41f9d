import { describe, expect, it } from 'vitest';
import type { AppLoadContext } from '@remix-run/node';
import * as list from '~/routes/dev.mail._index';
import * as view from '~/routes/dev.mail.$id';

const productionContext = {
  app: { env: { NODE_ENV: 'production' } },
  viewer: null,
  sessionId: null,
  language: 'EN',
  service: {},
} as unknown as AppLoadContext; // only what the production check reads

describe('/dev/mail in production', () => {
  it.each([
    ['list', list.loader, 'http://localhost/dev/mail', {}],
    ['view', view.loader, 'http://localhost/dev/mail/x', { id: 'x' }],
  ] as const)('the %s answers 404', async (_name, loader, url, params) => {
    const outcome = await loader({ request: new Request(url), context: productionContext, params }).catch((e: unknown) => e);
    expect(outcome).toBeInstanceOf(Response);
    expect((outcome as Response).status).toBe(404);
  });
});
