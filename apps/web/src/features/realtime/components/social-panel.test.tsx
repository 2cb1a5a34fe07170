import type { DashboardResponse } from '@frontline/contract';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { useRef, useState } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addNotification, clearNotifications, getNotificationsSnapshot } from '../lib/notifications-store.ts';
import { SocialPanel, type DashboardView, type PanelTab } from './social-panel.tsx';

const NOW = new Date('2026-11-27T12:00:00Z');

const DASHBOARD: DashboardResponse = {
  onlineBuddies: [
    {
      playerName: 'Zulu',
      serverName: 'Sunday Soldiers | No Rules | EU',
      serverGuid: 'guid-1',
      roundId: 'r1',
      currentMap: 'wake_island',
      joinLink: 'bf1942://203.0.113.5:14567',
      sessionDurationMinutes: 12,
      currentScore: 1540,
      currentKills: 23,
      currentDeaths: 7,
      joinedAt: '2026-11-27T11:48:00Z',
    },
    {
      playerName: 'Alpha',
      serverName: 'Locked Server',
      serverGuid: 'guid-2',
      roundId: 'r2',
      currentMap: 'el_alamein',
      joinLink: null,
      sessionDurationMinutes: 3,
      currentScore: 12,
      currentKills: 1,
      currentDeaths: 0,
      joinedAt: '2026-11-27T11:57:00Z',
    },
  ],
  offlineBuddies: [
    { playerName: 'Never', lastSeen: null, totalPlayTimeMinutes: 0, addedAt: '2026-11-01T00:00:00Z' },
    {
      playerName: 'Yesterday',
      lastSeen: '2026-11-26T12:00:00Z',
      totalPlayTimeMinutes: 90,
      addedAt: '2026-11-01T00:00:00Z',
    },
    {
      playerName: 'Recent',
      lastSeen: '2026-11-27T09:00:00Z',
      totalPlayTimeMinutes: 30,
      addedAt: '2026-11-01T00:00:00Z',
    },
  ],
  favoriteServers: [
    {
      id: 1,
      serverGuid: 'guid-1',
      serverName: 'Sunday Soldiers | No Rules | EU',
      gameId: 'bf1942',
      currentPlayers: 30,
      maxPlayers: 32,
      currentMap: 'wake_island',
      joinLink: 'bf1942://203.0.113.5:14567',
    },
    {
      id: 2,
      serverGuid: 'guid-3',
      serverName: 'Sleeping Server',
      gameId: 'fh2',
      currentPlayers: 0,
      maxPlayers: 64,
      currentMap: null,
      joinLink: null,
    },
  ],
};

const EMPTY: DashboardResponse = { onlineBuddies: [], offlineBuddies: [], favoriteServers: [] };

/** The panel as the root uses it: open until it asks to close, with a toggle outside it. */
function Harness({
  dashboard,
  initialTab = 'social',
  onClose = () => {},
}: {
  dashboard: Partial<DashboardView>;
  initialTab?: PanelTab;
  onClose?: () => void;
}) {
  const [open, setOpen] = useState(true);
  const [tab, setTab] = useState<PanelTab>(initialTab);
  const toggleRef = useRef<HTMLButtonElement>(null);
  return (
    <MemoryRouter>
      <button ref={toggleRef} type="button">
        toggle
      </button>
      <p>outside</p>
      {open && (
        <SocialPanel
          id="panel"
          tab={tab}
          onTabChange={setTab}
          onClose={() => {
            onClose();
            setOpen(false);
          }}
          toggleRef={toggleRef}
          dashboard={{ data: undefined, failed: false, retry: () => {}, ...dashboard }}
        />
      )}
    </MemoryRouter>
  );
}

beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
});
afterEach(() => {
  act(() => clearNotifications());
  vi.useRealTimers();
});

