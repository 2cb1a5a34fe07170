import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy, Suspense } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppShell } from './app-shell.tsx';
import { RouteErrorBoundary } from './route-error-boundary.tsx';
import { isStaleChunkError } from './stale-chunk.ts';

// React reports every caught error on the console; the failures here are on purpose.
beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  sessionStorage.clear();
});

const page = { broken: true };

function BrokenPage() {
  if (page.broken) throw new Error('the page broke');
  return <p>Players page</p>;
}

function renderShell(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route element={<AppShell />}>
          <Route path="servers/bf1942" element={<BrokenPage />} />
          <Route path="players" element={<p>Find players</p>} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
}

describe('a page that fails to render', () => {
  it('shows a message inside the shell, and Try Again renders the page again', async () => {
    page.broken = true;
    renderShell('/servers/bf1942');
    expect(screen.getByRole('alert')).toHaveTextContent('This page could not be shown');
    // The shell is still there around the message.
    expect(screen.getByTestId('nav-rail')).toBeInTheDocument();

    page.broken = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(screen.getByText('Players page')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the message again when the page fails again', async () => {
    page.broken = true;
    renderShell('/servers/bf1942');
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(screen.getByRole('alert')).toBeInTheDocument();
  });

  it('recovers when the visitor leaves through the navigation', async () => {
    page.broken = true;
    renderShell('/servers/bf1942');
    expect(screen.getByRole('alert')).toBeInTheDocument();
    await userEvent.click(screen.getAllByRole('link', { name: 'Players' })[0]!);
    expect(screen.getByText('Find players')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('a stale chunk (a page whose code is gone after a deploy)', () => {
  // Each page load has its own lazy page, whose file is gone: React.lazy rethrows what Chromium rejects it with.
  async function openStalePage(reloadPage: () => void) {
    const StalePage = lazy(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/old.js')),
    );
    const view = render(
      <RouteErrorBoundary path="/players" reloadPage={reloadPage}>
        <Suspense fallback={<p>Loading page</p>}>
          <StalePage />
        </Suspense>
      </RouteErrorBoundary>,
    );
    // Let the rejected import settle.
    await act(async () => {});
    return view;
  }

  it('reloads the page once, showing nothing meanwhile; failing again right after, it shows the message', async () => {
    const reloadPage = vi.fn();
    const firstLoad = await openStalePage(reloadPage);
    expect(reloadPage).toHaveBeenCalledTimes(1);
    expect(firstLoad.container).toBeEmptyDOMElement();
    firstLoad.unmount();

    // The page after the reload: the chunk fails again, within the window. No second reload.
    await openStalePage(reloadPage);
    expect(reloadPage).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('alert')).toHaveTextContent('This page could not be shown');

    // Only a reload can fetch the page's code again: Try Again reloads, at the visitor's request.
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(reloadPage).toHaveBeenCalledTimes(2);
  });

  it('reloads again for a stale chunk more than 30 seconds later (another deploy later on)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-21T12:00:00Z'));
    const reloadPage = vi.fn();
    const firstReload = Date.now();
    (await openStalePage(reloadPage)).unmount();
    // 29 seconds on, still the same deploy: the message, not another reload.
    vi.setSystemTime(firstReload + 29_000);
    (await openStalePage(reloadPage)).unmount();
    expect(reloadPage).toHaveBeenCalledTimes(1);
    vi.setSystemTime(firstReload + 30_001);
    await openStalePage(reloadPage);
    expect(reloadPage).toHaveBeenCalledTimes(2);
  });

  it('does not reload for an ordinary error', async () => {
    page.broken = true;
    const reloadPage = vi.fn();
    render(
      <RouteErrorBoundary path="/players" reloadPage={reloadPage}>
        <BrokenPage />
      </RouteErrorBoundary>,
    );
    expect(screen.getByRole('alert')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(reloadPage).not.toHaveBeenCalled();
  });
});

describe('isStaleChunkError', () => {
  it("knows each browser's words for a module that failed to load, and nothing else", () => {
    for (const message of [
      'Failed to fetch dynamically imported module: https://frontline.example/assets/players-page-x1.js', // Chromium
      'error loading dynamically imported module: https://frontline.example/assets/players-page-x1.js', // Firefox
      'Importing a module script failed.', // Safari
      'Unable to preload CSS for /assets/history-chart-x1.css', // Vite's preload helper
    ]) {
      expect(isStaleChunkError(new TypeError(message)), message).toBe(true);
    }
    expect(isStaleChunkError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isStaleChunkError('Failed to fetch dynamically imported module')).toBe(false);
  });
});
