import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// the events domain's batch loaders are private to it (decision 009): everyone else (GraphQL, pages, routes, other
// services) reaches relations through services/events/relations.ts and the services, which apply the policy
const EVENTS_LOADERS = {
  regex: String.raw`^(~/server/services/|(\.{1,2}/)+(.*/)?)events/(loaders|stand-loaders|visitor-loaders)$`,
  message: 'The events loaders are private to the domain; use services/events/relations.ts or a service.',
};

export default tseslint.config(
  { ignores: ['build/**', 'build-*/**', '.cache/**', 'node_modules/**', 'var/**', 'graphql/generated/**', 'test-results/**', 'playwright-report/**', '.cache/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
    },
  },
  // Layers (docs/decisions/009-domain-shape.md). Type-only imports pass where a layer needs another's types.
  {
    files: ['app/routes/**', 'app/components/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: String.raw`^(#db(/|$)|(\.{1,2}/)+(.*/)?db/)`, message: 'Routes and components reach data through a service, never db/.' },
            { regex: String.raw`^(#graphql(/|$)|(\.{1,2}/)+(.*/)?graphql/)`, message: 'Routes and components call services, not the GraphQL layer.' },
            EVENTS_LOADERS,
          ],
        },
      ],
    },
  },
  {
    files: ['app/server/services/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'graphql', message: 'Services know nothing of GraphQL; resolvers map their results.' }],
          patterns: [
            { regex: String.raw`^(~/|(\.{1,2}/)+(.*/)?)routes/`, message: 'Services never import routes.' },
            { regex: String.raw`^(~/|(\.{1,2}/)+(.*/)?)components/`, message: 'Services never import components.' },
            { regex: String.raw`^(#graphql(/|$)|(\.{1,2}/)+(.*/)?graphql/)`, message: 'Services never import the GraphQL layer.' },
            EVENTS_LOADERS,
          ],
        },
      ],
    },
  },
  {
    // the GraphQL layer and the server page modules (app/server/pages) may import services, not the events loaders
    files: ['graphql/**', 'app/server/pages/**'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [EVENTS_LOADERS] }] },
  },
  {
    // browser modules; route modules still import services for their loaders and actions (Remix strips them from
    // the browser build) until route-private server code moves into route folders
    files: ['app/components/**', 'app/lib/**'],
    ignores: ['**/*.server.ts', '**/*.server.tsx'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: String.raw`^(~/server/|#db(/|$)|#graphql(/|$)|\.{1,2}/(.*/)?(server|db|graphql)/)|\.server$`,
              allowTypeImports: true,
              message: 'Browser code never imports server modules (type-only imports are fine).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['app/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: { ...reactHooks.configs.recommended.rules, ...jsxA11y.flatConfigs.recommended.rules },
  },
);
