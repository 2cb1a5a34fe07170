import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumExecutablePath } from '../scripts/lib/chromium.ts';

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  globalSetup: './support/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  timeout: 30_000,
  expect: { timeout: 5_000 },
  outputDir: '../.test-results/playwright-artifacts',
  reporter: [['list'], ['json']],
  use: {
    browserName: 'chromium',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: chromiumExecutablePath, args: chromiumArgs },
  },
});
