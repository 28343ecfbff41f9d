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

/** Debian's Chromium (Playwright cannot download browsers here); the app runs its production build. */
export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: `test-results/${port}`,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  // the run's SMTP sink: every mail of the app under test goes over real SMTP to it (tests/e2e/smtp-sink.ts)
  globalSetup: './tests/e2e/smtp-sink.ts',
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
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
