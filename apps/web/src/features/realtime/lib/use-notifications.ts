import { useSyncExternalStore } from 'react';
import { getNotificationsSnapshot, subscribeNotifications, type NotificationsSnapshot } from './notifications-store.ts';

/** The active and recent notifications for components: they render again whenever either changes. */
export const useNotifications = (): NotificationsSnapshot =>
  useSyncExternalStore(subscribeNotifications, getNotificationsSnapshot);
