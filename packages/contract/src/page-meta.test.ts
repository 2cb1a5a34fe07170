import { describe, expect, it } from 'vitest';
import { describePage, pageMetaTags, withProductName } from './page-meta.ts';
import { findGame } from './games.ts';
import { decodePlayerNameForDisplay } from './player-names.ts';

describe('describePage (spec: "Every route sets a page title and description (including the server or player name where relevant)")', () => {
  it.each([
    ['/servers/bf1942', 'Battlefield 1942 servers | Frontline'],
    ['/servers/fh2', 'Forgotten Hope 2 servers | Frontline'],
    ['/servers/bfv', 'Battlefield Vietnam servers | Frontline'],
    // The ALL tab has a route of its own, not a server named "all".
    ['/servers/all', 'All servers | Frontline'],
    ['/players', 'Find players | Frontline'],
    ['/players/compare', 'Compare players | Frontline'],
    ['/tk-livewire', 'TK Livewire | Frontline'],
    ['/rounds/abc/report', 'Round report | Frontline'],
    ['/dashboard', 'Dashboard | Frontline'],
  ])('%s has the title %s', (path, title) => {
    const meta = describePage(path);
    expect(meta.title).toBe(title);
    expect(meta.found).toBe(true);
    expect(meta.description.length).toBeGreaterThan(20);
  });

  it('decodes server and player names from the path into the title', () => {
    expect(describePage('/servers/%5BDICE%5D%20Wake%20%231').title).toBe('[DICE] Wake #1 | Frontline');
    expect(describePage('/servers/a%2Fb/rankings').title).toBe('a/b rankings | Frontline');
    expect(describePage('/players/%C3%96sterreich%3F').title).toBe('Österreich? | Frontline');
    expect(describePage('/players/100%25/sessions').title).toBe("100%'s combat history | Frontline");
    expect(describePage('/players/Name/achievements').description).toContain('Name');
  });

  it('keeps a malformed escape as typed instead of failing', () => {
    expect(describePage('/players/50%').title).toBe('50% | Frontline');
  });

  it('marks unknown paths as not found', () => {
    expect(describePage('/nothing/here')).toMatchObject({ found: false, title: 'Page not found | Frontline' });
    expect(describePage('/players/a/b/c').found).toBe(false);
  });

  it('ignores a trailing slash', () => {
    expect(describePage('/players/').title).toBe('Find players | Frontline');
  });
});

describe('pageMetaTags', () => {
  it('gives description, Open Graph and Twitter tags, and og:url only with a URL', () => {
    const meta = { title: 'T | Frontline', description: 'D' };
    const keys = pageMetaTags(meta).map((tag) => tag.key);
    expect(keys).toEqual([
      'description',
      'og:site_name',
      'og:type',
      'og:title',
      'og:description',
      'twitter:card',
      'twitter:title',
      'twitter:description',
    ]);
    expect(pageMetaTags(meta, 'https://x.example/a').at(-1)).toEqual({
      attribute: 'property',
      key: 'og:url',
      content: 'https://x.example/a',
    });
  });
});

describe('findGame', () => {
  it('knows each game by id, route alias and mode value (spec: bf1942, fh2, bfvietnam; route alias bfv; modes 42, FH2, BFV)', () => {
    expect(findGame('bfvietnam')?.id).toBe('bfvietnam');
    expect(findGame('bfv')?.id).toBe('bfvietnam');
    expect(findGame('BFV')?.id).toBe('bfvietnam');
    expect(findGame('42')?.id).toBe('bf1942');
    expect(findGame('FH2')?.id).toBe('fh2');
    expect(findGame('bf2')).toBeUndefined();
  });
});

describe('player names in titles', () => {
  it('are shown as the given decoder reads them (the server decodes legacy code pages), else as stored', () => {
    const path = `/players/${encodeURIComponent('Âåðòîëåòèê')}`;
    expect(describePage(path, decodePlayerNameForDisplay).title).toBe(withProductName('Вертолетик'));
    expect(describePage(path).title).toBe(withProductName('Âåðòîëåòèê'));
    expect(describePage('/players/B%C3%A9bert/sessions', decodePlayerNameForDisplay).title).toBe(
      withProductName("Bébert's combat history"),
    );
  });
});
