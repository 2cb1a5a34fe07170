import type { SVGProps } from 'react';
import { LineIcon } from '../../../components/icons.tsx';

/** The server browser's small line icons, inline so they cost no request and follow currentColor. */

type IconProps = SVGProps<SVGSVGElement>;

/** The table's icons are smaller and bolder than the navigation's. */
function Icon(props: IconProps) {
  return <LineIcon size={14} strokeWidth={2} {...props} />;
}

export function LockIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="5" y="10.5" width="14" height="10" rx="2" />
      <path d="M8.5 10.5V7.5a3.5 3.5 0 0 1 7 0v3" />
    </Icon>
  );
}

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

export function ChartIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4 20h16" />
      <path d="M7 16v-4M11 16V8M15 16v-6M19 16V5" />
    </Icon>
  );
}

export function TimelineIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M12 7.5V12l3 2" />
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

export function CopyIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="8.5" y="8.5" width="11" height="11" rx="2" />
      <path d="M15.5 8.5v-2a2 2 0 0 0-2-2h-7a2 2 0 0 0-2 2v7a2 2 0 0 0 2 2h2" />
    </Icon>
  );
}

export function CheckIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="m5 12.5 4.5 4.5L19 7.5" />
    </Icon>
  );
}

export function DownloadIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 4v11M7 10.5l5 5 5-5M5 20h14" />
    </Icon>
  );
}

export function Spinner({ className = 'size-5' }: { className?: string }) {
  return (
    <svg viewBox="0 0 16 16" fill="none" className={`animate-spin text-accent ${className}`} aria-hidden="true">
      <circle cx="8" cy="8" r="6" stroke="currentColor" strokeOpacity="0.25" strokeWidth="2" />
      <path d="M14 8a6 6 0 0 0-6-6" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/** A spinner with a label, for a region that is loading. */
export function LoadingBlock({ label, className = '' }: { label: string; className?: string }) {
  return (
    <div role="status" className={`flex items-center justify-center gap-2.5 py-10 text-sm text-muted ${className}`}>
      <Spinner />
      <span>{label}</span>
    </div>
  );
}
