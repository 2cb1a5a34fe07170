import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PlayerNamePossessive, PlayerNameText } from './player-name-text.tsx';

describe('PlayerNameText', () => {
  it('shows a stored name decoded, a clan tag in front included ("=JG1=Êàòþøà" reads "=JG1=Катюша")', () => {
    render(<PlayerNameText name="=JG1=Êàòþøà" />);
    expect(screen.getByText('=JG1=Катюша')).toBeInTheDocument();
  });

  it('keeps the name’s own letter case inside an upper-case heading (no CSS upper case on names)', () => {
    render(
      <h2 className="uppercase">
        <PlayerNameText name="xXSniperXx" className="font-bold" />
      </h2>,
    );
    const name = screen.getByText('xXSniperXx');
    expect(name).toHaveClass('normal-case', 'font-bold');
  });

  it('cuts a long name at 25 characters with the whole name on hover (§9), and not in a heading', () => {
    const long = 'Abcdefghijklmnopqrstuvwxyz0123';
    const { rerender } = render(<PlayerNameText name={long} />);
    expect(screen.getByText('Abcdefghijklmnopqrstuvwxy…')).toHaveAttribute('title', long);
    rerender(<PlayerNameText name={long} max={Number.POSITIVE_INFINITY} />);
    expect(screen.getByText(long)).not.toHaveAttribute('title');
  });

  it('keeps a possessive in the name’s letter case in an upper-case heading ("Катюша\'s", not "Катюша\'S")', () => {
    render(
      <h1 className="uppercase">
        <PlayerNamePossessive name="=JG1=Êàòþøà" /> achievements
      </h1>,
    );
    expect(screen.getByRole('heading')).toHaveTextContent("=JG1=Катюша's achievements");
    expect(screen.getByText("=JG1=Катюша's")).toHaveClass('normal-case');
  });
});
