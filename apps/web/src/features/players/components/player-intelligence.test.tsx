import type { SimilarPlayer, SimilarPlayerStats, SimilarPlayersResponse } from '@frontline/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/route-test-helpers.tsx';
import { PlayerIntelligence } from './player-intelligence.tsx';

// Spec site-statistics §2 "Player profile" ("Intelligence panel: modes Similar Players (default) and Find Aliases
// (aliasdetection), 'Show only comparable data' toggle, expandable per-match detail, one card expanded at a time
// ... Loaded lazily"), §3 "Similar players response", §8, §9.

const NAME = 'Sniper #1';

function stats(overrides: Partial<SimilarPlayerStats> = {}): SimilarPlayerStats {
  return {
    playerName: NAME,
    totalKills: 900,
    totalDeaths: 450,
    totalPlayTimeMinutes: 3_000,
    killDeathRatio: 2,
    killsPerMinute: 0.3,
    favoriteServerName: 'Wake 24/7',
    favoriteServerPlayTimeMinutes: 1_200,
    gameIds: ['bf1942'],
    typicalOnlineHours: [18, 19, 20, 21],
    serverPings: {},
    mapDominanceScores: {},
    temporalOverlapMinutes: 0,
    temporalNonOverlapScore: 0,
    ...overrides,
  };
}

function match(playerName: string, similarityScore: number, overrides: Partial<SimilarPlayer> = {}): SimilarPlayer {
  return { ...stats({ playerName }), similarityScore, similarityReasons: [], ...overrides };
}

const SERVERS = ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot'];

function defaultAnswer(): SimilarPlayersResponse {
  return {
    targetPlayer: NAME,
    mode: 'default',
    targetPlayerStats: stats(),
    similarPlayers: [
      match('Green Guy', 0.85, {
        similarityReasons: ['Similar KDR (2.00 vs 2.10)', 'Plays on same favorite server', 'Similar online times', 'x'],
        typicalOnlineHours: [19, 20, 21, 22],
      }),
      match('Amber Guy', 0.6, { similarityReasons: ['Similar KDR (2.00 vs 2.40)'], favoriteServerName: null }),
      match('Red Guy', 0.59),
    ],
  };
}

function aliasAnswer(): SimilarPlayersResponse {
  const pings = Object.fromEntries(SERVERS.map((server, index) => [server, 40 + index]));
  return {
    targetPlayer: NAME,
    mode: 'aliasdetection',
    targetPlayerStats: stats({
      serverPings: { ...pings, Alpha: 45, Bravo: 45, Charlie: 45, Lonely: 20 },
      mapDominanceScores: { wake: 1.1, berlin: 0.9 },
    }),
    similarPlayers: [
      match('Old Name', 0.91, {
        similarityReasons: ['Similar KDR (2.00 vs 2.02)', 'Similar ping', 'Never online together'],
        serverPings: { ...pings, Alpha: 49, Bravo: 60, Charlie: 130 },
        mapDominanceScores: { wake: 1.0, berlin: 1.0 },
        temporalNonOverlapScore: 0.87,
      }),
      match('Met Him', 0.4, { temporalOverlapMinutes: 95, similarityReasons: ['High temporal overlap'] }),
    ],
  };
}

function stubApi(reply: (url: URL) => { status: number; body?: SimilarPlayersResponse }) {
  const calls: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(input instanceof Request ? input.url : input.toString(), 'http://localhost');
      calls.push(url);
      const { status, body } = reply(url);
      return jsonResponse(body ?? { error: 'x', message: 'failed' }, status);
    }),
  );
  return calls;
}

const byMode = (url: URL) => ({
  status: 200,
  body: url.searchParams.get('mode') === 'aliasdetection' ? aliasAnswer() : defaultAnswer(),
});

function renderPanel() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <PlayerIntelligence playerName={NAME} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const open = async () => {
    await user.click(screen.getByRole('button', { name: 'Player Intelligence & Analysis' }));
  };
  return { user, open };
}

