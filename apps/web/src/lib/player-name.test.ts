import { describe, expect, it } from 'vitest';
import { displayPlayerName, playerInitial } from './player-name';

// DESIGN.md: "Names are stored raw and decoded for display only (legacy code pages)"; domain-facts "Player name
// decoding": "if high/(latin+high) >= 0.8 re-decode the bytes as cp1251, else unchanged".

describe('displayPlayerName', () => {
  it('re-reads cp1251 names that arrived as cp1252 mojibake (domain-facts: "Âåðòîëåòèê" → "Вертолетик")', () => {
    expect(displayPlayerName('Âåðòîëåòèê')).toBe('Вертолетик');
    expect(displayPlayerName('Çëîé_Ñòàëêåð1943')).toBe('Злой_Сталкер1943');
  });

  it('keeps names whose accents are real accents (domain-facts: "Dylanÿ" unchanged)', () => {
    expect(displayPlayerName('Dylanÿ')).toBe('Dylanÿ');
    expect(displayPlayerName('Bébert')).toBe('Bébert');
    expect(displayPlayerName('Cpl_Québécois')).toBe('Cpl_Québécois');
    expect(displayPlayerName('_wölfchen')).toBe('_wölfchen');
  });

  it('keeps names without letters above 191 and names cp1252 cannot write', () => {
    expect(displayPlayerName('-=CVT=-_KnifeGrenade')).toBe('-=CVT=-_KnifeGrenade');
    expect(displayPlayerName('†Moose†')).toBe('†Moose†');
    expect(displayPlayerName('Вертолетик')).toBe('Вертолетик');
    expect(displayPlayerName('狙撃手')).toBe('狙撃手');
    expect(displayPlayerName('')).toBe('');
  });

  it('decodes at exactly 80 % high letters and not below', () => {
    // 4 high letters and 1 Latin: 0.8.
    expect(displayPlayerName('ÂåðòA')).toBe('ВертA');
    // 3 high letters and 1 Latin: 0.75.
    expect(displayPlayerName('ÂåðA')).toBe('ÂåðA');
  });

  it('maps cp1252 punctuation back to its byte before decoding', () => {
    // "‘" is cp1252 byte 0x91, which cp1251 also reads as "‘".
    expect(displayPlayerName('‘Âåðòîëåò')).toBe('‘Вертолет');
  });
});

describe('playerInitial', () => {
  it('takes the first letter or digit of the shown name, upper-cased', () => {
    expect(playerInitial('-=CVT=-_KnifeGrenade')).toBe('C');
    expect(playerInitial('sniper')).toBe('S');
    expect(playerInitial('Âåðòîëåòèê')).toBe('В');
    expect(playerInitial('[42]x')).toBe('4');
    expect(playerInitial('-=-')).toBe('?');
  });
});
