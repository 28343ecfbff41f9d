import { serverAudits } from 'graphql-http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';

// The GraphQL-over-HTTP audit suite of graphql-http against our real endpoint: every MUST and SHOULD passes.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('graphql-http audits on /graphql/', () => {
  for (const audit of serverAudits({ url: () => `${t.url}/graphql/` })) {
    it(`${audit.id} ${audit.name}`, async () => {
      const result = await audit.fn();
      if (audit.name.startsWith('MAY')) return;
      expect(result.status, result.status === 'ok' ? '' : `${result.reason}`).toBe('ok');
    });
  }
});
