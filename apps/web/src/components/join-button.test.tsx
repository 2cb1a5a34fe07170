import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ComponentProps } from 'react';
import { JoinButton } from './join-button.tsx';

type JoinableServer = ComponentProps<typeof JoinButton>['server'];

const server = (overrides: Partial<JoinableServer> = {}): JoinableServer => ({
  name: 'Wake Island 24/7',
  joinLink: 'bf1942://192.0.2.1:14567',
  numPlayers: 10,
  maxPlayers: 32,
  hasPassword: false,
  ...overrides,
});

/** The profile header's larger button. */
const header = { className: 'h-9 px-4 text-sm', label: 'Join Server', fullLabel: 'Full' };

describe("JoinButton (spec §2: 'JOIN button disabled and reading FULL when numPlayers is at least maxPlayers')", () => {
  it('reads FULL on a disabled button once the people on the server reach its slots', () => {
    render(<JoinButton server={server({ numPlayers: 32 })} />);
    expect(screen.getByRole('button', { name: 'FULL' })).toBeDisabled();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('stays FULL above the slots (reserved slots, feed lag) and JOIN one under them', () => {
    const { rerender } = render(<JoinButton server={server({ numPlayers: 33 })} />);
    expect(screen.getByRole('button', { name: 'FULL' })).toBeDisabled();
    rerender(<JoinButton server={server({ numPlayers: 31 })} />);
    expect(screen.getByRole('link', { name: 'JOIN' })).toHaveAttribute('href', 'bf1942://192.0.2.1:14567');
  });

  it("opens a game's own link in place and a web launcher in a new window", () => {
    const { rerender } = render(<JoinButton server={server()} {...header} />);
    const inPlace = screen.getByRole('link', { name: 'Join Server' });
    expect(inPlace).not.toHaveAttribute('target');
    rerender(<JoinButton server={server({ joinLink: 'https://joinme.click/g/bf1942/192.0.2.1:14567' })} {...header} />);
    const launcher = screen.getByRole('link', { name: 'Join Server' });
    expect(launcher).toHaveAttribute('target', '_blank');
    expect(launcher).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('is disabled without a join link, saying why, and never links a script URL', () => {
    const { rerender } = render(<JoinButton server={server({ joinLink: null, hasPassword: true })} />);
    expect(screen.getByRole('button', { name: 'JOIN' })).toHaveAttribute(
      'title',
      'Password protected: join from the game with its address',
    );
    rerender(<JoinButton server={server({ joinLink: 'javascript:alert(1)' })} {...header} />);
    expect(screen.getByRole('button', { name: 'Join Server' })).toBeDisabled();
  });

  it('reads Full on the profile’s larger button', () => {
    render(<JoinButton server={server({ numPlayers: 64, maxPlayers: 64 })} {...header} />);
    expect(screen.getByRole('button', { name: 'Full' })).toHaveAttribute('title', 'Server is full');
  });
});
