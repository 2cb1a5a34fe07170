import { useRef, useState, type PointerEvent } from 'react';

/** Spec §2 "a toast is dismissed by a horizontal swipe of more than 50 px within 300 ms" (§9). */
export const SWIPE_DISMISS_PX = 50;
export const SWIPE_DISMISS_MS = 300;
/** Below this a press is a press (a finger is never still), not a drag. */
const DRAG_START_PX = 8;

/** Whether a gesture that moved `deltaX` px sideways in `elapsedMs` dismisses. */
export function isSwipeDismiss(deltaX: number, elapsedMs: number): boolean {
  return Math.abs(deltaX) > SWIPE_DISMISS_PX && elapsedMs <= SWIPE_DISMISS_MS;
}

interface Gesture {
  pointerId: number;
  startX: number;
  startTime: number;
}

/**
 * Pointer handlers for a swipe-to-dismiss element (touch, pen or mouse), and how far it is dragged, so the
 * element can follow the finger. `swiped()` says whether the click that ends a gesture belongs to a swipe, which
 * must not count as a click on the element.
 */
export function useSwipeDismiss(onDismiss: () => void) {
  const gesture = useRef<Gesture | null>(null);
  const swipedAt = useRef(0);
  const [offsetX, setOffsetX] = useState(0);

  function end(event: PointerEvent<HTMLElement>, cancelled: boolean) {
    const started = gesture.current;
    if (!started || started.pointerId !== event.pointerId) return;
    gesture.current = null;
    setOffsetX(0);
    const deltaX = event.clientX - started.startX;
    if (cancelled) return;
    if (Math.abs(deltaX) > SWIPE_DISMISS_PX) swipedAt.current = event.timeStamp;
    if (isSwipeDismiss(deltaX, event.timeStamp - started.startTime)) onDismiss();
  }

  return {
    offsetX,
    swiped: (timeStamp: number) => timeStamp - swipedAt.current < SWIPE_DISMISS_MS,
    handlers: {
      onPointerDown(event: PointerEvent<HTMLElement>) {
        if (!event.isPrimary || (event.pointerType === 'mouse' && event.button !== 0)) return;
        gesture.current = { pointerId: event.pointerId, startX: event.clientX, startTime: event.timeStamp };
      },
      onPointerMove(event: PointerEvent<HTMLElement>) {
        const started = gesture.current;
        if (started?.pointerId !== event.pointerId) return;
        const deltaX = event.clientX - started.startX;
        setOffsetX(deltaX);
        // Captured only once it is a drag: captured from the press, the click of a button inside would land on
        // the element instead.
        const element = event.currentTarget;
        // (jsdom has no pointer capture.)
        const canCapture = typeof element.setPointerCapture === 'function';
        if (Math.abs(deltaX) > DRAG_START_PX && canCapture && !element.hasPointerCapture(event.pointerId)) {
          element.setPointerCapture(event.pointerId);
        }
      },
      onPointerUp: (event: PointerEvent<HTMLElement>) => end(event, false),
      onPointerCancel: (event: PointerEvent<HTMLElement>) => end(event, true),
    },
  };
}
