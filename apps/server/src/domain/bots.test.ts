import { describe, expect, it } from 'vitest';
import { countPlayers, isBot, isDefaultBotName } from './bots.ts';

describe('isDefaultBotName', () => {
  it('"exact match of default names BFPlayer, Player, BFSoldier"', () => {
    expect(isDefaultBotName('BFPlayer')).toBe(true);
    expect(isDefaultBotName('Player')).toBe(true);
    expect(isDefaultBotName('BFSoldier')).toBe(true);
  });

  it('"regex ^(BFPlayer|Player|BFSoldier)_\\d+$": a default name, an underscore and digits', () => {
    for (const name of ['BFPlayer_1', 'Player_0', 'Player_42', 'BFSoldier_007', 'Player_12345678901234567890']) {
      expect(isDefaultBotName(name), name).toBe(true);
    }
  });

  it('is case-sensitive: the games spell default names exactly, other casings are chosen by people', () => {
    for (const name of ['player', 'PLAYER', 'bfplayer', 'BFplayer', 'Bfsoldier', 'player_1', 'PLAYER_2']) {
      expect(isDefaultBotName(name), name).toBe(false);
    }
  });

  it('needs the whole name to match: no prefixes, suffixes, spaces or missing digits', () => {
    const humans = [
      'Player1',
      'Player_',
      'Player_1a',
      'Player_-1',
      'Player_ 1',
      ' Player',
      'Player ',
      'Player_1\n',
      'xPlayer_1',
      'BFPlayer_1_2',
      'PlayerOne',
      '[CLAN]Player',
      'Soldier',
      'BF Player',
      '',
    ];
    for (const name of humans) {
      expect(isDefaultBotName(name), JSON.stringify(name)).toBe(false);
    }
  });

  it('counts only ASCII digits after the underscore', () => {
    expect(isDefaultBotName('Player_٣')).toBe(false); // Arabic-Indic three
    expect(isDefaultBotName('Player_３')).toBe(false); // fullwidth three
  });
});

describe('isBot', () => {
  it('"Bot if: feed aiBot true": a flagged player is a bot whatever the name', () => {
    expect(isBot({ name: 'Sgt.Pepper', isBot: true })).toBe(true);
  });

  it('"else … default names": an unflagged player with a default name is a bot', () => {
    expect(isBot({ name: 'BFSoldier_3', isBot: false })).toBe(true);
    expect(isBot({ name: 'Player', isBot: false })).toBe(true);
  });

  it('an unflagged player with a chosen name is not a bot', () => {
    expect(isBot({ name: 'Âåðòîëåòèê', isBot: false })).toBe(false);
    expect(isBot({ name: 'player', isBot: false })).toBe(false);
  });
});

describe('countPlayers (shared rules, PLAYER COUNTS: humans = tracked players, bots excluded)', () => {
  const person = (name: string) => ({ name, isBot: false });
  const flagged = (name: string) => ({ name, isBot: true });

  it('counts every human entry, namesakes too, as the tracker does, and every bot, flagged or default-named', () => {
    const players = [
      person('Alice'),
      person('Bob'),
      // Two people called Alice: the tracker follows both, so they are two.
      person('Alice'),
      flagged('Rommel'),
      flagged('Rommel'),
      person('Player_3'),
      person('BFPlayer'),
    ];
    expect(countPlayers(players)).toEqual({ humans: 3, bots: 4 });
  });

  it('gives zeros for an empty server and all bots for a co-op server without people', () => {
    expect(countPlayers([])).toEqual({ humans: 0, bots: 0 });
    expect(countPlayers([flagged('Bot A'), flagged('Bot B'), person('Player_1')])).toEqual({ humans: 0, bots: 3 });
  });
});
