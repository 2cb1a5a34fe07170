import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PlayerAchievementsPage } from './upcoming-pages.tsx';

describe('PlayerAchievementsPage', () => {
  it("titles the player's achievements with the name decoded, its \"'s\" in the name's own letter case", () => {
    render(
      <MemoryRouter initialEntries={[`/players/${encodeURIComponent('=JG1=Êàòþøà')}/achievements`]}>
        <Routes>
          <Route path="/players/:playerName/achievements" element={<PlayerAchievementsPage />} />
        </Routes>
      </MemoryRouter>,
    );
    const heading = screen.getByRole('heading', { level: 1 });
    expect(heading).toHaveTextContent("=JG1=Катюша's achievements");
    // The heading style is upper case: the name and its "'s" are exempt from it (not "=JG1=Катюша'S").
    expect(within(heading).getByText("=JG1=Катюша's")).toHaveClass('normal-case');
  });
});
