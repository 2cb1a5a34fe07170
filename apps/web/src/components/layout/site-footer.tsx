import { Link } from 'react-router';

export function SiteFooter() {
  return (
    <footer className="border-t border-line px-4 py-5 text-xs text-faint md:px-8">
      <div className="mx-auto flex max-w-[1440px] flex-wrap items-center justify-between gap-2">
        <p>
          <span className="font-display font-semibold tracking-widest text-muted uppercase">Frontline</span> — live
          servers and player statistics for Battlefield 1942, Forgotten Hope 2 and Battlefield Vietnam.
        </p>
        <nav aria-label="Footer" className="flex gap-4">
          <Link className="hover:text-accent" to="/servers/bf1942">
            BF1942
          </Link>
          <Link className="hover:text-accent" to="/servers/fh2">
            FH2
          </Link>
          <Link className="hover:text-accent" to="/servers/bfv">
            Vietnam
          </Link>
          <Link className="hover:text-accent" to="/landing">
            About
          </Link>
        </nav>
      </div>
    </footer>
  );
}
