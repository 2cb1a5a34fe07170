import { useEffect, useState, type RefObject } from 'react';

/**
 * True once the element has come near the screen (within `margin` of it), and from then on: what is below the fold
 * loads when the visitor scrolls towards it, not with the page (DESIGN.md: the first bundle's budget). It starts
 * watching once `enabled` (the page above it has its height). Without IntersectionObserver (an old browser, a test
 * environment) it is true as soon as enabled.
 */
export function useNearViewport(
  ref: RefObject<Element | null>,
  { margin = '400px', enabled = true }: { margin?: string; enabled?: boolean } = {},
): boolean {
  const [near, setNear] = useState(false);
  const watchable = typeof IntersectionObserver !== 'undefined';
  useEffect(() => {
    const element = ref.current;
    if (near || !enabled || !watchable || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, margin, near, enabled, watchable]);
  return near || (enabled && !watchable);
}