const card = (name: string) => screen.getByRole('article', { name });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Player Intelligence & Analysis', () => {
  it('is collapsed and asks nothing until opened, then asks for similar players in the default mode', async () => {
    const calls = stubApi(byMode);
    const { open } = renderPanel();
    const toggle = screen.getByRole('button', { name: 'Player Intelligence & Analysis' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('group', { name: 'Detection mode' })).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);

    await open();
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findAllByTestId('similar-player-card')).toHaveLength(3);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.pathname).toBe('/stats/players/Sniper%20%231/similar');
    expect(calls[0]?.searchParams.get('mode')).toBe('default');
    expect(screen.getByRole('button', { name: 'Similar Players' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('colours the score: at least 0.8 green, at least 0.6 amber, else red (§9)', async () => {
    stubApi(byMode);
    const { open } = renderPanel();
    await open();
    await screen.findAllByTestId('similar-player-card');
    const score = (name: string) => within(card(name)).getByTestId('similarity-score');
    expect(score('Green Guy')).toHaveTextContent('85%');
    expect(score('Green Guy').parentElement).toHaveClass('text-good');
    expect(score('Amber Guy').parentElement).toHaveClass('text-warn');
    expect(score('Red Guy').parentElement).toHaveClass('text-danger');
  });

  it('shows the top 2 reasons plus "+N more" (§9)', async () => {
    stubApi(byMode);
    const { open } = renderPanel();
    await open();
    await screen.findAllByTestId('similar-player-card');
    const reasons = within(card('Green Guy')).getByRole('list', { name: 'Reasons' });
    expect(
      within(reasons)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Similar KDR (2.00 vs 2.10)', 'Plays on same favorite server', '+2 more']);
    expect(within(card('Amber Guy')).queryByText(/more$/)).not.toBeInTheDocument();
  });

  it('expands one card at a time, with both players side by side and the links', async () => {
    stubApi(byMode);
    const { user, open } = renderPanel();
    await open();
    await screen.findAllByTestId('similar-player-card');
    await user.click(within(card('Green Guy')).getByRole('button', { name: 'Details' }));
    expect(screen.getAllByTestId('similar-player-details')).toHaveLength(1);
    const details = within(card('Green Guy')).getByTestId('similar-player-details');
    expect(within(details).getByRole('row', { name: /^K\/D/ })).toHaveTextContent('2.002.00');
    expect(within(details).getByRole('row', { name: /Favourite server/ })).toHaveTextContent('Wake 24/7Wake 24/7');
    // Typical hours: 3 of 5 hours in common, "at least 2 moderate"; Jaccard 0.6 is not "above 0.6".
    expect(within(details).getByText('Hours overlap').nextElementSibling).toHaveTextContent('3 hours · Moderate');
    expect(within(details).getByText('Pattern similarity').nextElementSibling).toHaveTextContent('60% · Low');
    expect(within(details).getByRole('link', { name: 'Compare players' })).toHaveAttribute(
      'href',
      '/players/compare?player1=Sniper+%231&player2=Green+Guy',
    );
    expect(within(details).getByRole('link', { name: 'View profile' })).toHaveAttribute('href', '/players/Green%20Guy');

    await user.click(within(card('Amber Guy')).getByRole('button', { name: 'Details' }));
    expect(screen.getAllByTestId('similar-player-details')).toHaveLength(1);
    expect(within(card('Amber Guy')).getByTestId('similar-player-details')).toBeInTheDocument();
    expect(within(card('Green Guy')).getByRole('button', { name: 'Details' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    await user.click(within(card('Amber Guy')).getByRole('button', { name: 'Hide details' }));
    expect(screen.queryByTestId('similar-player-details')).not.toBeInTheDocument();
  });

  it('"Show only comparable data" leaves out what one of the two lacks', async () => {
    stubApi(byMode);
    const { user, open } = renderPanel();
    await open();
    await screen.findAllByTestId('similar-player-card');
    await user.click(within(card('Amber Guy')).getByRole('button', { name: 'Details' }));
    const details = () => within(card('Amber Guy')).getByTestId('similar-player-details');
    expect(within(details()).getByRole('row', { name: /Favourite server/ })).toHaveTextContent('Wake 24/7-');
    await user.click(screen.getByRole('checkbox', { name: 'Show only comparable data' }));
    expect(within(details()).queryByRole('row', { name: /Favourite server/ })).not.toBeInTheDocument();
    expect(within(details()).getByRole('row', { name: /Play time/ })).toBeInTheDocument();
  });

  it('asks again in Find Aliases mode, with shared servers 4 then a count, ping bands and the overlap likelihood', async () => {
    const calls = stubApi(byMode);
    const { user, open } = renderPanel();
    await open();
    await screen.findByRole('article', { name: 'Green Guy' });
    await user.click(screen.getByRole('button', { name: 'Find Aliases' }));
    expect(await screen.findByRole('article', { name: 'Old Name' })).toBeInTheDocument();
    expect(calls.map((call) => call.searchParams.get('mode'))).toEqual(['default', 'aliasdetection']);

    await user.click(within(card('Old Name')).getByRole('button', { name: 'Details' }));
    const details = within(card('Old Name')).getByTestId('similar-player-details');
    // §9 "shared servers and maps 4 shown then count note": six pinged by both and the common favourite.
    const servers = within(details).getByRole('list', { name: 'Shared servers' });
    expect(
      within(servers)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Alpha', 'Bravo', 'Charlie', 'Delta']);
    expect(within(details).getByText('and 3 more servers')).toBeInTheDocument();
    expect(within(within(details).getByRole('list', { name: 'Shared maps' })).getAllByRole('listitem')).toHaveLength(2);

    // §9 "Ping bands: under 50 green, under 100 yellow, else red"; "Ping difference: at most 10 similar, at most 30
    // moderate, else geographic difference".
    const pings = within(details).getByRole('table', { name: 'Server pings' });
    const row = (server: string) => within(pings).getByRole('row', { name: new RegExp(`^${server}`) });
    expect(within(row('Alpha')).getByText('49 ms')).toHaveClass('text-good');
    expect(row('Alpha')).toHaveTextContent('4 ms');
    expect(within(row('Alpha')).getByText('Similar')).toBeInTheDocument();
    expect(within(row('Bravo')).getByText('60 ms')).toHaveClass('text-warn');
    expect(row('Bravo')).toHaveTextContent('15 ms');
    expect(within(row('Bravo')).getByText('Moderate')).toBeInTheDocument();
    expect(within(row('Charlie')).getByText('130 ms')).toHaveClass('text-danger');
    expect(row('Charlie')).toHaveTextContent('85 ms');
    expect(within(row('Charlie')).getByText('Geographic difference')).toBeInTheDocument();
    expect(within(pings).getByRole('row', { name: /^Lonely/ })).toHaveTextContent('20 ms-');
    await user.click(screen.getByRole('checkbox', { name: 'Show only comparable data' }));
    expect(within(pings).queryByRole('row', { name: /^Lonely/ })).not.toBeInTheDocument();

    // §9 "Overlap likelihood: below 25 Unlikely, below 70 Possible, else Most Likely".
    expect(within(details).getByText('Overlap likelihood').nextElementSibling).toHaveTextContent('87% · Most Likely');
    expect(within(details).getByText('Non-overlap score').nextElementSibling).toHaveTextContent('0.87');
    await user.click(within(card('Met Him')).getByRole('button', { name: 'Details' }));
    const met = within(card('Met Him')).getByTestId('similar-player-details');
    expect(within(met).getByText('Online together (13 weeks)').nextElementSibling).toHaveTextContent('95 min');
    expect(within(met).getByText('Overlap likelihood').nextElementSibling).toHaveTextContent('They met');

    // Back to the default mode: its answer is already there, shown without waiting.
    await user.click(screen.getByRole('button', { name: 'Similar Players' }));
    expect(screen.getByRole('article', { name: 'Green Guy' })).toBeInTheDocument();
  });

  it('says so when no similar player is found (§8)', async () => {
    stubApi(() => ({ status: 200, body: { ...defaultAnswer(), similarPlayers: [] } }));
    const { open } = renderPanel();
    await open();
    expect(
      await screen.findByText('No similar players found. Try adjusting your detection mode or filter settings.'),
    ).toBeInTheDocument();
  });

  it('shows the failure with a warning icon, and retries (§8)', async () => {
    let fail = true;
    const calls = stubApi((url) => (fail ? { status: 404 } : byMode(url)));
    const { user, open } = renderPanel();
    await open();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load similar players.');
    expect(within(alert).getByTestId('warning-icon')).toBeInTheDocument();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findAllByTestId('similar-player-card')).toHaveLength(3);
    expect(calls.length).toBeGreaterThanOrEqual(2);
  });
});
