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
      at: number;
    }
  | {
      type: 'serverMapChange';
      serverGuid: ServerGuid;
      serverName: string;
      oldMap: string;
      newMap: string;
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
