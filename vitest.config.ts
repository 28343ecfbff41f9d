import path from 'node:path';
import { defineConfig } from 'vitest/config';

const alias = {
  '~': path.resolve(__dirname, 'app'),
  '#graphql': path.resolve(__dirname, 'graphql'),
  '#db': path.resolve(__dirname, 'db'),
};

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
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/setup/integration-global.ts'],
          setupFiles: ['tests/setup/console.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
    ],
  },
});
