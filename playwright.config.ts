/**
 * Playwright: end-to-end tests in Chromium against the production build (build/), served on
 * 127.0.0.1 by scripts/serve.ts, which resolves paths like a static host.
 *
 * On machines with Debian's Chromium (/usr/bin/chromium) the tests use it; elsewhere they use
 * Playwright's own Chromium (`npx playwright install chromium`). CHROMIUM_PATH overrides both.
 */
import fs from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4173);
const systemChromium = '/usr/bin/chromium';
const executablePath = process.env.CHROMIUM_PATH ?? (fs.existsSync(systemChromium) ? systemChromium : undefined);

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  // The extra builds some tests serve: the next deployment, the Algolia-mode site and the site with
  // newer release data (tests/e2e/globalSetup.ts).
  globalSetup: './tests/e2e/globalSetup.ts',
  fullyParallel: true,
  // The tests mostly wait on the browser, so two workers fit even a two-core machine.
  workers: 2,
  forbidOnly: true,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    ...devices['Desktop Chrome'],
    viewport: { width: 1280, height: 900 },
    launchOptions: {
      executablePath,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: `npx tsx scripts/serve.ts --port ${port}`,
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: !process.env.CI,
    timeout: 30_000,
  },
});
