import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: path.resolve(__dirname, '../..') });

/** The import specifiers the layer rules reject in a module at `filePath`. */
async function rejected(filePath: string, imports: string[]): Promise<string[]> {
  const code = imports.map((line, i) => `${line.replace('IMPORT', `v${i}`)}\n`).join('') + `export const all = [${imports.map((_, i) => `v${i}`).join(', ')}];\n`;
  const [result] = await eslint.lintText(code, { filePath: path.resolve(__dirname, '../..', filePath) });
  return result.messages
    .filter((m) => m.ruleId === '@typescript-eslint/no-restricted-imports')
    .map((m) => /'([^']+)'/.exec(m.message)?.[1] ?? m.message);
}

// ESLint loads the config with its plugins on the first lint: seconds on an idle machine, more than the unit tests'
// 5 s on a loaded CI one (it timed out there once), so that happens here, with time for it
beforeAll(async () => {
  await eslint.lintText('export {};\n', { filePath: path.resolve(__dirname, '../..', 'app/routes/warm-up.tsx') });
}, 120_000);

describe('import layers (eslint.config.js)', { timeout: 30_000 }, () => {
  it('keep db/ out of routes and components', async () => {
    expect(await rejected('app/routes/some-route.tsx', ["import { IMPORT } from '#db/connection';", "import { IMPORT } from '~/server/guards.server';"])).toEqual([
      '#db/connection',
    ]);
    expect(await rejected('app/components/x/y.server.ts', ["import { IMPORT } from '#db/models/index';", "import { IMPORT } from '#graphql/errors';"])).toEqual([
      '#db/models/index',
      '#graphql/errors',
    ]);
  });

  it('keep routes, components and the GraphQL layer out of services', async () => {
    const imports = [
      "import { IMPORT } from '~/routes/login';",
      "import { IMPORT } from '../../../components/ui/button';",
      "import { IMPORT } from '#graphql/errors';",
      "import { IMPORT } from 'graphql';",
      "import { IMPORT } from '../authz';",
      "import { IMPORT } from '#db/models/index';",
    ];
    expect(await rejected('app/server/services/organizations/x.ts', imports)).toEqual([
      '~/routes/login',
      '../../../components/ui/button',
      '#graphql/errors',
      'graphql',
    ]);
  });

  it('keep the events loaders inside their domain: the GraphQL layer goes through relations.ts', async () => {
    const imports = [
      "import { IMPORT } from '~/server/services/events/stand-loaders';",
      "import { IMPORT } from '~/server/services/events/loaders';",
      "import { IMPORT } from '~/server/services/events/relations';",
    ];
    expect(await rejected('graphql/resolvers/x.ts', imports)).toEqual(['~/server/services/events/stand-loaders', '~/server/services/events/loaders']);
  });

  it('keep the events loaders out of the server pages, routes and other domains', async () => {
    const imports = [
      "import { IMPORT } from '~/server/services/events/stand-loaders';",
      "import { IMPORT } from '~/server/services/events/visitor-loaders';",
      "import { IMPORT } from '~/server/services/events/relations';",
    ];
    const expected = ['~/server/services/events/stand-loaders', '~/server/services/events/visitor-loaders'];
    expect(await rejected('app/server/pages/x.server.ts', imports)).toEqual(expected);
    expect(await rejected('app/routes/_console.x.tsx', imports)).toEqual(expected);
    expect(await rejected('app/routes/_console.x/server.ts', imports)).toEqual(expected);
    expect(await rejected('app/server/services/leads/x.ts', [...imports, "import { IMPORT } from '../events/loaders';"])).toEqual([
      ...expected,
      '../events/loaders',
    ]);
    // inside the domain the loaders are its own
    expect(await rejected('app/server/services/events/x.ts', ["import { IMPORT } from './loaders';", "import { IMPORT } from './stand-loaders';"])).toEqual([]);
  });

  it('keep server modules out of browser modules, types excepted', async () => {
    const imports = [
      "import { IMPORT } from '~/server/viewer.server';",
      "import type { Viewer as IMPORT } from '~/server/viewer.server';",
      "import { IMPORT } from './form.server';",
      "import { IMPORT } from '../../server/services/errors';",
      "import { IMPORT } from '~/lib/features';",
    ];
    const expected = ['~/server/viewer.server', './form.server', '../../server/services/errors'];
    expect(await rejected('app/components/x/panel.tsx', imports)).toEqual(expected);
    expect(await rejected('app/lib/x.ts', imports)).toEqual(expected);
  });
});
