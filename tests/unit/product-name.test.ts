import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadEnv } from '~/server/env.server';

const root = path.resolve(__dirname, '../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
const locale = (language: string, namespace: string) => read(`locales/${language}/${namespace}.json`);
const NAMESPACES = fs.readdirSync(path.join(root, 'locales/en')).map((file) => file.replace(/\.json$/, ''));

/** One product name (issue 14): the same in every layout, both languages, the fallback logo and the mail sender. */
describe('the product name', () => {
  const name = (JSON.parse(locale('en', 'common')) as { appName: string }).appName;

  it('is the same in German and English', () => {
    expect((JSON.parse(locale('de', 'common')) as { appName: string }).appName).toBe(name);
  });

  it('is the only one the texts use', () => {
    for (const language of ['de', 'en']) {
      for (const namespace of NAMESPACES) {
        const text = locale(language, namespace);
        expect(text, `${language}/${namespace}`).not.toMatch(/Messeplattform|[Tt]rade-fair platform|[Ff]air platform|FairPlatform/);
      }
    }
  });

  it('is written in the fallback logo and names the sender of mails', () => {
    expect(read('public/images/logo-fallback.svg')).toContain(`>${name}</text>`);
    expect(loadEnv({ NODE_ENV: 'test' }).MAIL_FROM).toMatch(new RegExp(`^${name} <`));
  });
});
