/** /tk-livewire (spec: site-statistics §2 "Work-in-progress page"): exactly the spec's sentence. */
export const WORK_IN_PROGRESS_TEXT =
  'Work in Progress - This feature is currently under development and will be available soon.';

export function WorkInProgressPage() {
  return (
    <section className="hatched mx-auto mt-6 max-w-2xl rounded-xl border border-dashed border-line-strong bg-surface px-6 py-14 text-center md:mt-16">
      <div
        aria-hidden="true"
        className="mx-auto mb-5 flex size-14 items-center justify-center rounded-full bg-accent-soft text-2xl text-accent"
      >
        ⚒
      </div>
      <h1 className="heading-display text-2xl text-ink">TK Livewire</h1>
      <p data-testid="wip-text" className="mt-3 text-base text-muted">
        {WORK_IN_PROGRESS_TEXT}
      </p>
    </section>
  );
}
