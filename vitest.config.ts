import path from 'node:path';
import { defineConfig } from 'vitest/config';

// graphql-http's Express adapter is CommonJS and loads graphql's CJS build; Vite would give our own imports
// the ESM build ("module" field), and graphql refuses schemas from "another realm". Node itself resolves
// both to the CJS build, so tests do the same.
const alias = [
  { find: '~', replacement: path.resolve(__dirname, 'app') },
  { find: '#graphql', replacement: path.resolve(__dirname, 'graphql') },
  { find: '#db', replacement: path.resolve(__dirname, 'db') },
  { find: /^graphql$/, replacement: path.resolve(__dirname, 'node_modules/graphql/index.js') },
];

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}', 'app/**/*.test.{ts,tsx}'],
          environment: 'node',
          setupFiles: ['tests/setup/console.ts'],
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts', 'tests/security/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/setup/integration-global.ts'],
          setupFiles: ['tests/setup/console.ts', 'tests/setup/one-statement-at-a-time.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
    ],
  },
});
