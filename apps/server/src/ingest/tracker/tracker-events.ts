import type { RoundCloseReason } from './write-batch.ts';

/** What the tracker noticed, for the hub and round-closed processing (published after the write commits). */
export type TrackerEvent =
  | {
      type: 'playerOnline';
      playerName: string;
      serverGuid: string;
      serverName: string;
      mapName: string;
      at: number;
    }
  | {
      type: 'serverMapChange';
      serverGuid: string;
      serverName: string;
      oldMap: string;
      newMap: string;
      at: number;
    }
  | {
      type: 'roundClosed';
      roundId: string;
      serverGuid: string;
      mapName: string;
      reason: RoundCloseReason;
      startTime: number;
      endTime: number;
    };
