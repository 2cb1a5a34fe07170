import type { DashboardResponse, HubNotification } from '@frontline/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reloadAuthFromStorage } from '../../lib/auth/auth-store.ts';
import { fakeServer, json, storeSignIn } from '../../lib/auth/test-fixtures.ts';
import { LocationProbe } from '../../test/route-test-helpers.tsx';
import type * as HubConnectionModule from './lib/hub-connection.ts';
import type { HubClient, HubClientOptions } from './lib/hub-connection.ts';
import { clearNotifications } from './lib/notifications-store.ts';
import RealtimeRoot from './realtime-root.tsx';

// The connection service has tests of its own against a fake SignalR connection; here it is a fake as a whole, so
// the root's wiring (when it connects and disconnects, what a message does to the page) is what is tested.
const hub = vi.hoisted(() => ({
  options: [] as HubClientOptions[],
  connect: vi.fn<() => Promise<void>>(),
  disconnect: vi.fn<() => Promise<void>>(),
}));
vi.mock('./lib/hub-connection.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof HubConnectionModule>()),
  createHubClient: (options: HubClientOptions): Partial<HubClient> => {
    hub.options.push(options);
    return { connect: hub.connect, disconnect: hub.disconnect };
  },
}));

const DASHBOARD: DashboardResponse = {
  onlineBuddies: [
    {
      playerName: 'BuckCamper',
      serverName: 'Sunday Soldiers',
      serverGuid: 'guid-1',
      roundId: 'r1',
      currentMap: 'wake_island',
      joinLink: null,
      sessionDurationMinutes: 5,
      currentScore: 10,
      currentKills: 2,
      currentDeaths: 1,
      joinedAt: '2026-11-27T11:55:00Z',
    },
  ],
  offlineBuddies: [],
  favoriteServers: [],
};

const BUDDY_ONLINE: HubNotification = {
  type: 'buddy_online',
  buddyName: 'BuckCamper',
  serverName: 'Sunday Soldiers',
  mapName: 'wake_island',
  oldMapName: '',
  joinLink: '',
  timestamp: '2026-11-27T12:00:00Z',
  message: 'BuckCamper is now online on Sunday Soldiers playing wake_island',
  serverGuid: 'guid-1',
};

function renderRoot() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/servers/bf1942']}>
        <RealtimeRoot />
        <LocationProbe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...view, queryClient };
}

function receive(notification: HubNotification) {
  act(() => hub.options.at(-1)?.onNotification(notification));
}

beforeEach(() => {
  hub.options.length = 0;
  hub.connect.mockReset().mockResolvedValue(undefined);
  hub.disconnect.mockReset().mockResolvedValue(undefined);
  storeSignIn();
  reloadAuthFromStorage();
  document.title = 'Battlefield 1942 servers | Frontline';
});

afterEach(() => {
  act(() => clearNotifications());
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the real-time connection (spec §4 "Real-time connection")', () => {
  it('connects as the signed-in user, and disconnects when it goes away (signed out)', async () => {
    fakeServer({ 'GET /stats/auth/dashboard': json(DASHBOARD) });
    const view = renderRoot();
    expect(hub.connect).toHaveBeenCalledTimes(1);
    expect(hub.options[0]?.readToken()).toBe('stored-token');
    expect(hub.options[0]?.readEmail()).toBe('alice@example.com');
    await screen.findByTestId('social-toggle');
    view.unmount();
    expect(hub.disconnect).toHaveBeenCalled();
  });

  it('disconnects on the auth-logout event and when the page is left', () => {
    fakeServer({ 'GET /stats/auth/dashboard': json(DASHBOARD) });
    renderRoot();
    act(() => void window.dispatchEvent(new Event('auth-logout')));
    expect(hub.disconnect).toHaveBeenCalledTimes(1);
    act(() => void window.dispatchEvent(new Event('pagehide')));
    expect(hub.disconnect).toHaveBeenCalledTimes(2);
  });

  it('a connection that cannot start is logged and the page carries on', async () => {
    fakeServer({ 'GET /stats/auth/dashboard': json(DASHBOARD) });
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    hub.connect.mockRejectedValue(new Error('No authentication token available for SignalR connection'));
    renderRoot();
    await waitFor(() => expect(error).toHaveBeenCalledWith('The hub connection was not started', expect.any(Error)));
    expect(await screen.findByTestId('social-toggle')).toBeInTheDocument();
  });
});

