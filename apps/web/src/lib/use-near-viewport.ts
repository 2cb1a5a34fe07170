import { useEffect, useState, type RefObject } from 'react';

/**
 * True once the element has come near the screen (within `margin` of it), and from then on: what is below the fold
 * loads when the visitor scrolls towards it, not with the page (DESIGN.md: the first bundle's budget). Without
 * IntersectionObserver (an old browser, a test environment) it is true at once.
 */
export function useNearViewport(ref: RefObject<Element | null>, margin = '400px'): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, margin, near]);
  return near;
}
