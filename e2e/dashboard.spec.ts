import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { signInAsDemoPerson } from './support/sign-in.ts';

// Spec: site-account-and-realtime §1 (login button and dropdown), §2 "Dashboard screen", §4 Authentication and
// Dashboard, §5, §8. Signed in through the demo's identity provider, against the real server and its database.
// BuckCamper and "|GG| Coop Noobs" are a player and a server of the seeded world (players.spec.ts, sessions.spec.ts).

const PLAYER = 'BuckCamper';
// Not one of the busy servers a demo person starts with as favourites.
const SERVER = '|GG| Coop Noobs';

/** Opens a section's add modal ('+' when the list has items, the empty state's button otherwise). */
async function openAddModal(section: Locator): Promise<void> {
  const plus = section.getByTestId('add-button');
  if (await plus.isVisible()) await plus.click();
  else await section.getByTestId('empty-state').getByRole('button').click();
}

/** Types into the add modal's search, picks the result named `name` and adds it. */
async function addThroughSearch(page: Page, modalTestId: string, query: string, name: string): Promise<void> {
  const modal = page.getByTestId(modalTestId);
  await modal.getByRole('combobox').fill(query);
  await page
    .getByRole('option', { name: new RegExp(name.replace(/[|]/g, '\\|')) })
    .first()
    .click();
  await page.getByTestId('add-submit').click();
  await expect(modal).toBeHidden();
}

test('a demo sign-in keeps names, servers and a squad: added through the searches, removed after confirming', async ({
  page,
}) => {
  await signInAsDemoPerson(page, 0);
  const profiles = page.getByTestId('profiles-section');
  const servers = page.getByTestId('favorite-servers-section');
  const squad = page.getByTestId('squad-section');
  // The demo person arrives with a linked name and a squad of players of the simulated world.
  await expect(profiles.getByTestId('player-profile-card').first()).toBeVisible();
  await expect(squad.getByTestId('buddy-card').first()).toBeVisible();
  // The Dashboard entry of the navigation shows only when signed in.
  await expect(page.getByRole('link', { name: 'Dashboard' }).first()).toBeVisible();

  await openAddModal(profiles);
  await addThroughSearch(page, 'add-player-modal', 'BuckC', PLAYER);
  await expect(profiles.getByTestId('card-name').filter({ hasText: PLAYER })).toBeVisible();

  await openAddModal(servers);
  await addThroughSearch(page, 'add-server-modal', 'Coop Noo', SERVER);
  // The whole name in the card's title (a name past 25 characters is shown cut: the card's unit test).
  const serverCard = servers.getByTestId('favorite-server-card').filter({ has: page.getByTitle(SERVER) });
  await expect(serverCard).toBeVisible();
  await expect(serverCard.getByTestId('fill-badge')).toBeVisible();

  const squadBefore = await squad.getByTestId('buddy-card').count();
  await openAddModal(squad);
  await addThroughSearch(page, 'add-buddy-modal', 'BuckC', PLAYER);
  await expect(squad.getByTestId('buddy-card')).toHaveCount(squadBefore + 1);
  await expect(squad.getByTestId('count-badge')).toHaveText(String(squadBefore + 1));

  // Adding the same name again adds nothing: the modal says so and stays open.
  await openAddModal(squad);
  const again = page.getByTestId('add-buddy-modal');
  await again.getByRole('combobox').fill(PLAYER);
  await page.getByTestId('add-submit').click();
  await expect(page.getByTestId('add-error')).toHaveText(`${PLAYER} is already in Your Squad.`);
  await expect(page.getByRole('dialog', { name: 'Add Squad Member' })).toBeVisible();
  await page.getByRole('dialog', { name: 'Add Squad Member' }).getByRole('button', { name: 'Cancel' }).click();
  await expect(squad.getByTestId('buddy-card')).toHaveCount(squadBefore + 1);

  // Remove asks first (spec §4 "confirmation modal titled 'Remove {name}'", §2 "the message followed by a question
  // mark, with Cancel and Remove buttons"): Cancel keeps the buddy, Remove takes them off.
  await squad.getByRole('button', { name: `Remove ${PLAYER}` }).click();
  const confirm = page.getByRole('dialog', { name: `Remove ${PLAYER}`, exact: true });
  await expect(confirm.getByRole('heading')).toHaveText(`Remove ${PLAYER}`);
  await expect(confirm).toContainText(`Remove ${PLAYER} from Your Squad?`);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(squad.getByTestId('buddy-card')).toHaveCount(squadBefore + 1);
  await squad.getByRole('button', { name: `Remove ${PLAYER}` }).click();
  await page
    .getByRole('dialog', { name: `Remove ${PLAYER}`, exact: true })
    .getByRole('button', { name: 'Remove' })
    .click();
  await expect(squad.getByTestId('buddy-card')).toHaveCount(squadBefore);

  // A reload keeps the session and what was saved.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Welcome back!' })).toBeVisible();
  await expect(profiles.getByTestId('card-name').filter({ hasText: PLAYER })).toBeVisible();
  await expect(serverCard).toBeVisible();

  // A name and a server are removed as the buddy was (the account is this sign-in's own: nothing to tidy for others).
  await profiles.getByRole('button', { name: `Remove ${PLAYER}` }).click();
  await page
    .getByRole('dialog', { name: `Remove ${PLAYER}`, exact: true })
    .getByRole('button', { name: 'Remove' })
    .click();
  await servers.getByRole('button', { name: `Remove ${SERVER}` }).click();
  await page
    .getByRole('dialog', { name: `Remove ${SERVER}`, exact: true })
    .getByRole('button', { name: 'Remove' })
    .click();
  await expect(profiles.getByTestId('card-name').filter({ hasText: PLAYER })).toHaveCount(0);
  await expect(serverCard).toHaveCount(0);

  // Sign Out from the account dropdown: back to the site's start, signed out, the keys gone.
  await page.getByTestId('account-button').click();
  await expect(page.getByTestId('account-menu')).toBeVisible();
  await page.getByTestId('account-menu').getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/servers\/bf1942$/);
  await expect(page.getByTestId('demo-sign-in')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
  await expect(page.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
});

test('the refresh cookie signs the visitor back in when the stored access token is gone', async ({ page }) => {
  await signInAsDemoPerson(page, 1);
  // The access token is lost (as when it expires); the HttpOnly cookie, out of every script's reach, remains.
  await page.evaluate(() => {
    localStorage.removeItem('authToken');
    localStorage.removeItem('tokenExpiresAt');
  });
  const refreshed = page.waitForResponse((response) => response.url().endsWith('/stats/auth/refresh'));
  await page.reload();
  expect((await refreshed).status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Welcome back!' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeTruthy();
  expect(await page.evaluate(() => document.cookie)).not.toContain('rt=');
});

test('the account dropdown shows the email and closes on a click outside', async ({ page }) => {
  await signInAsDemoPerson(page, 2);
  const button = page.getByTestId('account-button');
  await expect(button).toHaveText(/^[A-Z]$/);
  await button.click();
  await expect(page.getByTestId('account-email')).toHaveText(/@example\.com$/);
  await page.getByRole('heading', { name: 'Welcome back!' }).click();
  await expect(page.getByTestId('account-menu')).toBeHidden();
});
