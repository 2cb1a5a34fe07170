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

export const HUB_NOTIFICATION_TYPES = ['buddy_online', 'server_map_change'] as const;

/**
 * What BuddyOnline and ServerMapChange carry; `type` tells them apart. Written out here, not inferred from the schema
 * (hub-schema.ts), so the browser's chunk that reads it never loads zod.
 */
export interface HubNotification {
  type: (typeof HUB_NOTIFICATION_TYPES)[number];
  /** The buddy who came online; '' for a map change. */
  buddyName: string;
  serverName: string;
  /** The map being played (for a map change: the new map). */
  mapName: string;
  /** A map change's previous map; '' for a buddy (Frontline's addition, so a page can show both maps its own way). */
  oldMapName: string;
  /** The server's join link, '' when it has none (a password-protected server). */
  joinLink: string;
  /** When the poll that saw it ran (ISO 8601, UTC, ending with Z). */
  timestamp: string;
  /** "{player} is now online on {server} playing {map}" or "Server {name} changed map from {old} to {new}". */
  message: string;
  /** The server's GUID, so a notification can link to its page (Frontline's addition to the established payload). */
  serverGuid: string;
}

export function buddyOnlineMessage(player: string, server: string, map: string): string {
  return `${player} is now online on ${server} playing ${map}`;
}

export function serverMapChangeMessage(server: string, oldMap: string, newMap: string): string {
  return `Server ${server} changed map from ${oldMap} to ${newMap}`;
}

const NOTIFICATION_TEXTS = [
  'buddyName',
  'serverName',
  'mapName',
  'oldMapName',
  'joinLink',
  'message',
  'serverGuid',
] as const;
const UTC_TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;

/**
 * The browser's check of a hub payload: the schema's rules, without zod's runtime (about 20 kB gzip that the signed-in
 * page would load for this one object). Kept equal to `hubNotificationSchema` (hub-schema.ts) by hub.test.ts.
 */
export function readHubNotification(value: unknown): HubNotification | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const fields = value as Record<string, unknown>;
  if (!HUB_NOTIFICATION_TYPES.some((type) => type === fields.type)) return undefined;
  if (typeof fields.timestamp !== 'string' || !UTC_TIMESTAMP.test(fields.timestamp)) return undefined;
  if (Number.isNaN(Date.parse(fields.timestamp))) return undefined;
  if (NOTIFICATION_TEXTS.some((field) => typeof fields[field] !== 'string')) return undefined;
  // Only the contract's fields, as the schema would strip any others.
  const notification: Record<string, unknown> = { type: fields.type, timestamp: fields.timestamp };
  for (const field of NOTIFICATION_TEXTS) notification[field] = fields[field];
  return notification as unknown as HubNotification;
}
