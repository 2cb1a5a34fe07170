import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/**
 * Signs in through the demo's identity provider, as a visitor would: "Sign in (demo)" in the header, then one of its
 * ready-made people (0 to 3). The ID token it issues goes through the real login; the page lands on /dashboard.
 * Each sign-in is an account of its own, a copy of the person's lists: a spec may change them freely.
 */
export async function signInAsDemoPerson(page: Page, person: 0 | 1 | 2 | 3): Promise<void> {
  await page.goto('/servers/bf1942');
  await page.getByTestId('demo-sign-in').click();
  const people = page.getByTestId('demo-sign-in-modal').getByTestId('demo-user');
  await people.nth(person).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome back!' })).toBeVisible();
}
