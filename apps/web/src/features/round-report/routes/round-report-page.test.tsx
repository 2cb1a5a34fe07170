import type { RoundReportResponse } from '@frontline/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/route-test-helpers.tsx';
import { reportTitle } from '../lib/report-display.ts';
import { report, sampleReport, snapshot, standings } from '../lib/test-fixtures.ts';
import { RoundReportPage } from './round-report-page.tsx';

// Spec site-statistics §2 "Round report" and route table, §4 "Round replay", §8 'Failed to fetch round report.',
// §9 replay intervals. The sample round has 6 snapshots: Ann (Axis) kills steadily, Bob (Allies) takes a flag.

/** §2: the console's "prompt 'Press Play to witness the battle unfold...'". */
const CONSOLE_PROMPT = 'Press Play to witness the battle unfold...';
/** §8. */
const REPORT_ERROR = 'Failed to fetch round report.';

function stubApi(answer: () => { status: number; body: unknown }) {
  const calls: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(input instanceof Request ? input.url : input.toString(), 'http://localhost');
      // The round's achievements have their own call and tests (round-achievements.test.tsx): none here.
      if (url.pathname.startsWith('/stats/gamification/')) return jsonResponse({ roundId: 'r-42', items: [] });
      calls.push(url);
      const { status, body } = answer();
      return jsonResponse(body, status);
    }),
  );
  return calls;
}

function renderReport(path = '/rounds/r-42/report') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // No delays between typed keys, so tests that take over the clock stay in charge of it.
  const user = userEvent.setup({ delay: null });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/rounds/:roundId/report" element={<RoundReportPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { user };
}

async function renderLoaded(answer: RoundReportResponse = sampleReport(), path?: string) {
  stubApi(() => ({ status: 200, body: answer }));
  const rendered = renderReport(path);
  await screen.findByText('Battle Console');
  return rendered;
}

const step = () => screen.getByTestId('replay-step').textContent;
const eventMessages = () => screen.queryAllByTestId('battle-event').map((line) => line.textContent);
const standingRow = (name: string) =>
  screen.getAllByTestId('standing-row').find((row) => row.getAttribute('data-player') === name);
