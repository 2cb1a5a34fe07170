import type { ReactNode, SVGProps } from 'react';
import { LineIcon } from '../../../components/icons.tsx';
import type { NotificationIcon as IconName } from '../lib/notifications-store.ts';

/** The social panel's and the notifications' line icons (drawn inline, in currentColor). */

type IconProps = SVGProps<SVGSVGElement> & { size?: number };

/** Two people: the squad. */
export function SquadIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <circle cx="9" cy="8" r="3.25" />
      <path d="M3 19.5c.6-3.3 3-5.25 6-5.25s5.4 1.95 6 5.25" />
      <path d="M15.5 4.9a3.25 3.25 0 0 1 0 6.2M17.5 14.6c1.9.6 3.1 2.3 3.5 4.9" />
    </LineIcon>
  );
}

export function BellIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <path d="M6 16.5V11a6 6 0 0 1 12 0v5.5l1.5 2H4.5z" />
      <path d="M10 20.5a2 2 0 0 0 4 0" />
    </LineIcon>
  );
}

const PATHS: Record<IconName, ReactNode> = {
  buddy: (
    <>
      <circle cx="12" cy="8" r="3.5" />
      <path d="M5 20c.7-3.6 3.3-5.75 7-5.75s6.3 2.15 7 5.75" />
    </>
  ),
  map: (
    <>
      <path d="M3.5 6.5 9 4l6 2.5L20.5 4v13.5L15 20l-6-2.5-5.5 2.5z" />
      <path d="M9 4v13.5M15 6.5V20" />
    </>
  ),
  star: <path d="m12 3.8 2.5 5.2 5.7.8-4.1 4 1 5.7-5.1-2.7-5.1 2.7 1-5.7-4.1-4 5.7-.8z" />,
  info: (
    <>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M12 11v5.5M12 7.75v.5" />
    </>
  ),
  success: (
    <>
      <circle cx="12" cy="12" r="8.5" />
      <path d="m8.25 12.25 2.5 2.5 5-5.25" />
    </>
  ),
  warning: (
    <>
      <path d="M12 4 2.75 19.5h18.5z" />
      <path d="M12 10v4.5M12 17v.25" />
    </>
  ),
  error: (
    <>
      <circle cx="12" cy="12" r="8.5" />
      <path d="m9 9 6 6M15 9l-6 6" />
    </>
  ),
};

/** Where the icon sits: a tinted disc in the notification's colour. */
const TONES: Record<IconName, string> = {
  buddy: 'bg-good/15 text-good',
  map: 'bg-info/15 text-info',
  star: 'bg-accent-soft text-accent',
  info: 'bg-info/15 text-info',
  success: 'bg-good/15 text-good',
  warning: 'bg-warn/15 text-warn',
  error: 'bg-danger-soft text-danger',
};

export function NotificationIcon({ icon, className = 'size-9' }: { icon: IconName; className?: string }) {
  return (
    <span className={`inline-flex shrink-0 items-center justify-center rounded-full ${TONES[icon]} ${className}`}>
      <LineIcon size={18}>{PATHS[icon]}</LineIcon>
    </span>
  );
}
