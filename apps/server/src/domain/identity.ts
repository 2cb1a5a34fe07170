import { createHash } from 'node:crypto';
import type { GameId } from '@frontline/contract';
import { asRoundId, asServerGuid, type RoundId, type ServerGuid } from './ids.ts';

/**
 * Frontline's own stable ids. The feed's server guid is known to change for the same server, so a
 * server is identified by what players connect to: its game, address and port.
 */

function hashHex(text: string, length: number): string {
  return createHash('sha256').update(text).digest('hex').slice(0, length);
}

/** Hashes already computed: a pure function's results, the same for every app instance. */
const serverGuids = new Map<string, ServerGuid>();

/** Called for every server of every poll, so each address is hashed once. */
export function serverGuidFor(game: GameId, ip: string, port: number): ServerGuid {
  const key = `${game}|${ip}|${port}`;
  let guid = serverGuids.get(key);
  if (guid === undefined) {
    guid = asServerGuid(hashHex(key, 20));
    serverGuids.set(key, guid);
  }
  return guid;
}

/** A round is its server, its map and the instant it was first seen: the same inputs give the same id. */
export function roundIdFor(serverGuid: ServerGuid, mapName: string, startTime: Date): RoundId {
  return asRoundId(hashHex(`${serverGuid}|${mapName}|${startTime.toISOString()}`, 20));
}
