import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const health = async (url: string) => {
  const res = await fetch(`${url}/healthz`);
  return { status: res.status, body: await res.json(), cache: res.headers.get('cache-control') };
};

describe('/healthz checks what serving needs', () => {
  it('is healthy when our tables answer through the app database and the runtime is clean', async () => {
    expect(await health(t.url)).toEqual({ status: 200, body: { status: 'ok', database: true, runtime: true }, cache: 'no-store' });
  });

  it('is 503 when the database is gone', async () => {
    const other = await createTestApp();
    await other.app.db.destroy();
    expect(await health(other.url)).toMatchObject({ status: 503, body: { status: 'unavailable', database: false, runtime: true } });
    await other.close().catch(() => undefined);
  });

  it('is 503 when the database answers but the tables pages read are missing (a select 1 would pass)', async () => {
    await t.app.db.raw('alter table users rename to users_away');
    try {
      expect(await health(t.url)).toMatchObject({ status: 503, body: { database: false } });
    } finally {
      await t.app.db.raw('alter table users_away rename to users');
    }
    expect((await health(t.url)).status).toBe(200);
  });

  it('is 503 when Object.prototype has been polluted', async () => {
    const proto = Object.prototype as Record<string, unknown>;
    let answer: Awaited<ReturnType<typeof health>>;
    // what a prototype-pollution bug leaves behind: an enumerable key every object inherits
    proto.isAdmin = true;
    try {
      answer = await health(t.url);
    } finally {
      delete proto.isAdmin;
    }
    expect(answer).toMatchObject({ status: 503, body: { status: 'unavailable', database: true, runtime: false } });
    expect((await health(t.url)).status).toBe(200);
  });
});
