import type { SVGProps } from 'react';

/** The few line icons the shell needs, drawn inline so they cost no request and follow currentColor. */

type IconProps = SVGProps<SVGSVGElement>;

/** The frame of every line icon of the site: a 24-unit grid stroked in currentColor. */
export function LineIcon({ children, size = 20, strokeWidth = 1.8, ...props }: IconProps & { size?: number }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

const Icon = LineIcon;

export function DashboardIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="3" y="3" width="7.5" height="9" rx="1.2" />
      <rect x="13.5" y="3" width="7.5" height="5" rx="1.2" />
      <rect x="13.5" y="11" width="7.5" height="10" rx="1.2" />
      <rect x="3" y="15" width="7.5" height="6" rx="1.2" />
    </Icon>
  );
}

export function ServersIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="3" y="4" width="18" height="6.5" rx="1.5" />
      <rect x="3" y="13.5" width="18" height="6.5" rx="1.5" />
      <path d="M7 7.25h.01M7 16.75h.01M11 7.25h6M11 16.75h6" />
    </Icon>
  );
}

export function PlayersIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="8" r="3.6" />
      <path d="M4.5 20.5c.9-3.9 3.9-6 7.5-6s6.6 2.1 7.5 6" />
    </Icon>
  );
}

/** Two players with a line between them: the comparison. */
export function CompareIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="6" cy="9.5" r="2.5" />
      <circle cx="18" cy="9.5" r="2.5" />
      <path d="M2 19.5c.4-2.7 1.8-4.2 4-4.2s3.6 1.5 4 4.2M14 19.5c.4-2.7 1.8-4.2 4-4.2s3.6 1.5 4 4.2M12 4v16" />
    </Icon>
  );
}

export function SunIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="12" r="4" />
      <path d="M12 2.5v2M12 19.5v2M4.6 4.6 6 6M18 18l1.4 1.4M2.5 12h2M19.5 12h2M4.6 19.4 6 18M18 6l1.4-1.4" />
    </Icon>
  );
}

export function MoonIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5Z" />
    </Icon>
  );
}

export function ArrowLeftIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M19 12H5M11 6l-6 6 6 6" />
    </Icon>
  );
}

export function CloseIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M6 6l12 12M18 6 6 18" />
    </Icon>
  );
}

/** Frontline's mark: a chevron of rank over a horizon line. */
export function BrandMark(props: IconProps) {
  return (
    <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false" {...props}>
      <rect width="32" height="32" rx="6" fill="var(--fl-accent)" />
      <path
        d="M8 13.5 16 8l8 5.5M8 19.5 16 14l8 5.5"
        fill="none"
        stroke="var(--fl-accent-ink)"
        strokeWidth="2.6"
        strokeLinejoin="round"
        strokeLinecap="round"
      />
      <path d="M7 24.5h18" stroke="var(--fl-accent-ink)" strokeWidth="1.6" strokeLinecap="round" opacity="0.7" />
    </svg>
  );
}
