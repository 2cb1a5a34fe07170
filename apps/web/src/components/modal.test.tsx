import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmModal, Modal } from './modal';
import type { ModalProps } from './modal';

function getBackdrop(): HTMLElement {
  const backdrop = document.querySelector<HTMLElement>('[data-modal-backdrop]');
  if (!backdrop) throw new Error('no modal backdrop rendered');
  return backdrop;
}

/** A page with a trigger button that opens a modal, as the dashboard does. */
function Harness({
  children = <p>Body text</p>,
  onClose,
  ...props
}: Partial<Omit<ModalProps, 'open'>> & { children?: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Modal
        title="Add Player Profile"
        {...props}
        open={open}
        onClose={() => {
          onClose?.();
          setOpen(false);
        }}
      >
        {children}
      </Modal>
    </>
  );
}

async function openHarness(props: Parameters<typeof Harness>[0] = {}) {
  const user = userEvent.setup();
  const view = render(<Harness {...props} />);
  await user.click(screen.getByRole('button', { name: 'Open' }));
  return { user, view, dialog: screen.getByRole('dialog') };
}

describe('Modal', () => {
  it('renders nothing while closed', () => {
    render(
      <Modal open={false} onClose={() => {}} title="Hidden">
        content
      </Modal>,
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.querySelector('[data-modal-backdrop]')).toBeNull();
  });

  it('renders through a portal into document.body', () => {
    const { container } = render(
      <Modal open onClose={() => {}} title="Portal">
        content
      </Modal>,
    );
    const dialog = screen.getByRole('dialog');
    expect(container).not.toContainElement(dialog);
    expect(getBackdrop().parentElement).toBe(document.body);
  });

  it('is an aria-modal dialog labelled by its title', () => {
    render(
      <Modal open onClose={() => {}} title="Add Favorite Server">
        content
      </Modal>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Add Favorite Server' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    const titleId = dialog.getAttribute('aria-labelledby');
    expect(titleId).toBeTruthy();
    expect(document.getElementById(titleId ?? '')).toHaveTextContent('Add Favorite Server');
  });

  it("closes on a click on the backdrop (spec: 'Clicking the backdrop closes a modal unless the press began inside the dialog')", async () => {
    const onClose = vi.fn();
    const { user } = await openHarness({ onClose });
    await user.click(getBackdrop());
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("does not close when the press began inside the dialog and ended on the backdrop (spec: 'unless the press began inside the dialog')", async () => {
    const onClose = vi.fn();
    const { user } = await openHarness({ onClose });
    const text = screen.getByText('Body text');
    // A text selection: press on the text, drag out, release over the backdrop.
    await user.pointer([{ keys: '[MouseLeft>]', target: text }, { target: getBackdrop() }, { keys: '[/MouseLeft]' }]);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it("ignores a click event on the backdrop whose press began inside the dialog (spec: 'unless the press began inside the dialog')", async () => {
    const onClose = vi.fn();
    await openHarness({ onClose });
    // Browsers dispatch the click on the common ancestor of press and release: the backdrop.
    fireEvent.pointerDown(screen.getByText('Body text'));
    fireEvent.mouseDown(screen.getByText('Body text'));
    fireEvent.mouseUp(getBackdrop());
    fireEvent.click(getBackdrop());
    expect(onClose).not.toHaveBeenCalled();

    // The next genuine backdrop press still closes: the flag does not stick.
    fireEvent.pointerDown(getBackdrop());
    fireEvent.mouseDown(getBackdrop());
    fireEvent.click(getBackdrop());
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('does not close on a click inside the dialog', async () => {
    const onClose = vi.fn();
    const { user } = await openHarness({ onClose });
    await user.click(screen.getByText('Body text'));
    await user.click(screen.getByRole('dialog'));
    expect(onClose).not.toHaveBeenCalled();
  });

  it('closes on Escape', async () => {
    const onClose = vi.fn();
    const { user } = await openHarness({ onClose });
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('leaves an Escape that a control inside already handled (e.g. closing its own dropdown)', async () => {
    const onClose = vi.fn();
    const { user } = await openHarness({
      onClose,
      children: (
        <input
          aria-label="Search"
          onKeyDown={(event) => {
            if (event.key === 'Escape') event.preventDefault();
          }}
        />
      ),
    });
    await user.click(screen.getByRole('textbox', { name: 'Search' }));
    await user.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('closes with the close button labelled "Close"', async () => {
    const onClose = vi.fn();
    const { user } = await openHarness({ onClose });
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('cannot be dismissed while dismissible is false', async () => {
    const onClose = vi.fn();
    const { user } = await openHarness({ onClose, dismissible: false });
    await user.keyboard('{Escape}');
    await user.click(getBackdrop());
    expect(screen.getByRole('button', { name: 'Close' })).toBeDisabled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('moves focus into the dialog on open', async () => {
    const { dialog } = await openHarness();
    expect(dialog).toHaveFocus();
  });

  it('leaves focus on a child that focused itself (autoFocus)', async () => {
    await openHarness({ children: <input aria-label="Player name" autoFocus /> });
    expect(screen.getByRole('textbox', { name: 'Player name' })).toHaveFocus();
  });

  it('focuses initialFocusRef when given', async () => {
    function WithInitialFocus() {
      const target = useRef<HTMLButtonElement>(null);
      return (
        <Modal open onClose={() => {}} title="Focus" initialFocusRef={target}>
          <button type="button">First</button>
          <button type="button" ref={target}>
            Second
          </button>
        </Modal>
      );
    }
    render(<WithInitialFocus />);
    expect(screen.getByRole('button', { name: 'Second' })).toHaveFocus();
  });

  it('traps focus: Tab from the last control wraps to the first, Shift+Tab from the first wraps to the last', async () => {
    const { user } = await openHarness({
      children: (
        <>
          <input aria-label="Player name" />
          <button type="button" disabled>
            Disabled
          </button>
        </>
      ),
      footer: <button type="button">Add</button>,
    });
    const close = screen.getByRole('button', { name: 'Close' });
    const input = screen.getByRole('textbox', { name: 'Player name' });
    const add = screen.getByRole('button', { name: 'Add' });

    await user.tab();
    expect(close).toHaveFocus();
    await user.tab();
    expect(input).toHaveFocus();
    await user.tab();
    expect(add).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(add).toHaveFocus();
    await user.tab({ shift: true });
    expect(input).toHaveFocus();
  });

  it('Shift+Tab from the dialog itself goes to the last control rather than leaving', async () => {
    const { user, dialog } = await openHarness({ footer: <button type="button">Add</button> });
    expect(dialog).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Add' })).toHaveFocus();
  });

  it('pulls focus back when something outside takes it', async () => {
    const { dialog } = await openHarness();
    act(() => screen.getByRole('button', { name: 'Open', hidden: true }).focus());
    expect(dialog).toHaveFocus();
  });

  it('returns focus to the previously focused element on close', async () => {
    const { user } = await openHarness();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
  });

  it('returns focus to the trigger even when a child had autoFocus', async () => {
    const { user } = await openHarness({ children: <input aria-label="Player name" autoFocus /> });
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
  });

  it("locks page scrolling while open (spec: 'page scroll locked while open')", async () => {
    document.body.style.overflow = 'auto';
    const { user } = await openHarness();
    expect(document.body.style.overflow).toBe('hidden');
    await user.keyboard('{Escape}');
    expect(document.body.style.overflow).toBe('auto');
    document.body.style.overflow = '';
  });

  it('keeps the page locked until the last of two stacked dialogs closes, and Escape closes only the top one', async () => {
    const user = userEvent.setup();
    function Stacked() {
      const [outer, setOuter] = useState(true);
      const [inner, setInner] = useState(true);
      return (
        <Modal open={outer} onClose={() => setOuter(false)} title="Outer">
          <Modal open={inner} onClose={() => setInner(false)} title="Inner">
            inner
          </Modal>
        </Modal>
      );
    }
    render(<Stacked />);
    expect(screen.getAllByRole('dialog')).toHaveLength(2);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Inner' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Outer' })).toBeInTheDocument();
    expect(document.body.style.overflow).toBe('hidden');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.body.style.overflow).toBe('');
  });

  it('stacks a dialog nested in another above it', () => {
    render(
      <Modal open onClose={() => {}} title="Outer">
        <Modal open onClose={() => {}} title="Inner">
          inner
        </Modal>
      </Modal>,
    );
    const zIndexOf = (name: string) => {
      const backdrop = screen.getByRole('dialog', { name }).closest<HTMLElement>('[data-modal-backdrop]');
      return Number(backdrop?.style.zIndex || 50);
    };
    expect(zIndexOf('Inner')).toBeGreaterThan(zIndexOf('Outer'));
  });

  it('unlocks scrolling when unmounted while open', () => {
    const { unmount } = render(
      <Modal open onClose={() => {}} title="Unmount">
        content
      </Modal>,
    );
    expect(document.body.style.overflow).toBe('hidden');
    unmount();
    expect(document.body.style.overflow).toBe('');
  });
});

describe('ConfirmModal', () => {
  function renderConfirm(overrides: Partial<Parameters<typeof ConfirmModal>[0]> = {}) {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(
      <ConfirmModal
        open
        title="Remove Sgt.Pepper"
        message="Are you sure you want to remove Sgt.Pepper from your profiles"
        onConfirm={onConfirm}
        onCancel={onCancel}
        {...overrides}
      />,
    );
    return { onConfirm, onCancel, user: userEvent.setup() };
  }

  it("shows the message followed by a question mark (spec: 'a confirmation modal (the message followed by a question mark, with Cancel and Remove buttons)')", () => {
    renderConfirm();
    expect(screen.getByRole('dialog', { name: 'Remove Sgt.Pepper' })).toHaveAccessibleDescription(
      'Are you sure you want to remove Sgt.Pepper from your profiles?',
    );
  });

  it('does not double a question mark the message already has', () => {
    renderConfirm({ message: 'Remove this server?' });
    expect(screen.getByText('Remove this server?')).toBeInTheDocument();
    expect(screen.queryByText('Remove this server??')).not.toBeInTheDocument();
  });

  it("has Cancel and Remove buttons (spec: 'with Cancel and Remove buttons')", async () => {
    const { onConfirm, onCancel, user } = renderConfirm();
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it("cancels on Escape and on the backdrop (spec: 'cancel discards')", async () => {
    const { onCancel, onConfirm, user } = renderConfirm();
    await user.keyboard('{Escape}');
    await user.click(getBackdrop());
    expect(onCancel).toHaveBeenCalledTimes(2);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('focuses Cancel first so Enter right after opening does not remove', () => {
    renderConfirm();
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
  });

  it('uses a custom confirm label', () => {
    renderConfirm({ confirmLabel: 'Unfollow' });
    expect(screen.getByRole('button', { name: 'Unfollow' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove' })).not.toBeInTheDocument();
  });

  it('disables both buttons and ignores dismissal while busy', async () => {
    const { onCancel, onConfirm, user } = renderConfirm({ busy: true });
    const remove = screen.getByRole('button', { name: 'Remove' });
    expect(remove).toBeDisabled();
    expect(remove).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await user.keyboard('{Escape}');
    await user.click(getBackdrop());
    expect(onCancel).not.toHaveBeenCalled();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('renders nothing while closed', () => {
    renderConfirm({ open: false });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
