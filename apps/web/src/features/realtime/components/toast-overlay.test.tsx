import { act, createEvent, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  addNotification,
  clearNotifications,
  getNotificationsSnapshot,
  type NotificationInput,
} from '../lib/notifications-store.ts';
import { isSwipeDismiss } from '../lib/swipe.ts';
import { MAX_TOASTS_SHOWN, ToastOverlay } from './toast-overlay.tsx';

const BUDDY: NotificationInput = {
  type: 'buddy_online',
  title: 'Buddy online',
  message: 'BuckCamper is now online on Sunday Soldiers playing wake_island',
};

function notify(input: NotificationInput = BUDDY) {
  let id = '';
  act(() => {
    id = addNotification(input).id;
  });
  return id;
}

/** A pointer event at `clientX` whose time stamp is `time` ms (React reads the native event's). */
function pointer(element: Element, type: 'pointerDown' | 'pointerMove' | 'pointerUp', clientX: number, time: number) {
  const event = createEvent[type](element, {
    clientX,
    clientY: 10,
    pointerId: 1,
    isPrimary: true,
    pointerType: 'touch',
  });
  Object.defineProperty(event, 'timeStamp', { value: time });
  fireEvent(element, event);
}

function swipe(element: Element, distance: number, durationMs: number) {
  const start = 1000;
  pointer(element, 'pointerDown', 100, start);
  pointer(element, 'pointerMove', 100 + distance / 2, start + durationMs / 2);
  pointer(element, 'pointerUp', 100 + distance, start + durationMs);
}

afterEach(() => act(() => clearNotifications()));

describe('swipe to dismiss (spec §2 "dismissed by a horizontal swipe of more than 50 px within 300 ms")', () => {
  it.each([
    [51, 200, true],
    [-51, 200, true],
    [51, 300, true],
    [50, 200, false],
    [40, 200, false],
    [51, 301, false],
    [120, 400, false],
  ])('%i px in %i ms dismisses: %s', (distance, ms, dismisses) => {
    expect(isSwipeDismiss(distance, ms)).toBe(dismisses);
  });

  it('a 51 px swipe in 200 ms takes the toast away, not counting as a click', () => {
    render(<ToastOverlay />);
    const id = notify();
    swipe(screen.getByTestId('toast'), 51, 200);
    expect(screen.queryByTestId('toast')).not.toBeInTheDocument();
    expect(getNotificationsSnapshot().recent.find((item) => item.id === id)?.interacted).toBe(false);
  });

  it('a 40 px swipe, or a slow one (400 ms), leaves it', () => {
    render(<ToastOverlay />);
    notify();
    swipe(screen.getByTestId('toast'), 40, 200);
    expect(screen.getByTestId('toast')).toBeInTheDocument();
    swipe(screen.getByTestId('toast'), 120, 400);
    expect(screen.getByTestId('toast')).toBeInTheDocument();
    // The click the browser fires at the end of that drag is part of the drag, not a click on the toast.
    const click = createEvent.click(screen.getByTestId('toast'));
    Object.defineProperty(click, 'timeStamp', { value: 1400 });
    fireEvent(screen.getByTestId('toast'), click);
    expect(screen.getByTestId('toast')).toBeInTheDocument();
  });
});

describe('toasts (spec §2 "Toast notifications appear as an overlay")', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows icon, title, message, action and close button in a polite live region', () => {
    render(<ToastOverlay />);
    const region = screen.getByRole('status', { name: 'Notifications' });
    expect(region).toHaveAttribute('aria-live', 'polite');
    notify({ ...BUDDY, action: { label: 'Join', handler: () => {} } });
    const toast = within(region).getByRole('article', { name: 'Buddy online' });
    expect(toast).toHaveTextContent(BUDDY.message);
    expect(within(toast).getByRole('button', { name: 'Join' })).toBeInTheDocument();
    expect(within(toast).getByRole('button', { name: 'Close notification' })).toBeInTheDocument();
  });

  it('goes away after its duration (buddy online: 8000 ms)', () => {
    render(<ToastOverlay />);
    notify();
    act(() => {
      vi.advanceTimersByTime(7999);
    });
    expect(screen.getByTestId('toast')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByTestId('toast')).not.toBeInTheDocument();
  });

  it('a click on the toast removes it and marks it interacted; close removes it without', () => {
    render(<ToastOverlay />);
    const clicked = notify();
    fireEvent.click(screen.getByTestId('toast'));
    expect(screen.queryByTestId('toast')).not.toBeInTheDocument();
    const closed = notify();
    fireEvent.click(screen.getByRole('button', { name: 'Close notification' }));
    expect(screen.queryByTestId('toast')).not.toBeInTheDocument();
    const { recent } = getNotificationsSnapshot();
    expect(recent.find((item) => item.id === clicked)?.interacted).toBe(true);
    expect(recent.find((item) => item.id === closed)?.interacted).toBe(false);
  });

  it('the action runs its handler and counts as a click', () => {
    const handler = vi.fn();
    render(<ToastOverlay />);
    const id = notify({ ...BUDDY, action: { label: 'Join', handler } });
    fireEvent.click(screen.getByRole('button', { name: 'Join' }));
    expect(handler).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('toast')).not.toBeInTheDocument();
    expect(getNotificationsSnapshot().recent.find((item) => item.id === id)?.interacted).toBe(true);
  });

  it(`shows the ${MAX_TOASTS_SHOWN} newest at once`, () => {
    render(<ToastOverlay />);
    for (let index = 1; index <= MAX_TOASTS_SHOWN + 2; index += 1) notify({ ...BUDDY, title: `Toast ${index}` });
    const titles = screen.getAllByTestId('toast').map((toast) => toast.getAttribute('aria-labelledby'));
    expect(titles).toHaveLength(MAX_TOASTS_SHOWN);
    expect(screen.queryByRole('article', { name: 'Toast 1' })).not.toBeInTheDocument();
    expect(screen.getByRole('article', { name: `Toast ${MAX_TOASTS_SHOWN + 2}` })).toBeInTheDocument();
  });
});
