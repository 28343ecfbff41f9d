import fs from 'node:fs';
import path from 'node:path';

/** The SDL files of graphql/schema, base first, read from the project root. */
export function loadTypeDefs(rootDir: string): string[] {
  const dir = path.join(rootDir, 'graphql', 'schema');
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.graphql'))
    .sort((a, b) => (a === 'base.graphql' ? -1 : b === 'base.graphql' ? 1 : a.localeCompare(b)));
  return files.map((f) => fs.readFileSync(path.join(dir, f), 'utf8'));
}
