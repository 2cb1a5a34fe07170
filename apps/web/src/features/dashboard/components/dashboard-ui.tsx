import { useId, type ReactNode } from 'react';
import { CloseIcon, LineIcon } from '../../../components/icons.tsx';
import { LIST_TEXTS, type ListKind } from '../lib/dashboard-lists.ts';
import { countOf } from '../../../lib/plural.ts';

/** The pieces the dashboard's three sections share, so the three read alike. */

const SECTION_TEST_IDS: Record<ListKind, string> = {
  playerNames: 'profiles-section',
  favoriteServers: 'favorite-servers-section',
  buddies: 'squad-section',
};

/**
 * A section with its count badge (signed in) and '+' button (spec §2: "shown only when signed in and the list is
 * non-empty"); an empty list shows its empty-state card instead of `children`.
 */
export function DashboardSection({
  kind,
  count,
  signedIn,
  onAdd,
  children,
}: {
  kind: ListKind;
  count: number;
  signedIn: boolean;
  onAdd: () => void;
  children: ReactNode;
}) {
  const headingId = useId();
  const texts = LIST_TEXTS[kind];
  return (
    <section
      aria-labelledby={headingId}
      data-testid={SECTION_TEST_IDS[kind]}
      className="min-w-0 rounded-md border border-line bg-surface shadow-sm shadow-black/5"
    >
      <div className="flex items-center justify-between gap-3 border-b border-line px-4 py-3">
        <div className="min-w-0">
          <h2 id={headingId} className="heading-display flex items-center gap-2 text-base text-ink">
            {texts.section}
            {signedIn && (
              <span
                data-testid="count-badge"
                aria-label={`${countOf(count, 'item')}`}
                className="tabular inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-accent-soft px-1.5 font-sans text-xs font-bold text-accent"
              >
                {count}
              </span>
            )}
          </h2>
          <p className="mt-0.5 text-xs text-muted">{texts.description}</p>
        </div>
        {signedIn && count > 0 && (
          <button
            type="button"
            data-testid="add-button"
            aria-label={texts.addLabel}
            title={texts.addLabel}
            onClick={onAdd}
            className="inline-flex size-8 shrink-0 items-center justify-center rounded-md border border-line bg-raised text-lg leading-none font-semibold text-muted transition-colors hover:border-accent hover:text-accent"
          >
            <span aria-hidden="true">+</span>
          </button>
        )}
      </div>
      <div className="p-4">{count === 0 ? <EmptyState kind={kind} signedIn={signedIn} onAdd={onAdd} /> : children}</div>
    </section>
  );
}

function EmptyState({ kind, signedIn, onAdd }: { kind: ListKind; signedIn: boolean; onAdd: () => void }) {
  const texts = LIST_TEXTS[kind];
  return (
    <div
      data-testid="empty-state"
      className="hatched flex flex-col items-center rounded-md border border-dashed border-line-strong px-4 py-8 text-center"
    >
      <LineIcon size={28} className="mb-2 text-faint">
        <circle cx="12" cy="12" r="8.5" />
        <path d="M12 8.5v7M8.5 12h7" />
      </LineIcon>
      <h3 className="font-semibold text-ink">{texts.emptyTitle}</h3>
      <p className="mt-1 max-w-sm text-sm text-muted">{signedIn ? texts.emptyText : 'Sign in to build this list.'}</p>
      {signedIn && (
        <button
          type="button"
          onClick={onAdd}
          className="mt-4 inline-flex h-9 items-center justify-center rounded-md bg-accent px-4 text-sm font-semibold text-accent-ink shadow-sm transition hover:brightness-110"
        >
          {texts.emptyButton}
        </button>
      )}
    </div>
  );
}

/** The cards of a section: one column on a phone, more as the page widens. */
export function CardGrid({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul aria-label={label} className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
      {children}
    </ul>
  );
}

/** A card's remove button; the confirmation is the screen's. */
export function RemoveButton({ name, onClick }: { name: string; onClick: () => void }) {
  return (
    <button
      type="button"
      data-testid="remove-button"
      aria-label={`Remove ${name}`}
      title={`Remove ${name}`}
      onClick={onClick}
      className="-mt-1 -mr-1 inline-flex size-7 shrink-0 items-center justify-center rounded-md text-faint transition-colors hover:bg-danger-soft hover:text-danger"
    >
      <CloseIcon width={14} height={14} />
    </button>
  );
}

/** The frame of every card. */
export function CardFrame({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <li
      data-testid={testId}
      className="flex min-w-0 items-start gap-3 rounded-md border border-line bg-raised/40 p-3 transition-colors hover:border-line-strong"
    >
      {children}
    </li>
  );
}
