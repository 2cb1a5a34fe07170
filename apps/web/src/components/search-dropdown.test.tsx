import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BLUR_CLOSE_MS, SEARCH_DEBOUNCE_MS } from '../lib/search-rules';
import { Modal } from './modal';
import { SearchDropdown } from './search-dropdown';
import type { SearchDropdownProps } from './search-dropdown';

interface PlayerHit {
  playerName: string;
}

interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (reason: Error) => void;
}

function deferred<T>(): Deferred<T> {
  let resolve: (value: T) => void = () => {};
  let reject: (reason: Error) => void = () => {};
  const promise = new Promise<T>((resolvePromise, rejectPromise) => {
    resolve = resolvePromise;
    reject = rejectPromise;
  });
  return { promise, resolve, reject };
}

const players = (...names: string[]): PlayerHit[] => names.map((playerName) => ({ playerName }));

type SearchFn = (query: string, signal: AbortSignal) => Promise<PlayerHit[]>;

function setup(props: Partial<SearchDropdownProps<PlayerHit>> = {}) {
  const pending: Deferred<PlayerHit[]>[] = [];
  const search = vi.fn<SearchFn>(() => {
    const request = deferred<PlayerHit[]>();
    pending.push(request);
    return request.promise;
  });
  const onSelect = vi.fn<(item: PlayerHit) => void>();
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  render(
    <SearchDropdown<PlayerHit>
      label="Search players"
      placeholder="Search players..."
      search={search}
      getKey={(item) => item.playerName}
      renderItem={(item) => <span>{item.playerName}</span>}
      onSelect={onSelect}
      emptyText="No players found"
      {...props}
    />,
  );
  const input = screen.getByRole('combobox', { name: 'Search players' });

  /** The nth search request made so far (0-based). */
  function request(index: number): Deferred<PlayerHit[]> {
    const found = pending[index];
    if (!found) throw new Error(`no search request #${index} (made ${pending.length})`);
    return found;
  }

  async function answer(index: number, items: PlayerHit[]) {
    await act(async () => request(index).resolve(items));
  }

  async function fail(index: number) {
    await act(async () => request(index).reject(new Error('HTTP error! status: 500')));
  }

  return { search, onSelect, user, input, request, answer, fail };
}

