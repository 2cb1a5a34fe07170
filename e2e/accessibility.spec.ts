import { expectNoAxeViolations } from './support/accessibility.ts';
import { test } from './support/fixtures.ts';
import { chooseTheme, DESKTOP, signInToTour, SITE_TOUR, THEMES } from './support/site-tour.ts';

// WCAG 2 A and AA (2.0 to 2.2) and axe-core's best practices on every page of the site, with its modals and panels
// open, in both themes: no violation allowed. The tour (support/site-tour.ts) is the one the a11y bench counts.

// axe checks the contrast of every text element: on a list of 60 servers that takes seconds on a busy machine.
test.describe.configure({ timeout: 180_000 });

for (const theme of THEMES) {
  test.describe(`${theme} theme`, () => {
    for (const stop of SITE_TOUR.filter((stop) => !stop.signedIn)) {
      test(`${stop.name}: no accessibility violations`, async ({ page }) => {
        await page.setViewportSize(stop.viewport ?? DESKTOP);
        await chooseTheme(page, theme);
        await stop.visit(page);
        await expectNoAxeViolations(page, `${stop.name} (${theme})`);
      });
    }

    // One sign-in for the dashboard, its modals and panels, seen one after the other.
    test('signed in: the dashboard, its add modals with results, the social panel and the account menu', async ({
      page,
    }) => {
      test.setTimeout(240_000);
      await page.setViewportSize(DESKTOP);
      await chooseTheme(page, theme);
      await signInToTour(page);
      for (const stop of SITE_TOUR.filter((stop) => stop.signedIn)) {
        await page.setViewportSize(stop.viewport ?? DESKTOP);
        await stop.visit(page);
        await expectNoAxeViolations(page, `${stop.name} (${theme})`);
      }
    });
  });
}
