import { createContext, useContext, useEffect, useId, useRef, useState } from 'react';
import type { ReactNode, RefObject, SyntheticEvent } from 'react';
import { createPortal } from 'react-dom';
import { lockBodyScroll } from '../lib/body-scroll-lock.ts';
import { CloseIcon } from './icons.tsx';
import { Spinner } from './spinner.tsx';

export type ModalSize = 'sm' | 'md' | 'lg' | 'xl';

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** Actions row under the content (buttons are right-aligned). */
  footer?: ReactNode;
  size?: ModalSize;
  /** Element to focus when the dialog opens; otherwise an element that focused itself (autoFocus) keeps focus, else the dialog does. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** id of the element that describes the dialog (read by screen readers after the title). */
  describedBy?: string;
  /** When false, Escape, the backdrop and the close button do nothing (e.g. while a request is in flight). */
  dismissible?: boolean;
}

const SIZE_CLASSES: Record<ModalSize, string> = {
  sm: 'max-w-sm',
  md: 'max-w-lg',
  lg: 'max-w-2xl',
  xl: 'max-w-4xl',
};

const FOCUSABLE_SELECTOR = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  'audio[controls]',
  'video[controls]',
  'summary',
  '[contenteditable]:not([contenteditable="false"])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

function getFocusableElements(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE_SELECTOR)).filter(
    (element) => element.tabIndex >= 0 && element.closest('[hidden], [inert]') === null,
  );
}

// Dialogs can open on top of each other (a confirmation over an add modal); only the topmost one may react
// to Escape and hold focus, or one keypress would close both and the two traps would fight over focus.
// A dialog nested in another's tree is stacked above it (z-index by depth) even when both mount in the same
// commit, where the child's effects, and its portal, come first; among equals the later-opened one is on top.
interface OpenDialog {
  id: string;
  depth: number;
  order: number;
}

const openDialogs: OpenDialog[] = [];
let openOrder = 0;

function isTopmostDialog(id: string): boolean {
  let top: OpenDialog | undefined;
  for (const dialog of openDialogs) {
    if (!top || dialog.depth > top.depth || (dialog.depth === top.depth && dialog.order > top.order)) top = dialog;
  }
  return top?.id === id;
}

const ModalDepthContext = createContext(0);

type ModalFrameProps = Omit<ModalProps, 'open'>;

function ModalFrame({
  onClose,
  title,
  children,
  footer,
  size = 'md',
  initialFocusRef,
  describedBy,
  dismissible = true,
}: ModalFrameProps) {
  const dialogId = useId();
  const titleId = `${dialogId}-title`;
  const panelRef = useRef<HTMLDivElement>(null);
  const pressStartedOnBackdrop = useRef(false);
  const depth = useContext(ModalDepthContext) + 1;
  // Captured while rendering, before children with autoFocus move focus into the dialog in the commit.
  const [returnFocusTo] = useState(() =>
    document.activeElement instanceof HTMLElement ? document.activeElement : null,
  );

  useEffect(() => {
    openOrder += 1;
    openDialogs.push({ id: dialogId, depth, order: openOrder });
    const unlockScroll = lockBodyScroll();
    return () => {
      const index = openDialogs.findIndex((dialog) => dialog.id === dialogId);
      if (index !== -1) openDialogs.splice(index, 1);
      unlockScroll();
    };
  }, [dialogId, depth]);

  useEffect(() => {
    function handleKeyDown(event: KeyboardEvent) {
      const panel = panelRef.current;
      // defaultPrevented: a control inside (an open dropdown) already used this Escape for itself.
      if (!panel || !isTopmostDialog(dialogId) || event.defaultPrevented || event.isComposing) return;

      if (event.key === 'Escape') {
        if (dismissible) {
          event.preventDefault();
          onClose();
        }
        return;
      }

      if (event.key !== 'Tab') return;
      const focusable = getFocusableElements(panel);
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (!first || !last) {
        event.preventDefault();
        panel.focus();
        return;
      }
      const active = document.activeElement;
      const outside = !panel.contains(active);
      if (event.shiftKey && (outside || active === first || active === panel)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (outside || active === last)) {
        event.preventDefault();
        first.focus();
      }
    }

    // Focus can still leave by mouse or by script; bring it back so keyboard users are never stranded
    // behind the backdrop.
    function handleFocusIn(event: FocusEvent) {
      const panel = panelRef.current;
      if (!panel || !isTopmostDialog(dialogId)) return;
      if (event.target instanceof Node && !panel.contains(event.target)) panel.focus();
    }

    document.addEventListener('keydown', handleKeyDown);
    document.addEventListener('focusin', handleFocusIn);
    return () => {
      document.removeEventListener('keydown', handleKeyDown);
      document.removeEventListener('focusin', handleFocusIn);
    };
  }, [dialogId, dismissible, onClose]);

  useEffect(() => {
    const panel = panelRef.current;
    if (panel && !panel.contains(document.activeElement)) {
      (initialFocusRef?.current ?? panel).focus();
    }
  }, [initialFocusRef]);

  // Declared after the listeners so that on close they are removed before focus moves back out.
  useEffect(() => {
    return () => {
      if (returnFocusTo?.isConnected) returnFocusTo.focus();
    };
  }, [returnFocusTo]);

  function recordPressStart(event: SyntheticEvent) {
    pressStartedOnBackdrop.current = event.target === event.currentTarget;
  }

  // A click is dispatched on the common ancestor of press and release, so a text selection dragged from
  // inside the dialog out to the backdrop "clicks" the backdrop; only a press that began there closes.
  function handleBackdropClick(event: SyntheticEvent) {
    const startedOnBackdrop = pressStartedOnBackdrop.current;
    pressStartedOnBackdrop.current = false;
    if (dismissible && startedOnBackdrop && event.target === event.currentTarget) onClose();
  }

  return (
    <div
      data-modal-backdrop=""
      style={depth > 1 ? { zIndex: 50 + depth - 1 } : undefined}
      className="fixed inset-0 z-50 flex items-center justify-center bg-black/60 p-4 backdrop-blur-[2px] transition-opacity duration-150 starting:opacity-0"
      onPointerDown={recordPressStart}
      onMouseDown={recordPressStart}
      onClick={handleBackdropClick}
    >
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        tabIndex={-1}
        className={`relative flex max-h-[calc(100dvh-2rem)] w-full flex-col overflow-hidden rounded-md border border-line border-t-2 border-t-accent bg-surface text-ink shadow-2xl shadow-black/40 outline-none transition duration-150 ease-out starting:translate-y-2 starting:scale-[0.98] starting:opacity-0 ${SIZE_CLASSES[size]}`}
      >
        <div className="flex items-start justify-between gap-3 border-b border-line px-4 py-3">
          <h2 id={titleId} className="heading-display min-w-0 pt-0.5 text-lg leading-tight wrap-break-word text-ink">
            {title}
          </h2>
          <button
            type="button"
            aria-label="Close"
            onClick={onClose}
            disabled={!dismissible}
            className="-mr-1.5 inline-flex size-8 shrink-0 items-center justify-center rounded-md text-muted transition-colors hover:bg-raised hover:text-ink disabled:cursor-not-allowed disabled:opacity-40"
          >
            <CloseIcon width={16} height={16} />
          </button>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto px-4 py-4 text-sm text-ink">
          <ModalDepthContext value={depth}>{children}</ModalDepthContext>
        </div>
        {footer !== undefined && footer !== null && (
          <div className="flex flex-wrap items-center justify-end gap-2 border-t border-line bg-sunken/50 px-4 py-3">
            <ModalDepthContext value={depth}>{footer}</ModalDepthContext>
          </div>
        )}
      </div>
    </div>
  );
}