async function advance(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

/** Types, then waits out the debounce so the search is in flight. */
async function typeAndSearch(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, text: string) {
  await user.type(input, text);
  await advance(SEARCH_DEBOUNCE_MS);
}

const optionNames = () => screen.queryAllByRole('option').map((option) => option.textContent);
const emptyLine = () => screen.queryByText('No players found', { selector: 'p' });

beforeEach(() => {
  vi.useFakeTimers();
  // Testing Library lets React settle after each user-event action with a setTimeout(0), and only
  // advances fake clocks it recognises through a global `jest`; without this it waits forever on
  // Vitest's fake timers. Advancing by 0 ms fires nothing that is not already due, so the 300 ms and
  // 200 ms assertions below stay exact.
  vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('SearchDropdown: when it searches', () => {
  it("does not search below 2 characters (spec: 'Player search runs only at 2 or more characters')", async () => {
    const { search, user, input } = setup();
    await user.type(input, 'a');
    await advance(SEARCH_DEBOUNCE_MS * 5);
    expect(search).not.toHaveBeenCalled();
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it("counts characters after trimming (spec: 'need at least 2 characters')", async () => {
    const { search, user, input } = setup();
    await user.type(input, '  a  ');
    await advance(SEARCH_DEBOUNCE_MS * 5);
    expect(search).not.toHaveBeenCalled();
  });

  it("fires exactly 300 ms after the last keystroke (spec: 'Search debounce 300 ms')", async () => {
    const { search, user, input } = setup();
    await user.type(input, 'ab');
    await advance(SEARCH_DEBOUNCE_MS - 1);
    expect(search).not.toHaveBeenCalled();
    await advance(1);
    expect(search).toHaveBeenCalledTimes(1);
    expect(search).toHaveBeenCalledWith('ab', expect.any(AbortSignal));
  });

  it("restarts the 300 ms wait on every keystroke (spec: 'debounce 300 ms')", async () => {
    const { search, user, input } = setup();
    await user.type(input, 'ab');
    await advance(200);
    await user.type(input, 'c');
    await advance(200);
    await user.type(input, 'd');
    await advance(SEARCH_DEBOUNCE_MS - 1);
    expect(search).not.toHaveBeenCalled();
    await advance(1);
    expect(search).toHaveBeenCalledTimes(1);
    expect(search).toHaveBeenCalledWith('abcd', expect.any(AbortSignal));
  });

  it('sends the trimmed query', async () => {
    const { search, user, input } = setup();
    await typeAndSearch(user, input, '  Sgt Pepper  ');
    expect(search).toHaveBeenCalledWith('Sgt Pepper', expect.any(AbortSignal));
  });

  it('shows a spinner named "Searching" while the request is in flight (spec: \'idle, loading spinner, results\')', async () => {
    const { user, input, answer } = setup();
    await user.type(input, 'ab');
    expect(screen.queryByRole('status', { name: 'Searching' })).not.toBeInTheDocument();
    await advance(SEARCH_DEBOUNCE_MS);
    expect(screen.getByRole('status', { name: 'Searching' })).toBeInTheDocument();
    await answer(0, players('Abby'));
    expect(screen.queryByRole('status', { name: 'Searching' })).not.toBeInTheDocument();
  });
});

describe('SearchDropdown: results', () => {
  it("shows results when they exist (spec: 'Search dropdown shows results when they exist')", async () => {
    const { user, input, answer } = setup();
    await typeAndSearch(user, input, 'ab');
    await answer(0, players('Abby', 'Abrams', 'Cabal'));

    const listbox = screen.getByRole('listbox', { name: 'Search players' });
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Abby', 'Abrams', 'Cabal']);
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(input).toHaveAttribute('aria-controls', listbox.id);
    expect(emptyLine()).not.toBeInTheDocument();
  });

  it("shows 'No players found' only after a completed search with 2+ characters returned nothing (spec: 'shows 'No players found' only when the query has 2 or more characters and no results')", async () => {
    const { user, input, answer } = setup();
    await user.type(input, 'zz');
    expect(emptyLine()).not.toBeInTheDocument();
    await advance(SEARCH_DEBOUNCE_MS);
    expect(emptyLine()).not.toBeInTheDocument();
    await answer(0, []);
    expect(emptyLine()).toBeInTheDocument();
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it("announces the empty result to screen readers (spec: 'or 'No players found' / 'No servers found'')", async () => {
    const { user, input, answer } = setup({ emptyText: 'No servers found' });
    await typeAndSearch(user, input, 'zz');
    await answer(0, []);
    expect(document.querySelector('[aria-live="polite"]')).toHaveTextContent('No servers found');
  });

  it("clears results and closes the list below 2 characters (spec: 'otherwise results cleared and dropdown closed')", async () => {
    const { search, user, input, answer } = setup();
    await typeAndSearch(user, input, 'ab');
    await answer(0, players('Abby'));
    expect(optionNames()).toEqual(['Abby']);

    await user.type(input, '{Backspace}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(input).toHaveAttribute('aria-expanded', 'false');

    // Back at 2 characters the old results do not reappear before the new search answers.
    await user.type(input, 'b');
    expect(optionNames()).toEqual([]);
    await advance(SEARCH_DEBOUNCE_MS);
    expect(search).toHaveBeenCalledTimes(2);
  });

  it("hides 'No players found' again when the query drops below 2 characters (spec: 'only when the query has 2 or more characters')", async () => {
    const { user, input, answer } = setup();
    await typeAndSearch(user, input, 'zz');
    await answer(0, []);
    expect(emptyLine()).toBeInTheDocument();
    await user.type(input, '{Backspace}');
    expect(emptyLine()).not.toBeInTheDocument();
  });

  it('cancels a pending or in-flight search when the query drops below 2 characters', async () => {
    const { search, user, input, request, answer } = setup();
    await typeAndSearch(user, input, 'ab');
    await user.type(input, '{Backspace}');
    expect(search.mock.calls[0]?.[1].aborted).toBe(true);
    await answer(0, players('Abby'));
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    expect(request(0)).toBeDefined();
  });

  it('keeps the previous results on screen while the next search waits, without the empty line', async () => {
    const { user, input, answer } = setup();
    await typeAndSearch(user, input, 'ab');
    await answer(0, players('Abby'));
    await user.type(input, 'x');
    expect(optionNames()).toEqual(['Abby']);
    expect(emptyLine()).not.toBeInTheDocument();
  });

  it('aborts an earlier in-flight search when a newer one starts, and never shows its late answer', async () => {
    const { search, user, input, answer } = setup();
    await typeAndSearch(user, input, 'ab');
    await typeAndSearch(user, input, 'c');
    expect(search).toHaveBeenCalledTimes(2);
    const firstSignal = search.mock.calls[0]?.[1];
    const secondSignal = search.mock.calls[1]?.[1];
    expect(firstSignal?.aborted).toBe(true);
    expect(secondSignal?.aborted).toBe(false);

    await answer(1, players('Abc'));
    await answer(0, players('Stale'));
    expect(optionNames()).toEqual(['Abc']);
  });

  it('ignores a stale answer that arrives before the newer one', async () => {
    const { user, input, answer } = setup();
    await typeAndSearch(user, input, 'ab');
    await typeAndSearch(user, input, 'c');
    await answer(0, players('Stale'));
    expect(optionNames()).toEqual([]);
    expect(emptyLine()).not.toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Searching' })).toBeInTheDocument();
    await answer(1, players('Abc'));
    expect(optionNames()).toEqual(['Abc']);
  });

  it("silently clears results when a search fails (spec: 'Search failures silently clear results')", async () => {
    const { user, input, answer, fail } = setup();
    await typeAndSearch(user, input, 'ab');
    await answer(0, players('Abby'));
    await typeAndSearch(user, input, 'c');
    await fail(1);
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    expect(emptyLine()).not.toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Searching' })).not.toBeInTheDocument();
    expect(screen.queryByText(/error/i)).not.toBeInTheDocument();
  });

  it("treats a search function that throws like a failed search (spec: 'Search failures silently clear results')", async () => {
    const { user, input } = setup({
      search: () => {
        throw new Error('boom');
      },
    });
    await typeAndSearch(user, input, 'ab');
    await act(async () => {});
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Searching' })).not.toBeInTheDocument();
  });
});

describe('SearchDropdown: closing after blur', () => {
  it("closes 200 ms after blur, not before (spec: 'dropdown closes 200 ms after blur')", async () => {
    const { user, input, answer } = setup();
    await typeAndSearch(user, input, 'ab');
    await answer(0, players('Abby'));

    act(() => input.blur());
    await advance(BLUR_CLOSE_MS - 1);
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    await advance(1);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it("lets a click on a result land during the 200 ms after blur (spec: 'Closes 200 ms after blur')", async () => {
    const { user, input, answer, onSelect } = setup();
    await typeAndSearch(user, input, 'ab');
    await answer(0, players('Abby', 'Abrams'));

    fireEvent.blur(input);
    await advance(BLUR_CLOSE_MS - 50);
    await user.click(screen.getByRole('option', { name: 'Abrams' }));
    expect(onSelect).toHaveBeenCalledWith({ playerName: 'Abrams' });
  });

  it('keeps focus in the input when an option is pressed, so choosing with the mouse does not blur it', async () => {
    const { user, input, answer } = setup();
    await typeAndSearch(user, input, 'ab');
    await answer(0, players('Abby'));
    const pressed = fireEvent.mouseDown(screen.getByRole('option', { name: 'Abby' }));
    expect(pressed).toBe(false);
    expect(input).toHaveFocus();
  });

  it('stays open when focus returns before the 200 ms are up', async () => {
    const { user, input, answer } = setup();
    await typeAndSearch(user, input, 'ab');
    await answer(0, players('Abby'));
    act(() => input.blur());
    await advance(BLUR_CLOSE_MS / 2);
    act(() => input.focus());
    await advance(BLUR_CLOSE_MS * 5);
    expect(screen.getByRole('listbox')).toBeInTheDocument();
  });

  it('reopens the earlier results when the input is focused again', async () => {
    const { user, input, answer } = setup();
    await typeAndSearch(user, input, 'ab');
    await answer(0, players('Abby'));
    act(() => input.blur());
    await advance(BLUR_CLOSE_MS);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await user.click(input);
    expect(optionNames()).toEqual(['Abby']);
  });
});

describe('SearchDropdown: keyboard', () => {
  async function withResults(props: Partial<SearchDropdownProps<PlayerHit>> = {}) {
    const context = setup(props);
    await typeAndSearch(context.user, context.input, 'ab');
    await context.answer(0, players('Abby', 'Abrams', 'Cabal'));
    return context;
  }

  const activeOption = () =>
    screen.getAllByRole('option').find((option) => option.getAttribute('aria-selected') === 'true');

  it('moves the active option with ArrowDown and ArrowUp, wrapping at both ends, and points aria-activedescendant at it', async () => {
    const { user, input } = await withResults();
    expect(input).not.toHaveAttribute('aria-activedescendant');

    await user.keyboard('{ArrowDown}');
    expect(activeOption()).toHaveTextContent('Abby');
    expect(input).toHaveAttribute('aria-activedescendant', activeOption()?.id);

    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(activeOption()).toHaveTextContent('Cabal');
    await user.keyboard('{ArrowDown}');
    expect(activeOption()).toHaveTextContent('Abby');
    await user.keyboard('{ArrowUp}');
    expect(activeOption()).toHaveTextContent('Cabal');
    expect(input).toHaveAttribute('aria-activedescendant', activeOption()?.id);
  });

  it('ArrowUp with nothing active starts from the last option', async () => {
    const { user } = await withResults();
    await user.keyboard('{ArrowUp}');
    expect(activeOption()).toHaveTextContent('Cabal');
  });

  it("selects the active option with Enter (spec: 'choosing a result goes to /players/{playerName}')", async () => {
    const { user, input, onSelect } = await withResults();
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(onSelect).toHaveBeenCalledExactlyOnceWith({ playerName: 'Abrams' });
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(input).toHaveValue('');
  });

  it('selects an option with a click', async () => {
    const { user, onSelect } = await withResults();
    await user.click(screen.getByRole('option', { name: 'Cabal' }));
    expect(onSelect).toHaveBeenCalledExactlyOnceWith({ playerName: 'Cabal' });
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('leaves the chosen label in the input when getItemLabel is given, without searching again', async () => {
    const { user, input, search } = await withResults({ getItemLabel: (item) => item.playerName });
    await user.keyboard('{ArrowDown}{Enter}');
    expect(input).toHaveValue('Abby');
    await advance(SEARCH_DEBOUNCE_MS * 2);
    expect(search).toHaveBeenCalledTimes(1);
  });

  it('Enter with no active option submits the trimmed text', async () => {
    const onSubmit = vi.fn();
    const { user, input, onSelect } = setup({ onSubmit });
    await user.type(input, '  Sgt Pepper ');
    await user.keyboard('{Enter}');
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith('Sgt Pepper');
    expect(onSelect).not.toHaveBeenCalled();
  });

  it('Enter submits a single character too: the 2-character rule gates searching, not submitting', async () => {
    const onSubmit = vi.fn();
    const { user, input } = setup({ onSubmit });
    await user.type(input, 'x{Enter}');
    expect(onSubmit).toHaveBeenCalledWith('x');
  });

  it("does nothing on Enter with an empty trimmed text (spec: 'Submitting an empty trimmed search does nothing')", async () => {
    const onSubmit = vi.fn();
    const { user, input } = setup({ onSubmit });
    await user.type(input, '   ');
    await user.keyboard('{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('a submit cancels the pending search', async () => {
    const onSubmit = vi.fn();
    const { user, input, search } = setup({ onSubmit });
    await user.type(input, 'ab{Enter}');
    await advance(SEARCH_DEBOUNCE_MS * 2);
    expect(search).not.toHaveBeenCalled();
  });

  it('Escape closes the list', async () => {
    const { user, input } = await withResults();
    await user.keyboard('{ArrowDown}{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(input).not.toHaveAttribute('aria-activedescendant');
    // ArrowDown opens it again.
    await user.keyboard('{ArrowDown}');
    expect(activeOption()).toHaveTextContent('Abby');
  });

  it('inside a modal, the first Escape closes only the list and the second closes the modal', async () => {
    vi.useRealTimers();
    const user = userEvent.setup();
    const search = vi.fn<SearchFn>(async () => players('Abby'));
    function AddPlayerModal() {
      const [open, setOpen] = useState(true);
      return (
        <Modal open={open} onClose={() => setOpen(false)} title="Add Player Profile">
          <SearchDropdown<PlayerHit>
            label="Player name"
            search={search}
            getKey={(item) => item.playerName}
            renderItem={(item) => item.playerName}
            onSelect={() => {}}
            emptyText="No players found"
            autoFocus
          />
        </Modal>
      );
    }
    render(<AddPlayerModal />);
    const input = screen.getByRole('combobox', { name: 'Player name' });
    expect(input).toHaveFocus();
    await user.type(input, 'ab');
    expect(await screen.findByRole('option', { name: 'Abby' })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('SearchDropdown: lifecycle and markup', () => {
  it('aborts the in-flight search on unmount', async () => {
    const pendingSearch = deferred<PlayerHit[]>();
    const search = vi.fn<SearchFn>(() => pendingSearch.promise);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { unmount } = render(
      <SearchDropdown<PlayerHit>
        label="Search"
        search={search}
        getKey={(item) => item.playerName}
        renderItem={(item) => item.playerName}
        onSelect={() => {}}
        emptyText="No players found"
      />,
    );
    await typeAndSearch(user, screen.getByRole('combobox'), 'ab');
    unmount();
    expect(search.mock.calls[0]?.[1].aborted).toBe(true);
  });

  it('focuses the input with autoFocus and shows the placeholder', () => {
    setup({ autoFocus: true });
    const input = screen.getByRole('combobox', { name: 'Search players' });
    expect(input).toHaveFocus();
    expect(input).toHaveAttribute('placeholder', 'Search players...');
  });

  it('keeps a hidden label accessible', () => {
    setup({ labelHidden: true });
    expect(screen.getByRole('combobox', { name: 'Search players' })).toBeInTheDocument();
    expect(screen.getByText('Search players', { selector: 'label' })).toHaveClass('sr-only');
  });

  it('passes the active state to renderItem and adds inputClassName to the input', async () => {
    const renderItem = vi.fn((item: PlayerHit, state: { active: boolean }) => (
      <span data-active={state.active}>{item.playerName}</span>
    ));
    const { user, input, answer } = setup({ renderItem, inputClassName: 'h-11' });
    expect(input).toHaveClass('h-11');
    await typeAndSearch(user, input, 'ab');
    await answer(0, players('Abby'));
    await user.keyboard('{ArrowDown}');
    expect(screen.getByText('Abby')).toHaveAttribute('data-active', 'true');
  });
});
