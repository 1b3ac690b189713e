import { defineConfig } from '@playwright/test';

const dialect = process.env.E2E_DIALECT ?? 'sqlite';

const args = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * The suites that need the full browser: Web Push needs notifications, which the headless shell has
 * not. Every other suite runs in Debian's Chromium headless shell, the same engine without the
 * browser's windowing layer and GPU process: a quarter faster (decision 0029).
 */
const FULL_BROWSER = ['**/push.spec.ts'];

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  outputDir: `./test-results/${process.env.E2E_RUN_NAME ?? dialect}`,
  globalSetup: './e2e/support/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 45_000,
  expect: { timeout: 8_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${process.env.E2E_PORT ?? '3100'}`,
    screenshot: 'only-on-failure',
    // a trace only when a failed test runs again: recording one for every test (screenshots and DOM
    // snapshots at each step, kept on failure) made the browser suite a quarter slower, 75-80 s
    // against 55-58 s for three suites (issue 32); `npx playwright test --trace on` records one at will
    trace: 'on-first-retry',
  },
  projects: [
    {
      name: 'headless-shell',
      testIgnore: FULL_BROWSER,
      use: {
        launchOptions: {
          executablePath: process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell',
          args,
        },
      },
    },
    {
      name: 'chromium',
      testMatch: FULL_BROWSER,
      use: { launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args } },
    },
  ],
});
