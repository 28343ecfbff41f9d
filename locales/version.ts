import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * A short hash over every locale file (language folder, name and bytes). vite.config.ts builds it into the
 * browser entry as the `v` query of /locales/{lng}/{ns}.json, and the server computes it again at start: a
 * request with the current `v` may be cached for a year, because a changed file changes the hash.
 */
export function localesVersion(localesDir: string): string {
  const hash = crypto.createHash('sha256');
  const languages = fs
    .readdirSync(localesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  for (const language of languages) {
    const files = fs
      .readdirSync(path.join(localesDir, language))
      .filter((file) => file.endsWith('.json'))
      .sort();
    for (const file of files) {
      hash.update(`${language}/${file}\0`);
      hash.update(fs.readFileSync(path.join(localesDir, language, file)));
      hash.update('\0');
    }
  }
  return hash.digest('hex').slice(0, 12);
}
