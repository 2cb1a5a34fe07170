import {
  ACCOUNT_LIST_LIMITS,
  ACCOUNT_NAME_MAX_LENGTH,
  type AccountExportResponse,
  type AccountProfileResponse,
  type Buddy,
  type DashboardResponse,
  type FavoriteServer,
  type LivePlayer,
  type PlayerNameLink,
  wholeMinutes,
} from '@frontline/contract';
import type { Kysely } from 'kysely';
import {
  activeSinceAt,
  findCurrentSessions,
  findLastSightings,
  findPlayedMs,
  type PlayerCurrentSession,
} from '../../db/player-presence.ts';
import type { DatabaseSchema } from '../../db/schema.ts';
import { AnswerCache } from '../../lib/answer-cache.ts';
import type { Clock } from '../../lib/clock.ts';
import { AuthError, unauthorized } from './auth-errors.ts';
import type { AccountList, AuthRepository, ListItemRow } from './auth.repository.ts';
import type { AuthContext } from './auth.service.ts';

/**
 * The signed-in user's own data: the profile with its three lists and their live state, the social panel's
 * dashboard, changes to the lists, the export and nothing else. Every operation takes the user from the verified
 * token (AuthContext), never from the request.
 */

const LIST_WORDS: Record<AccountList, { parameter: string; item: string; items: string }> = {
  playerNames: { parameter: 'playerName', item: 'player name', items: 'player names' },
  favoriteServers: { parameter: 'serverGuid', item: 'favourite server', items: 'favourite servers' },
  buddies: { parameter: 'buddyPlayerName', item: 'buddy', items: 'buddies' },
};

/**
 * Who is online changes once per poll (30 s): one read of every open session serves every dashboard for a few
 * seconds, instead of one per dashboard. A poll that brings someone online forgets it at once (whoIsOnlineChanged):
 * the hub's BuddyOnline makes the panel ask again, and it must then see the buddy it was just told about.
 */
const ONLINE_NOW_REUSE_MS = 5_000;

interface Presence {
  current: Map<string, PlayerCurrentSession>;
  playedMs: Map<string, number>;
  lastSightings: Map<string, string>;
}

