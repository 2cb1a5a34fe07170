import type { Locator, Page } from '@playwright/test';
import { signInAsDemoPerson } from './sign-in.ts';

/**
 * Every page of the site, and the modals and panels a visitor opens on them, each shown with its content loaded:
 * the accessibility checks (accessibility.spec.ts) and the a11y bench (bench/a11y.bench.ts) go through the same
 * stops. The players, servers and the round are the seeded world's (seeded-world.ts), as the specs of each page
 * name them; the round's id is read from the API, since ids are made from start times, which move with the run.
 */

export type Theme = 'dark' | 'light';
export const THEMES: readonly Theme[] = ['dark', 'light'];

export interface TourStop {
  /** snake_case, part of the bench's figure names. */
  name: string;
  /**
   * Seen signed in (the dashboard, the social panel): the signed-in stops are visited one after the other in one
   * browser context, signed in once through the demo (signInToTour).
   */
  signedIn?: boolean;
  /** The viewport the stop is seen at (1280 × 800 unless said). */
  viewport?: { width: number; height: number };
  /** Goes to the page, opens what the stop is about, and waits until its content is there. */
  visit: (page: Page) => Promise<void>;
}

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 375, height: 740 };

const BUSY_SERVER = 'Sunday Soldiers | No Rules | EU';
const RANKED_SERVER = '-=TBF=- BFV Public';
/** A player with a day of rounds, best scores and maps (players.spec.ts). */
const PLAYER = 'BuckCamper';
/** A player who shared a round with PLAYER (round-report.spec.ts). */
const OTHER_PLAYER = 'thedoughboy99';
/** A player with a day of awards (achievements.spec.ts). */
const DECORATED_PLAYER = 'DeadlyWillys';

const playerPath = (name: string) => `/players/${encodeURIComponent(name)}`;
const serverPath = (name: string) => `/servers/${encodeURIComponent(name)}`;

/** Waits for the page's own content, then for every loading spinner still turning to stop. */
async function settle(page: Page, content: Locator): Promise<void> {
  // Some lists render twice, as a table and as phone cards, one of them hidden.
  await content.filter({ visible: true }).first().waitFor();
  await page.waitForFunction(() => document.querySelectorAll('.animate-spin').length === 0, undefined, {
    timeout: 30_000,
  });
}

/** Goes to `path` and settles on `content`. */
function visitPath(path: string, content: (page: Page) => Locator): (page: Page) => Promise<void> {
  return async (page) => {
    await page.goto(path);
    await settle(page, content(page));
  };
}

/** PLAYER's best round, through his profile's best scores (round-report.spec.ts). */
async function knownRoundId(page: Page): Promise<string> {
  const answer = await page.request.get(`/stats/players/${encodeURIComponent(PLAYER)}`);
  if (!answer.ok()) throw new Error(`the profile of ${PLAYER} answered ${answer.status()}`);
  const profile = (await answer.json()) as { bestScores: { allTime: { roundId: string }[] } };
  const roundId = profile.bestScores.allTime[0]?.roundId;
  if (!roundId) throw new Error(`${PLAYER} has no best score`);
  return roundId;
}

/**
 * Opens one of the dashboard's add modals ('+' when its list has items, the empty state's button otherwise) and
 * types `query`, until its results show.
 */
export async function openAddModalWithResults(
  page: Page,
  section: string,
  modalTestId: string,
  query: string,
): Promise<Locator> {
  const list = page.getByTestId(section);
  await list.waitFor();
  const plus = list.getByTestId('add-button');
  if (await plus.isVisible()) await plus.click();
  else await list.getByTestId('empty-state').getByRole('button').click();
  const modal = page.getByTestId(modalTestId);
  await modal.getByRole('combobox').fill(query);
  const options = page.getByRole('option');
  await options.first().waitFor();
  return options;
}

/**
 * A server browser with its list, then the sections under it (Game Trends, Playing Now), whose code and content load
 * only once they come near the screen: scrolled to, so that they are checked too.
 */
function visitServerBrowser(view: string): (page: Page) => Promise<void> {
  return async (page) => {
    await page.goto(`/servers/${view}`);
    await page.getByTestId('server-row').filter({ visible: true }).first().waitFor();
    await page.getByTestId('browser-sections').scrollIntoViewIfNeeded();
    await settle(page, page.getByTestId('playing-now-count'));
  };
}

