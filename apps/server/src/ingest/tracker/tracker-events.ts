import type { RoundId, ServerGuid } from '../../domain/ids.ts';
import type { RoundCloseReason } from './write-batch.ts';

/** What the tracker noticed, for the hub and round-closed processing (published after the write commits). */
export type TrackerEvent =
  | {
      type: 'playerOnline';
      playerName: string;
      serverGuid: ServerGuid;
      serverName: string;
      mapName: string;
      /** The server's join link (domain/join-link.ts); null when it has none. */
      joinLink: string | null;
      at: number;
    }
  | {
      type: 'serverMapChange';
      serverGuid: ServerGuid;
      serverName: string;
      oldMap: string;
      newMap: string;
      joinLink: string | null;
      at: number;
    }
  | {
      type: 'roundClosed';
      roundId: RoundId;
      serverGuid: ServerGuid;
      mapName: string;
      reason: RoundCloseReason;
      startTime: number;
      endTime: number;
    };