export function createAccountService({
  authRepository,
  db,
  clock,
  onListsChanged = () => {},
}: {
  authRepository: AuthRepository;
  db: Kysely<DatabaseSchema>;
  clock: Clock;
  /** Told after a user's buddies or favourite servers change (the hub's index of who watches what follows). */
  onListsChanged?: (userId: number) => void;
}) {
  const onlineNow = new AnswerCache<Map<string, PlayerCurrentSession>>({ reuseMs: ONLINE_NOW_REUSE_MS, maxEntries: 1 });

  async function presenceOf(names: readonly string[], now: number): Promise<Presence> {
    const unique = [...new Set(names)];
    const [everyoneOnline, playedMs, lastSightings] = await Promise.all([
      onlineNow.reuse('everyone', now, () => findCurrentSessions(db, undefined, activeSinceAt(now))),
      findPlayedMs(db, unique),
      findLastSightings(db, unique),
    ]);
    const current = new Map<string, PlayerCurrentSession>();
    for (const name of unique) {
      const session = everyoneOnline.get(name);
      if (session) current.set(name, session);
    }
    return { current, playedMs, lastSightings };
  }

  /** What the collector knows of a name right now; null for a name it has never seen. */
  function livePlayer(name: string, presence: Presence): LivePlayer | null {
    const current = presence.current.get(name);
    const lastSeen = current?.lastSeen ?? presence.lastSightings.get(name);
    if (lastSeen === undefined) return null;
    return {
      name,
      isOnline: current !== undefined,
      currentServer: current?.serverName ?? null,
      currentServerGuid: current?.serverGuid ?? null,
      currentMap: current?.mapName ?? null,
      currentSessionScore: current?.score ?? 0,
      currentSessionKills: current?.kills ?? 0,
      currentSessionDeaths: current?.deaths ?? 0,
      lastSeenIso: lastSeen,
      totalPlayTimeMinutes: wholeMinutes(presence.playedMs.get(name) ?? 0),
    };
  }

  async function favoriteServers(items: readonly ListItemRow[]): Promise<FavoriteServer[]> {
    const rows = await authRepository.findServers(items.map((item) => item.value));
    const servers = new Map<string, (typeof rows)[number]>(rows.map((row) => [row.server_guid, row]));
    return items.flatMap((item) => {
      const server = servers.get(item.value);
      if (!server) return [];
      const online = server.is_online === 1;
      return [
        {
          id: item.id,
          serverGuid: server.server_guid,
          serverName: server.name,
          gameId: server.game,
          currentMap: online ? server.map_name : null,
          maxPlayers: server.max_players,
          activeSessions: online ? server.num_players : 0,
          joinLink: server.join_link,
          createdAt: item.createdAt,
        },
      ];
    });
  }

  const playerNameLink = (item: ListItemRow, presence: Presence): PlayerNameLink => ({
    id: item.id,
    playerName: item.value,
    createdAt: item.createdAt,
    player: livePlayer(item.value, presence),
  });

  const buddy = (item: ListItemRow, presence: Presence): Buddy => ({
    id: item.id,
    buddyPlayerName: item.value,
    createdAt: item.createdAt,
    player: livePlayer(item.value, presence),
  });

  async function userOf(context: AuthContext) {
    const user = await authRepository.findUserById(context.userId);
    // The account was deleted while a token of it was still cached as live.
    if (!user) throw unauthorized();
    return user;
  }

  /** Trims and checks what a user adds; the parameter is named in every refusal. */
  function cleanValue(list: AccountList, raw: string): string {
    const { parameter } = LIST_WORDS[list];
    const value = raw.trim();
    if (value === '') {
      throw new AuthError(400, 'bad_request', `${parameter} must not be blank`, { parameter });
    }
    if (value.length > ACCOUNT_NAME_MAX_LENGTH) {
      throw new AuthError(400, 'bad_request', `${parameter} must be at most ${ACCOUNT_NAME_MAX_LENGTH} characters`, {
        parameter,
      });
    }
    return value;
  }

  async function addItem(list: AccountList, context: AuthContext, raw: string) {
    const value = cleanValue(list, raw);
    const { parameter, items } = LIST_WORDS[list];
    const existing = await authRepository.findItem(list, context.userId, value);
    if (existing) return { item: existing, created: false };
    if (list === 'favoriteServers' && !(await authRepository.serverExists(value))) {
      throw new AuthError(404, 'not_found', 'No server has that serverGuid.', { parameter });
    }
    const limit = ACCOUNT_LIST_LIMITS[list];
    if ((await authRepository.countItems(list, context.userId)) >= limit) {
      throw new AuthError(400, 'limit_reached', `You can keep at most ${limit} ${items}: remove one first.`, {
        parameter,
      });
    }
    const added = await authRepository.addItem(list, context.userId, value, new Date(clock()).toISOString());
    if (added.created && list !== 'playerNames') onListsChanged(context.userId);
    return added;
  }

  return {
    /** Told when a committed poll brought a player online or changed a map: the next dashboard reads again. */
    whoIsOnlineChanged(): void {
      onlineNow.clear();
    },

    async profile(context: AuthContext): Promise<AccountProfileResponse> {
      const user = await userOf(context);
      const [names, servers, buddies] = await Promise.all([
        authRepository.listItems('playerNames', context.userId),
        authRepository.listItems('favoriteServers', context.userId),
        authRepository.listItems('buddies', context.userId),
      ]);
      const presence = await presenceOf(
        [...names, ...buddies].map((item) => item.value),
        clock(),
      );
      return {
        id: user.id,
        email: user.email,
        name: user.name,
        createdAt: user.created_at,
        lastLoggedIn: user.last_logged_in,
        playerNames: names.map((item) => playerNameLink(item, presence)),
        favoriteServers: await favoriteServers(servers),
        buddies: buddies.map((item) => buddy(item, presence)),
      };
    },

    /** The social panel's data: buddies online (with where and how they play), buddies offline, favourites. */
    async dashboard(context: AuthContext): Promise<DashboardResponse> {
      const [buddies, servers] = await Promise.all([
        authRepository.listItems('buddies', context.userId),
        authRepository.listItems('favoriteServers', context.userId),
      ]);
      const now = clock();
      const presence = await presenceOf(
        buddies.map((item) => item.value),
        now,
      );
      const online: DashboardResponse['onlineBuddies'] = [];
      const offline: DashboardResponse['offlineBuddies'] = [];
      for (const item of buddies) {
        const current = presence.current.get(item.value);
        if (current) {
          online.push({
            playerName: item.value,
            serverName: current.serverName,
            serverGuid: current.serverGuid,
            roundId: current.roundId,
            currentMap: current.mapName,
            joinLink: current.joinLink,
            sessionDurationMinutes: Math.max(0, wholeMinutes(now - Date.parse(current.startTime))),
            currentScore: current.score,
            currentKills: current.kills,
            currentDeaths: current.deaths,
            joinedAt: current.startTime,
          });
        } else {
          offline.push({
            playerName: item.value,
            lastSeen: presence.lastSightings.get(item.value) ?? null,
            totalPlayTimeMinutes: wholeMinutes(presence.playedMs.get(item.value) ?? 0),
            addedAt: item.createdAt,
          });
        }
      }
      online.sort((a, b) => a.playerName.localeCompare(b.playerName));
      // Spec §2 "Offline buddies (sorted by last seen, newest first)"; never-seen names last.
      offline.sort(
        (a, b) => (b.lastSeen ?? '').localeCompare(a.lastSeen ?? '') || a.playerName.localeCompare(b.playerName),
      );
      return {
        onlineBuddies: online,
        offlineBuddies: offline,
        favoriteServers: (await favoriteServers(servers)).map((server) => ({
          id: server.id,
          serverGuid: server.serverGuid,
          serverName: server.serverName,
          gameId: server.gameId,
          currentPlayers: server.activeSessions,
          maxPlayers: server.maxPlayers,
          currentMap: server.currentMap,
          joinLink: server.joinLink,
        })),
      };
    },

    async addPlayerName(context: AuthContext, playerName: string) {
      const { item, created } = await addItem('playerNames', context, playerName);
      return { created, answer: playerNameLink(item, await presenceOf([item.value], clock())) };
    },

    async addBuddy(context: AuthContext, buddyPlayerName: string) {
      const { item, created } = await addItem('buddies', context, buddyPlayerName);
      return { created, answer: buddy(item, await presenceOf([item.value], clock())) };
    },

    async addFavoriteServer(context: AuthContext, serverGuid: string) {
      const { item, created } = await addItem('favoriteServers', context, serverGuid);
      const [answer] = await favoriteServers([item]);
      if (!answer) throw new AuthError(404, 'not_found', 'No server has that serverGuid.', { parameter: 'serverGuid' });
      return { created, answer };
    },

    /** Removes one of the user's items; an id that is not theirs is answered exactly like one that does not exist. */
    async removeItem(list: AccountList, context: AuthContext, id: number): Promise<void> {
      if (!(await authRepository.removeItem(list, context.userId, id))) {
        throw new AuthError(404, 'not_found', `You have no ${LIST_WORDS[list].item} with that id.`);
      }
      if (list !== 'playerNames') onListsChanged(context.userId);
    },

    async exportAccount(context: AuthContext): Promise<AccountExportResponse> {
      const user = await userOf(context);
      const [names, servers, buddies, sessions] = await Promise.all([
        authRepository.listItems('playerNames', context.userId),
        authRepository.listItems('favoriteServers', context.userId),
        authRepository.listItems('buddies', context.userId),
        authRepository.listSessions(context.userId),
      ]);
      const serverNames = new Map(
        (await authRepository.findServers(servers.map((item) => item.value))).map((row) => [
          row.server_guid as string,
          row.name,
        ]),
      );
      return {
        exportedAt: new Date(clock()).toISOString(),
        user: {
          id: user.id,
          email: user.email,
          name: user.name,
          createdAt: user.created_at,
          lastLoggedIn: user.last_logged_in,
        },
        playerNames: names.map((item) => ({ playerName: item.value, createdAt: item.createdAt })),
        favoriteServers: servers.map((item) => ({
          serverGuid: item.value,
          serverName: serverNames.get(item.value) ?? '',
          createdAt: item.createdAt,
        })),
        buddies: buddies.map((item) => ({ buddyPlayerName: item.value, createdAt: item.createdAt })),
        sessions: sessions.map((session) => ({
          createdAt: session.created_at,
          lastRefreshedAt: session.last_refreshed_at,
          revokedAt: session.revoked_at,
          ipAddress: session.ip_address,
          userAgent: session.user_agent,
        })),
      };
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
