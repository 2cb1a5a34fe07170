import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { reloadAuthFromStorage, setAuthActivity, setAuthNotice } from '../../lib/auth/auth-store.ts';
import { ALICE, fakeServer, json, noContent, storeSignIn } from '../../lib/auth/test-fixtures.ts';
import { LocationProbe } from '../../test/route-test-helpers.tsx';
import { accountInitial, AuthNotice, LoginButton } from './login-button.tsx';

function setSignInMeta(content: object | string | null) {
  document.head.querySelector('meta[name="frontline:sign-in"]')?.remove();
  if (content === null) return;
  const meta = document.createElement('meta');
  meta.setAttribute('name', 'frontline:sign-in');
  meta.setAttribute('content', typeof content === 'string' ? content : JSON.stringify(content));
  document.head.append(meta);
}

const GOOGLE = { available: true, googleClientId: 'client-1.apps.googleusercontent.com', demo: false };
const DEMO = { available: true, googleClientId: null, demo: true };

function renderHeader() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/servers/bf1942']}>
        <p>Page outside the menu</p>
        <LoginButton />
        <AuthNotice />
        <LocationProbe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

function signIn(user: typeof ALICE | null = ALICE) {
  storeSignIn({ token: 'token-1', user });
  reloadAuthFromStorage();
}

beforeEach(() => {
  reloadAuthFromStorage();
  setAuthActivity('idle');
  setAuthNotice(null);
});

