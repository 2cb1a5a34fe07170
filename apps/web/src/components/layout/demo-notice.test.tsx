import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DemoNotice } from './demo-notice.tsx';

function markPage(content: string | null) {
  document.head.querySelector('meta[name="frontline:demo"]')?.remove();
  if (content === null) return;
  const meta = document.createElement('meta');
  meta.setAttribute('name', 'frontline:demo');
  meta.setAttribute('content', content);
  document.head.append(meta);
}

afterEach(() => markPage(null));

describe('DemoNotice (issue: a discreet "Demo data: simulated servers" notice in demo mode)', () => {
  it('shows the notice on a page the server marked as a demo', () => {
    markPage('true');
    render(<DemoNotice />);
    expect(screen.getByText('Demo data: simulated servers')).toBeInTheDocument();
  });

  it('shows nothing otherwise', () => {
    render(<DemoNotice />);
    expect(screen.queryByTestId('demo-notice')).toBeNull();
    markPage('false');
    render(<DemoNotice />);
    expect(screen.queryByTestId('demo-notice')).toBeNull();
  });
});
