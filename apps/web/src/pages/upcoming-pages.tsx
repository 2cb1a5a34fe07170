import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { BackButton } from '../components/back-button.tsx';
import { ComingSoon } from '../components/coming-soon.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { paths } from '../lib/paths.ts';
import { displayPlayerName } from '../lib/player-name.ts';

/**
 * Routes of the spec whose screens later issues build. Each already answers at its real address, with its real
 * title and the name from its path, and says plainly what will appear; each is replaced by its feature's page.
 * No button or link of the site leads here until then (a visitor arrives only with the address).
 */

function UpcomingScreen(props: {
  eyebrow: string;
  title: ReactNode;
  fallback: string;
  what: string;
  children?: ReactNode;
}) {
  return (
    <>
      <PageHeader eyebrow={props.eyebrow} title={props.title} back={<BackButton fallback={props.fallback} />} />
      <ComingSoon title={`${props.eyebrow} is on its way`}>
        <p>{props.what}</p>
        {props.children}
      </ComingSoon>
    </>
  );
}

/** Player names in a heading: decoded, in their own letter case. */
function NamesTitle({ names }: { names: readonly string[] }) {
  return <span className="normal-case">{names.map(displayPlayerName).join(' vs ')}</span>;
}

export function ComparePage() {
  const [query] = useSearchParams();
  const names = [query.get('player1'), query.get('player2')].filter((name): name is string => Boolean(name));
  return (
    <UpcomingScreen
      eyebrow="Compare"
      title={names.length > 0 ? <NamesTitle names={names} /> : 'Compare players'}
      fallback={paths.players()}
      what="Two players side by side: K/D, kill rate, maps, online hours and head-to-head rounds."
    />
  );
}

/** /tk-livewire (spec: site-statistics §2 "Work-in-progress page"): exactly the spec's sentence. */
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
        Work in Progress - This feature is currently under development and will be available soon.
      </p>
    </section>
  );
}
