import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resources } from '../../locales/index';

const root = path.resolve(__dirname, '../..');
type Tree = { [key: string]: string | Tree };

function keysOf(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === 'object' ? keysOf(v, `${prefix}${k}.`) : [`${prefix}${k}`]));
}

function walk(dir: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else if (/\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) out.push(full);
  }
  return out;
}

describe('locales', () => {
  it('lists every JSON file of locales/ in the resources (locales/resources.generated.ts)', () => {
    for (const lang of ['de', 'en'] as const) {
      const files = fs.readdirSync(path.join(root, 'locales', lang)).filter((f) => f.endsWith('.json'));
      expect(files.map((f) => f.replace(/\.json$/, '')).sort()).toEqual(Object.keys(resources[lang]).sort());
    }
  });

  it('has the same keys in DE and EN, none empty', () => {
    for (const ns of Object.keys(resources.en) as (keyof typeof resources.en)[]) {
      const en = keysOf(resources.en[ns] as Tree).sort();
      const de = keysOf(resources.de[ns] as Tree).sort();
      expect(de, `namespace ${ns}`).toEqual(en);
      for (const lang of ['de', 'en'] as const) {
        for (const key of keysOf(resources[lang][ns] as Tree)) {
          const value = key.split('.').reduce<unknown>((node, part) => (node as Tree)[part], resources[lang][ns]);
          expect(String(value).trim(), `${lang}/${ns}:${key}`).not.toBe('');
        }
      }
    }
  });

  it('has every literal translation key used in the code', () => {
    const missing: string[] = [];
    const has = (ns: string, key: string) =>
      (['de', 'en'] as const).every((lang) => {
        const tree = (resources[lang] as Record<string, Tree>)[ns];
        if (!tree) return false;
        // i18next plural forms: key_one / key_other
        const found = (k: string) =>
          k.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Tree)[part] : undefined), tree);
        return typeof found(key) === 'string' || typeof found(`${key}_other`) === 'string';
      });
    const files = [...walk(path.join(root, 'app')), ...walk(path.join(root, 'graphql')), ...walk(path.join(root, 'db'))];
    for (const file of files) {
      const source = fs.readFileSync(file, 'utf8');
      // the namespace of the first useTranslation() in the file is the one `t` stands for
      const nsMatch = /useTranslation\(\s*(?:\[\s*)?(?:['"](\w+)['"])?/.exec(source);
      const defaultNs = nsMatch?.[1] ?? 'common';
      const pattern = /(?:\bt|i18nKey=|i18nKey:)\(?\s*['"]([\w-]+:)?([\w-]+(?:\.[\w-]+)*)['"]/g;
      for (const match of source.matchAll(pattern)) {
        const ns = match[1] ? match[1].slice(0, -1) : defaultNs;
        const key = match[2];
        if (!has(ns, key)) missing.push(`${path.relative(root, file)}: ${ns}:${key}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
