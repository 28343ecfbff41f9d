import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '~/server/services/errors';
import {
  defaultLanguage,
  listCountryCodes,
  listLanguages,
  persistDefaultLanguage,
} from '~/server/services/i18n/languages';
import { createTestApp, type TestApp } from '../helpers/app';
import { createUser } from '../fixtures/factories';
import { serverReachable } from '../helpers/database';

// The first domain service runs on both databases the product supports.
const kinds = ['pglite', ...((await serverReachable()) ? (['postgres'] as const) : [])] as const;

describe.each(kinds)('languages service on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ database: kind });
  });
  afterAll(() => t.close());

  it('lists DE and EN, each named in its own language', async () => {
    const ctx = await t.serviceContext(null, 'EN');
    expect(listLanguages(ctx)).toEqual([
      { code: 'DE', name: 'Deutsch' },
      { code: 'EN', name: 'English' },
    ]);
  });

  it('lists country codes in the viewer language with DE first', async () => {
    const de = listCountryCodes(await t.serviceContext(null, 'DE'));
    const en = listCountryCodes(await t.serviceContext(null, 'EN'));
    expect(de[0]).toEqual({ code: 'DE', name: 'Deutschland' });
    expect(en[0]).toEqual({ code: 'DE', name: 'Germany' });
    expect(en.find((c) => c.code === 'AT')?.name).toBe('Austria');
    expect(de.find((c) => c.code === 'AT')?.name).toBe('Österreich');
    expect(en.length).toBeGreaterThan(200);
  });

  it('persists DE or EN for the logged-in user', async () => {
    const user = await createUser(t.app.db, { default_language: 'DE' });
    const ctx = await t.serviceContext(user.id, 'DE');
    expect(await persistDefaultLanguage(ctx, 'en')).toBe('EN');
    const row = await t.app.db('users').where({ id: user.id }).first('default_language');
    expect(row.default_language).toBe('EN');
    expect(defaultLanguage(await t.serviceContext(user.id, 'DE'))).toBe('EN');
  });

  it('rejects an unknown language with INVALID in the viewer language and changes nothing', async () => {
    const user = await createUser(t.app.db, { default_language: 'DE' });
    const ctx = await t.serviceContext(user.id, 'DE');
    const error = await persistDefaultLanguage(ctx, 'fr').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ code: 'INVALID', field: 'language', message: 'Unbekannte Sprache „fr“. Erlaubt sind DE und EN.' });
    const row = await t.app.db('users').where({ id: user.id }).first('default_language');
    expect(row.default_language).toBe('DE');
  });

  it('needs a logged-in user to persist', async () => {
    const ctx = await t.serviceContext(null, 'EN');
    await expect(persistDefaultLanguage(ctx, 'DE')).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
  });
});
