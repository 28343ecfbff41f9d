import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { localesVersion } from '../../locales/version';
import { createTestApp, type TestApp } from '../helpers/app';

describe('HTTP server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('sends security headers with a nonce-based Content-Security-Policy and no x-powered-by', async () => {
    const first = await fetch(`${t.url}/healthz`);
    const second = await fetch(`${t.url}/healthz`);
    const csp = first.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/default-src 'self'/);
    expect(csp).toMatch(/script-src 'self' 'nonce-[0-9a-f]{32}'/);
    expect(csp).toMatch(/frame-ancestors 'self'/);
    // organisations' own https pages may be framed (sandboxed by the renderers); plain http may not
    expect(csp).toMatch(/frame-src 'self' https:(;|$)/);
    expect(csp).not.toMatch(/frame-src[^;]*http:/);
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

  it('caches the current version of a locale file for a year, any other request for an hour', async () => {
    const version = localesVersion(path.resolve('locales'));
    expect(version).toMatch(/^[0-9a-f]{12}$/);
    const current = await fetch(`${t.url}/locales/de/common.json?v=${version}`);
    expect(current.status).toBe(200);
    expect(current.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await current.json()).notFound.title).toBe('Seite nicht gefunden');
    const stale = await fetch(`${t.url}/locales/de/common.json?v=0123456789ab`);
    expect(stale.headers.get('cache-control')).toBe('public, max-age=3600');
    await stale.arrayBuffer();
  });

  it('serves only locale JSON files under /locales', async () => {
    for (const file of ['/locales/index.ts', '/locales/version.ts', '/locales/en/common', '/locales/en/missing.json']) {
      const res = await fetch(`${t.url}${file}`);
      expect(res.status, file).toBe(404);
      expect(await res.text(), file).not.toContain('import ');
    }
  });
});
