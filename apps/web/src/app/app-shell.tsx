import { lazy, Suspense, useEffect } from 'react';
import { NavigationType, Outlet, useLocation, useNavigationType } from 'react-router';
import { SideRail } from '../components/layout/side-rail.tsx';
import { SiteFooter } from '../components/layout/site-footer.tsx';
import { SiteHeader } from '../components/layout/site-header.tsx';
import { AuthNotice, LoginButton } from '../components/layout/login-button.tsx';
import { startAuth } from '../lib/auth/auth-start.ts';
import { useSignedIn } from '../lib/auth/use-auth.ts';
import { watchThemeSources } from '../lib/theme.ts';
import { visibleNavEntries } from './navigation.ts';
import { RouteErrorBoundary } from './route-error-boundary.tsx';

// The hub client, the toasts and the social panel: fetched once someone is signed in (DESIGN.md budget), never by a
// visitor. A chunk that fails to arrive leaves the page without them rather than without the page.
const RealtimeRoot = lazy(() =>
  import('../features/realtime/realtime-root.tsx').catch((error: unknown) => {
    console.error(error);
    return { default: () => null };
  }),
);

/** True until the first navigation: the served HTML carries its page's tags (the dev server's does not). */
let serverWroteTags = document.querySelector('meta[property="og:title"]') !== null;

/** The frame of every page: navigation, header, the page itself, footer. */
export function AppShell() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const signedIn = useSignedIn();
  const entries = visibleNavEntries(signedIn);

  useEffect(() => watchThemeSources(), []);
  useEffect(startAuth, []);

  // Every navigation updates the title and the sharing tags (pages with data may refine them later) and,
  // as a multi-page site would, starts a newly opened page at its top (Back and Forward keep the
  // browser's own scroll restoration).
  useEffect(() => {
    if (navigationType !== NavigationType.Pop) window.scrollTo(0, 0);
    // The server writes the first page's tags into its HTML; the route table for the pages after it arrives in a
    // chunk of its own (route-page-meta.ts), off the first load. A page that has refined its title with its data by
    // the time the chunk arrives keeps its own.
    if (serverWroteTags) {
      serverWroteTags = false;
      return;
    }
    // The blinking title of notifications ("(2) …", features/realtime) is not the page retitling itself.
    const unblinked = () => document.title.replace(/^\(\d+\) /, '');
    const titleAtNavigation = unblinked();
    let current = true;
    void import('./route-page-meta.ts').then(({ applyRoutePageMeta }) => {
      if (current && unblinked() === titleAtNavigation) applyRoutePageMeta(pathname);
    });
    return () => {
      current = false;
    };
  }, [pathname, navigationType]);

  return (
    <div className="min-h-dvh">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-accent focus:px-3 focus:py-2 focus:text-accent-ink"
      >
        Skip to content
      </a>
      <SideRail entries={entries} />
      <div className="flex min-h-dvh flex-col md:pl-20">
        <SiteHeader entries={entries} loginSlot={<LoginButton />} />
        <AuthNotice />
        <main id="main" className="mx-auto w-full max-w-[1440px] flex-1 px-4 py-6 md:px-8 md:py-8">
          <RouteErrorBoundary path={pathname}>
            <Suspense fallback={<PageLoading />}>
              <Outlet />
            </Suspense>
          </RouteErrorBoundary>
        </main>
        <SiteFooter />
      </div>
      {signedIn && (
        <Suspense fallback={null}>
          <RealtimeRoot />
        </Suspense>
      )}
    </div>
  );
}

/** Shown while a page's code arrives: a thin bar, so a fast load does not flash a spinner. */
function PageLoading() {
  return (
    <div role="progressbar" aria-label="Loading page" className="fixed inset-x-0 top-0 z-50 h-0.5 overflow-hidden">
      <div className="h-full w-1/3 animate-[loading-bar_1s_ease-in-out_infinite] bg-accent" />
    </div>
  );
}
