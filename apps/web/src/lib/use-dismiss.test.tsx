import { fireEvent, render, screen } from '@testing-library/react';
import { useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { describe, expect, it } from 'vitest';
import { useDismiss } from './use-dismiss.ts';

/** A menu button whose menu is rendered elsewhere (a portal), as the forecast popover is. */
function Menu() {
  const [open, setOpen] = useState(true);
  const menu = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  useDismiss(menu, open, () => setOpen(false), trigger);
  return (
    <>
      <button ref={trigger} type="button" onClick={() => setOpen((value) => !value)}>
        Menu
      </button>
      <p>Elsewhere</p>
      {open &&
        createPortal(
          <div ref={menu} role="menu">
            <button type="button">Inside</button>
          </div>,
          document.body,
        )}
    </>
  );
}

describe("useDismiss (spec §2: 'A click elsewhere closes menus')", () => {
  it('closes on a press elsewhere, not on one inside the menu or on its button', () => {
    render(<Menu />);
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Inside' }));
    expect(screen.getByRole('menu')).toBeInTheDocument();
    // The button's own click toggles the menu; its press must not close it first.
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Menu' }));
    expect(screen.getByRole('menu')).toBeInTheDocument();
    fireEvent.pointerDown(screen.getByText('Elsewhere'));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('closes on Escape, unless the menu handled the key itself', () => {
    render(<Menu />);
    const inside = screen.getByRole('button', { name: 'Inside' });
    inside.addEventListener('keydown', (event) => event.preventDefault(), { once: true });
    fireEvent.keyDown(inside, { key: 'Escape' });
    expect(screen.getByRole('menu')).toBeInTheDocument();
    fireEvent.keyDown(inside, { key: 'Escape' });
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });
});
