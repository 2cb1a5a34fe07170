import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumExecutablePath } from '../scripts/lib/chromium.ts';

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  globalSetup: './support/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  // Two workers, each with its Chromium, share two cores with the server and its collector: a navigation that takes
  // half a second alone can take several seconds beside another spec's, so the limits leave room for that.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  outputDir: '../.test-results/playwright-artifacts',
  reporter: [['list'], ['json']],
  use: {
    browserName: 'chromium',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: chromiumExecutablePath, args: chromiumArgs },
  },
});
