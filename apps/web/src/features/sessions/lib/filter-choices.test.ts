import { describe, expect, it } from 'vitest';
import { filterChoices, serverChoiceGroups } from './filter-choices.ts';

describe('filter choices (the served choices over every matching round, not only the loaded page)', () => {
  it("offers the API's choices with the loaded items' values and the chosen one, sorted, once each", () => {
    expect(filterChoices(['wake', 'berlin', 'kursk'], ['wake', 'omaha'], 'berlin')).toEqual([
      'berlin',
      'kursk',
      'omaha',
      'wake',
    ]);
  });

  it('keeps the chosen value and the loaded ones while the choices load (or when they failed); blanks are not choices', () => {
    expect(filterChoices(undefined, ['wake', ''], 'midway')).toEqual(['midway', 'wake']);
    expect(filterChoices(undefined, [], '')).toEqual([]);
  });
});

describe('server choices', () => {
  it('groups the servers by game in the games’ order, names A to Z, the current one always among them', () => {
    const served = [
      { serverName: 'Zulu', gameId: 'bf1942' as const },
      { serverName: 'Forgotten', gameId: 'fh2' as const },
      { serverName: 'Alpha', gameId: 'bf1942' as const },
    ];
    expect(serverChoiceGroups(served, [], 'Alpha')).toEqual([
      { gameId: 'bf1942', serverNames: ['Alpha', 'Zulu'] },
      { gameId: 'fh2', serverNames: ['Forgotten'] },
    ]);
    // Before any answer: the page's own server alone; from the loaded rounds, with its game.
    expect(serverChoiceGroups(undefined, [], 'Alpha')).toEqual([{ gameId: null, serverNames: ['Alpha'] }]);
    expect(serverChoiceGroups(undefined, [{ serverName: 'Alpha', gameId: 'bfvietnam' }], 'Alpha')).toEqual([
      { gameId: 'bfvietnam', serverNames: ['Alpha'] },
    ]);
  });
});
