import type { PlayersOnlineHistoryResponse } from '@frontline/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentProps } from 'react';
import type uPlot from 'uplot';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ThemeToggle } from '../../../components/layout/theme-toggle.tsx';
import { RecordingUPlot } from '../../../test/recording-uplot.ts';
import { PlayerActivityHistory } from './player-activity-history.tsx';

vi.mock('uplot', async () => ({ default: (await import('../../../test/recording-uplot.ts')).RecordingUPlot }));

// ---------------------------------------------------------------------------------------------------------
// Answers

const HOUR_MS = 3_600_000;
// Saturday 14 June 2025, 10:00 UTC.
const START = Date.parse('2025-06-14T10:00:00Z');

function history(
  players: number[],
  rolling: number[] = players.map((_, index) => 20 + index),
  period = '1d',
  rollingWindowDays = 7,
): PlayersOnlineHistoryResponse {
  const at = (index: number) => new Date(START + index * HOUR_MS).toISOString();
  const average = players.length ? players.reduce((sum, value) => sum + value, 0) / players.length : 0;
  return {
    dataPoints: players.map((totalPlayers, index) => ({ timestamp: at(index), totalPlayers })),
    insights: {
      peakPlayers: players.length ? Math.max(...players) : 0,
      lowestPlayers: players.length ? Math.min(...players) : 0,
      overallAverage: Math.round(average * 100) / 100,
      rollingAverage: rolling.map((value, index) => ({ timestamp: at(index), average: value })),
    },
    period,
    rollingWindowDays,
  };
}

/** The text of a fetch input (the API client passes a string). */
function urlOf(input: RequestInfo | URL): string {
  if (typeof input === 'string') return input;
  return input instanceof URL ? input.href : input.url;
}

type Answer = PlayersOnlineHistoryResponse | number | 'pending';
type Router = (url: URL) => Answer;

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

function answerWith(router: Router) {
  fetchMock = vi.fn<typeof fetch>((input) => {
    const url = new URL(urlOf(input), 'http://localhost');
    const answer = router(url);
    if (answer === 'pending') return new Promise<Response>(() => {});
    if (typeof answer === 'number') {
      return Promise.resolve(new Response('{"error":"failed","message":"failed"}', { status: answer }));
    }
    return Promise.resolve(new Response(JSON.stringify(answer), { status: 200 }));
  });
  vi.stubGlobal('fetch', fetchMock);
}

function requestedUrls(): URL[] {
  return fetchMock.mock.calls.map(([input]) => new URL(urlOf(input), 'http://localhost'));
}

function lastRequest(): URL {
  const urls = requestedUrls();
  const last = urls[urls.length - 1];
  if (!last) throw new Error('no request made');
  return last;
}

function renderPanel(props: ComponentProps<typeof PlayerActivityHistory> = { game: 'bf1942' }) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const user = userEvent.setup();
  const view = render(
    <QueryClientProvider client={queryClient}>
      {/* The site header's switch, as on the page: the chart follows the theme it sets. */}
      <ThemeToggle />
      <PlayerActivityHistory {...props} />
    </QueryClientProvider>,
  );
  return { ...view, user, queryClient };
}

function currentChart() {
  const live = RecordingUPlot.created.filter((chart) => !chart.destroyed);
  const chart = live[live.length - 1];
  if (!chart) throw new Error('no chart drawn');
  return chart;
}

const periodGroup = () => screen.getByRole('group', { name: 'Period' });
const windowGroup = () => screen.getByRole('group', { name: 'Rolling average window' });

beforeEach(() => {
  RecordingUPlot.created.length = 0;
  document.documentElement.className = 'light-mode';
});

afterEach(() => {
  vi.unstubAllGlobals();
  document.documentElement.className = '';
});

// ---------------------------------------------------------------------------------------------------------