describe('Social tab (spec §2 "Social side panel")', () => {
  it('lists online buddies by name with server, map, score, kills, deaths and a join button', () => {
    render(<Harness dashboard={{ data: DASHBOARD }} />);
    const online = screen.getByTestId('online-buddies');
    const rows = within(online).getAllByTestId('online-buddy');
    expect(rows.map((row) => within(row).getByTestId('buddy-name').textContent)).toEqual(['Alpha', 'Zulu']);
    const zulu = rows[1] as HTMLElement;
    expect(within(zulu).getByRole('link', { name: 'Zulu' })).toHaveAttribute('href', '/players/Zulu');
    // Names past 25 characters are cut (spec §9), the whole name in the title.
    expect(within(zulu).getByTitle('Sunday Soldiers | No Rules | EU')).toHaveAttribute(
      'href',
      '/servers/Sunday%20Soldiers%20%7C%20No%20Rules%20%7C%20EU',
    );
    expect(within(zulu).getByTestId('buddy-map')).toHaveTextContent('wake island');
    expect(within(zulu).getByTestId('buddy-figures')).toHaveTextContent('Score1.5K');
    expect(within(zulu).getByTestId('buddy-figures')).toHaveTextContent('K23');
    expect(within(zulu).getByTestId('buddy-figures')).toHaveTextContent('D7');
    expect(within(zulu).getByRole('link', { name: 'JOIN' })).toHaveAttribute('href', 'bf1942://203.0.113.5:14567');
    // Without a join link (password-protected) the button is there but disabled.
    expect(within(rows[0] as HTMLElement).getByRole('button', { name: 'JOIN' })).toBeDisabled();
  });

  it('lists offline buddies by last seen, newest first, with a relative time', () => {
    render(<Harness dashboard={{ data: DASHBOARD }} />);
    const rows = within(screen.getByTestId('offline-buddies')).getAllByTestId('offline-buddy');
    expect(rows.map((row) => within(row).getByTestId('buddy-name').textContent)).toEqual([
      'Recent',
      'Yesterday',
      'Never',
    ]);
    expect(rows.map((row) => within(row).getByTestId('last-seen').textContent)).toEqual([
      '3 hours ago',
      '1 day ago',
      'Not seen yet',
    ]);
  });

  it("shows favourite servers with a fill bar, the map or 'Unknown Map', players/max or OFFLINE, and Join", () => {
    render(<Harness dashboard={{ data: DASHBOARD }} />);
    const [busy, sleeping] = within(screen.getByTestId('favorite-servers')).getAllByTestId('favorite-server') as [
      HTMLElement,
      HTMLElement,
    ];
    expect(within(busy).getByTestId('server-map')).toHaveTextContent('wake island');
    expect(within(busy).getByTestId('server-badge')).toHaveTextContent('30/32');
    // Spec §9: 90%+ full is red.
    expect(within(busy).getByTestId('fill-bar')).toHaveClass('text-danger');
    expect(within(busy).getByTestId('fill-bar')).toHaveStyle({ width: '93.75%' });
    expect(within(busy).getByRole('link', { name: 'JOIN' })).toBeInTheDocument();
    expect(within(sleeping).getByTestId('server-map')).toHaveTextContent('Unknown Map');
    expect(within(sleeping).getByTestId('server-badge')).toHaveTextContent('OFFLINE');
    expect(within(sleeping).getByTestId('fill-bar')).toHaveStyle({ width: '0%' });
    expect(within(sleeping).queryByRole('link', { name: 'JOIN' })).not.toBeInTheDocument();
  });

  it("says 'No buddies online' with 'Check back later or add some friends!' when none is online", () => {
    render(<Harness dashboard={{ data: EMPTY }} />);
    const empty = screen.getByTestId('no-buddies-online');
    expect(empty).toHaveTextContent('No buddies online');
    expect(empty).toHaveTextContent('Check back later or add some friends!');
    expect(screen.queryByTestId('offline-buddies')).not.toBeInTheDocument();
    expect(screen.queryByTestId('favorite-servers')).not.toBeInTheDocument();
  });

  it("says 'Failed to fetch dashboard data. Please try again.' when the data did not come, with a retry", () => {
    const retry = vi.fn();
    render(<Harness dashboard={{ failed: true, retry }} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to fetch dashboard data. Please try again.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalled();
  });

  it('shows a loading state before the first answer', () => {
    render(<Harness dashboard={{}} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading your squad…');
  });
});

describe('Notifications tab', () => {
  it("says 'No recent notifications' without any", () => {
    render(<Harness dashboard={{ data: EMPTY }} initialTab="notifications" />);
    expect(screen.getByTestId('no-notifications')).toHaveTextContent('No recent notifications');
  });

  it('lists the recent ones, newest first; opening it marks them all viewed (spec §4)', () => {
    act(() => {
      addNotification({ type: 'buddy_online', title: 'Buddy online', message: 'first', duration: 1 });
      addNotification({ type: 'server_map_change', title: 'Map changed', message: 'second' });
    });
    render(<Harness dashboard={{ data: EMPTY }} />);
    fireEvent.click(screen.getByRole('tab', { name: 'Notifications' }));
    expect(screen.getByRole('tab', { name: 'Notifications' })).toHaveAttribute('aria-selected', 'true');
    const rows = screen.getAllByTestId('recent-notification');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('second'),
      expect.stringContaining('first'),
    ]);
    expect(getNotificationsSnapshot().recent.every((item) => item.viewed)).toBe(true);
  });

  it('shows the missed count on its tab until the tab is opened', () => {
    vi.useFakeTimers({ now: NOW });
    act(() => {
      addNotification({ type: 'buddy_online', title: 'Buddy online', message: 'gone by itself' });
    });
    act(() => {
      vi.advanceTimersByTime(8000);
    });
    render(<Harness dashboard={{ data: EMPTY }} />);
    expect(screen.getByTestId('missed-badge')).toHaveTextContent('1');
    fireEvent.click(screen.getByRole('tab', { name: /Notifications/ }));
    expect(screen.queryByTestId('missed-badge')).not.toBeInTheDocument();
    // Viewed now, it still says it was missed while the tab is open.
    expect(getNotificationsSnapshot().recent[0]?.viewed).toBe(true);
    expect(screen.getByTestId('recent-notification')).toHaveTextContent('Missed');
  });
});

describe('open and close (spec §2 "While open the page body does not scroll, and a click outside closes it")', () => {
  it('locks the page’s scrolling while open and gives it back after', () => {
    document.body.style.overflow = 'auto';
    const view = render(<Harness dashboard={{ data: EMPTY }} />);
    expect(document.body.style.overflow).toBe('hidden');
    view.unmount();
    expect(document.body.style.overflow).toBe('auto');
    document.body.style.overflow = '';
  });

  it('closes on a press outside, not on one inside', () => {
    const onClose = vi.fn();
    render(<Harness dashboard={{ data: EMPTY }} onClose={onClose} />);
    fireEvent.pointerDown(screen.getByTestId('no-buddies-online'));
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.pointerDown(screen.getByText('outside'));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('social-panel')).not.toBeInTheDocument();
  });

  it('closes on Escape and gives the focus back to its toggle', () => {
    render(<Harness dashboard={{ data: EMPTY }} />);
    // It opens with its selected tab focused.
    expect(screen.getByRole('tab', { name: 'Social' })).toHaveFocus();
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    expect(screen.queryByTestId('social-panel')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'toggle' })).toHaveFocus();
  });

  it('moves between its tabs with the arrow keys', () => {
    render(<Harness dashboard={{ data: EMPTY }} />);
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Social' }), { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: 'Notifications' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Notifications' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('No recent notifications');
  });
});
