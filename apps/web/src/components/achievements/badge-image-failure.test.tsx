import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { BadgeImage } from './badge-image.tsx';

// The drawings' chunk cannot be loaded (offline, or a deploy replaced it): its import fails.
vi.mock('./badge-art.tsx', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

describe('BadgeImage without its drawings', () => {
  // Spec §8: "… fall back to the kill_streak_10 image or a default image": the last resort needs no chunk.
  it('shows the default image instead of nothing', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<BadgeImage achievementId="kill_streak_10" tier="bronze" />);
    expect(await screen.findByTestId('badge-default')).toBeInTheDocument();
    expect(screen.queryByTestId('badge-art')).toBeNull();
  });
});
