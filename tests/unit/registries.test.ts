import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MODEL_MODULES, MODELS } from '#db/models/index';
import { RESOLVER_MODULES } from '#graphql/resolvers/registry.generated';
import { registries } from '../../scripts/registries';

const root = path.resolve(__dirname, '../..');

describe('domain registries (scripts/registries.ts)', () => {
  it('are up to date with the files of each domain: run `npm run codegen` after adding one', () => {
    for (const { file, content } of registries(root)) {
      expect(fs.existsSync(path.join(root, file)) ? fs.readFileSync(path.join(root, file), 'utf8') : '', file).toBe(content);
    }
  });

  it('collect every model class of db/models once, one per table', () => {
    for (const [name, module] of Object.entries(MODEL_MODULES)) {
      expect(MODELS.filter((model) => Object.values(module).includes(model)).length, `models of db/models/${name}`).toBeGreaterThan(0);
    }
    const tables = MODELS.map((model) => model.tableName);
    expect(new Set(tables).size).toBe(tables.length);
    expect(tables).toEqual(expect.arrayContaining(['users', 'organizations', 'object_permissions', 'hall_translations']));
  });

  it('take one `…Resolvers` export from every module of graphql/resolvers, and no field from two of them', () => {
    const owner = new Map<string, string>();
    for (const [name, module] of Object.entries(RESOLVER_MODULES)) {
      const exported = Object.entries(module).filter(([key]) => key.endsWith('Resolvers'));
      expect(exported.length, `graphql/resolvers/${name} exports one …Resolvers object`).toBe(1);
      for (const [type, fields] of Object.entries(exported[0][1] as Record<string, object>)) {
        const keys = Object.getPrototypeOf(fields) === Object.prototype ? Object.keys(fields) : ['(scalar)'];
        for (const key of keys) {
          expect(owner.get(`${type}.${key}`), `${type}.${key} of ${name}`).toBeUndefined();
          owner.set(`${type}.${key}`, name);
        }
      }
    }
    expect(owner.get('Query.conventionBySlug')).toBe('eventsConventions');
  });
});
