import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reloadAuthFromStorage, setAuthActivity } from '../../lib/auth/auth-store.ts';
import { fakeServer, json, storeSignIn } from '../../lib/auth/test-fixtures.ts';
import { LocationProbe } from '../../test/route-test-helpers.tsx';
import { DashboardPage } from './dashboard-page.tsx';
import { profile } from './lib/test-fixtures.ts';

function renderAt(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/dashboard" element={<DashboardPage />} />
          <Route path="*" element={<p>elsewhere</p>} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  reloadAuthFromStorage();
  setAuthActivity('idle');
});

afterEach(() => vi.unstubAllGlobals());

describe('/dashboard (spec §2 route table)', () => {
  it('sends a signed-out visitor to /servers/bf1942', () => {
    renderAt('/dashboard');
    expect(screen.getByTestId('location')).toHaveTextContent('/servers/bf1942');
  });

  it('waits while a stored sign-in is being restored', () => {
    setAuthActivity('restoring');
    renderAt('/dashboard');
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard');
    expect(screen.getByText('Signing you back in...')).toBeInTheDocument();
  });

  it("returns to / when the user signs out while on it ('Signing out while on /dashboard returns the user to /')", async () => {
    storeSignIn();
    reloadAuthFromStorage();
    fakeServer({ 'GET /stats/auth/profile': json(profile()) });
    renderAt('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Welcome back!' })).toBeInTheDocument();

    act(() => {
      localStorage.clear();
      reloadAuthFromStorage();
    });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });
});
