import { BackButton } from '../components/back-button.tsx';

/**
 * Routes of the spec whose screen is a placeholder by the spec's own words: only /tk-livewire is left (the
 * comparison, the last screen built by a later issue, now has its feature's page).
 */

/** /tk-livewire (spec: site-statistics §2 "Work-in-progress page"): exactly the spec's sentence. */
export function WorkInProgressPage() {
  return (
    <>
      {/* §2 "A back button goes to browser history, else a fallback route (default /)": the page is a dead end. */}
      <BackButton />
      <section className="hatched mx-auto mt-6 max-w-2xl rounded-xl border border-dashed border-line-strong bg-surface px-6 py-14 text-center md:mt-16">
        <div
          aria-hidden="true"
          className="mx-auto mb-5 flex size-14 items-center justify-center rounded-full bg-accent-soft text-2xl text-accent"
        >
          ⚒
        </div>
        <h1 className="heading-display text-2xl text-ink">TK Livewire</h1>
        <p data-testid="wip-text" className="mt-3 text-base text-muted">
          Work in Progress - This feature is currently under development and will be available soon.
        </p>
      </section>
    </>
  );
}
