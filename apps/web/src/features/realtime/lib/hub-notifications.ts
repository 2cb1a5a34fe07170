import { buddyOnlineMessage, serverMapChangeMessage, type HubNotification } from '@frontline/contract';
import { mapNameInText } from '../../../lib/map-and-mode.ts';
import { paths } from '../../../lib/paths.ts';
import { displayPlayerName } from '../../../lib/player-name.ts';
import { safeJoinUrl, safeWebUrl } from '../../../lib/safe-url.ts';
import type { NotificationAction, NotificationInput } from './notifications-store.ts';

/**
 * What each hub message becomes on the page. The spec leaves it open (§4 "What creates each notification type from
 * hub events: not shown"); the choice: a buddy coming online and a favourite server's new map each give a toast with
 * the server's message, whose action joins the server, or, without a usable join link (a password-protected server),
 * opens the server's page.
 */

export const NOTIFICATION_TITLES = {
  buddy_online: 'Buddy online',
  server_map_change: 'Map changed',
} as const;

/**
 * Opens a join link as the join buttons do (components/join-button.tsx): a web launcher in a new window, a game's
 * own URL (bf1942://ip:port) in place, since a new window would stay blank. `browser` is the window (a test's own
 * stands in: a window's location cannot be replaced).
 */
export function openJoinLink(
  link: string,
  browser: { open: Window['open']; location: Pick<Location, 'assign'> } = window,
): void {
  if (safeWebUrl(link) !== null) browser.open(link, '_blank', 'noopener,noreferrer');
  else browser.location.assign(link);
}

export function joinOrViewAction(
  serverName: string,
  joinLink: string | null,
  openPath: (path: string) => void,
): NotificationAction {
  const link = safeJoinUrl(joinLink);
  return link
    ? { label: 'Join', handler: () => openJoinLink(link) }
    : { label: 'View server', handler: () => openPath(paths.server(serverName)) };
}

/**
 * The server's words, with the buddy's name and the maps as every screen shows them (names are stored raw and decoded
 * for display only, DESIGN.md).
 */
function messageOf(event: HubNotification): string {
  return event.type === 'buddy_online'
    ? buddyOnlineMessage(displayPlayerName(event.buddyName), event.serverName, mapNameInText(event.mapName))
    : serverMapChangeMessage(event.serverName, mapNameInText(event.oldMapName), mapNameInText(event.mapName));
}

export function notificationFromHub(event: HubNotification, openPath: (path: string) => void): NotificationInput {
  return {
    type: event.type,
    title: NOTIFICATION_TITLES[event.type],
    message: messageOf(event),
    action: joinOrViewAction(event.serverName, event.joinLink, openPath),
  };
}
