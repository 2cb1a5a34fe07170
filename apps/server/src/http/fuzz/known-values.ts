import type { SyncConnection } from '../../db/sync-connection.ts';
import type { KnownValues } from './hostile-values.ts';

/**
 * Names and ids the served database holds, by the parameter (or body field) names of the API that take them, so the
 * fuzz mixes real players, servers and rounds with its hostile values and reaches the code behind a found one.
 */
export function knownValuesOf(sqlite: SyncConnection, count = 5): KnownValues {
  const texts = (sql: string, ...parameters: number[]) =>
    sqlite
      .prepare(sql)
      .all(...parameters)
      .map((row) => Object.values(row).map(String));
  const players = texts('select player_name from players order by played_ms desc limit ?', count).flat();
  const servers = texts(
    'select server_guid, name, ip, port, game from servers order by is_online desc, num_players desc limit ?',
    count,
  );
  const rounds = texts('select round_id from rounds order by start_time desc limit ?', count).flat();
  const column = (index: number) => [...new Set(servers.map((row) => row[index] ?? ''))];
  const guids = column(0);
  return {
    playerName: players,
    player1: players,
    player2: players,
    buddyPlayerName: players,
    // A search's query: the start of a name.
    query: players.map((name) => name.slice(0, 3)),
    serverName: column(1),
    serverGuid: guids,
    serverGuids: guids,
    ip: column(2),
    port: column(3),
    game: [...column(4), 'bf1942', 'fh2', 'bfvietnam', 'bfv', '42'],
    // A game or a server's guid (players-online-history), or an item of the user's lists (the removals).
    id: [...guids, 'bf1942', '1', '2', '3'],
    roundId: rounds,
  };
}
