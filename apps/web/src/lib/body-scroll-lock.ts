import { useEffect } from 'react';

/**
 * While a dialog or the social panel is open the page behind it does not scroll (spec site-account-and-realtime §2).
 * Counted, so a dialog closing over another dialog (or over the social panel) does not unlock the page that is still
 * covered.
 */
let scrollLockCount = 0;
let savedBodyStyle: { overflow: string; paddingRight: string } | null = null;

export function lockBodyScroll(): () => void {
  if (scrollLockCount === 0) {
    const { body, documentElement } = document;
    savedBodyStyle = { overflow: body.style.overflow, paddingRight: body.style.paddingRight };
    // Hiding the scrollbar widens the page; padding the body by its width keeps the layout from jumping.
    const scrollbarWidth = documentElement.clientWidth > 0 ? window.innerWidth - documentElement.clientWidth : 0;
    if (scrollbarWidth > 0) {
      const currentPadding = Number.parseFloat(window.getComputedStyle(body).paddingRight) || 0;
      body.style.paddingRight = `${currentPadding + scrollbarWidth}px`;
    }
    body.style.overflow = 'hidden';
  }
  scrollLockCount += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    scrollLockCount -= 1;
    if (scrollLockCount === 0 && savedBodyStyle) {
      document.body.style.overflow = savedBodyStyle.overflow;
      document.body.style.paddingRight = savedBodyStyle.paddingRight;
      savedBodyStyle = null;
    }
  };
}

/** Locks the page's scrolling while `locked` (the social panel). */
export function useBodyScrollLock(locked: boolean): void {
  useEffect(() => (locked ? lockBodyScroll() : undefined), [locked]);
}
