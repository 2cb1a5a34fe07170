import { Link, useLocation } from 'react-router';
import { paths } from '../lib/paths.ts';

export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <section className="mx-auto mt-6 max-w-xl rounded-xl border border-line bg-surface px-6 py-12 text-center md:mt-16">
      <p className="font-display text-6xl font-bold text-accent">404</p>
      <h1 className="heading-display mt-2 text-2xl text-ink">Page not found</h1>
      <p className="mt-3 text-sm break-all text-muted">
        There is no page at <code className="rounded bg-sunken px-1.5 py-0.5 font-mono text-ink">{pathname}</code>.
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Link
          to={paths.serverBrowser('bf1942')}
          className="rounded-md bg-accent px-4 py-2 text-sm font-semibold text-accent-ink hover:opacity-90"
        >
          Browse servers
        </Link>
        <Link
          to={paths.players()}
          className="rounded-md border border-line-strong px-4 py-2 text-sm font-semibold text-ink hover:border-accent hover:text-accent"
        >
          Find a player
        </Link>
      </div>
    </section>
  );
}
