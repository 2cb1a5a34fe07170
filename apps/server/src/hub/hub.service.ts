import { randomUUID } from 'node:crypto';
import type { WebSocket } from '@fastify/websocket';
import {
  buddyOnlineMessage,
  HUB_EVENTS,
  HUB_KEEP_ALIVE_MS,
  HUB_TIMEOUT_MS,
  serverMapChangeMessage,
  type HubNotification,
} from '@frontline/contract';
import type { FastifyBaseLogger } from 'fastify';
import { HubConnection, type HubUser } from './hub-connection.ts';
import { encode } from './signalr-protocol.ts';
import { WatchIndex, type WatchList } from './watch-index.ts';

/**
 * The hub's side of real time (issue 17): the connections of signed-in users, and the tracker's events turned into
 * BuddyOnline and ServerMapChange for the users watching that player or server. Everything happens in this process:
 * the collector's worker hands the events to this thread after its transaction commits (ingest/event-bus.ts), the
 * recipients come from an in-memory index, and each event is encoded once for all its recipients.
 */

/** Issue 17 "at most 5 connections per user". */
export const MAX_CONNECTIONS_PER_USER = 5;
/** How often the hub looks after every connection (keep-alive, idle limit, sign-in still live). */
const TICK_MS = 5_000;
/** A ping goes out when nothing else has for this long, so the client hears something at least every 15 s. */
const PING_AFTER_MS = HUB_KEEP_ALIVE_MS - TICK_MS;
/** How often a connection's token is checked again, so a logout or a deleted account ends its connections. */
const REAUTHORISE_EVERY_MS = 15_000;
/** A negotiation's token is good for this long (the client connects at once). */
const NEGOTIATION_LIFETIME_MS = 60_000;
const PENDING_NEGOTIATIONS_PER_USER = 10;

export interface PlayerOnlineEvent {
  playerName: string;
  serverGuid: string;
  serverName: string;
  mapName: string;
  joinLink: string | null;
  at: number;
}

export interface ServerMapChangeEvent {
  serverGuid: string;
  serverName: string;
  oldMap: string;
  newMap: string;
  joinLink: string | null;
  at: number;
}

export class HubRefusal extends Error {
  readonly status: 404 | 429;
  readonly code: 'not_found' | 'too_many_requests';

