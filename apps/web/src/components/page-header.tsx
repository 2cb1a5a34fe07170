import type { ReactNode } from 'react';

/** The heading block every page starts with, so all pages share one rhythm. */
export function PageHeader({
  eyebrow,
  title,
  description,
  actions,
  back,
}: {
  eyebrow?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  back?: ReactNode;
}) {
  return (
    <div className="mb-6 md:mb-8">
      {back && <div className="mb-3">{back}</div>}
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          {eyebrow && <p className="mb-1 text-xs font-semibold tracking-[0.2em] text-accent uppercase">{eyebrow}</p>}
          <h1 className="heading-display text-2xl break-words text-ink md:text-3xl">{title}</h1>
          {description && <p className="mt-2 max-w-3xl text-sm text-muted md:text-base">{description}</p>}
        </div>
        {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
      </div>
    </div>
  );
}
