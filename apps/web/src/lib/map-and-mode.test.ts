import { describe, expect, it } from 'vitest';
import { formatGameType, formatMapName, mapNameInText } from './map-and-mode.ts';

describe('map and game type labels', () => {
  it('turns map folder names into words', () => {
    expect(formatMapName('battle_of_the_bulge')).toBe('battle of the bulge');
    expect(formatMapName('Wake Island')).toBe('Wake Island');
  });

  it('names the common modes and keeps unknown ones', () => {
    expect(formatGameType('ctf')).toBe('CTF');
    expect(formatGameType('TDM')).toBe('TDM');
    expect(formatGameType('coop')).toBe('Co-op');
    expect(formatGameType('conquest')).toBe('Conquest');
    expect(formatGameType('gpm_cq')).toBe('Conquest');
    expect(formatGameType('king_of_the_hill')).toBe('king of the hill');
    expect(formatGameType('')).toBe('');
  });
});

describe('mapNameInText', () => {
  it('title-cases a lower-case folder name for running text, and keeps a name that has capitals', () => {
    expect(mapNameInText('omaha_beach')).toBe('Omaha Beach');
    expect(mapNameInText('el_alamein')).toBe('El Alamein');
    expect(mapNameInText('DC_Road')).toBe('DC Road');
    expect(mapNameInText('överfall_på_ön')).toBe('Överfall På Ön');
  });
});
