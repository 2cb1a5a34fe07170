import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reloadAuthFromStorage, setAuthActivity, setAuthNotice } from '../../../lib/auth/auth-store.ts';
import { apiError, fakeServer, json, noContent, storeSignIn } from '../../../lib/auth/test-fixtures.ts';
import { buddy, favoriteServer, livePlayer, playerLink, profile } from '../lib/test-fixtures.ts';
import { DashboardScreen } from './dashboard-screen.tsx';

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

function renderDashboard() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <DashboardScreen />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

function signIn() {
  storeSignIn({ token: 'token-1' });
  reloadAuthFromStorage();
}

const section = (testId: string) => screen.getByTestId(testId);

beforeEach(() => {
  reloadAuthFromStorage();
  setAuthActivity('idle');
  setAuthNotice(null);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('signed out (spec §2: "heading \'Welcome to Battlefield Command Center\' with a sign-in prompt; each of three sections shows an empty-state card")', () => {
  it('greets the visitor, shows the three empty states without add buttons, and fetches nothing', () => {
    const server = fakeServer({});
    renderDashboard();

    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Welcome to Battlefield Command Center');
    expect(screen.getByTestId('sign-in-prompt')).toHaveTextContent(/Sign in/);
    const titles = screen.getAllByTestId('empty-state').map((card) => within(card).getByRole('heading').textContent);
    expect(titles).toEqual(['No Player Profiles Yet', 'No Favorite Servers', 'No Squad Members Yet']);
    expect(screen.queryAllByTestId('count-badge')).toHaveLength(0);
    expect(screen.queryByRole('button')).toBeNull();
    expect(server.calls).toHaveLength(0);
  });
});

describe('signed in (spec §2 Dashboard screen; §4 Dashboard)', () => {
  it("says 'Welcome back!' and shows each empty section's title and button, without '+' buttons", async () => {
    signIn();
    const server = fakeServer({ 'GET /stats/auth/profile': json(profile()) });
    renderDashboard();

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back!' })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getAllByTestId('count-badge').map((badge) => badge.textContent)).toEqual(['0', '0', '0']),
    );
    for (const [testId, title, button] of [
      ['profiles-section', 'No Player Profiles Yet', 'Add Your First Player'],
      ['favorite-servers-section', 'No Favorite Servers', 'Add Server'],
      ['squad-section', 'No Squad Members Yet', 'Search Players'],
    ] as const) {
      const empty = within(section(testId)).getByTestId('empty-state');
      expect(empty).toHaveTextContent(title);
      expect(within(empty).getByRole('button', { name: button })).toBeInTheDocument();
      expect(within(section(testId)).queryByTestId('add-button')).toBeNull();
    }
    expect(server.callsTo('GET /stats/auth/profile')[0]?.headers).toMatchObject({ Authorization: 'Bearer token-1' });
  });

  it('shows the cards with counts, presence, figures and truncated names', async () => {
    signIn();
    fakeServer({
      'GET /stats/auth/profile': json(
        profile({
          playerNames: [
            playerLink(
              1,
              'Sgt Pepper',
              livePlayer('Sgt Pepper', {
                isOnline: true,
                currentServer: 'Alpha #1 / Berlin',
                currentServerGuid: 'g1',
                currentMap: 'battle_of_the_bulge',
                currentSessionScore: 12_345,
                currentSessionKills: 31,
                currentSessionDeaths: 4,
              }),
            ),
            playerLink(2, 'AVeryLongPlayerNameIndeedYes', livePlayer('x', { lastSeenIso: hoursAgo(3) })),
          ],
          favoriteServers: [
            favoriteServer(10, 'Alpha', { activeSessions: 24, maxPlayers: 32 }),
            favoriteServer(11, 'Gone Server', { currentMap: null, activeSessions: 0 }),
          ],
          buddies: [buddy(20, 'Online Without Server', livePlayer('o', { isOnline: true }))],
        }),
      ),
    });
    renderDashboard();

    const profiles = await screen.findAllByTestId('player-profile-card');
    expect(within(section('profiles-section')).getByTestId('count-badge')).toHaveTextContent('2');
    expect(within(section('profiles-section')).getByTestId('add-button')).toBeInTheDocument();

    const [playing, offline] = profiles as [HTMLElement, HTMLElement];
    expect(within(playing).getByRole('link', { name: 'Alpha #1 / Berlin' })).toHaveAttribute(
      'href',
      '/servers/Alpha%20%231%20%2F%20Berlin',
    );
    expect(within(playing).getByTestId('current-map')).toHaveTextContent('battle of the bulge');
    // Spec §2: "Session score is shown as K (thousands) or M (millions) with one decimal."
    expect(within(playing).getByTestId('session-figures')).toHaveTextContent('Score12.3K');
    expect(within(offline).getByTestId('presence')).toHaveTextContent('Last seen 3 hours ago');
    // Spec §2: "Names longer than 25 characters are truncated with an ellipsis."
    expect(within(offline).getByTestId('card-name')).toHaveTextContent(/^AVeryLongPlayerNameIndeed…$/);

    const [online, gone] = within(section('favorite-servers-section')).getAllByTestId('favorite-server-card') as [
      HTMLElement,
      HTMLElement,
    ];
    expect(within(online).getByTestId('fill-badge')).toHaveTextContent('24/32');
    expect(within(online).getByTestId('fill-badge')).toHaveAttribute('data-fill', 'hot');
    expect(within(online).getByRole('link', { name: 'JOIN' })).toBeInTheDocument();
    expect(within(gone).getByTestId('server-map')).toHaveTextContent('Server Offline');
    expect(within(gone).getByTestId('fill-badge')).toHaveTextContent('OFFLINE');
    expect(within(gone).queryByRole('link', { name: 'JOIN' })).toBeNull();

    expect(within(screen.getByTestId('buddy-card')).getByTestId('presence')).toHaveTextContent(/^Online$/);
  });

  it('lists buddies online first, then by name', async () => {
    signIn();
    fakeServer({
      'GET /stats/auth/profile': json(
        profile({
          buddies: [
            buddy(1, 'charlie'),
            buddy(2, 'Bravo', livePlayer('Bravo', { isOnline: true })),
            buddy(3, 'alpha'),
            buddy(4, 'Able', livePlayer('Able', { isOnline: true })),
          ],
        }),
      ),
    });
    renderDashboard();
    const cards = await screen.findAllByTestId('buddy-card');
    expect(cards.map((card) => within(card).getByTestId('card-name').textContent)).toEqual([
      'Able',
      'Bravo',
      'alpha',
      'charlie',
    ]);
  });

  it("shows 'Failed to load dashboard data' with the lists emptied", async () => {
    signIn();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeServer({ 'GET /stats/auth/profile': apiError(500) });
    renderDashboard();
    expect(await screen.findByText('Failed to load dashboard data')).toBeInTheDocument();
    expect(screen.getAllByTestId('empty-state')).toHaveLength(3);
  });
});

describe('add modals (spec §5: validation, "Submit buttons are disabled while blank or saving and show \'Adding...\'. Names are trimmed")', () => {
  it('adds a trimmed player name, closes and reloads', async () => {
    signIn();
    let answerAdd: (response: Response) => void = () => {};
    const server = fakeServer({
      'GET /stats/auth/profile': [json(profile()), json(profile({ playerNames: [playerLink(1, 'Sgt Pepper')] }))],
      'GET /stats/Players/search': json({ items: [], currentPage: 1, totalItems: 0, totalPages: 0 }),
      'POST /stats/auth/player-names': () => new Promise<Response>((resolve) => (answerAdd = resolve)),
    });
    const user = userEvent.setup();
    renderDashboard();
    await user.click(await screen.findByRole('button', { name: 'Add Your First Player' }));

    const modal = screen.getByTestId('add-player-modal');
    expect(screen.getByRole('dialog', { name: 'Add Player Profile' })).toBeInTheDocument();
    const submit = screen.getByTestId('add-submit');
    expect(submit).toBeDisabled();
    await user.type(within(modal).getByRole('combobox'), '   ');
    expect(submit).toBeDisabled();

    await user.type(within(modal).getByRole('combobox'), 'Sgt Pepper  ');
    expect(submit).toBeEnabled();
    await user.click(submit);
    expect(submit).toHaveTextContent('Adding...');
    expect(submit).toBeDisabled();
    await act(async () => answerAdd(json(playerLink(1, 'Sgt Pepper'), 201)));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.callsTo('POST /stats/auth/player-names')[0]?.body).toEqual({ playerName: 'Sgt Pepper' });
    expect(await screen.findByTestId('player-profile-card')).toHaveTextContent('Sgt Pepper');
    expect(server.callsTo('GET /stats/auth/profile')).toHaveLength(2);
  });

  it("asks for a player on a blank Enter: 'Please select a player from the search results.'", async () => {
    signIn();
    fakeServer({ 'GET /stats/auth/profile': json(profile()) });
    const user = userEvent.setup();
    renderDashboard();
    await user.click(await screen.findByRole('button', { name: 'Add Your First Player' }));
    await user.type(screen.getByRole('combobox'), '  {Enter}');
    expect(screen.getByTestId('add-error')).toHaveTextContent('Please select a player from the search results.');
  });

  it('adds a squad member chosen from the search, and says so when adding fails', async () => {
    signIn();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const server = fakeServer({
      'GET /stats/auth/profile': json(profile()),
      'GET /stats/Players/search': json({
        items: [
          {
            playerName: 'Rookie',
            displayName: 'Rookie',
            totalPlayTimeMinutes: 60,
            lastSeen: hoursAgo(1),
            isActive: false,
            currentServer: null,
          },
        ],
        currentPage: 1,
        totalItems: 1,
        totalPages: 1,
      }),
      'POST /stats/auth/buddies': apiError(400, 'Your squad is full'),
    });
    const user = userEvent.setup();
    renderDashboard();
    await user.click(await screen.findByRole('button', { name: 'Search Players' }));
    expect(screen.getByRole('dialog', { name: 'Add Squad Member' })).toBeInTheDocument();

    await user.type(screen.getByRole('combobox'), 'Roo');
    await user.click(await screen.findByRole('option', { name: /Rookie/ }));
    expect(screen.getByRole('combobox')).toHaveValue('Rookie');
    expect(server.callsTo('GET /stats/Players/search')[0]?.url).toBe('/stats/Players/search?query=Roo&pageSize=10');
    await user.click(screen.getByTestId('add-submit'));

    expect(await screen.findByTestId('add-error')).toHaveTextContent(
      'Failed to add player to squad. Please try again.',
    );
    expect(server.callsTo('POST /stats/auth/buddies')[0]?.body).toEqual({ buddyPlayerName: 'Rookie' });
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(screen.getByTestId('add-submit')).toHaveTextContent('Add to Squad');
  });

  it('says a name is already in the squad and stays open when the server answers with the buddy already listed', async () => {
    signIn();
    const server = fakeServer({
      'GET /stats/auth/profile': json(profile({ buddies: [buddy(4, 'SirRocket')] })),
      'GET /stats/Players/search': json({ items: [], currentPage: 1, totalItems: 0, totalPages: 0 }),
      // The account API answers 200 with the item the user already had: nothing was added.
      'POST /stats/auth/buddies': json(buddy(4, 'SirRocket'), 200),
    });
    const user = userEvent.setup();
    renderDashboard();
    await user.click(await within(await screen.findByTestId('squad-section')).findByTestId('add-button'));
    await user.type(screen.getByRole('combobox'), 'SirRocket');
    await user.click(screen.getByTestId('add-submit'));

    expect(await screen.findByTestId('add-error')).toHaveTextContent('SirRocket is already in Your Squad.');
    expect(screen.getByRole('dialog', { name: 'Add Squad Member' })).toBeInTheDocument();
    expect(screen.getByTestId('add-submit')).toHaveTextContent('Add to Squad');
    expect(server.callsTo('POST /stats/auth/buddies')).toHaveLength(1);
    // Nothing changed, so nothing is reloaded.
    expect(server.callsTo('GET /stats/auth/profile')).toHaveLength(1);
  });

  it("requires a server chosen from the results: 'Please select a server from the search results.'", async () => {
    signIn();
    const server = fakeServer({
      'GET /stats/auth/profile': [json(profile()), json(profile({ favoriteServers: [favoriteServer(5, 'Alpha')] }))],
      'GET /stats/servers/search': json({
        items: [
          {
            serverGuid: 'guid-alpha',
            serverName: 'Alpha',
            gameId: 'bf1942',
            currentMap: 'berlin',
            totalPlayersAllTime: 100,
            city: null,
            country: 'DE',
            hasActivePlayers: true,
            numPlayers: 12,
            lastActivity: hoursAgo(0),
          },
        ],
        currentPage: 1,
        totalPages: 1,
        totalItems: 1,
      }),
      'POST /stats/auth/favorite-servers': json(favoriteServer(5, 'Alpha'), 201),
    });
    const user = userEvent.setup();
    renderDashboard();
    await user.click(await screen.findByRole('button', { name: 'Add Server' }));
    expect(screen.getByRole('dialog', { name: 'Add Favorite Server' })).toBeInTheDocument();

    await user.type(screen.getByRole('combobox'), 'Alp');
    await user.click(screen.getByTestId('add-submit'));
    expect(screen.getByTestId('add-error')).toHaveTextContent('Please select a server from the search results.');
    expect(server.callsTo('POST /stats/auth/favorite-servers')).toHaveLength(0);

    // Back in the search box, its results show again.
    await user.click(screen.getByRole('combobox'));
    await user.click(await screen.findByRole('option', { name: /Alpha/ }));
    expect(screen.queryByTestId('add-error')).toBeNull();
    expect(server.callsTo('GET /stats/servers/search')[0]?.url).toBe(
      '/stats/servers/search?query=Alp&page=1&pageSize=10',
    );
    await user.click(screen.getByTestId('add-submit'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.callsTo('POST /stats/auth/favorite-servers')[0]?.body).toEqual({ serverGuid: 'guid-alpha' });
    expect(await screen.findByTestId('favorite-server-card')).toHaveTextContent('Alpha');
  });

  it("opens the same modal from the '+' of a non-empty section", async () => {
    signIn();
    fakeServer({ 'GET /stats/auth/profile': json(profile({ favoriteServers: [favoriteServer(1, 'Alpha')] })) });
    const user = userEvent.setup();
    renderDashboard();
    await user.click(await within(await screen.findByTestId('favorite-servers-section')).findByTestId('add-button'));
    expect(screen.getByTestId('add-server-modal')).toBeInTheDocument();
  });
});

describe('remove (spec §4: "confirmation modal titled \'Remove {name}\', confirm calls the API and removes locally; cancel discards")', () => {
  const lists = () =>
    json(profile({ playerNames: [playerLink(1, 'Sgt Pepper'), playerLink(2, 'Rookie')], buddies: [buddy(3, 'Pal')] }));

  it('asks first, then removes the card without reloading', async () => {
    signIn();
    const server = fakeServer({
      'GET /stats/auth/profile': lists,
      'DELETE /stats/auth/player-names/1': noContent(),
    });
    const user = userEvent.setup();
    renderDashboard();
    await user.click(await screen.findByRole('button', { name: 'Remove Sgt Pepper' }));

    const dialog = screen.getByRole('dialog', { name: 'Remove Sgt Pepper' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.callsTo('DELETE /stats/auth/player-names/1')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Remove Sgt Pepper' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove' }));

    await waitFor(() => expect(screen.getAllByTestId('player-profile-card')).toHaveLength(1));
    expect(screen.getByTestId('player-profile-card')).toHaveTextContent('Rookie');
    expect(within(section('profiles-section')).getByTestId('count-badge')).toHaveTextContent('1');
    expect(server.callsTo('DELETE /stats/auth/player-names/1')[0]?.headers).toMatchObject({
      Authorization: 'Bearer token-1',
    });
    expect(server.callsTo('GET /stats/auth/profile')).toHaveLength(1);
  });

  it("says 'Failed to remove buddy' when the removal fails, keeping the card", async () => {
    signIn();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeServer({ 'GET /stats/auth/profile': lists, 'DELETE /stats/auth/buddies/3': apiError(500) });
    const user = userEvent.setup();
    renderDashboard();
    await user.click(await screen.findByRole('button', { name: 'Remove Pal' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Remove Pal' })).getByRole('button', { name: 'Remove' }),
    );

    expect(await screen.findByText('Failed to remove buddy')).toBeInTheDocument();
    expect(screen.getByTestId('buddy-card')).toHaveTextContent('Pal');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
