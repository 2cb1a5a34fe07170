import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { DESKTOP, openAddModalWithResults, PHONE, signInToTour } from './support/site-tour.ts';

// Spec: site-account-and-realtime §2 "Modals: Add Player Profile, Add Favorite Server, Add Squad Member" (each
// searches, and a favourite server must be chosen from the results). The results show in full above the modal's
// footer, at a desktop's and a phone's width: no part of any result is under the footer, outside the dialog's
// scrolling body or off the screen. Read-only: nothing is added.

const MODALS = [
  { section: 'profiles-section', modal: 'add-player-modal', query: 'er' },
  { section: 'favorite-servers-section', modal: 'add-server-modal', query: 'er' },
  { section: 'squad-section', modal: 'add-buddy-modal', query: 'er' },
] as const;

/** The corners of `element` (just inside its box) where another element is what a tap or click would land on. */
function coveredCorners(element: Locator): Promise<string[]> {
  return element.evaluate((node) => {
    const box = node.getBoundingClientRect();
    const inset = 2;
    const corners: [string, number, number][] = [
      ['top left', box.left + inset, box.top + inset],
      ['top right', box.right - inset, box.top + inset],
      ['bottom left', box.left + inset, box.bottom - inset],
      ['bottom right', box.right - inset, box.bottom - inset],
    ];
    return corners
      .filter(([, x, y]) => {
        const hit = document.elementFromPoint(x, y);
        return hit === null || !node.contains(hit);
      })
      .map(([corner]) => corner);
  });
}

async function expectInViewport(page: Page, element: Locator, what: string): Promise<void> {
  const box = await element.boundingBox();
  const viewport = page.viewportSize();
  expect(box, `${what} has a box`).not.toBeNull();
  if (!box || !viewport) return;
  expect(box.x, `${what}: left edge on screen`).toBeGreaterThanOrEqual(0);
  expect(box.y, `${what}: top edge on screen`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${what}: right edge on screen`).toBeLessThanOrEqual(viewport.width);
  expect(box.y + box.height, `${what}: bottom edge on screen`).toBeLessThanOrEqual(viewport.height);
}

for (const viewport of [DESKTOP, PHONE]) {
  test(`the add modals' search results show in full above their footer at ${viewport.width} px`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signInToTour(page);
    for (const { section, modal, query } of MODALS) {
      const options = await openAddModalWithResults(page, section, modal, query);
      const dialog = page.getByRole('dialog');
      const listbox = dialog.getByRole('listbox');
      const footer = dialog.getByTestId('add-submit').locator('xpath=..');
      await expect(options.nth(1), `${modal}: "${query}" finds more than one result`).toBeVisible();

      // The list as a whole is on screen and ends above the footer.
      await expectInViewport(page, listbox, `${modal} results`);
      const listBox = await listbox.boundingBox();
      const footerBox = await footer.boundingBox();
      expect(listBox!.y + listBox!.height, `${modal}: the results end above the footer`).toBeLessThanOrEqual(
        footerBox!.y,
      );

      // Every result, the last one too (scrolled to within the list when it is long), can be seen and hit whole.
      for (const option of [options.first(), options.last()]) {
        await option.scrollIntoViewIfNeeded();
        await expectInViewport(page, option, `${modal} result`);
        expect(await coveredCorners(option), `${modal}: corners of a result under something else`).toEqual([]);
      }

      // The last result can be picked with a click, and the box then names it (a favourite server is chosen from
      // the results, never typed blind).
      await options.last().click();
      await expect(listbox).toBeHidden();
      expect(await dialog.getByRole('combobox').inputValue()).not.toBe('');
      await expect(dialog.getByTestId('add-submit')).toBeEnabled();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();
    }
  });
}