const standingNames = () => screen.getAllByTestId('standing-row').map((row) => row.getAttribute('data-player'));

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('round report', () => {
  it('loads the round by its id and heads the page with map, time, server, teams and tickets', async () => {
    const calls = stubApi(() => ({ status: 200, body: sampleReport() }));
    renderReport('/rounds/r%2042/report');
    expect(screen.getByRole('status')).toHaveTextContent('Loading battle report...');
    expect(await screen.findByRole('heading', { level: 1, name: 'Wake Island' })).toBeInTheDocument();
    expect(calls[0]?.pathname).toBe('/stats/rounds/r%2042/report');
    expect(screen.getByRole('link', { name: 'Alpha / Wake #1' })).toHaveAttribute(
      'href',
      '/servers/Alpha%20%2F%20Wake%20%231',
    );
    expect(screen.getByTestId('report-matchup')).toHaveTextContent('Axis30 tickets');
    expect(screen.getByTestId('report-matchup')).toHaveTextContent('Allies0 tickets');
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
  });

  it('titles the document from the round and updates the description and social title', async () => {
    await renderLoaded();
    const expected = reportTitle(sampleReport());
    expect(expected).toMatch(/^Wake Island on Alpha \/ Wake #1 on .+ \| Axis \(30\) vs Allies \(0\) - Frontline$/);
    await waitFor(() => expect(document.title).toBe(expected));
    expect(document.head.querySelector('meta[property="og:title"]')).toHaveAttribute('content', expected);
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toContain(
      'Bob topped the scoreboard with 75 points.',
    );
  });

  it('shows no tickets when the server reported none', async () => {
    await renderLoaded(sampleReport({ tickets1: null, tickets2: null }));
    expect(screen.getByTestId('report-matchup')).not.toHaveTextContent('tickets');
    await waitFor(() => expect(document.title).toContain('| Axis vs Allies - Frontline'));
  });

  it('prompts to play, then plays at 8x one snapshot per 100 ms to the last step', async () => {
    const { user } = await renderLoaded();
    // The replay's timer is an interval: the test moves it (and leaves React's own scheduling alone).
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    expect(screen.getByText(CONSOLE_PROMPT)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '1x' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: '8x' }));
    await user.click(screen.getByRole('button', { name: 'Play' }));
    expect(screen.queryByText(CONSOLE_PROMPT)).toBeNull();
    expect(step()).toBe('Step 1 of 6');
    expect(screen.getByTestId('replay-status')).toHaveTextContent('Playing');
    act(() => {
      vi.advanceTimersByTime(100);
    });
    expect(step()).toBe('Step 2 of 6');
    act(() => {
      vi.advanceTimersByTime(400);
    });
    expect(step()).toBe('Step 6 of 6');
    expect(screen.getByTestId('replay-status')).toHaveTextContent('Finished');
    expect(screen.getByRole('button', { name: 'Play' })).toBeInTheDocument();
    // Newest first: the end line on top, the start at the bottom; the minute rules between.
    expect(eventMessages()[0]).toContain('Battle over! Bob tops the scoreboard with 75 pts');
    expect(eventMessages().at(-1)).toContain('Battle begins on Wake Island with 2 soldiers on the field');
    expect(screen.getAllByTestId('battle-checkpoint').map((line) => line.textContent)).toEqual([
      'Minute 2',
      'Minute 1',
    ]);
    expect(screen.getByTestId('events-count')).toHaveTextContent('13 / 13 events');
  });

  it('plays one snapshot per 1600, 800, 400, 200 and 100 ms at 0.5x to 8x, 1x to begin with (§9)', async () => {
    const { user } = await renderLoaded();
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const speeds = within(screen.getByRole('group', { name: 'Replay speed' })).getAllByRole('button');
    expect(speeds.map((button) => button.textContent)).toEqual(['0.5x', '1x', '2x', '4x', '8x']);
    for (const [speed, stepMs] of [
      ['1x', 800],
      ['0.5x', 1600],
      ['2x', 400],
      ['4x', 200],
      ['8x', 100],
    ] as const) {
      // The first round is at the speed the page opens on.
      if (speed !== '1x') await user.click(screen.getByRole('button', { name: speed }));
      expect(screen.getByRole('button', { name: speed })).toHaveAttribute('aria-pressed', 'true');
      await user.click(screen.getByRole('button', { name: 'Play' }));
      act(() => {
        vi.advanceTimersByTime(stepMs - 1);
      });
      expect(step(), speed).toBe('Step 1 of 6');
      act(() => {
        vi.advanceTimersByTime(1);
      });
      expect(step(), speed).toBe('Step 2 of 6');
      await user.click(screen.getByRole('button', { name: 'Pause' }));
      await user.click(screen.getByRole('button', { name: 'Reset' }));
    }
  });

  it('pauses, jumps to the end and resets to the prompt', async () => {
    const { user } = await renderLoaded();
    await user.click(screen.getByRole('button', { name: 'End' }));
    expect(step()).toBe('Step 6 of 6');
    expect(screen.getByTestId('replay-clock')).toHaveTextContent('2:30 / 2:30');
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(screen.getByText(CONSOLE_PROMPT)).toBeInTheDocument();
    expect(step()).toBe('Step 0 of 6');
  });

  it('jumps a minute forward and back in round time', async () => {
    const { user } = await renderLoaded();
    const jumps = within(screen.getByRole('group', { name: 'Jump in time' })).getAllByRole('button');
    expect(jumps.map((button) => button.textContent)).toEqual(['−5m', '−1m', '+1m', '+5m']);
    expect(screen.getByRole('button', { name: /: Back 1 minute$/ })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: /: Forward 1 minute$/ }));
    // From 0:10, the first snapshot at 1:10 or later.
    expect(screen.getByTestId('replay-clock')).toHaveTextContent('1:10 / 2:30');
    await user.click(screen.getByRole('button', { name: /: Forward 5 minutes$/ }));
    expect(step()).toBe('Step 6 of 6');
    expect(screen.getByRole('button', { name: /: Forward 1 minute$/ })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: /: Back 1 minute$/ }));
    expect(screen.getByTestId('replay-clock')).toHaveTextContent('1:10 / 2:30');
  });

  it('steps with the arrow keys, Home and End, but not while typing in the Track field', async () => {
    const { user } = await renderLoaded();
    await user.keyboard('{ArrowRight}');
    expect(step()).toBe('Step 1 of 6');
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(step()).toBe('Step 3 of 6');
    await user.keyboard('{ArrowLeft}');
    expect(step()).toBe('Step 2 of 6');
    await user.keyboard('{End}');
    expect(step()).toBe('Step 6 of 6');
    await user.keyboard('{Home}');
    expect(step()).toBe('Step 1 of 6');

    const track = screen.getByPlaceholderText('Player name...');
    await user.click(track);
    await user.keyboard('Ann{ArrowLeft}{End}{Home}');
    expect(step()).toBe('Step 1 of 6');
    expect(track).toHaveValue('Ann');
  });

  it('plays and pauses with Space', async () => {
    const { user } = await renderLoaded();
    await user.keyboard(' ');
    expect(screen.getByTestId('replay-status')).toHaveTextContent('Playing');
    await user.keyboard(' ');
    expect(screen.getByTestId('replay-status')).toHaveTextContent('Paused');
  });

  it("tracks a player: their events stand out and everyone else's are dimmed", async () => {
    const { user } = await renderLoaded();
    await user.click(screen.getByRole('button', { name: 'End' }));
    await user.type(screen.getByPlaceholderText('Player name...'), 'bob');
    const lines = screen.getAllByTestId('battle-event');
    const state = (text: string) => lines.find((line) => line.textContent?.includes(text))?.getAttribute('data-state');
    expect(state('Bob completed an objective')).toBe('tracked');
    expect(state('Bob eliminated an enemy (+5 pts)')).toBe('tracked');
    expect(state('Cid eliminated 2 enemies')).toBe('dimmed');
    expect(state('Battle begins')).toBe('dimmed');
    expect(screen.getByText('Tracking one player; other events are dimmed.')).toBeInTheDocument();
    expect(standingRow('Bob')).toHaveAttribute('data-tracked', 'true');
    expect(standingRow('Ann')).not.toHaveAttribute('data-tracked');
  });

  it('tracks a player from the standings by name, and stops on a second click', async () => {
    const { user } = await renderLoaded();
    await user.click(screen.getByRole('button', { name: 'Cid' }));
    expect(screen.getByPlaceholderText('Player name...')).toHaveValue('Cid');
    expect(screen.getByRole('button', { name: 'Cid' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Cid' }));
    expect(screen.getByPlaceholderText('Player name...')).toHaveValue('');
  });

  it('marks the players named in the link in the header, the standings and the console', async () => {
    const { user } = await renderLoaded(sampleReport(), '/rounds/r-42/report?players=ann,Nobody');
    expect(screen.getByTestId('highlighted-players')).toHaveTextContent('HighlightingAnn');
    expect(standingRow('Ann')).toHaveAttribute('data-highlighted', 'true');
    expect(screen.getAllByTestId('standing-row').filter((line) => line.hasAttribute('data-highlighted'))).toHaveLength(
      1,
    );
    await user.click(screen.getByRole('button', { name: 'End' }));
    const marked = screen.getAllByTestId('battle-event').filter((line) => line.hasAttribute('data-highlighted'));
    expect(marked.map((line) => line.textContent)).toEqual(
      Array(4).fill(expect.stringContaining('Ann eliminated 2 enemies')),
    );
  });

  it('shows final standings per team, or the live ladder at the current step', async () => {
    const { user } = await renderLoaded();
    const panel = screen.getByRole('region', { name: 'Final Standings' });
    const teams = within(panel).getAllByTestId('standings-team');
    expect(teams.map((team) => within(team).getByRole('heading').textContent)).toEqual(['Axis', 'Allies']);
    expect(within(teams[0]!).getByTestId('team-kills')).toHaveTextContent('11');
    expect(within(teams[0]!).getByTestId('team-points')).toHaveTextContent('53');
    expect(within(panel).getByLabelText('Rank 1, gold medal')).toBeInTheDocument();
    expect(standingNames()).toEqual(['Ann', 'Cid', 'Bob']);

    await user.click(screen.getByRole('switch', { name: 'Live Ladder' }));
    const live = screen.getByRole('region', { name: 'Live Standings' });
    // Before the replay starts, the live ladder is the first snapshot's: Cid has not joined yet.
    expect(standingNames()).toEqual(['Ann', 'Bob']);
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(within(live).getByText('At 1:40 into the round')).toBeInTheDocument();
    expect(standingNames()).toEqual(['Ann', 'Cid', 'Bob']);
  });

  it('lists everyone who played in the final standings, leavers marked, medals over all of them', async () => {
    // Dee led the round and left before the last poll; Bob's totals add two stints (the last poll shows one).
    const final = standings([
      ['Dee', 2, 120, 20, 3, 'left'],
      ['Bob', 2, 95, 4, 2],
      ['Ann', 1, 44, 9, 1],
      ['Eve', 1, 12, 3, 5, 'left'],
      ['Cid', 1, 9, 2, 1],
    ]).map((entry) => (entry.left ? { ...entry, lastSeen: '2026-03-03T20:01:40.000Z' } : entry));
    const sample = sampleReport({ participantCount: 5 });
    const { user } = await renderLoaded({ ...sample, finalStandings: final });

    const panel = screen.getByRole('region', { name: 'Final Standings' });
    // Per team (Axis, then Allies), best first.
    expect(standingNames()).toEqual(['Ann', 'Eve', 'Cid', 'Dee', 'Bob']);
    expect(screen.getAllByTestId('standing-row')).toHaveLength(5);
    expect(within(standingRow('Dee')!).getByLabelText('Rank 1, gold medal')).toBeInTheDocument();
    expect(within(standingRow('Bob')!).getByLabelText('Rank 2, silver medal')).toBeInTheDocument();
    expect(within(standingRow('Ann')!).getByLabelText('Rank 3, bronze medal')).toBeInTheDocument();
    expect(standingRow('Dee')).toHaveAttribute('data-left', 'true');
    expect(within(standingRow('Dee')!).getByTestId('left-tag')).toHaveAttribute(
      'title',
      'Left before the end: last seen 1:40 into the round',
    );
    expect(standingRow('Bob')).not.toHaveAttribute('data-left');
    // The session totals, leavers included: Allies 120 + 95 points.
    const allies = within(panel).getAllByTestId('standings-team')[1]!;
    expect(within(allies).getByTestId('team-points')).toHaveTextContent('215');
    expect(screen.getByTestId('standings-note')).toHaveTextContent('Left: gone before the end');

    // The live ladder shows whom the poll saw: no marks there.
    await user.click(screen.getByRole('switch', { name: 'Live Ladder' }));
    expect(screen.queryAllByTestId('left-tag')).toHaveLength(0);
    expect(screen.queryByTestId('standings-note')).toBeNull();
  });

  it("labels a round still being played 'Standings So Far', never final", async () => {
    const live = sampleReport({ isActive: true });
    await renderLoaded({
      ...live,
      finalStandings: standings([
        ['Bob', 2, 75, 2, 2],
        ['Ann', 1, 44, 9, 1],
        ['Cid', 1, 9, 2, 1, 'left'],
      ]),
    });
    const panel = screen.getByRole('region', { name: 'Standings So Far' });
    expect(
      within(panel).getByText('Everyone who has played so far, with their totals at the latest poll'),
    ).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Final Standings' })).toBeNull();
    expect(within(standingRow('Cid')!).getByTestId('left-tag').getAttribute('title')).toMatch(
      /^Not in the latest poll/,
    );
    expect(screen.getByTestId('standings-note')).toHaveTextContent('Left: not in the latest poll.');
  });

  it('colours kill counts by the session bands (5, 15, 30)', async () => {
    const lines: Parameters<typeof snapshot>[1] = [
      ['A', 1, 90, 30, 0],
      ['B', 1, 80, 15, 0],
      ['C', 2, 70, 5, 0],
      ['D', 2, 60, 4, 0],
    ];
    await renderLoaded(report([snapshot(0, lines)]));
    const killsClass = (name: string) => standingRow(name)?.querySelectorAll('td')[3]?.firstElementChild?.className;
    expect(killsClass('A')).toContain('text-danger');
    expect(killsClass('B')).toContain('text-warn');
    expect(killsClass('C')).toContain('text-good');
    expect(killsClass('D')).toContain('text-ink');
  });

  it("says 'Failed to fetch round report.' for an unknown round, without a retry", async () => {
    stubApi(() => ({ status: 404, body: { error: 'not_found', message: 'No round' } }));
    renderReport();
    expect(await screen.findByText(REPORT_ERROR)).toBeInTheDocument();
    expect(screen.getByText('Frontline knows no round with this id.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('retries a server failure once by itself, then offers a retry', async () => {
    let status = 500;
    const calls = stubApi(() =>
      status === 500 ? { status, body: { error: 'internal', message: 'x' } } : { status, body: sampleReport() },
    );
    const { user } = renderReport();
    expect(await screen.findByText(REPORT_ERROR, {}, { timeout: 3000 })).toBeInTheDocument();
    expect(calls).toHaveLength(2);
    expect(screen.getByText('Failed to get round report (HTTP error! status: 500)')).toBeInTheDocument();
    status = 200;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Battle Console')).toBeInTheDocument();
    expect(calls).toHaveLength(3);
  });

  it('says so when nobody played the round', async () => {
    stubApi(() => ({ status: 200, body: report([]) }));
    renderReport();
    expect(await screen.findByText('This round was empty - no players participated.')).toBeInTheDocument();
    expect(screen.queryByText('Battle Console')).toBeNull();
  });
});
