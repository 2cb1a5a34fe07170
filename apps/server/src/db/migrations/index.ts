import type { Migration, MigrationProvider } from 'kysely/migration';
import { appMeta } from './0001-app-meta.ts';
import { collector } from './0002-collector.ts';
import { serverProfiles } from './0003-server-profiles.ts';
import { roundAggregates } from './0004-round-aggregates.ts';
import { pingDaily } from './0005-ping-daily.ts';
import { roundsEndIndex } from './0006-rounds-end-index.ts';
import { sessionNameEntries } from './0007-session-name-entries.ts';
import { mapPresence } from './0008-map-presence.ts';
import { playedRoundsIndexes } from './0009-played-rounds-indexes.ts';
import { roundTimelines } from './0010-round-timelines.ts';
import { serverRoundsSortIndexes } from './0011-server-rounds-sort-indexes.ts';
import { roundClosedQueue } from './0012-round-closed-queue.ts';
import { accounts } from './0013-accounts.ts';
import { achievements } from './0014-achievements.ts';
import { similarityFeatures } from './0015-similarity-features.ts';
import { similarityPresence } from './0016-similarity-presence.ts';
import { sessionsPlayerRoundIndex } from './0017-sessions-player-round-index.ts';
import { liveLists } from './0018-live-lists.ts';
import { similarityCandidates } from './0019-similarity-candidates.ts';
import { playerDaysCoveringIndex } from './0020-player-days-covering-index.ts';
import { similarityPackedSummaries } from './0021-similarity-packed-summaries.ts';
import { heldPolls } from './0022-held-polls.ts';

/**
 * Every migration, in the order it is applied. Only ever add to the end: a migration that has shipped is
 * never edited, because databases in the field have already run it.
 */
const MIGRATIONS: Record<string, Migration> = {
  '0001-app-meta': appMeta,
  '0002-collector': collector,
  '0003-server-profiles': serverProfiles,
  '0004-round-aggregates': roundAggregates,
  '0005-ping-daily': pingDaily,
  '0006-rounds-end-index': roundsEndIndex,
  '0007-session-name-entries': sessionNameEntries,
  '0008-map-presence': mapPresence,
  '0009-played-rounds-indexes': playedRoundsIndexes,
  '0010-round-timelines': roundTimelines,
  '0011-server-rounds-sort-indexes': serverRoundsSortIndexes,
  '0012-round-closed-queue': roundClosedQueue,
  '0013-accounts': accounts,
  '0014-achievements': achievements,
  '0015-similarity-features': similarityFeatures,
  '0016-similarity-presence': similarityPresence,
  '0017-sessions-player-round-index': sessionsPlayerRoundIndex,
  '0018-live-lists': liveLists,
  '0019-similarity-candidates': similarityCandidates,
  '0020-player-days-covering-index': playerDaysCoveringIndex,
  '0021-similarity-packed-summaries': similarityPackedSummaries,
  '0022-held-polls': heldPolls,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: () => Promise.resolve(MIGRATIONS),
};
