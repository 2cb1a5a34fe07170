import { test as base } from '@playwright/test';

/** Playwright's test, pointed at the server that global-setup started. */
export const test = base.extend({
  // Playwright requires the fixture argument to be destructured, even when nothing is used from it.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    const url = process.env.FRONTLINE_URL;
    if (!url) throw new Error('FRONTLINE_URL is not set: run through the Playwright config (global setup)');
    await use(url);
  },
});

export { expect } from '@playwright/test';
