import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CountryFlag } from './country-flag.tsx';

const flagSource = (code: string) => {
  const { unmount } = render(<CountryFlag code={code} />);
  const source = screen.getByRole('img').getAttribute('src');
  unmount();
  return source;
};

describe("CountryFlag (spec §2: 'Country shown as a flag from a 2-letter code')", () => {
  it('takes common countries from the shared sprite and others from their own file', () => {
    expect(flagSource('NL')).toMatch(/\.svg#nl$/);
    expect(flagSource('jp')).toMatch(/\/jp\.svg$/);
  });

  it('keeps a heavy flag out of the sprite', () => {
    // Spain's coat of arms is 15 kB gzip on its own: only pages that show a Spanish server pay for it.
    expect(flagSource('ES')).toMatch(/\/es\.svg$/);
  });

  it('is an image named after the country', () => {
    render(<CountryFlag code=" de " />);
    const flag = screen.getByRole('img', { name: 'Germany' });
    expect(flag).toHaveAttribute('title', 'Germany');
  });

  it('loads the shared sprite at once, and a flag of its own only when it comes near the screen', () => {
    render(
      <>
        <CountryFlag code="DE" />
        <CountryFlag code="JP" />
      </>,
    );
    expect(screen.getByRole('img', { name: 'Germany' })).toHaveAttribute('loading', 'eager');
    expect(screen.getByRole('img', { name: 'Japan' })).toHaveAttribute('loading', 'lazy');
  });

  it('uses the given title as the name', () => {
    render(<CountryFlag code="GB" title="United Kingdom" />);
    expect(screen.getByRole('img', { name: 'United Kingdom' })).toBeInTheDocument();
  });

  it('falls back to a plate with the letters when the image cannot be loaded', () => {
    render(<CountryFlag code="qz" />);
    fireEvent.error(screen.getByRole('img'));
    const badge = screen.getByTestId('country-badge');
    expect(badge).toHaveTextContent('QZ');
    expect(badge).toHaveAccessibleName('QZ');
  });

  it('shows nothing for a missing or malformed code', () => {
    const { container } = render(
      <>
        <CountryFlag code={null} />
        <CountryFlag code="NLD" />
        <CountryFlag code="" />
      </>,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
