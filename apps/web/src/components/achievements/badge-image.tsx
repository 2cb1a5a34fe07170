import { Component, lazy, Suspense, type ReactNode } from 'react';
import { badgeArtFor } from './badge-family.ts';

/**
 * A badge's picture (issue 18 "Badge art … in a lazy chunk; a broken image falls back to the streak image, then to
 * a default"; spec §8). The drawings come in their own chunk, fetched the first time a badge is shown: an id or
 * tier without a drawing gets the kill_streak_10 image (badge-family.ts), and when the drawings cannot be loaded
 * at all (the chunk failed: offline, a deploy replaced it) every badge shows the default image drawn here.
 */

const BadgeArt = lazy(async () => ({ default: (await import('./badge-art.tsx')).BadgeArt }));

/** The default image: a plain grey medal with a star, needing nothing from the drawings' chunk. */
export function DefaultBadgeImage({ size }: { size: number }) {
  return (
    <svg
      viewBox="0 0 64 64"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
      data-testid="badge-default"
    >
      <circle cx="32" cy="32" r="26" fill="#9ca3af" stroke="#4b5563" strokeWidth="2.5" />
      <path
        d="M32 18 L36 28 L46.5 28.5 L38.3 35 L41 45.3 L32 39.5 L23 45.3 L25.7 35 L17.5 28.5 L28 28 Z"
        fill="#4b5563"
      />
    </svg>
  );
}

/** While the drawings load: a faint disc the size of the badge, so nothing shifts when they arrive. */
function BadgePlaceholder({ size }: { size: number }) {
  return (
    <span
      aria-hidden="true"
      style={{ width: size, height: size }}
      className="inline-block shrink-0 rounded-full bg-sunken"
    />
  );
}

class DefaultOnFailure extends Component<{ size: number; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <DefaultBadgeImage size={this.props.size} /> : this.props.children;
  }
}

export function BadgeImage({
  achievementId,
  tier,
  size = 48,
  className = '',
}: {
  achievementId: string;
  tier: string;
  size?: number;
  className?: string;
}) {
  const art = badgeArtFor(achievementId, tier);
  return (
    <span className={`inline-flex shrink-0 ${className}`} style={{ width: size, height: size }}>
      <DefaultOnFailure size={size}>
        <Suspense fallback={<BadgePlaceholder size={size} />}>
          <BadgeArt family={art.family} tier={art.tier} size={size} />
        </Suspense>
      </DefaultOnFailure>
    </span>
  );
}
