import type { ComponentType, SVGProps } from 'react';

/**
 * One entry of the main navigation, as the side rail and the top bar draw it. The entries themselves are the
 * app's (app/navigation.ts); the shape lives here so the layout needs nothing from the app layer.
 */
export interface NavEntry {
  label: string;
  to: string;
  tooltip: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  /** Shown only to signed-in users. */
  signedInOnly: boolean;
  /** Whether the entry is the current section for a path. */
  matches: (pathname: string) => boolean;
}
