import { defineConfig } from '@playwright/test';
import { server } from './e2e/support/server';

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

const shell = {
  executablePath: process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell',
  args,
};

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  outputDir: `./test-results/${dialect}`,
  globalSetup: './e2e/support/global-setup.ts',
  // a file's tests run in order in one worker; the files are shared out among the workers as each
  // becomes free, every worker with a server, database and SMTP sink of its own (global-setup.ts,
  // e2e/support/server.ts). scripts/e2e.mjs sets E2E_WORKERS (decision 0022, amended)
  fullyParallel: false,
  workers: Math.max(1, Number(process.env.E2E_WORKERS ?? 1)),
  retries: process.env.CI ? 1 : 0,
  timeout: 45_000,
  expect: { timeout: 8_000 },
  reporter: [['list']],
  use: {
    // this worker's server (the config is read again in each worker)
    baseURL: server().baseURL,
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
      use: { launchOptions: shell },
    },
    {
      name: 'chromium',
      testMatch: FULL_BROWSER,
      use: { launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args } },
    },
  ],
});
