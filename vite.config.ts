import path from 'node:path';
import { vitePlugin as remix } from '@remix-run/dev';
import { defineConfig } from 'vite';

declare module '@remix-run/node' {
  interface Future {
    v3_singleFetch: true;
  }
}

const alias = {
  '~': path.resolve(__dirname, 'app'),
  '#graphql': path.resolve(__dirname, 'graphql'),
  '#db': path.resolve(__dirname, 'db'),
};

export default defineConfig({
  resolve: { alias },
  server: { port: 3000 },
  build: { target: 'es2020', cssMinify: true },
  plugins: [
    remix({
      buildDirectory: process.env.BUILD_DIR ?? 'build',
      ignoredRouteFiles: ['**/*.css', '**/*.test.*'],
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
      },
    }),
  ],
});
