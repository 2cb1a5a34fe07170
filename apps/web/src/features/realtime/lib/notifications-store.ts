/**
 * The page's notifications (spec: site-account-and-realtime §3 "Notification", §4 "Notifications", §9): the
 * active list the toasts show and the recent list the Notifications tab shows. A plain module store, like
 * lib/auth/auth-store.ts; React reads it through use-notifications.ts.
 */

export type NotificationType =
  'buddy_online' | 'server_map_change' | 'server_favorite' | 'info' | 'success' | 'warning' | 'error';

/** Which picture a notification shows (components/notification-icon.tsx draws them). */
export type NotificationIcon = 'buddy' | 'map' | 'star' | 'info' | 'success' | 'warning' | 'error';

export interface NotificationAction {
  label: string;
  handler: () => void;
}

/** Spec §3: "id, type, title, message, icon, duration, action (label, handler), timestamp, viewed, interacted, autoRemoved". */
export interface AppNotification {
  id: string;
  type: NotificationType;
  title: string;
  message: string;
  icon: NotificationIcon;
  /** How long its toast shows, in ms. */
  duration: number;
  action?: NotificationAction;
  /** When it was added (ISO-8601, UTC). */
  timestamp: string;
  /** Seen in the Notifications tab. */
  viewed: boolean;
  /** Its toast (or its action) was clicked. */
  interacted: boolean;
  /** Its toast went away on its own, after its duration. */
  autoRemoved: boolean;
}

export interface NotificationInput {
  type: NotificationType;
  title: string;
  message: string;
  icon?: NotificationIcon;
  duration?: number;
  action?: NotificationAction;
}

/** Spec §9 "Recent notifications kept: 10". */
export const RECENT_NOTIFICATIONS_KEPT = 10;

/** Spec §9 "Toast durations: default 5000 ms, buddy online 8000 ms, map change 6000 ms". */
export const DEFAULT_DURATION_MS = 5000;
const DURATIONS_MS: Partial<Record<NotificationType, number>> = {
  buddy_online: 8000,
  server_map_change: 6000,
};

const ICONS: Record<NotificationType, NotificationIcon> = {
  buddy_online: 'buddy',
  server_map_change: 'map',
  server_favorite: 'star',
  info: 'info',
  success: 'success',
  warning: 'warning',
  error: 'error',
};

export function durationFor(type: NotificationType): number {
  return DURATIONS_MS[type] ?? DEFAULT_DURATION_MS;
}

export interface NotificationsSnapshot {
  /** Shown as toasts, oldest first. */
  active: readonly AppNotification[];
  /** The last ten, newest first. */
  recent: readonly AppNotification[];
}

const EMPTY: NotificationsSnapshot = { active: [], recent: [] };

let snapshot = EMPTY;
let nextId = 1;
const timers = new Map<string, ReturnType<typeof setTimeout>>();
const listeners = new Set<() => void>();

function publish(next: NotificationsSnapshot): void {
  snapshot = next;
  for (const listener of listeners) listener();
}

export function subscribeNotifications(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const getNotificationsSnapshot = (): NotificationsSnapshot => snapshot;

/** The same change to a notification in both lists (they hold the same objects; each change makes a new one). */
function patch(id: string, change: Partial<AppNotification>, { removeFromActive }: { removeFromActive: boolean }) {
  const update = (item: AppNotification) => (item.id === id ? { ...item, ...change } : item);
  publish({
    active: removeFromActive ? snapshot.active.filter((item) => item.id !== id) : snapshot.active.map(update),
    recent: snapshot.recent.map(update),
  });
}

/** Adds a notification to both lists; its toast goes away by itself after its duration (spec §4). */
export function addNotification(input: NotificationInput, now: Date = new Date()): AppNotification {
  const notification: AppNotification = {
    id: `n${nextId++}`,
    type: input.type,
    title: input.title,
    message: input.message,
    icon: input.icon ?? ICONS[input.type],
    duration: input.duration ?? durationFor(input.type),
    action: input.action,
    timestamp: now.toISOString(),
    viewed: false,
    interacted: false,
    autoRemoved: false,
  };
  publish({
    active: [...snapshot.active, notification],
    recent: [notification, ...snapshot.recent].slice(0, RECENT_NOTIFICATIONS_KEPT),
  });
  timers.set(
    notification.id,
    setTimeout(() => {
      timers.delete(notification.id);
      patch(notification.id, { autoRemoved: true }, { removeFromActive: true });
    }, notification.duration),
  );
  return notification;
}

/** Spec §4: "removed on click or close (a click also marks it interacted)". */
export function dismissNotification(id: string, { interacted }: { interacted: boolean }): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
  if (!snapshot.active.some((item) => item.id === id) && !interacted) return;
  patch(id, interacted ? { interacted: true } : {}, { removeFromActive: true });
}

/** Spec §4: "Opening the Notifications tab marks all recent notifications as viewed." */
export function markAllViewed(): void {
  if (snapshot.recent.every((item) => item.viewed)) return;
  const viewed = new Set(snapshot.recent.map((item) => item.id));
  const update = (item: AppNotification) => (viewed.has(item.id) && !item.viewed ? { ...item, viewed: true } : item);
  publish({ active: snapshot.active.map(update), recent: snapshot.recent.map(update) });
}

/** Everything gone (the user signed out: the next one to sign in on this page starts empty). */
export function clearNotifications(): void {
  for (const timer of timers.values()) clearTimeout(timer);
  timers.clear();
  if (snapshot !== EMPTY) publish(EMPTY);
}

/** Spec §4: "An unviewed, auto-removed, non-interacted notification counts as missed." */
export function isMissed(notification: AppNotification): boolean {
  return !notification.viewed && notification.autoRemoved && !notification.interacted;
}

export function missedCount({ recent }: NotificationsSnapshot): number {
  return recent.filter(isMissed).length;
}

/**
 * What still waits for the user (the blinking title's count and the panel toggle's badge): toasts on screen that
 * have not been seen in the Notifications tab, and missed ones. A toast the user closed or clicked is done.
 */
export function pendingCount(current: NotificationsSnapshot): number {
  return current.active.filter((item) => !item.viewed).length + missedCount(current);
}
