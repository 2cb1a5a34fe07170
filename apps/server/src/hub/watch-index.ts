/**
 * Who watches what, for the users connected to the hub: the players each has as a buddy and the servers each has as
 * a favourite, indexed both ways, so an event finds its recipients with one lookup instead of a query per event.
 * Kept for connected users only (their lists are read when they connect and again whenever they change them), so
 * its size follows the connections, not the accounts.
 */

export interface WatchList {
  buddyNames: readonly string[];
  serverGuids: readonly string[];
}

export class WatchIndex {
  readonly #lists = new Map<number, WatchList>();
  readonly #byPlayer = new Map<string, Set<number>>();
  readonly #byServer = new Map<string, Set<number>>();

  /** Sets (or replaces) what one user watches. */
  set(userId: number, list: WatchList): void {
    this.remove(userId);
    this.#lists.set(userId, list);
    for (const name of list.buddyNames) addTo(this.#byPlayer, name, userId);
    for (const guid of list.serverGuids) addTo(this.#byServer, guid, userId);
  }

  remove(userId: number): void {
    const list = this.#lists.get(userId);
    if (!list) return;
    this.#lists.delete(userId);
    for (const name of list.buddyNames) removeFrom(this.#byPlayer, name, userId);
    for (const guid of list.serverGuids) removeFrom(this.#byServer, guid, userId);
  }

  /** Users with this player as a buddy (names match exactly, as the dashboard's presence does). */
  watchersOfPlayer(playerName: string): ReadonlySet<number> {
    return this.#byPlayer.get(playerName) ?? NOBODY;
  }

  watchersOfServer(serverGuid: string): ReadonlySet<number> {
    return this.#byServer.get(serverGuid) ?? NOBODY;
  }

  get size(): { users: number; players: number; servers: number } {
    return { users: this.#lists.size, players: this.#byPlayer.size, servers: this.#byServer.size };
  }
}

const NOBODY: ReadonlySet<number> = new Set();

function addTo(index: Map<string, Set<number>>, key: string, userId: number): void {
  const users = index.get(key);
  if (users) users.add(userId);
  else index.set(key, new Set([userId]));
}

function removeFrom(index: Map<string, Set<number>>, key: string, userId: number): void {
  const users = index.get(key);
  if (!users) return;
  users.delete(userId);
  if (users.size === 0) index.delete(key);
}
