import { useEffect } from 'react';

/**
 * Spec §2 "While open the page body does not scroll" (the social panel). The page's scrollbar goes away, and the
 * body is padded by its width so the page does not shift sideways. What the body had before comes back after.
 */
export function useBodyScrollLock(locked: boolean): void {
  useEffect(() => {
    if (!locked) return;
    const { body, documentElement } = document;
    const before = { overflow: body.style.overflow, paddingRight: body.style.paddingRight };
    const scrollbarWidth = documentElement.clientWidth > 0 ? window.innerWidth - documentElement.clientWidth : 0;
    if (scrollbarWidth > 0) {
      const padding = Number.parseFloat(window.getComputedStyle(body).paddingRight) || 0;
      body.style.paddingRight = `${padding + scrollbarWidth}px`;
    }
    body.style.overflow = 'hidden';
    return () => {
      body.style.overflow = before.overflow;
      body.style.paddingRight = before.paddingRight;
    };
  }, [locked]);
}
