/**
 * True when the server marked the page as a demo (`npm run demo`): it writes the mark into index.html, so
 * the notice needs no request of its own (GET /stats/app/info says the same, for tools).
 */
export function isDemoSite(): boolean {
  return document.querySelector('meta[name="frontline:demo"]')?.getAttribute('content') === 'true';
}

/** A discreet notice that the servers and players on screen are simulated. */
export function DemoNotice() {
  if (!isDemoSite()) return null;
  return (
    <span
      data-testid="demo-notice"
      title="This site runs on the built-in emulator: servers, players and rounds are simulated."
      className="inline-flex items-center gap-1.5 rounded-full border border-line px-2.5 py-1 text-[11px] font-medium tracking-wide whitespace-nowrap text-muted"
    >
      <span aria-hidden="true" className="size-1.5 rounded-full bg-warn" />
      <span className="hidden sm:inline">Demo data: simulated servers</span>
      <span className="sm:hidden">Demo</span>
    </span>
  );
}