export const SITE_TOUR: readonly TourStop[] = [
  ...(['all', 'bf1942', 'fh2', 'bfv'] as const).map((view): TourStop => ({
    name: `servers_${view}`,
    visit: visitServerBrowser(view),
  })),
  {
    name: 'servers_bf1942_phone',
    viewport: PHONE,
    visit: visitServerBrowser('bf1942'),
  },
  {
    name: 'landing',
    visit: visitPath('/landing', (page) => page.getByRole('heading', { level: 1 })),
  },
  {
    name: 'demo_sign_in_modal',
    visit: async (page) => {
      await visitServerBrowser('bf1942')(page);
      await page.getByTestId('demo-sign-in').click();
      await page.getByTestId('demo-sign-in-modal').getByTestId('demo-user').first().waitFor();
    },
  },
  {
    name: 'server_profile',
    visit: visitPath(serverPath(BUSY_SERVER), (page) => page.getByTestId('leaderboard')),
  },
  {
    name: 'server_rankings',
    visit: visitPath(`${serverPath(RANKED_SERVER)}/rankings`, (page) => page.getByTestId('ranking-entry')),
  },
  {
    name: 'server_sessions',
    visit: visitPath(`${serverPath(BUSY_SERVER)}/sessions`, (page) => page.getByTestId('round')),
  },
  {
    name: 'server_not_found',
    visit: visitPath(serverPath('No such server anywhere'), (page) => page.getByTestId('server-not-found')),
  },
  {
    name: 'players',
    visit: visitPath('/players', (page) => page.getByTestId('player-row')),
  },
  {
    name: 'player_profile',
    visit: visitPath(playerPath(PLAYER), (page) => page.getByRole('region', { name: 'Recent Battles' })),
  },
  {
    name: 'player_map_performance_modal',
    visit: async (page) => {
      await visitPath(playerPath(PLAYER), (page) => page.getByRole('region', { name: 'Favorite Battlegrounds' }))(page);
      await page
        .getByRole('region', { name: 'Favorite Battlegrounds' })
        .getByRole('button', { name: `View Maps of ${BUSY_SERVER}`, exact: true })
        .click();
      await settle(page, page.getByRole('dialog', { name: /Map Performance/ }).getByTestId('map-row'));
    },
  },
  {
    name: 'player_sessions',
    visit: visitPath(`${playerPath(PLAYER)}/sessions`, (page) => page.getByTestId('session-card')),
  },
  {
    name: 'player_achievements',
    visit: visitPath(`${playerPath(DECORATED_PLAYER)}/achievements`, (page) => page.getByTestId('achievement-card')),
  },
  {
    name: 'player_not_found',
    visit: visitPath(playerPath('Nobody-Ever-Seen-7f3a'), (page) => page.getByRole('heading', { level: 1 })),
  },
  {
    name: 'compare_empty',
    visit: visitPath('/players/compare', (page) => page.getByTestId('compare-intro')),
  },
  {
    name: 'compare',
    visit: visitPath(`/players/compare?${new URLSearchParams({ player1: PLAYER, player2: OTHER_PLAYER })}`, (page) =>
      page.getByTestId('comparison-result'),
    ),
  },
  {
    name: 'round_report',
    visit: async (page) => {
      const roundId = await knownRoundId(page);
      await visitPath(`/rounds/${encodeURIComponent(roundId)}/report`, (page) => page.getByTestId('standing-row'))(
        page,
      );
    },
  },
  {
    name: 'tk_livewire',
    visit: visitPath('/tk-livewire', (page) => page.getByTestId('wip-text')),
  },
  {
    name: 'not_found',
    visit: visitPath('/no/such/page', (page) => page.getByRole('heading', { name: 'Page not found' })),
  },
  {
    name: 'dashboard',
    signedIn: true,
    visit: visitPath('/dashboard', (page) => page.getByTestId('squad-section').getByTestId('buddy-card')),
  },
  ...(
    [
      ['dashboard_add_player', 'profiles-section', 'add-player-modal', 'Buck'],
      ['dashboard_add_server', 'favorite-servers-section', 'add-server-modal', 'Sunday'],
      ['dashboard_add_buddy', 'squad-section', 'add-buddy-modal', 'Buck'],
    ] as const
  ).map(([name, section, modal, query]): TourStop => ({
    name,
    signedIn: true,
    visit: async (page) => {
      await visitPath('/dashboard', (page) => page.getByTestId('squad-section').getByTestId('buddy-card'))(page);
      await openAddModalWithResults(page, section, modal, query);
    },
  })),
  {
    name: 'social_panel',
    signedIn: true,
    visit: async (page) => {
      await visitPath('/dashboard', (page) => page.getByTestId('squad-section').getByTestId('buddy-card'))(page);
      await page.getByTestId('social-toggle').click();
      await settle(page, page.getByTestId('social-panel'));
    },
  },
  {
    name: 'account_menu',
    signedIn: true,
    visit: async (page) => {
      await visitPath('/dashboard', (page) => page.getByTestId('squad-section').getByTestId('buddy-card'))(page);
      await page.getByTestId('account-button').click();
      await page.getByTestId('account-menu').waitFor();
    },
  },
];

/** Makes every page of `page`'s context open in `theme`, as a visitor's stored choice would (lib/theme.ts). */
export async function chooseTheme(page: Page, theme: Theme): Promise<void> {
  await page.addInitScript((dark) => localStorage.setItem('darkMode', dark), String(theme === 'dark'));
}

/** The demo person the signed-in stops are seen as: one with a squad, whose lists no spec changes (Kit Sniper). */
export function signInToTour(page: Page): Promise<void> {
  return signInAsDemoPerson(page, 2);
}
