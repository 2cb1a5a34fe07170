import { createHash } from 'node:crypto';
import type { GameId } from '@frontline/contract';

/**
 * Frontline's own stable ids. The feed's server guid is known to change for the same server, so a
 * server is identified by what players connect to: its game, address and port.
 */

function hashHex(text: string, length: number): string {
  return createHash('sha256').update(text).digest('hex').slice(0, length);
}

export function serverGuidFor(game: GameId, ip: string, port: number): string {
  return hashHex(`${game}|${ip}|${port}`, 20);
}

/** A round is its server, its map and the instant it was first seen: the same inputs give the same id. */
export function roundIdFor(serverGuid: string, mapName: string, startTime: Date): string {
  return hashHex(`${serverGuid}|${mapName}|${startTime.toISOString()}`, 20);
}
