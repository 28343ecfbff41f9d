import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';

describe('HTTP server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers /healthz with the database state', async () => {
    const res = await fetch(`${t.url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', database: true });
  });

  it('reports 503 when the database is gone', async () => {
    const other = await createTestApp();
    await other.app.db.destroy();
    const res = await fetch(`${other.url}/healthz`);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: 'unavailable', database: false });
    await other.close().catch(() => undefined);
  });

  it('sends security headers with a nonce-based Content-Security-Policy and no x-powered-by', async () => {
    const first = await fetch(`${t.url}/healthz`);
    const second = await fetch(`${t.url}/healthz`);
    const csp = first.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/default-src 'self'/);
    expect(csp).toMatch(/script-src 'self' 'nonce-[0-9a-f]{32}'/);
    expect(csp).toMatch(/frame-ancestors 'self'/);
    expect(second.headers.get('content-security-policy')).not.toBe(csp);
    expect(first.headers.get('x-content-type-options')).toBe('nosniff');
    expect(first.headers.get('x-powered-by')).toBeNull();
  });

  it('compresses larger responses', async () => {
    const res = await fetch(`${t.url}/locales/en/common.json`, { headers: { 'accept-encoding': 'gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect((await res.json()).notFound.title).toBe('Page not found');
  });
});
