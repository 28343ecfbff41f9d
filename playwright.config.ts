import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://127.0.0.1:${port}`;

const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * Debian's Chromium (Playwright cannot download browsers here): its old headless shell (package
 * chromium-headless-shell, the same engine and version) when installed, which Playwright itself uses for headless
 * runs; Chromium 156's new headless mode is the whole browser and made the suite three times slower (decision 023).
 * CHROMIUM_PATH overrides.
 */
export const chromiumPath =
  process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium');

/** The app runs its production build. */
export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: `test-results/${port}`,
  // the spec files share the machine's two cores: each worker has its own browser, both use the one server and its
  // demo database, so a test creates what it changes and reads only what it or the demo seed made (195 tests took 30
  // minutes on one worker, 10 on two); the tests of a file stay in order on one worker unless it says otherwise
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  // a guard against a test that stands still, not a measure: with Chromium 156 on two busy cores a long flow of the
  // builder took 31.5 s (each step still within the 7 s of `expect`)
  timeout: 60_000,
  expect: { timeout: 7_000 },
  // the run's SMTP sink: every mail of the app under test goes over real SMTP to it (tests/e2e/smtp-sink.ts)
  globalSetup: './tests/e2e/smtp-sink.ts',
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } }],
  webServer: {
    command: `node --enable-source-maps ${process.env.BUILD_DIR ?? 'build'}/server.js`,
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    // a fresh database is migrated and seeded with the demo at start-up: on two busy cores that took over a minute
    timeout: 240_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: process.env.E2E_DATABASE_URL ?? '',
      UPLOAD_DIR: `var/e2e-uploads-${port}`,
      SEED_DEMO: 'always',
      // the "video sites" whose pictures the server fetches when a link is saved: a local server the tests start
      VIDEO_THUMBNAIL_ORIGIN: `http://127.0.0.1:${port + 1000}`,
      // mails over real SMTP to the run's sink (globalSetup; port + 2000, as smtp-sink.ts listens)
      SMTP_URL: `smtp://127.0.0.1:${port + 2000}`,
    },
  },
});