/**
 * A dialog over the page, rendered into document.body. Closes on Escape, the close button, or a click on
 * the backdrop that also began on the backdrop. While open, focus stays inside and the page does not scroll;
 * on close, focus returns to whatever had it before.
 */
export function Modal({ open, ...frameProps }: ModalProps) {
  if (!open) return null;
  return createPortal(<ModalFrame {...frameProps} />, document.body);
}

export interface ConfirmModalProps {
  open: boolean;
  title: ReactNode;
  /** The question, without its question mark (one is added unless it already ends with one). */
  message: string;
  onConfirm: () => void;
  onCancel: () => void;
  confirmLabel?: string;
  /** While true the buttons are disabled and the dialog cannot be dismissed, so a removal in flight is not orphaned. */
  busy?: boolean;
}

function withQuestionMark(message: string): string {
  const trimmed = message.trimEnd();
  return trimmed.endsWith('?') ? trimmed : `${trimmed}?`;
}

/** The dashboard's removal confirmation: the message followed by a question mark, then Cancel and Remove. */
export function ConfirmModal({
  open,
  title,
  message,
  onConfirm,
  onCancel,
  confirmLabel = 'Remove',
  busy = false,
}: ConfirmModalProps) {
  const messageId = useId();
  // Cancel is the safe default for a destructive question: Enter right after opening must not remove.
  const cancelRef = useRef<HTMLButtonElement>(null);

  return (
    <Modal
      open={open}
      onClose={onCancel}
      title={title}
      size="sm"
      initialFocusRef={cancelRef}
      describedBy={messageId}
      dismissible={!busy}
      footer={
        <>
          <button
            ref={cancelRef}
            type="button"
            onClick={onCancel}
            disabled={busy}
            className="inline-flex h-9 items-center justify-center rounded-md border border-line-strong bg-raised px-4 text-sm font-medium text-ink transition-colors hover:bg-sunken disabled:cursor-not-allowed disabled:opacity-50"
          >
            Cancel
          </button>
          <button
            type="button"
            onClick={onConfirm}
            disabled={busy}
            aria-busy={busy || undefined}
            className="inline-flex h-9 items-center justify-center gap-2 rounded-md bg-danger px-4 text-sm font-semibold text-canvas shadow-sm transition hover:brightness-110 disabled:cursor-not-allowed disabled:opacity-60"
          >
            {busy && <Spinner className="size-3.5" colour="" />}
            {confirmLabel}
          </button>
        </>
      }
    >
      <p id={messageId} className="leading-relaxed text-muted">
        {withQuestionMark(message)}
      </p>
    </Modal>
  );
}
