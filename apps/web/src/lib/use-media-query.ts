import { useSyncExternalStore } from 'react';

/** Spec (both documents, §9): "Mobile breakpoint 768 px". Tailwind's `md` starts at the same width. */
const MOBILE_MAX_WIDTH_QUERY = '(max-width: 767.98px)';

function canMatchMedia(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function';
}

/** Whether a media query matches, kept current as the window changes. False where matchMedia is missing. */
function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (!canMatchMedia()) return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => (canMatchMedia() ? window.matchMedia(query).matches : false),
    () => false,
  );
}

/** Under 768 px: rows become cards and popovers become dialogs. */
export function useIsMobile(): boolean {
  return useMediaQuery(MOBILE_MAX_WIDTH_QUERY);
}