describe('a hub message', () => {
  it("becomes a toast; without a join link its action opens the server's page", async () => {
    fakeServer({ 'GET /stats/auth/dashboard': json(DASHBOARD) });
    renderRoot();
    receive(BUDDY_ONLINE);
    const toast = screen.getByRole('article', { name: 'Buddy online' });
    expect(toast).toHaveTextContent('BuckCamper is now online on Sunday Soldiers playing Wake Island');
    fireEvent.click(within(toast).getByRole('button', { name: 'View server' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/servers/Sunday%20Soldiers');
  });

  it('asks for the social panel’s data again at once, and marks the dashboard page’s profile stale', async () => {
    const server = fakeServer({ 'GET /stats/auth/dashboard': json(DASHBOARD) });
    const { queryClient } = renderRoot();
    queryClient.setQueryData(['auth', 'profile', 7], { playerNames: [], favoriteServers: [], buddies: [] });
    await waitFor(() => expect(server.callsTo('GET /stats/auth/dashboard')).toHaveLength(1));
    receive(BUDDY_ONLINE);
    await waitFor(() => expect(server.callsTo('GET /stats/auth/dashboard')).toHaveLength(2));
    expect(queryClient.getQueryState(['auth', 'profile', 7])?.isInvalidated).toBe(true);
  });

  it('makes the tab title blink with the pending count, and the toggle show it', async () => {
    fakeServer({ 'GET /stats/auth/dashboard': json(DASHBOARD) });
    renderRoot();
    receive(BUDDY_ONLINE);
    expect(document.title).toBe('(1) Battlefield 1942 servers | Frontline');
    expect(screen.getByTestId('pending-badge')).toHaveTextContent('1');
    // Clicking the toast is dealing with it: nothing pending, the title is back.
    fireEvent.click(screen.getByTestId('toast'));
    expect(document.title).toBe('Battlefield 1942 servers | Frontline');
    expect(screen.queryByTestId('pending-badge')).not.toBeInTheDocument();
  });
});

describe('the social panel toggle (spec §2: above 768 px, signed in)', () => {
  it('shows the online buddy count and opens the panel, asking for fresh data', async () => {
    const server = fakeServer({ 'GET /stats/auth/dashboard': json(DASHBOARD) });
    renderRoot();
    const toggle = await screen.findByTestId('social-toggle');
    await waitFor(() => expect(within(toggle).getByTestId('online-count')).toHaveTextContent('1'));
    expect(toggle).toHaveAccessibleName('Social panel, 1 buddy online');
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByTestId('online-buddy')).toHaveTextContent('BuckCamper');
    await waitFor(() => expect(server.callsTo('GET /stats/auth/dashboard')).toHaveLength(2));
    fireEvent.click(toggle);
    expect(screen.queryByTestId('social-panel')).not.toBeInTheDocument();
  });

  it('is not there on a phone, where nothing asks for the panel’s data', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('max-width'),
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    const server = fakeServer({ 'GET /stats/auth/dashboard': json(DASHBOARD) });
    renderRoot();
    expect(screen.queryByTestId('social-toggle')).not.toBeInTheDocument();
    expect(server.callsTo('GET /stats/auth/dashboard')).toHaveLength(0);
    // The toasts still come.
    receive(BUDDY_ONLINE);
    expect(screen.getByTestId('toast')).toBeInTheDocument();
  });
});
