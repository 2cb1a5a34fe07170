import type { SVGProps } from 'react';
import { LineIcon } from './icons.tsx';

/**
 * The small line icons several screens share (server browser, profiles, rankings, sessions), inline so they cost
 * no request and follow currentColor.
 */

type IconProps = SVGProps<SVGSVGElement>;

/** The table's icons are smaller and bolder than the navigation's. */
export function SmallIcon(props: IconProps) {
  return <LineIcon size={14} strokeWidth={2} {...props} />;
}

const Icon = SmallIcon;

/** A chat bubble with a controller's two buttons: reads as "Discord" without the trademark logo. */
export function DiscordIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M5 5.5h14a1.5 1.5 0 0 1 1.5 1.5v9a1.5 1.5 0 0 1-1.5 1.5h-7l-4.5 3.5V17.5H5A1.5 1.5 0 0 1 3.5 16V7A1.5 1.5 0 0 1 5 5.5Z" />
      <path d="M9 11.5h.01M15 11.5h.01" strokeWidth={3} />
    </Icon>
  );
}

export function ForumIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M3.5 5.5h11v8h-6l-3.5 3v-3H3.5z" />
      <path d="M17.5 9.5h3v8h-1.5v3l-3.5-3H11v-2" />
    </Icon>
  );
}

export function ChevronDownIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="m6 9 6 6 6-6" />
    </Icon>
  );
}

export function SortArrowIcon({ arrow, ...props }: Omit<IconProps, 'order'> & { arrow: 'asc' | 'desc' | null }) {
  return (
    <Icon {...props} strokeWidth={2.2}>
      {arrow === null ? (
        <path d="m8 9 4-4 4 4M8 15l4 4 4-4" opacity={0.45} />
      ) : arrow === 'asc' ? (
        <path d="m7 14 5-5 5 5" />
      ) : (
        <path d="m7 10 5 5 5-5" />
      )}
    </Icon>
  );
}
