import { describe, expect, it } from 'vitest';
import { WatchIndex } from './watch-index.ts';

describe('WatchIndex (issue 17: "who watches this player / server" from memory, kept current as dashboards change)', () => {
  it('finds every user watching a player or a server, by exact name and GUID', () => {
    const index = new WatchIndex();
    index.set(1, { buddyNames: ['Kowalski', 'Nowak'], serverGuids: ['g1'] });
    index.set(2, { buddyNames: ['Kowalski'], serverGuids: ['g1', 'g2'] });
    expect([...index.watchersOfPlayer('Kowalski')]).toEqual([1, 2]);
    expect([...index.watchersOfPlayer('Nowak')]).toEqual([1]);
    expect([...index.watchersOfPlayer('kowalski')]).toEqual([]);
    expect([...index.watchersOfServer('g2')]).toEqual([2]);
  });

  it('replaces a user’s lists as a whole, and forgets a user without leaving empty entries behind', () => {
    const index = new WatchIndex();
    index.set(1, { buddyNames: ['Kowalski'], serverGuids: ['g1'] });
    index.set(1, { buddyNames: ['Nowak'], serverGuids: [] });
    expect([...index.watchersOfPlayer('Kowalski')]).toEqual([]);
    expect([...index.watchersOfServer('g1')]).toEqual([]);
    expect([...index.watchersOfPlayer('Nowak')]).toEqual([1]);
    index.remove(1);
    index.remove(1);
    expect(index.size).toEqual({ users: 0, players: 0, servers: 0 });
  });
});
