import { z } from 'zod';
import { utcTimestamp } from './timestamps.ts';

/**
 * The real-time hub (spec site-account-and-realtime §7 "Real-time hub at /hub"; wire facts in
 * reference/signalr-wire.md; payloads as the established site's BuddyNotificationMessage, domain-facts §7).
 */

export const HUB_PATH = '/hub';

/** What the client invokes after each connect and reconnect, with one argument: `{email}` of the signed-in user. */
export const HUB_REGISTER_METHOD = 'RegisterUser';

/** The events the server sends (client handler names). */
export const HUB_EVENTS = {
  buddyOnline: 'BuddyOnline',
  serverMapChange: 'ServerMapChange',
} as const;

/** Spec §9 "messaging defaults: server timeout 30 s, keep-alive 15 s". */
export const HUB_KEEP_ALIVE_MS = 15_000;
export const HUB_TIMEOUT_MS = 30_000;

/** Both events carry the same shape; `type` tells them apart. */
export const hubNotificationSchema = z.object({
  type: z.enum(['buddy_online', 'server_map_change']),
  /** The buddy who came online; '' for a map change. */
  buddyName: z.string(),
  serverName: z.string(),
  /** The map being played (for a map change: the new map). */
  mapName: z.string(),
  /** The server's join link, '' when it has none (a password-protected server). */
  joinLink: z.string(),
  /** When the poll that saw it ran. */
  timestamp: utcTimestamp,
  /** "{player} is now online on {server} playing {map}" or "Server {name} changed map from {old} to {new}". */
  message: z.string(),
  /** The server's GUID, so a notification can link to its page (Frontline's addition to the established payload). */
  serverGuid: z.string(),
});

export type HubNotification = z.infer<typeof hubNotificationSchema>;

export function buddyOnlineMessage(player: string, server: string, map: string): string {
  return `${player} is now online on ${server} playing ${map}`;
}

export function serverMapChangeMessage(server: string, oldMap: string, newMap: string): string {
  return `Server ${server} changed map from ${oldMap} to ${newMap}`;
}