afterEach(() => {
  setSignInMeta(null);
  document.head.querySelectorAll('script[src*="accounts.google.com"]').forEach((script) => script.remove());
  delete (window as { google?: unknown }).google;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("signed out (spec §1: \"a 'Sign in with Google' button that reads 'Signing in...' while busy\")", () => {
  it("shows 'Sign in with Google' when Google sign-in is configured, 'Signing in...' and disabled while busy", () => {
    setSignInMeta(GOOGLE);
    renderHeader();
    const button = screen.getByRole('button', { name: 'Sign in with Google' });
    expect(button).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Sign in (demo)' })).toBeNull();

    act(() => setAuthActivity('signing-in'));
    expect(screen.getByTestId('google-sign-in')).toHaveTextContent('Signing in...');
    expect(screen.getByTestId('google-sign-in')).toBeDisabled();
  });

  it("offers 'Sign in (demo)' in the demo", () => {
    setSignInMeta(DEMO);
    renderHeader();
    expect(screen.getByRole('button', { name: 'Sign in (demo)' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign in with Google' })).toBeNull();
  });

  it('shows nothing where sign-in is not available, or its options cannot be read', () => {
    for (const content of [null, '{not json', { available: false, googleClientId: null, demo: false }]) {
      setSignInMeta(content);
      const { unmount } = renderHeader();
      expect(screen.queryByRole('button')).toBeNull();
      unmount();
    }
  });
});

describe("signed in (spec §1: 'the first letter of the user's name, else of the email, else U')", () => {
  it('reads the initial from the name, then the email, then U', () => {
    expect(accountInitial({ name: 'alice', email: 'zed@example.com' })).toBe('A');
    expect(accountInitial({ name: '  ', email: 'bob@example.com' })).toBe('B');
    expect(accountInitial({ name: '', email: '' })).toBe('U');
    expect(accountInitial(null)).toBe('U');
    expect(accountInitial({ name: 'émile', email: '' })).toBe('É');
  });

  it('shows the initial even where sign-in has since been switched off, so the user can still sign out', () => {
    signIn();
    renderHeader();
    expect(screen.getByTestId('account-button')).toHaveTextContent('A');
  });

  it("opens a dropdown with the email and 'Sign Out'; a click outside closes it", async () => {
    signIn();
    const user = userEvent.setup();
    renderHeader();
    await user.click(screen.getByTestId('account-button'));
    const menu = await screen.findByTestId('account-menu');
    expect(within(menu).getByTestId('account-email')).toHaveTextContent('alice@example.com');
    expect(within(menu).getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();

    await user.click(screen.getByText('Page outside the menu'));
    expect(screen.queryByTestId('account-menu')).toBeNull();
  });

  it("says 'Authenticated' when the profile has no email", async () => {
    signIn({ id: 1, name: '', email: '' });
    const user = userEvent.setup();
    renderHeader();
    expect(screen.getByTestId('account-button')).toHaveTextContent('U');
    await user.click(screen.getByTestId('account-button'));
    expect(await screen.findByTestId('account-email')).toHaveTextContent('Authenticated');
  });

  it('signs out from the dropdown', async () => {
    signIn();
    setSignInMeta(GOOGLE);
    const server = fakeServer({ 'POST /stats/auth/logout': noContent() });
    const user = userEvent.setup();
    renderHeader();
    await user.click(screen.getByTestId('account-button'));
    await user.click(await screen.findByRole('button', { name: 'Sign Out' }));

    expect(await screen.findByRole('button', { name: 'Sign in with Google' })).toBeInTheDocument();
    expect(server.callsTo('POST /stats/auth/logout')[0]?.headers).toMatchObject({ Authorization: 'Bearer token-1' });
    expect(localStorage.getItem('authToken')).toBeNull();
  });

  it("offers the account's data as frontline-account.json", async () => {
    signIn();
    const exported = { exportedAt: '2026-11-21T12:00:00Z', user: ALICE, playerNames: [], sessions: [] };
    const server = fakeServer({ 'GET /stats/auth/export': json(exported) });
    const createObjectURL = vi.fn<(blob: Blob) => string>(() => 'blob:export');
    // jsdom has no object URLs: given for this test only.
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    onTestFinished(() => {
      Reflect.deleteProperty(URL, 'createObjectURL');
      Reflect.deleteProperty(URL, 'revokeObjectURL');
    });
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const user = userEvent.setup();
    renderHeader();
    await user.click(screen.getByTestId('account-button'));
    await user.click(await screen.findByRole('button', { name: 'Export my data' }));

    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(server.callsTo('GET /stats/auth/export')[0]?.headers).toMatchObject({ Authorization: 'Bearer token-1' });
    expect(clicked[0]?.download).toBe('frontline-account.json');
    const blob = createObjectURL.mock.calls[0]?.[0];
    expect(JSON.parse((await blob?.text()) ?? '')).toEqual(exported);
  });

  it('deletes the account after a confirmation, then signs out', async () => {
    signIn();
    const server = fakeServer({ 'DELETE /stats/auth/account': noContent(), 'POST /stats/auth/logout': noContent() });
    const user = userEvent.setup();
    renderHeader();
    await user.click(screen.getByTestId('account-button'));
    await user.click(await screen.findByRole('button', { name: 'Delete my account' }));

    const dialog = screen.getByRole('dialog', { name: 'Delete my account' });
    expect(within(dialog).getByText(/Delete your Frontline account\?$/)).toBeInTheDocument();
    // The confirmation is outside the dropdown; pressing in it must not close the dropdown and lose it.
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(screen.queryByTestId('account-button')).toBeNull());
    expect(server.callsTo('DELETE /stats/auth/account')).toHaveLength(1);
    expect(server.callsTo('POST /stats/auth/logout')).toHaveLength(1);
    expect(localStorage.getItem('userProfile')).toBeNull();
  });

  it('keeps the account when the confirmation is cancelled', async () => {
    signIn();
    const server = fakeServer({});
    const user = userEvent.setup();
    renderHeader();
    await user.click(screen.getByTestId('account-button'));
    await user.click(await screen.findByRole('button', { name: 'Delete my account' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.calls).toHaveLength(0);
  });
});

describe('Google sign-in (spec §4 credential → login → /dashboard; §9 "The identity button click is triggered after 100 ms")', () => {
  it("sends Google's credential to the login call and goes to /dashboard", async () => {
    setSignInMeta(GOOGLE);
    const server = fakeServer({
      'POST /stats/auth/login': json({
        accessToken: 'access-1',
        expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
        user: ALICE,
      }),
    });
    let callback: (response: { credential?: string }) => void = () => {};
    const clickedAt: number[] = [];
    const initialize = vi.fn((config: { client_id: string; callback: typeof callback }) => {
      callback = config.callback;
    });
    const renderButton = vi.fn((parent: HTMLElement) => {
      const button = document.createElement('div');
      button.setAttribute('role', 'button');
      button.addEventListener('click', () => {
        clickedAt.push(performance.now());
        callback({ credential: 'google-credential' });
      });
      parent.append(button);
    });
    Object.assign(window, { google: { accounts: { id: { initialize, renderButton, prompt: vi.fn() } } } });
    const user = userEvent.setup();
    renderHeader();

    const startedAt = performance.now();
    await user.click(screen.getByRole('button', { name: 'Sign in with Google' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard'));
    expect(initialize).toHaveBeenCalledWith(expect.objectContaining({ client_id: GOOGLE.googleClientId }));
    expect((clickedAt[0] ?? 0) - startedAt).toBeGreaterThanOrEqual(95);
    expect(server.callsTo('POST /stats/auth/login')[0]?.body).toEqual({ googleIdToken: 'google-credential' });
    expect(screen.getByTestId('account-button')).toHaveTextContent('A');
  });

  it("alerts 'Login failed. Please try again.' when Google's script cannot load", async () => {
    setSignInMeta(GOOGLE);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const user = userEvent.setup();
    renderHeader();
    await user.click(screen.getByRole('button', { name: 'Sign in with Google' }));

    const script = await waitFor(() => {
      const found = document.head.querySelector('script[src="https://accounts.google.com/gsi/client"]');
      if (!found) throw new Error('Google Identity Services script not injected');
      return found;
    });
    act(() => {
      script.dispatchEvent(new Event('error'));
    });

    await waitFor(() => expect(alert).toHaveBeenCalledWith('Login failed. Please try again.'));
    await waitFor(() => expect(screen.queryByTestId('google-sign-in-panel')).toBeNull());
    expect(screen.getByRole('button', { name: 'Sign in with Google' })).toBeEnabled();
  });
});

describe('demo sign-in (the demo identity provider: its ID token goes through the same login call)', () => {
  it('lists the demo users and signs in as the chosen one', async () => {
    setSignInMeta(DEMO);
    const server = fakeServer({
      'GET /stats/auth/demo/users': json({
        users: [
          { email: 'alice@demo.test', name: 'Alice', playerNames: ['Sgt Pepper'], buddies: ['Rookie'] },
          { email: 'bob@demo.test', name: 'Bob', playerNames: [], buddies: [] },
        ],
      }),
      'POST /stats/auth/demo/id-token': json({ idToken: 'demo-id-token' }),
      'POST /stats/auth/login': json({
        accessToken: 'access-1',
        expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
        user: { id: 3, name: 'Alice', email: 'alice@demo.test' },
      }),
    });
    const user = userEvent.setup();
    renderHeader();
    await user.click(screen.getByRole('button', { name: 'Sign in (demo)' }));

    const people = await screen.findAllByTestId('demo-user');
    expect(people).toHaveLength(2);
    expect(people[0]).toHaveTextContent('alice@demo.test');
    expect(people[0]).toHaveTextContent('Sgt Pepper');
    expect(people[0]).toHaveTextContent('Rookie');
    await user.click(people[0] as HTMLElement);

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard'));
    expect(server.callsTo('POST /stats/auth/demo/id-token')[0]?.body).toEqual({ email: 'alice@demo.test' });
    expect(server.callsTo('POST /stats/auth/login')[0]?.body).toEqual({ googleIdToken: 'demo-id-token' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('session notices', () => {
  it('shows the message until dismissed', async () => {
    const user = userEvent.setup();
    renderHeader();
    act(() => setAuthNotice('Session expired. Please login again.'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Session expired. Please login again.');
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
