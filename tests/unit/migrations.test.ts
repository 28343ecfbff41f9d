import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrationNames } from '#db/migrations/index';

describe('migrations', () => {
  it('lists every migration file, in file-name order', () => {
    const dir = path.resolve(__dirname, '../../db/migrations');
    const files = fs
      .readdirSync(dir)
      .filter((f) => /^\d{4}_.+\.ts$/.test(f))
      .map((f) => f.replace(/\.ts$/, ''))
      .sort();
    expect(migrationNames).toEqual(files);
  });
});
