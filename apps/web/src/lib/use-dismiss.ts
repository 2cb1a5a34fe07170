import { useEffect, useRef, type RefObject } from 'react';

/**
 * Closes a menu or popover on a press outside `ref` (and outside `trigger`, the button that opens it when
 * the popover is rendered elsewhere, in a portal) or on Escape (spec: site-statistics §2 "A click elsewhere
 * closes menus"). Every menu and popover of the site closes through it. Listens only while `open`, on
 * pointerdown so the menu is gone before whatever was pressed reacts.
 */
export function useDismiss(
  ref: RefObject<HTMLElement | null>,
  open: boolean,
  onDismiss: () => void,
  trigger?: RefObject<HTMLElement | null>,
): void {
  const dismiss = useRef(onDismiss);
  useEffect(() => {
    dismiss.current = onDismiss;
  });

  useEffect(() => {
    if (!open) return;
    function handlePointerDown(event: PointerEvent | MouseEvent) {
      const target = event.target;
      if (target instanceof Node && (ref.current?.contains(target) || trigger?.current?.contains(target))) return;
      dismiss.current();
    }
    function handleKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      dismiss.current();
    }
    // pointerdown where supported; jsdom and old engines only fire mousedown.
    const pressEvent = typeof window.PointerEvent === 'function' ? 'pointerdown' : 'mousedown';
    document.addEventListener(pressEvent, handlePointerDown);
    document.addEventListener('keydown', handleKeyDown);
    return () => {
      document.removeEventListener(pressEvent, handlePointerDown);
      document.removeEventListener('keydown', handleKeyDown);
    };
  }, [open, ref, trigger]);
}