  constructor(status: 404 | 429, code: 'not_found' | 'too_many_requests', message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

interface UserEntry {
  connections: Set<HubConnection>;
  /** Bumped on every (re)load of the user's lists, so a slower older load never overwrites a newer one. */
  watchVersion: number;
}

export function createHubService({
  loadWatchList,
  authenticate,
  clock,
  log,
}: {
  loadWatchList: (userId: number) => Promise<WatchList>;
  /** Throws when the token is no longer good (logged out, account deleted, expired). */
  authenticate: (accessToken: string) => Promise<HubUser>;
  clock: () => number;
  log: FastifyBaseLogger;
}) {
  const users = new Map<number, UserEntry>();
  const watchIndex = new WatchIndex();
  const negotiations = new Map<string, { userId: number; expiresAt: number }>();
  let closing = false;

  async function loadWatch(userId: number, entry: UserEntry): Promise<void> {
    const version = ++entry.watchVersion;
    try {
      const list = await loadWatchList(userId);
      if (users.get(userId) === entry && entry.watchVersion === version) watchIndex.set(userId, list);
    } catch (error) {
      log.error({ err: error, userId }, 'hub could not read a user’s buddies and favourite servers');
    }
  }

  function connectionsOf(userId: number): number {
    return users.get(userId)?.connections.size ?? 0;
  }

  function refuseWhenFull(userId: number): void {
    if (closing) throw new HubRefusal(429, 'too_many_requests', 'The server is shutting down; try again shortly.');
    if (connectionsOf(userId) >= MAX_CONNECTIONS_PER_USER) {
      throw new HubRefusal(
        429,
        'too_many_requests',
        `At most ${MAX_CONNECTIONS_PER_USER} real-time connections per user; close another tab first.`,
      );
    }
  }

  function forget(connection: HubConnection): void {
    const entry = users.get(connection.user.userId);
    if (!entry?.connections.delete(connection)) return;
    if (entry.connections.size === 0) {
      users.delete(connection.user.userId);
      watchIndex.remove(connection.user.userId);
    }
  }

  /** Sends one event, encoded once, to every connection of the given users. */
  function deliver(recipients: ReadonlySet<number>, target: string, notification: HubNotification): void {
    if (recipients.size === 0) return;
    const frame = encode.invocation(target, [notification]);
    for (const userId of recipients) {
      for (const connection of users.get(userId)?.connections ?? []) connection.send(frame);
    }
  }

  async function reauthorise(connection: HubConnection, now: number): Promise<void> {
    connection.lastAuthorisedAt = now;
    try {
      await authenticate(connection.accessToken);
    } catch {
      connection.close('Your sign-in has ended; sign in again.', false);
    }
  }

  const ticker = setInterval(() => {
    const now = clock();
    for (const [token, negotiation] of negotiations) if (negotiation.expiresAt <= now) negotiations.delete(token);
    for (const entry of users.values()) {
      for (const connection of entry.connections) {
        if (now - connection.lastHeardAt > HUB_TIMEOUT_MS) {
          connection.close(`No message for ${HUB_TIMEOUT_MS / 1000} s; the connection timed out.`, true);
          continue;
        }
        if (now - connection.lastSentAt >= PING_AFTER_MS) connection.send(encode.ping());
        if (now - connection.lastAuthorisedAt >= REAUTHORISE_EVERY_MS) void reauthorise(connection, now);
      }
    }
  }, TICK_MS);
  ticker.unref();

  return {
    /** POST /hub/negotiate: a token for the WebSocket that follows (the client then connects with ?id=token). */
    negotiate(user: HubUser): { connectionId: string; connectionToken: string } {
      refuseWhenFull(user.userId);
      const mine = [...negotiations].filter(([, negotiation]) => negotiation.userId === user.userId);
      for (const [token] of mine.slice(0, Math.max(0, mine.length - PENDING_NEGOTIATIONS_PER_USER + 1))) {
        negotiations.delete(token);
      }
      const connectionToken = randomUUID();
      negotiations.set(connectionToken, { userId: user.userId, expiresAt: clock() + NEGOTIATION_LIFETIME_MS });
      return { connectionId: randomUUID(), connectionToken };
    },

    /**
     * Whether this user may open a WebSocket now; `connectionToken` (the `id` query) must come from this user's
     * negotiation when given (a client that skips negotiation sends none).
     */
    admit(user: HubUser, connectionToken: string | undefined): void {
      if (connectionToken !== undefined) {
        const negotiation = negotiations.get(connectionToken);
        if (negotiation?.userId !== user.userId || negotiation.expiresAt <= clock()) {
          throw new HubRefusal(404, 'not_found', 'No such connection: negotiate again.');
        }
        negotiations.delete(connectionToken);
      }
      refuseWhenFull(user.userId);
    },

    /** Takes over an upgraded socket for its user. */
    accept(socket: WebSocket, user: HubUser, accessToken: string): HubConnection {
      const connection = new HubConnection({ socket, user, accessToken, log, clock, onClosed: forget });
      let entry = users.get(user.userId);
      if (!entry) {
        entry = { connections: new Set(), watchVersion: 0 };
        users.set(user.userId, entry);
        void loadWatch(user.userId, entry);
      }
      entry.connections.add(connection);
      return connection;
    },

    /** A user changed their buddies or favourite servers: the index follows, if they are connected. */
    watchListChanged(userId: number): void {
      const entry = users.get(userId);
      if (entry) void loadWatch(userId, entry);
    },

    /** A buddy came online (a new session, not a rejoin nor a map change): BuddyOnline to whoever has them. */
    playerOnline(event: PlayerOnlineEvent): void {
      deliver(watchIndex.watchersOfPlayer(event.playerName), HUB_EVENTS.buddyOnline, {
        type: 'buddy_online',
        buddyName: event.playerName,
        serverName: event.serverName,
        mapName: event.mapName,
        oldMapName: '',
        joinLink: event.joinLink ?? '',
        timestamp: new Date(event.at).toISOString(),
        message: buddyOnlineMessage(event.playerName, event.serverName, event.mapName),
        serverGuid: event.serverGuid,
      });
    },

    /** A favourite server changed map: ServerMapChange to whoever has it. */
    serverMapChange(event: ServerMapChangeEvent): void {
      deliver(watchIndex.watchersOfServer(event.serverGuid), HUB_EVENTS.serverMapChange, {
        type: 'server_map_change',
        buddyName: '',
        serverName: event.serverName,
        mapName: event.newMap,
        oldMapName: event.oldMap,
        joinLink: event.joinLink ?? '',
        timestamp: new Date(event.at).toISOString(),
        message: serverMapChangeMessage(event.serverName, event.oldMap, event.newMap),
        serverGuid: event.serverGuid,
      });
    },

    /** Shutdown: every client is told to come back (another instance, or this one restarted, will answer). */
    close(): void {
      closing = true;
      clearInterval(ticker);
      for (const entry of users.values()) {
        for (const connection of entry.connections) connection.close('The server is restarting.', true);
      }
    },
  };
}

export type HubService = ReturnType<typeof createHubService>;
