import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BADGE_DEFINITIONS } from '@frontline/contract';
import { badgeArtFor, badgeFamilyOf } from './badge-family.ts';
import { BadgeImage } from './badge-image.tsx';

describe('badge families', () => {
  it('draws every badge of the catalogue with a family of its own', () => {
    const missing = BADGE_DEFINITIONS.filter((badge) => badgeFamilyOf(badge.id) === null).map((badge) => badge.id);
    expect(missing).toEqual([]);
  });

  it('tells the families apart by id', () => {
    expect(badgeFamilyOf('kill_streak_50')).toBe('kill_streak');
    expect(badgeFamilyOf('total_kills_100')).toBe('milestone_kills');
    expect(badgeFamilyOf('milestone_playtime_10h')).toBe('milestone_playtime');
    expect(badgeFamilyOf('total_score_10000')).toBe('milestone_score');
    expect(badgeFamilyOf('team_victory_switched')).toBe('team_victory');
    expect(badgeFamilyOf('map_legend')).toBe('map_mastery');
    expect(badgeFamilyOf('night_owl')).toBe('social');
  });

  // Spec §8: "Broken achievement or missing tier images fall back to the kill_streak_10 image or a default image".
  it("gives an id without a drawing, or a tier without colours, kill_streak_10's image", () => {
    expect(badgeArtFor('sharpshooter_gold', 'gold')).toEqual({ family: 'sharpshooter', tier: 'gold' });
    expect(badgeArtFor('team_victory', 'legendary')).toEqual({ family: 'team_victory', tier: 'legend' });
    expect(badgeArtFor('something_new', 'gold')).toEqual({ family: 'kill_streak', tier: 'bronze' });
    expect(badgeArtFor('map_legend', 'mythic')).toEqual({ family: 'kill_streak', tier: 'bronze' });
  });
});

describe('BadgeImage', () => {
  it('draws the family in its tier once the drawings have loaded', async () => {
    const { container } = render(<BadgeImage achievementId="elite_warrior_silver" tier="silver" />);
    await screen.findByTestId('badge-art');
    const art = container.querySelector('[data-badge-family]');
    expect(art).toHaveAttribute('data-badge-family', 'elite_warrior');
    expect(art).toHaveAttribute('data-badge-tier', 'silver');
  });

  it('draws an unknown id as the kill streak image', async () => {
    const { container } = render(<BadgeImage achievementId="unheard_of" tier="gold" />);
    await screen.findByTestId('badge-art');
    expect(container.querySelector('[data-badge-family]')).toHaveAttribute('data-badge-family', 'kill_streak');
  });
});
