import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DemoNotice } from './demo-notice.tsx';

function renderWithAppInfo(body: object) {
  vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockResolvedValue(new Response(JSON.stringify(body), { status: 200 })));
  const client = new QueryClient();
  render(
    <QueryClientProvider client={client}>
      <DemoNotice />
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('DemoNotice (issue: a discreet "Demo data: simulated servers" notice in demo mode)', () => {
  it('shows the notice when the server runs in demo mode', async () => {
    renderWithAppInfo({ version: '0.1.0', demoMode: true });
    expect(await screen.findByText('Demo data: simulated servers')).toBeInTheDocument();
  });

  it('shows nothing otherwise', async () => {
    renderWithAppInfo({ version: '0.1.0', demoMode: false });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByTestId('demo-notice')).toBeNull();
  });
});
