import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PAGINATION_WINDOW, Pagination, pageWindow } from './pagination';

describe('pageWindow', () => {
  it("shows up to 5 page numbers (spec: 'Pagination window 5')", () => {
    expect(PAGINATION_WINDOW).toBe(5);
    expect(pageWindow(1, 20)).toHaveLength(5);
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
  });

  it("centres the window on the current page (spec: 'achievements: current plus or minus 2')", () => {
    expect(pageWindow(10, 20)).toEqual([8, 9, 10, 11, 12]);
    expect(pageWindow(3, 20)).toEqual([1, 2, 3, 4, 5]);
  });

  it('shifts the window at the start instead of shrinking it', () => {
    expect(pageWindow(1, 20)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(2, 20)).toEqual([1, 2, 3, 4, 5]);
  });

  it('shifts the window at the end instead of shrinking it', () => {
    expect(pageWindow(20, 20)).toEqual([16, 17, 18, 19, 20]);
    expect(pageWindow(19, 20)).toEqual([16, 17, 18, 19, 20]);
    expect(pageWindow(18, 20)).toEqual([16, 17, 18, 19, 20]);
    expect(pageWindow(17, 20)).toEqual([15, 16, 17, 18, 19]);
  });

  it('clamps the window to 1..total for an out-of-range current page', () => {
    expect(pageWindow(0, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(-4, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(99, 10)).toEqual([6, 7, 8, 9, 10]);
    expect(pageWindow(Number.NaN, 10)).toEqual([1, 2, 3, 4, 5]);
  });

  it('is empty when there are no pages', () => {
    expect(pageWindow(1, 0)).toEqual([]);
    expect(pageWindow(1, -3)).toEqual([]);
    expect(pageWindow(1, Number.NaN)).toEqual([]);
    expect(pageWindow(1, 10, 0)).toEqual([]);
  });

  it('supports other window sizes, with the extra page of an even size after the current one', () => {
    expect(pageWindow(5, 10, 3)).toEqual([4, 5, 6]);
    expect(pageWindow(5, 10, 4)).toEqual([4, 5, 6, 7]);
    expect(pageWindow(5, 10, 1)).toEqual([5]);
    expect(pageWindow(5, 10, 7)).toEqual([2, 3, 4, 5, 6, 7, 8]);
  });
});

function renderPagination(currentPage: number, totalPages: number, window?: number) {
  const onPageChange = vi.fn();
  const view = render(
    <Pagination currentPage={currentPage} totalPages={totalPages} onPageChange={onPageChange} window={window} />,
  );
  return { onPageChange, user: userEvent.setup(), view };
}

function pageNumbers(): string[] {
  const nav = screen.getByRole('navigation', { name: 'Pagination' });
  return within(nav)
    .getAllByRole('button', { name: /^Page \d+$/ })
    .map((button) => button.textContent);
}

describe('Pagination', () => {
  it("renders first, previous, up to 5 numbers, next, last (spec: 'Pagination: first, previous, up to 5 numbers, next, last')", () => {
    renderPagination(10, 20);
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    const labels = within(nav)
      .getAllByRole('button')
      .map((button) => button.getAttribute('aria-label'));
    expect(labels).toEqual([
      'First page',
      'Previous page',
      'Page 8',
      'Page 9',
      'Page 10',
      'Page 11',
      'Page 12',
      'Next page',
      'Last page',
    ]);
  });

  it('shows fewer numbers when there are fewer pages', () => {
    renderPagination(1, 3);
    expect(pageNumbers()).toEqual(['1', '2', '3']);
  });

  it('renders nothing with a single page or none', () => {
    const { view } = renderPagination(1, 1);
    expect(view.container).toBeEmptyDOMElement();
    view.rerender(<Pagination currentPage={1} totalPages={0} onPageChange={() => {}} />);
    expect(view.container).toBeEmptyDOMElement();
  });

  it('marks the current page with aria-current="page"', () => {
    renderPagination(4, 9);
    expect(screen.getByRole('button', { name: 'Page 4' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Page 5' })).not.toHaveAttribute('aria-current');
  });

  it('goes to a clicked page number', async () => {
    const { onPageChange, user } = renderPagination(4, 9);
    await user.click(screen.getByRole('button', { name: 'Page 6' }));
    expect(onPageChange).toHaveBeenCalledWith(6);
  });

  it('goes to the first, previous, next and last page', async () => {
    const { onPageChange, user } = renderPagination(4, 9);
    await user.click(screen.getByRole('button', { name: 'First page' }));
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await user.click(screen.getByRole('button', { name: 'Last page' }));
    expect(onPageChange.mock.calls).toEqual([[1], [3], [5], [9]]);
  });

  it("ignores the current page (spec: 'Page jumps outside 1..totalPages or equal to current ignored')", async () => {
    const { onPageChange, user } = renderPagination(4, 9);
    await user.click(screen.getByRole('button', { name: 'Page 4' }));
    expect(onPageChange).not.toHaveBeenCalled();
  });

  it("disables first and previous on page 1 (spec: 'Pages outside 1..totalPages ignored')", async () => {
    const { onPageChange, user } = renderPagination(1, 9);
    expect(screen.getByRole('button', { name: 'First page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(onPageChange).not.toHaveBeenCalled();
  });

  it("disables next and last on the last page (spec: 'Pages outside 1..totalPages ignored')", async () => {
    const { onPageChange, user } = renderPagination(9, 9);
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Last page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'First page' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Last page' }));
    expect(onPageChange).not.toHaveBeenCalled();
  });

  it("never asks for a page outside 1..totalPages from a stale current page (spec: 'Pages outside 1..totalPages ignored')", async () => {
    const { onPageChange, user } = renderPagination(12, 5);
    expect(pageNumbers()).toEqual(['1', '2', '3', '4', '5']);
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(onPageChange).toHaveBeenLastCalledWith(5);
    await user.click(screen.getByRole('button', { name: 'First page' }));
    expect(onPageChange).toHaveBeenLastCalledWith(1);
    for (const [page] of onPageChange.mock.calls) {
      expect(page).toBeGreaterThanOrEqual(1);
      expect(page).toBeLessThanOrEqual(5);
    }
  });

  it('honours a custom window size', () => {
    renderPagination(10, 20, 3);
    expect(pageNumbers()).toEqual(['9', '10', '11']);
  });

  it('is keyboard operable', async () => {
    const { onPageChange, user } = renderPagination(2, 5);
    screen.getByRole('button', { name: 'Page 3' }).focus();
    await user.keyboard('{Enter}');
    expect(onPageChange).toHaveBeenCalledWith(3);
  });
});
