import { describe, expect, it } from 'vitest';
import { hubNotificationSchema } from './hub-schema.ts';
import { readHubNotification } from './hub.ts';

const valid = {
  type: 'buddy_online',
  buddyName: 'Kowalski',
  serverName: '[FHx] Normandy',
  mapName: 'Omaha Beach',
  oldMapName: '',
  joinLink: 'bf1942://192.0.2.1:14567',
  timestamp: '2026-11-27T20:15:30.000Z',
  message: 'Kowalski is now online on [FHx] Normandy playing Omaha Beach',
  serverGuid: 'abc',
};

const samples: unknown[] = [
  valid,
  { ...valid, type: 'server_map_change', buddyName: '' },
  { ...valid, extra: 'dropped' },
  { ...valid, type: 'info' },
  { ...valid, timestamp: '2026-11-27T20:15:30+01:00' },
  { ...valid, timestamp: '2026-13-45T20:15:30Z' },
  { ...valid, timestamp: 'yesterday' },
  { ...valid, joinLink: null },
  { ...valid, serverGuid: undefined },
  { ...valid, message: 7 },
  null,
  'BuddyOnline',
  [],
];

describe('readHubNotification (the browser’s check of a hub payload)', () => {
  it.each(samples.map((sample, index) => [index, sample]))(
    'agrees with the contract schema on sample %i',
    (_, sample) => {
      const parsed = hubNotificationSchema.safeParse(sample);
      expect(readHubNotification(sample)).toEqual(parsed.success ? parsed.data : undefined);
    },
  );
});