describe('PlayerActivityHistory: loading, error and empty states (spec §2, §8)', () => {
  it('shows a spinner while the history loads', () => {
    answerWith(() => 'pending');
    renderPanel();
    expect(screen.getByRole('status', { name: 'Loading player history' })).toBeInTheDocument();
    expect(RecordingUPlot.created).toHaveLength(0);
  });

  it("shows 'Failed to load player history' when the call fails, with a retry", async () => {
    answerWith(() => 500);
    const { user } = renderPanel();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load player history');
    expect(RecordingUPlot.created).toHaveLength(0);

    answerWith(() => history([10, 20, 30]));
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(currentChart().data[1]).toEqual([10, 20, 30]);
  });

  it("shows 'No historical data available' for an empty history", async () => {
    answerWith(() => history([]));
    renderPanel();
    expect(await screen.findByText('No historical data available')).toBeInTheDocument();
    expect(RecordingUPlot.created).toHaveLength(0);
  });

  it('keeps the chart on screen when a later request fails (spec §8: "data cleared only if empty")', async () => {
    answerWith((url) => (url.searchParams.get('period') === '1d' ? history([10, 20, 30]) : 503));
    const { user } = renderPanel();
    await waitFor(() => expect(RecordingUPlot.created).toHaveLength(1));

    await user.click(within(periodGroup()).getByRole('button', { name: '3d' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load player history');
    expect(screen.getByText('Players Online')).toBeInTheDocument();
    expect(currentChart().data[1]).toEqual([10, 20, 30]);
  });
});

describe('PlayerActivityHistory: the request', () => {
  it('asks for the game’s 1d history with a 7-day rolling window by default', async () => {
    answerWith(() => history([10, 20, 30]));
    const { queryClient } = renderPanel({ game: 'fh2' });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const url = lastRequest();
    expect(url.pathname).toBe('/stats/LiveServers/fh2/players-online-history');
    expect(url.searchParams.get('period')).toBe('1d');
    expect(url.searchParams.get('rollingWindowDays')).toBe('7');
    await waitFor(() => expect(queryClient.getQueryData(['players-online-history', 'fh2', '1d', 7])).toBeDefined());
  });

  it('fetches the three games for ALL and draws their sum, point by point', async () => {
    const perGame: Record<string, PlayersOnlineHistoryResponse> = {
      bf1942: history([10, 20, 30], [10, 11, 12]),
      fh2: history([1, 2, 3], [1, 1, 1]),
      bfvietnam: history([5, 5, 5], [5, 5, 5]),
    };
    answerWith((url) => perGame[url.pathname.split('/')[3] ?? ''] ?? 404);
    renderPanel({ game: 'all' });
    await waitFor(() => expect(RecordingUPlot.created).toHaveLength(1));
    expect(requestedUrls().map((url) => url.pathname.split('/')[3])).toEqual(['bf1942', 'fh2', 'bfvietnam']);
    const chart = currentChart();
    expect(chart.data[1]).toEqual([16, 27, 38]);
    // Peak line at the summed peak; y axis 38 + 5 players of headroom (10 % would be 3.8).
    expect(chart.data[2]).toEqual([38, 38, 38]);
    expect(chart.opts.scales?.y?.range).toEqual([0, 43]);
    expect(
      screen
        .getAllByRole('definition')
        .map((item) => item.textContent)
        .slice(0, 3),
      // Each figure with what it is: the points are 5-minute averages on 1d.
    ).toEqual(['38highest 5-minute average', '16lowest 5-minute average', '27over the period']);
  });

  it('fails the ALL view when one game fails (a partial sum would look like a real total)', async () => {
    answerWith((url) => (url.pathname.includes('/fh2/') ? 500 : history([1, 2])));
    renderPanel({ game: 'all' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load player history');
  });
});

describe('PlayerActivityHistory: period and rolling window', () => {
  it('switches between 1d, 3d and 7d', async () => {
    answerWith((url) => history([10, 20, 30], undefined, url.searchParams.get('period') ?? '1d'));
    const { user } = renderPanel();
    await waitFor(() => expect(RecordingUPlot.created).toHaveLength(1));
    expect(within(periodGroup()).getByRole('button', { name: '1d' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(within(periodGroup()).getByRole('button', { name: '7d' }));
    await waitFor(() => expect(lastRequest().searchParams.get('period')).toBe('7d'));
    expect(within(periodGroup()).getByRole('button', { name: '7d' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(periodGroup()).getByRole('button', { name: '1d' })).toHaveAttribute('aria-pressed', 'false');

    await user.click(within(periodGroup()).getByRole('button', { name: '3d' }));
    await waitFor(() => expect(lastRequest().searchParams.get('period')).toBe('3d'));
  });

  it("offers 1 Month, 3 Months, This Year and All Time under 'More'; choosing one shows it as the selection", async () => {
    answerWith((url) => history([10, 20, 30], undefined, url.searchParams.get('period') ?? '1d'));
    const { user } = renderPanel();
    await waitFor(() => expect(RecordingUPlot.created).toHaveLength(1));

    const more = within(periodGroup()).getByRole('button', { name: 'More periods' });
    expect(more).toHaveTextContent('More');
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await user.click(more);
    const menu = screen.getByRole('menu', { name: 'Longer periods' });
    expect(
      within(menu)
        .getAllByRole('menuitemradio')
        .map((item) => item.textContent),
    ).toEqual(['1 Month', '3 Months', 'This Year', 'All Time']);

    await user.click(within(menu).getByRole('menuitemradio', { name: 'This Year' }));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await waitFor(() => expect(lastRequest().searchParams.get('period')).toBe('thisyear'));
    // The 'longer' selection: the More button carries the chosen label; no button period is pressed.
    const chosen = within(periodGroup()).getByRole('button', { name: 'More periods, This Year selected' });
    expect(chosen).toHaveTextContent('This Year');
    expect(chosen).toHaveAttribute('data-selected', 'true');
    for (const name of ['1d', '3d', '7d']) {
      expect(within(periodGroup()).getByRole('button', { name })).toHaveAttribute('aria-pressed', 'false');
    }

    await user.click(chosen);
    expect(screen.getByRole('menuitemradio', { name: 'This Year' })).toHaveAttribute('aria-checked', 'true');
    await user.click(screen.getByRole('menuitemradio', { name: 'All Time' }));
    await waitFor(() => expect(lastRequest().searchParams.get('period')).toBe('alltime'));

    await user.click(within(periodGroup()).getByRole('button', { name: '1d' }));
    expect(within(periodGroup()).getByRole('button', { name: 'More periods' })).toHaveTextContent('More');
  });

  it('closes the More menu on a click elsewhere and on Escape (spec §2: "A click elsewhere closes menus")', async () => {
    answerWith(() => history([10, 20, 30]));
    const { user } = renderPanel();
    const more = within(periodGroup()).getByRole('button', { name: 'More periods' });

    await user.click(more);
    expect(screen.getByRole('menu')).toBeInTheDocument();
    expect(screen.getByRole('menuitemradio', { name: '1 Month' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitemradio', { name: '3 Months' })).toHaveFocus();
    await user.click(document.body);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();

    await user.click(more);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(more).toHaveFocus();
    expect(fetchMock.mock.calls.every(([input]) => urlOf(input).includes('period=1d'))).toBe(true);
  });

  it("switches the rolling window between '7 Days', '14 Days' and '1 Month' (7, 14, 30)", async () => {
    answerWith((url) => history([10, 20, 30], undefined, '1d', Number(url.searchParams.get('rollingWindowDays'))));
    const { user, queryClient } = renderPanel();
    await waitFor(() => expect(RecordingUPlot.created).toHaveLength(1));
    expect(within(windowGroup()).getByRole('button', { name: '7 Days' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(within(windowGroup()).getByRole('button', { name: '14 Days' }));
    await waitFor(() => expect(lastRequest().searchParams.get('rollingWindowDays')).toBe('14'));
    await user.click(within(windowGroup()).getByRole('button', { name: '1 Month' }));
    await waitFor(() => expect(lastRequest().searchParams.get('rollingWindowDays')).toBe('30'));
    expect(within(windowGroup()).getByRole('button', { name: '1 Month' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(queryClient.getQueryData(['players-online-history', 'bf1942', '1d', 30])).toBeDefined());
    expect(await screen.findByText(/Rolling average · 30 days/)).toBeInTheDocument();
  });
});

describe('PlayerActivityHistory: the chart', () => {
  it('hands uPlot the series, the peak/lowest/average lines, the y headroom and the tick rules', async () => {
    // Average 22.5: 10 is quiet (≤ 18), 30 and 40 are busy (≥ 27).
    answerWith(() => history([10, 20, 30, 30, 10, 35]));
    renderPanel();
    await waitFor(() => expect(RecordingUPlot.created).toHaveLength(1));
    const chart = currentChart();
    const times = [0, 1, 2, 3, 4, 5].map((index) => (START + index * HOUR_MS) / 1000);

    expect(chart.data).toEqual([
      times,
      [10, 20, 30, 30, 10, 35],
      times.map(() => 35),
      times.map(() => 10),
      times.map(() => 22.5),
    ]);
    expect(chart.opts.series.map((series) => series.label)).toEqual([
      undefined,
      'Players',
      'Peak',
      'Lowest',
      'Average',
    ]);
    // 35 + max(3.5, 5) players.
    expect(chart.opts.scales?.y).toMatchObject({ auto: false, range: [0, 40] });
    expect(chart.opts.scales?.x).toMatchObject({ time: true });
    expect(chart.opts.legend).toEqual({ show: false });
    expect(chart.opts.height).toBe(260);

    const fake = {} as uPlot;
    for (const axis of chart.opts.axes ?? []) {
      const space = axis.space as (self: uPlot, i: number, min: number, max: number, dim: number) => number;
      expect(space(fake, 0, 0, 1, 1400)).toBe(200);
      const filter = axis.filter as (self: uPlot, splits: number[]) => (number | null)[];
      expect(
        filter(
          fake,
          Array.from({ length: 20 }, (_, i) => i),
        ).filter((v) => v !== null).length,
      ).toBeLessThanOrEqual(8);
    }
    // Draw hooks: weekend bands under the series, busy/quiet dots and line labels over them.
    expect(chart.opts.hooks?.drawClear).toHaveLength(1);
    expect(chart.opts.hooks?.draw).toHaveLength(2);
  });

  it('shows the summary figures and the trend direction of the rolling average', async () => {
    answerWith(() => history([10, 20, 30, 40], [20, 21, 22, 24]));
    renderPanel();
    await waitFor(() => expect(RecordingUPlot.created).toHaveLength(1));
    const figures = screen.getAllByRole('definition').map((item) => item.textContent);
    expect(screen.getAllByRole('term').map((item) => item.textContent)).toEqual(['Peak', 'Lowest', 'Average', 'Trend']);
    expect(figures).toEqual([
      '40highest 5-minute average',
      '10lowest 5-minute average',
      '25over the period',
      '+20.0%Increasing',
    ]);
    expect(screen.getByText(/^Trend:/).parentElement).toHaveTextContent('Trend: Increasing (+20.0%)');
  });

  it('reads a change under 5 % as stable', async () => {
    answerWith(() => history([10, 20, 30], [20, 20.5, 20.9]));
    renderPanel();
    await waitFor(() => expect(RecordingUPlot.created).toHaveLength(1));
    expect(screen.getByText(/^Trend:/).parentElement).toHaveTextContent('Trend: Stable (+4.5%)');
  });

  it('shows the hovered point under the title', async () => {
    answerWith(() => history([10, 20, 30, 30, 10, 35]));
    renderPanel();
    await waitFor(() => expect(RecordingUPlot.created).toHaveLength(1));
    const chart = currentChart();
    act(() => chart.opts.hooks?.setCursor?.[0]?.({ cursor: { idx: 5 } } as uPlot));
    expect(screen.getByText('35 players')).toBeInTheDocument();
    expect(screen.getByText(/· Busy/)).toBeInTheDocument();
    act(() => chart.opts.hooks?.setCursor?.[0]?.({ cursor: { idx: null } } as unknown as uPlot));
    expect(screen.queryByText('35 players')).not.toBeInTheDocument();
  });

  it('draws again in the new colours when the theme is switched', async () => {
    answerWith(() => history([10, 20, 30]));
    const { user } = renderPanel();
    await waitFor(() => expect(RecordingUPlot.created).toHaveLength(1));
    const first = currentChart();
    document.documentElement.style.setProperty('--fl-accent', '#e8a83e');
    await user.click(screen.getByRole('button', { name: 'Switch to dark theme' }));
    await waitFor(() => expect(RecordingUPlot.created).toHaveLength(2));
    expect(first.destroyed).toBe(true);
    expect(currentChart().opts.series[1]?.stroke).toBe('#e8a83e');
    expect(document.documentElement).toHaveClass('dark-mode');
    document.documentElement.removeAttribute('style');
  });

  it('destroys the chart when the panel goes away', async () => {
    answerWith(() => history([10, 20, 30]));
    const { unmount } = renderPanel();
    await waitFor(() => expect(RecordingUPlot.created).toHaveLength(1));
    unmount();
    expect(RecordingUPlot.created[0]?.destroyed).toBe(true);
  });
});

describe("PlayerActivityHistory: the trend strip tooltip (spec §9: 'Tooltip hover radius 25 px in trend strip')", () => {
  async function renderStrip() {
    // Three rolling points at 0 %, 50 % and 100 % of a 1000 px strip: 0, 500 and 1000 px.
    answerWith(() => history([10, 20, 30], [20, 22, 26]));
    renderPanel();
    const strip = await screen.findByTestId('trend-strip');
    strip.getBoundingClientRect = () => DOMRect.fromRect({ x: 0, y: 0, width: 1000, height: 48 });
    return strip;
  }

  it('snaps to the nearest point within 25 px and shows its time and average', async () => {
    const strip = await renderStrip();
    fireEvent.pointerMove(strip, { clientX: 520 });
    const tooltip = screen.getByRole('tooltip');
    expect(tooltip).toHaveTextContent('Average 22 players');
    expect(tooltip).toHaveTextContent(/Sat/);
    expect(tooltip.style.left).toBe('50%');

    fireEvent.pointerMove(strip, { clientX: 980 });
    expect(screen.getByRole('tooltip')).toHaveTextContent('Average 26 players');
  });

  it('shows nothing farther than 25 px from every point, or after the pointer leaves', async () => {
    const strip = await renderStrip();
    fireEvent.pointerMove(strip, { clientX: 526 });
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    fireEvent.pointerMove(strip, { clientX: 500 });
    expect(screen.getByRole('tooltip')).toBeInTheDocument();
    fireEvent.pointerLeave(strip);
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('steps through the values with the arrow keys', async () => {
    const strip = await renderStrip();
    strip.focus();
    fireEvent.keyDown(strip, { key: 'ArrowRight' });
    expect(screen.getByRole('tooltip')).toHaveTextContent('Average 20 players');
    fireEvent.keyDown(strip, { key: 'End' });
    expect(screen.getByRole('tooltip')).toHaveTextContent('Average 26 players');
    fireEvent.keyDown(strip, { key: 'ArrowLeft' });
    expect(screen.getByRole('tooltip')).toHaveTextContent('Average 22 players');
    fireEvent.keyDown(strip, { key: 'Escape' });
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });
});
