import type { HubNotification } from '@frontline/contract';
import { mapNameInText } from '../../../lib/map-and-mode.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notificationFromHub, openJoinLink } from './hub-notifications.ts';

const BUDDY_ONLINE: HubNotification = {
  type: 'buddy_online',
  buddyName: 'BuckCamper',
  serverName: 'Sunday Soldiers | No Rules | EU',
  mapName: 'wake_island',
  oldMapName: '',
  joinLink: 'bf1942://203.0.113.5:14567',
  timestamp: '2026-11-27T10:00:00Z',
  message: 'BuckCamper is now online on Sunday Soldiers | No Rules | EU playing wake_island',
  serverGuid: 'guid-1',
};

afterEach(() => vi.restoreAllMocks());

describe('hub messages as notifications', () => {
  it('BuddyOnline: a buddy_online notification with the message and a Join action', () => {
    const openPath = vi.fn();
    const notification = notificationFromHub(BUDDY_ONLINE, openPath);
    expect(notification).toMatchObject({
      type: 'buddy_online',
      title: 'Buddy online',
      message: 'BuckCamper is now online on Sunday Soldiers | No Rules | EU playing Wake Island',
    });
    expect(notification.action?.label).toBe('Join');
  });

  it('shows the buddy’s name decoded, as every screen does (a legacy code page name)', () => {
    // "Âåðòîëåòèê" is how the feed sends "Вертолетик" (packages/contract/src/player-names.ts).
    const notification = notificationFromHub({ ...BUDDY_ONLINE, buddyName: 'Âåðòîëåòèê' }, vi.fn());
    expect(notification.message).toBe(
      'Вертолетик is now online on Sunday Soldiers | No Rules | EU playing Wake Island',
    );
  });

  it('ServerMapChange: a server_map_change notification naming both maps as every screen does', () => {
    const notification = notificationFromHub(
      {
        ...BUDDY_ONLINE,
        type: 'server_map_change',
        buddyName: '',
        serverName: 'X',
        mapName: 'el_alamein',
        oldMapName: 'omaha_beach',
        message: 'Server X changed map from omaha_beach to el_alamein',
      },
      vi.fn(),
    );
    expect(notification).toMatchObject({
      type: 'server_map_change',
      title: 'Map changed',
      message: `Server X changed map from ${mapNameInText('omaha_beach')} to ${mapNameInText('el_alamein')}`,
    });
    expect(notification.message).not.toContain('_');
    expect(notification.action?.label).toBe('Join');
  });

  it("without a join link ('' for a password-protected server) the action opens the server's page", () => {
    const openPath = vi.fn();
    const notification = notificationFromHub({ ...BUDDY_ONLINE, joinLink: '' }, openPath);
    expect(notification.action?.label).toBe('View server');
    notification.action?.handler();
    expect(openPath).toHaveBeenCalledWith('/servers/Sunday%20Soldiers%20%7C%20No%20Rules%20%7C%20EU');
  });

  it('a join link with a scheme that is not a game’s or the web’s is not opened: the server’s page is', () => {
    const openPath = vi.fn();
    const notification = notificationFromHub({ ...BUDDY_ONLINE, joinLink: 'javascript:alert(1)' }, openPath);
    expect(notification.action?.label).toBe('View server');
  });
});

describe('opening a join link (as the join buttons do)', () => {
  const browser = () => ({ open: vi.fn(() => null), location: { assign: vi.fn() } });

  it('opens a web launcher in a new window', () => {
    const opened = browser();
    openJoinLink('https://joinme.click/g/bf1942/203.0.113.5:14567', opened);
    expect(opened.open).toHaveBeenCalledWith(
      'https://joinme.click/g/bf1942/203.0.113.5:14567',
      '_blank',
      'noopener,noreferrer',
    );
    expect(opened.location.assign).not.toHaveBeenCalled();
  });

  it("opens a game's own URL in place", () => {
    const opened = browser();
    openJoinLink('bf1942://203.0.113.5:14567', opened);
    expect(opened.location.assign).toHaveBeenCalledWith('bf1942://203.0.113.5:14567');
    expect(opened.open).not.toHaveBeenCalled();
  });
});
