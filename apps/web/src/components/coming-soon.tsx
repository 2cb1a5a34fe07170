import { useId, type ReactNode } from 'react';

/**
 * An honest placeholder for a screen whose data does not exist yet: it says what will be here, so
 * nobody mistakes an empty page for a broken one. Replaced screen by screen as features land.
 */
export function ComingSoon({ title, children }: { title: string; children: ReactNode }) {
  // Its own id: a page may hold more than one placeholder.
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className="hatched rounded-lg border border-dashed border-line-strong bg-surface px-6 py-10 text-center md:py-14"
    >
      <p className="mb-2 text-xs font-semibold tracking-[0.25em] text-accent uppercase">Coming soon</p>
      <h2 id={titleId} className="heading-display text-xl text-ink">
        {title}
      </h2>
      <div className="mx-auto mt-3 max-w-xl text-sm text-muted">{children}</div>
    </section>
  );
}
