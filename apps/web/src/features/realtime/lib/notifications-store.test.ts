import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  addNotification,
  clearNotifications,
  dismissNotification,
  durationFor,
  getNotificationsSnapshot,
  markAllViewed,
  missedCount,
  pendingCount,
  subscribeNotifications,
  type NotificationInput,
} from './notifications-store.ts';

const info = (title: string): NotificationInput => ({ type: 'info', title, message: `${title} happened` });

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  clearNotifications();
  vi.useRealTimers();
});

describe('adding (spec §4 "added to the active list and to a recent list (max 10 kept)")', () => {
  it('shows a new notification as a toast and lists it first among the recent ones', () => {
    const first = addNotification(info('one'));
    const second = addNotification(info('two'));
    const { active, recent } = getNotificationsSnapshot();
    expect(active.map((item) => item.id)).toEqual([first.id, second.id]);
    expect(recent.map((item) => item.id)).toEqual([second.id, first.id]);
    expect(second).toMatchObject({ viewed: false, interacted: false, autoRemoved: false, icon: 'info' });
    expect(Date.parse(second.timestamp)).not.toBeNaN();
  });

  it('keeps the 10 newest recent notifications ("Recent notifications kept: 10")', () => {
    for (let index = 1; index <= 12; index += 1) addNotification(info(`n${index}`));
    const { recent } = getNotificationsSnapshot();
    expect(recent).toHaveLength(10);
    expect(recent[0]?.title).toBe('n12');
    expect(recent[9]?.title).toBe('n3');
  });

  it('tells its listeners, and a listener that unsubscribed no more', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeNotifications(listener);
    addNotification(info('one'));
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    addNotification(info('two'));
    expect(listener).toHaveBeenCalledTimes(1);
  });
});

describe('durations (spec §9 "default 5000 ms, buddy online 8000 ms, map change 6000 ms")', () => {
  it.each([
    ['info', 5000],
    ['success', 5000],
    ['buddy_online', 8000],
    ['server_map_change', 6000],
  ] as const)('%s lasts %i ms', (type, duration) => {
    expect(durationFor(type)).toBe(duration);
    expect(addNotification({ type, title: 't', message: 'm' }).duration).toBe(duration);
  });

  it('auto-removes a toast after its duration and marks it autoRemoved ("It is auto-removed after its duration")', () => {
    const buddy = addNotification({ type: 'buddy_online', title: 'Buddy online', message: 'm' });
    vi.advanceTimersByTime(7999);
    expect(getNotificationsSnapshot().active).toHaveLength(1);
    vi.advanceTimersByTime(1);
    const { active, recent } = getNotificationsSnapshot();
    expect(active).toHaveLength(0);
    expect(recent[0]).toMatchObject({ id: buddy.id, autoRemoved: true, interacted: false });
  });

  it('honours a duration given with the notification', () => {
    addNotification({ ...info('short'), duration: 1000 });
    vi.advanceTimersByTime(1000);
    expect(getNotificationsSnapshot().active).toHaveLength(0);
  });
});

describe('click and close ("removed on click or close (a click also marks it interacted)")', () => {
  it('a click removes the toast and marks it interacted', () => {
    const item = addNotification(info('one'));
    dismissNotification(item.id, { interacted: true });
    const { active, recent } = getNotificationsSnapshot();
    expect(active).toHaveLength(0);
    expect(recent[0]).toMatchObject({ interacted: true, autoRemoved: false });
    // Its timer is gone too: nothing marks it auto-removed later.
    vi.advanceTimersByTime(10_000);
    expect(getNotificationsSnapshot().recent[0]?.autoRemoved).toBe(false);
  });

  it('close removes the toast without marking it interacted', () => {
    const item = addNotification(info('one'));
    dismissNotification(item.id, { interacted: false });
    expect(getNotificationsSnapshot().active).toHaveLength(0);
    expect(getNotificationsSnapshot().recent[0]).toMatchObject({ interacted: false, autoRemoved: false });
  });

  it('a click on a recent notification whose toast is gone still marks it interacted', () => {
    const item = addNotification(info('one'));
    vi.advanceTimersByTime(5000);
    dismissNotification(item.id, { interacted: true });
    expect(getNotificationsSnapshot().recent[0]).toMatchObject({ interacted: true, autoRemoved: true });
  });
});

describe('missed and viewed', () => {
  it('"An unviewed, auto-removed, non-interacted notification counts as missed"', () => {
    const autoRemoved = addNotification(info('missed'));
    const clicked = addNotification({ ...info('clicked'), duration: 10_000 });
    const closed = addNotification({ ...info('closed'), duration: 10_000 });
    addNotification({ ...info('still showing'), duration: 60_000 });
    dismissNotification(clicked.id, { interacted: true });
    dismissNotification(closed.id, { interacted: false });
    vi.advanceTimersByTime(5000);
    expect(getNotificationsSnapshot().recent.find((item) => item.id === autoRemoved.id)?.autoRemoved).toBe(true);
    expect(missedCount(getNotificationsSnapshot())).toBe(1);
  });

  it('"Opening the Notifications tab marks all recent notifications as viewed": none is missed after it', () => {
    addNotification(info('one'));
    addNotification(info('two'));
    vi.advanceTimersByTime(5000);
    expect(missedCount(getNotificationsSnapshot())).toBe(2);
    markAllViewed();
    expect(getNotificationsSnapshot().recent.every((item) => item.viewed)).toBe(true);
    expect(missedCount(getNotificationsSnapshot())).toBe(0);
  });

  it('counts as pending the toasts showing and the missed ones, not those closed, clicked or viewed', () => {
    const closed = addNotification(info('closed'));
    const clicked = addNotification(info('clicked'));
    addNotification(info('missed'));
    dismissNotification(closed.id, { interacted: false });
    dismissNotification(clicked.id, { interacted: true });
    vi.advanceTimersByTime(5000);
    addNotification(info('showing'));
    expect(pendingCount(getNotificationsSnapshot())).toBe(2);
    markAllViewed();
    expect(pendingCount(getNotificationsSnapshot())).toBe(0);
  });

  it('clearing empties both lists and stops the timers', () => {
    addNotification(info('one'));
    clearNotifications();
    vi.advanceTimersByTime(5000);
    expect(getNotificationsSnapshot()).toEqual({ active: [], recent: [] });
  });
});
