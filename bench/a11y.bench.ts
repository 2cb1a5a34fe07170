import { chromium, type Browser, type Page } from '@playwright/test';
import { countFailingNodes, findAxeViolations } from '../e2e/support/accessibility.ts';
import { startSeededWorldServer } from '../e2e/support/global-setup.ts';
import {
  chooseTheme,
  DESKTOP,
  signInToTour,
  SITE_TOUR,
  THEMES,
  type Theme,
  type TourStop,
} from '../e2e/support/site-tour.ts';
import { chromiumArgs, chromiumExecutablePath } from '../scripts/lib/chromium.ts';
import type { Figure } from './figures.ts';

/**
 * axe-core's WCAG 2 A/AA and best-practice failures on every page of the site and its main modals and panels, in both themes
 * (`axe_violations_<stop>_<theme>`: failing elements, every rule added up), on the seeded world the browser tests
 * run against, in Debian's Chromium. The browser tests allow none (e2e/accessibility.spec.ts); this counts them, so
 * that a change can be compared with what was there before it.
 */
export async function benchA11y(): Promise<Figure[]> {
  const server = await startSeededWorldServer();
  const browser = await chromium.launch({ executablePath: chromiumExecutablePath, args: chromiumArgs });
  const figures: Figure[] = [];
  try {
    for (const theme of THEMES) {
      // Each signed-out stop in a fresh context; the signed-in ones one after the other, signed in once.
      for (const stop of SITE_TOUR.filter((stop) => !stop.signedIn)) {
        await inContext(browser, server.url, theme, async (page) => {
          figures.push(await measureStop(page, stop, theme));
        });
      }
      await inContext(browser, server.url, theme, async (page) => {
        await signInWithRetry(page);
        for (const stop of SITE_TOUR.filter((stop) => stop.signedIn))
          figures.push(await measureStop(page, stop, theme));
      });
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  return figures;
}

/**
 * The sign-in's checks wait 5 s outside the test runner (10 s in it): on a machine busy with the bench's own server
 * and Chromium, one more try rather than a lost run.
 */
async function signInWithRetry(page: Page): Promise<void> {
  try {
    await signInToTour(page);
  } catch {
    await signInToTour(page);
  }
}

async function inContext(
  browser: Browser,
  baseURL: string,
  theme: Theme,
  use: (page: Page) => Promise<void>,
): Promise<void> {
  const context = await browser.newContext({ baseURL, viewport: DESKTOP });
  try {
    const page = await context.newPage();
    await chooseTheme(page, theme);
    await use(page);
  } finally {
    await context.close();
  }
}

async function measureStop(page: Page, stop: TourStop, theme: Theme): Promise<Figure> {
  await page.setViewportSize(stop.viewport ?? DESKTOP);
  await stop.visit(page);
  const violations = await findAxeViolations(page);
  return {
    name: `axe_violations_${stop.name}_${theme}`,
    value: countFailingNodes(violations),
    unit: 'count',
    budget: 0,
    ...(violations.length > 0
      ? { note: violations.map((violation) => `${violation.id} ×${violation.nodes.length}`).join(', ') }
      : {}),
  };
}
