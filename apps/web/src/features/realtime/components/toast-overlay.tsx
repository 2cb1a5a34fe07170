import { useId, type MouseEvent } from 'react';
import { CloseIcon } from '../../../components/icons.tsx';
import { dismissNotification, type AppNotification } from '../lib/notifications-store.ts';
import { useSwipeDismiss } from '../lib/swipe.ts';
import { useNotifications } from '../lib/use-notifications.ts';
import { NotificationIcon } from './realtime-icons.tsx';

/** More at once would cover the page; the rest still arrive in the Notifications tab. */
export const MAX_TOASTS_SHOWN = 4;

/**
 * The toasts (spec §2 "Toast notifications appear as an overlay; a toast is dismissed by a horizontal swipe of
 * more than 50 px within 300 ms"): top right under the header on a wide screen (left of the social panel while it
 * is open), across the bottom on a phone. One polite live region announces each toast as it arrives.
 */
export function ToastOverlay({ besidePanel = false }: { besidePanel?: boolean }) {
  const { active } = useNotifications();
  const shown = active.slice(-MAX_TOASTS_SHOWN);
  return (
    <div
      role="status"
      aria-live="polite"
      aria-atomic="false"
      aria-label="Notifications"
      data-testid="toast-overlay"
      className={`pointer-events-none fixed inset-x-2 bottom-[max(0.5rem,env(safe-area-inset-bottom))] z-50 flex flex-col gap-2 sm:inset-x-auto sm:top-16 sm:bottom-auto sm:w-[22rem] ${
        besidePanel ? 'sm:right-[24rem]' : 'sm:right-4'
      }`}
    >
      {shown.map((notification) => (
        <Toast key={notification.id} notification={notification} />
      ))}
    </div>
  );
}

function Toast({ notification }: { notification: AppNotification }) {
  const titleId = useId();
  const { id, action } = notification;
  const { offsetX, swiped, handlers } = useSwipeDismiss(() => dismissNotification(id, { interacted: false }));

  // Spec §4: "removed on click or close (a click also marks it interacted)".
  function handleClick(event: MouseEvent<HTMLElement>) {
    if (swiped(event.timeStamp)) return;
    dismissNotification(id, { interacted: true });
  }

  return (
    <article
      aria-labelledby={titleId}
      data-testid="toast"
      data-type={notification.type}
      {...handlers}
      onClick={handleClick}
      style={
        offsetX === 0
          ? undefined
          : { transform: `translateX(${offsetX}px)`, opacity: Math.max(0.35, 1 - Math.abs(offsetX) / 240) }
      }
      className={`pointer-events-auto flex cursor-pointer touch-pan-y items-start gap-3 rounded-md border border-line border-l-4 bg-raised p-3 text-sm shadow-xl shadow-black/25 select-none ${
        offsetX === 0 ? 'motion-safe:transition motion-safe:duration-200 motion-safe:ease-out' : ''
      } motion-safe:starting:translate-x-6 motion-safe:starting:opacity-0 ${
        notification.type === 'buddy_online' ? 'border-l-good' : 'border-l-info'
      }`}
    >
      <NotificationIcon icon={notification.icon} />
      <div className="min-w-0 flex-1">
        <p id={titleId} className="font-semibold text-ink">
          {notification.title}
        </p>
        <p className="mt-0.5 text-muted [overflow-wrap:anywhere]">{notification.message}</p>
        {action && (
          <button
            type="button"
            onClick={(event) => {
              event.stopPropagation();
              action.handler();
              dismissNotification(id, { interacted: true });
            }}
            className="mt-2 inline-flex h-7 items-center rounded-md bg-accent px-3 text-xs font-bold tracking-wider text-accent-ink uppercase shadow-sm hover:brightness-110"
          >
            {action.label}
          </button>
        )}
      </div>
      <button
        type="button"
        aria-label="Close notification"
        onClick={(event) => {
          event.stopPropagation();
          dismissNotification(id, { interacted: false });
        }}
        className="-mt-1 -mr-1 inline-flex size-7 shrink-0 items-center justify-center rounded-md text-faint hover:bg-sunken hover:text-ink"
      >
        <CloseIcon width={16} height={16} />
      </button>
    </article>
  );
}
