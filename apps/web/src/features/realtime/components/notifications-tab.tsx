import { useState } from 'react';
import { formatRelativeTime } from '../../../lib/format.ts';
import { dismissNotification, isMissed, type AppNotification } from '../lib/notifications-store.ts';
import { BellIcon, NotificationIcon } from './realtime-icons.tsx';

/** The Notifications tab (spec §2): the recent notifications, newest first; 'No recent notifications' without any. */
export function NotificationsTab({ recent, now }: { recent: readonly AppNotification[]; now: Date }) {
  // Opening the tab marks everything viewed (spec §4), so which ones had been missed is read as it opens.
  const [missedWhenOpened] = useState(() => new Set(recent.filter(isMissed).map((item) => item.id)));
  if (recent.length === 0) {
    return (
      <div
        data-testid="no-notifications"
        className="hatched rounded-md border border-dashed border-line-strong px-4 py-8 text-center"
      >
        <BellIcon size={26} className="mx-auto mb-2 text-faint" />
        <p className="font-semibold text-ink">No recent notifications</p>
      </div>
    );
  }
  return (
    <ul className="space-y-2">
      {recent.map((notification) => (
        <NotificationRow
          key={notification.id}
          notification={notification}
          missed={missedWhenOpened.has(notification.id)}
          now={now}
        />
      ))}
    </ul>
  );
}

function NotificationRow({ notification, missed, now }: { notification: AppNotification; missed: boolean; now: Date }) {
  const { action } = notification;
  return (
    <li
      data-testid="recent-notification"
      className="flex items-start gap-3 rounded-md border border-line bg-raised p-3 text-sm"
    >
      <NotificationIcon icon={notification.icon} className="size-8" />
      <div className="min-w-0 flex-1">
        <p className="flex items-baseline gap-2">
          <span className="font-semibold text-ink">{notification.title}</span>
          {missed && (
            <span className="rounded bg-accent-soft px-1.5 text-[10px] font-bold tracking-wider text-accent uppercase">
              Missed
            </span>
          )}
          <time dateTime={notification.timestamp} className="ml-auto shrink-0 text-xs text-faint">
            {formatRelativeTime(notification.timestamp, now)}
          </time>
        </p>
        <p className="mt-0.5 text-muted [overflow-wrap:anywhere]">{notification.message}</p>
        {action && (
          <button
            type="button"
            onClick={() => {
              action.handler();
              dismissNotification(notification.id, { interacted: true });
            }}
            className="mt-2 inline-flex h-7 items-center rounded-md border border-line-strong px-3 text-xs font-bold tracking-wider text-ink uppercase hover:border-accent hover:text-accent"
          >
            {action.label}
          </button>
        )}
      </div>
    </li>
  );
}
