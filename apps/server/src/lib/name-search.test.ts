import { decodePlayerNameForDisplay } from '@frontline/contract';
import { describe, expect, it } from 'vitest';
import { nameSearchForms } from './name-search.ts';

describe('nameSearchForms', () => {
  it('looks for an ASCII query as typed only (LIKE already ignores the case of ASCII letters)', () => {
    expect(nameSearchForms('Sgt_Pepper')).toEqual(['Sgt_Pepper']);
    expect(nameSearchForms('[RU]')).toEqual(['[RU]']);
  });

  it('looks for a Cyrillic query also as the mojibake the feed stores it as: "Катю" is "Êàòþ"', () => {
    const forms = nameSearchForms('Катю');
    expect(forms[0]).toBe('Катю');
    expect(forms).toContain('Êàòþ');
    // Every mojibake form shows as one of the Cyrillic spellings.
    for (const form of forms.filter((candidate) => /[À-ÿ]/.test(candidate))) {
      expect(['Катю', 'катю', 'КАТЮ']).toContain(decodePlayerNameForDisplay(form));
    }
  });

  it('folds the case of other letters: as typed, all lower, all upper, each word capitalised ("катю" finds "Катюша")', () => {
    const forms = nameSearchForms('катю');
    expect(forms).toEqual(expect.arrayContaining(['катю', 'КАТЮ', 'Катю', 'êàòþ', 'ÊÀÒÞ', 'Êàòþ']));
    expect(forms).toHaveLength(6);
    // Each word gets its capital, so a tag typed in lower case does not keep the name after it lower case (LIKE
    // then matches the tag's ASCII letters in any case).
    expect(nameSearchForms('[ru]вася')).toContain('[Ru]Âàñÿ');
    expect(nameSearchForms('злой_волк')).toContain('Çëîé_Âîëê');
  });

  it('keeps a query with letters cp1251 has no byte for, without a mojibake form', () => {
    expect(nameSearchForms('Müller')).toEqual(['Müller', 'müller', 'MÜLLER']);
  });
});
