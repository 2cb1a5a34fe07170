import type { PlayerSearchResult, ServerSearchResult } from '@frontline/contract';
import { useId, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { GameTag } from '../../../components/game-tag.tsx';
import { Modal } from '../../../components/modal.tsx';
import { SearchDropdown } from '../../../components/search-dropdown.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { formatRelativeTime } from '../../../lib/format.ts';
import { formatMapName } from '../../../lib/map-and-mode.ts';
import { displayPlayerName } from '../../../lib/player-name.ts';
import { addListItem, listedItemName, searchPlayers, searchServers, type AddRequest } from '../api/account.ts';
import {
  LIST_TEXTS,
  SELECT_PLAYER_MESSAGE,
  SELECT_SERVER_MESSAGE,
  alreadyListedMessage,
  type ListKind,
} from '../lib/dashboard-lists.ts';

/**
 * The add modals (spec §2 "Modals: Add Player Profile, Add Favorite Server, Add Squad Member"; §5 validation; §8
 * failures). Each searches with the site's search dropdown (2 characters, 300 ms, closes 200 ms after blur); a
 * player may also be typed in full (a name need not have been seen yet), a server must be chosen from the results.
 */

const MODAL_TEST_IDS: Record<ListKind, string> = {
  playerNames: 'add-player-modal',
  favoriteServers: 'add-server-modal',
  buddies: 'add-buddy-modal',
};

export function AddItemModal({
  kind,
  listedIds,
  onClose,
  onAdded,
}: {
  kind: ListKind;
  /** The ids of the items the list holds: an add the server answers with one of them added nothing. */
  listedIds: ReadonlySet<number>;
  onClose: () => void;
  /** Called after the item was added; the screen then closes the modal and reloads the lists. */
  onAdded: () => void;
}) {
  return kind === 'favoriteServers' ? (
    <AddForm<ServerSearchResult>
      kind={kind}
      listedIds={listedIds}
      onClose={onClose}
      onAdded={onAdded}
      searchLabel="Search servers"
      placeholder="Server name..."
      search={searchServers}
      getKey={(server) => server.serverGuid}
      getItemLabel={(server) => server.serverName}
      renderItem={(server) => <ServerOption server={server} />}
      emptyText="No servers found"
      toRequest={(_text, server) => (server ? { kind, body: { serverGuid: server.serverGuid } } : null)}
      invalidMessage={SELECT_SERVER_MESSAGE}
    />
  ) : (
    <AddForm<PlayerSearchResult>
      kind={kind}
      listedIds={listedIds}
      onClose={onClose}
      onAdded={onAdded}
      searchLabel="Search players"
      placeholder="Player name..."
      search={searchPlayers}
      getKey={(player) => player.playerName}
      getItemLabel={(player) => player.playerName}
      renderItem={(player) => <PlayerOption player={player} />}
      emptyText="No players found"
      // Spec §5: "Names are trimmed before sending."
      toRequest={(text) =>
        text === ''
          ? null
          : kind === 'buddies'
            ? { kind, body: { buddyPlayerName: text } }
            : { kind, body: { playerName: text } }
      }
      invalidMessage={SELECT_PLAYER_MESSAGE}
    />
  );
}

function AddForm<T>({
  kind,
  listedIds,
  onClose,
  onAdded,
  searchLabel,
  placeholder,
  search,
  getKey,
  getItemLabel,
  renderItem,
  emptyText,
  toRequest,
  invalidMessage,
}: {
  kind: ListKind;
  listedIds: ReadonlySet<number>;
  onClose: () => void;
  onAdded: () => void;
  searchLabel: string;
  placeholder: string;
  search: (query: string, signal: AbortSignal) => Promise<T[]>;
  getKey: (item: T) => string;
  getItemLabel: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  emptyText: string;
  /** The call for the trimmed text and the chosen result, or null when there is nothing valid to add. */
  toRequest: (text: string, chosen: T | null) => AddRequest | null;
  invalidMessage: string;
}) {
  const texts = LIST_TEXTS[kind];
  const formId = useId();
  const [text, setText] = useState('');
  const [chosen, setChosen] = useState<T | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const blank = text.trim() === '';

  async function submit() {
    if (saving) return;
    const request = toRequest(text.trim(), chosen);
    if (!request) {
      setError(invalidMessage);
      return;
    }
    setSaving(true);
    setError(null);
    try {
      const answer = await addListItem(request);
      // The server answers an item the user already has with that item (200, not a new one): nothing was added,
      // so the modal says so and stays open rather than closing as if it had worked.
      if (listedIds.has(answer.id)) {
        const name = listedItemName(answer);
        setError(alreadyListedMessage(kind, kind === 'favoriteServers' ? name : displayPlayerName(name)));
        setSaving(false);
        return;
      }
      onAdded();
    } catch (cause) {
      console.error(texts.addFailed, cause);
      setError(texts.addFailed);
      setSaving(false);
    }
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    void submit();
  }

  // Enter in the search box adds what is there (the dropdown keeps the Enter that picks a highlighted result).
  // Handled here rather than by the browser's implicit submission, which a disabled button (blank) would block,
  // so a blank Enter still explains what is missing.
  function handleKeyDown(event: KeyboardEvent) {
    if (event.key !== 'Enter' || event.defaultPrevented || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void submit();
  }

  return (
    <Modal
      open
      onClose={onClose}
      title={texts.modalTitle}
      dismissible={!saving}
      footer={
        <>
          <button
            type="button"
            onClick={onClose}
            disabled={saving}
            className="inline-flex h-9 items-center justify-center rounded-md border border-line-strong bg-raised px-4 text-sm font-medium text-ink transition-colors hover:bg-sunken disabled:cursor-not-allowed disabled:opacity-50"
          >
            Cancel
          </button>
          <button
            type="submit"
            form={formId}
            data-testid="add-submit"
            disabled={blank || saving}
            className="inline-flex h-9 items-center justify-center gap-2 rounded-md bg-accent px-4 text-sm font-semibold text-accent-ink shadow-sm transition hover:brightness-110 disabled:cursor-not-allowed disabled:opacity-50"
          >
            {saving && <Spinner className="size-3.5" colour="" />}
            {saving ? 'Adding...' : texts.submitLabel}
          </button>
        </>
      }
    >
      <form
        id={formId}
        data-testid={MODAL_TEST_IDS[kind]}
        onSubmit={handleSubmit}
        onKeyDown={handleKeyDown}
        // The dropdown keeps its own text; its typing bubbles up here as change events. Typing again
        // drops an earlier choice: what is added is what the box says.
        onChange={(event) => {
          if (!(event.target instanceof HTMLInputElement)) return;
          setText(event.target.value);
          setChosen(null);
          setError(null);
        }}
        noValidate
      >
        <SearchDropdown<T>
          label={searchLabel}
          placeholder={placeholder}
          search={search}
          getKey={getKey}
          getItemLabel={getItemLabel}
          renderItem={(item) => renderItem(item)}
          onSelect={(item) => {
            setChosen(item);
            setText(getItemLabel(item));
            setError(null);
          }}
          emptyText={emptyText}
          autoFocus
          resultsInFlow
        />
        {error && (
          <p role="alert" data-testid="add-error" className="mt-3 text-sm font-semibold text-danger">
            {error}
          </p>
        )}
      </form>
    </Modal>
  );
}

function PlayerOption({ player }: { player: PlayerSearchResult }) {
  const shown = player.displayName || player.playerName;
  return (
    <span className="flex min-w-0 flex-1 items-center gap-2">
      <span
        aria-hidden="true"
        className={`size-1.5 shrink-0 rounded-full ${player.isActive ? 'bg-good' : 'bg-line-strong'}`}
      />
      <span className="truncate font-medium" title={shown}>
        {shown}
      </span>
      <span className="ml-auto shrink-[4] truncate text-xs text-muted">
        {player.isActive && player.currentServer
          ? `on ${player.currentServer.serverName}`
          : formatRelativeTime(player.lastSeen)}
      </span>
    </span>
  );
}

function ServerOption({ server }: { server: ServerSearchResult }) {
  return (
    <span className="flex min-w-0 flex-1 items-center gap-2">
      <GameTag game={server.gameId} />
      <span className="truncate font-medium" title={server.serverName}>
        {server.serverName}
      </span>
      <span className="ml-auto shrink-[4] truncate text-xs text-muted capitalize">
        {server.hasActivePlayers ? `${server.numPlayers} on ${formatMapName(server.currentMap)}` : 'empty'}
      </span>
    </span>
  );
}
