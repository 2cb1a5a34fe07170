import type { AccountProfileResponse } from '@frontline/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorBox } from '../../../components/error-box.tsx';
import { ConfirmModal } from '../../../components/modal.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { LoadingBlock } from '../../../components/spinner.tsx';
import { useAuthState } from '../../../lib/auth/use-auth.ts';
import { displayPlayerName } from '../../../lib/player-name.ts';
import { useMinuteClock } from '../../../lib/use-clock.ts';
import { profileQueryKey, removeListItem, useAccountProfile } from '../api/account.ts';
import {
  EMPTY_LISTS,
  LIST_TEXTS,
  LOAD_FAILED_MESSAGE,
  sortBuddies,
  type DashboardLists,
  type ListKind,
} from '../lib/dashboard-lists.ts';
import { AddItemModal } from './add-item-modal.tsx';
import { CardGrid, DashboardSection } from './dashboard-ui.tsx';
import { FavoriteServerCard } from './favorite-server-card.tsx';
import { LivePlayerCard } from './live-player-card.tsx';

interface Removal {
  kind: ListKind;
  id: number;
  /** As the card shows it. */
  name: string;
}

/**
 * The personal dashboard (spec: site-account-and-realtime §2 "Dashboard screen", §4 "Dashboard"). Signed out it
 * greets the visitor and shows the three empty sections; signed in it shows the user's player names, favourite
 * servers and squad, live, from GET /stats/auth/profile.
 */
export function DashboardScreen() {
  const { isAuthenticated: signedIn, user } = useAuthState();
  const userId = user?.id ?? null;
  const profile = useAccountProfile(signedIn, userId);
  const queryClient = useQueryClient();
  const now = useMinuteClock();
  const [adding, setAdding] = useState<ListKind | null>(null);
  const [removal, setRemoval] = useState<Removal | null>(null);
  const [removing, setRemoving] = useState(false);
  const [removeError, setRemoveError] = useState<string | null>(null);

  // Spec §4: "error 'Failed to load dashboard data' (all lists emptied). Signed out: lists are empty."
  const lists: DashboardLists = signedIn && profile.data && !profile.isError ? profile.data : EMPTY_LISTS;
  const loading = signedIn && profile.isPending;

  function reload() {
    void queryClient.invalidateQueries({ queryKey: profileQueryKey(userId) });
  }

  async function confirmRemoval() {
    if (!removal) return;
    setRemoving(true);
    setRemoveError(null);
    try {
      await removeListItem(removal.kind, removal.id);
      // Spec §4: "confirm calls the API and removes locally".
      const { kind, id } = removal;
      queryClient.setQueryData<AccountProfileResponse>(profileQueryKey(userId), (current) =>
        current ? { ...current, [kind]: current[kind].filter((item) => item.id !== id) } : current,
      );
    } catch (cause) {
      console.error(LIST_TEXTS[removal.kind].removeFailed, cause);
      setRemoveError(LIST_TEXTS[removal.kind].removeFailed);
    } finally {
      setRemoving(false);
      setRemoval(null);
    }
  }

  const openAdd = (kind: ListKind) => () => {
    setRemoveError(null);
    setAdding(kind);
  };
  const askRemoval = (kind: ListKind, id: number, name: string) => () => setRemoval({ kind, id, name });

  return (
    <div data-testid="dashboard">
      {signedIn ? (
        <PageHeader
          eyebrow="Command center"
          title="Welcome back!"
          description={user?.name ? `Your battlefield at a glance, ${user.name}.` : 'Your battlefield at a glance.'}
        />
      ) : (
        <PageHeader
          eyebrow="Command center"
          title="Welcome to Battlefield Command Center"
          description={
            <span data-testid="sign-in-prompt">
              Sign in with the button at the top of the page to link the names you play under, keep your favourite
              servers at hand and see when your squad is online.
            </span>
          }
        />
      )}

      {signedIn && profile.isError && (
        <ErrorBox
          className="mb-4"
          message={LOAD_FAILED_MESSAGE}
          onRetry={() => void profile.refetch()}
          retrying={profile.isFetching}
        />
      )}
      {removeError && (
        <ErrorBox className="mb-4" message={removeError}>
          <button
            type="button"
            onClick={() => setRemoveError(null)}
            className="ml-3 text-xs font-semibold tracking-wide uppercase underline"
          >
            Dismiss
          </button>
        </ErrorBox>
      )}

      {loading ? (
        <LoadingBlock label="Loading your dashboard..." />
      ) : (
        <div className="grid gap-5">
          <DashboardSection
            kind="playerNames"
            count={lists.playerNames.length}
            signedIn={signedIn}
            onAdd={openAdd('playerNames')}
          >
            <CardGrid label={LIST_TEXTS.playerNames.section}>
              {lists.playerNames.map((link) => (
                <LivePlayerCard
                  key={link.id}
                  testId="player-profile-card"
                  name={link.playerName}
                  player={link.player}
                  now={now}
                  onRemove={askRemoval('playerNames', link.id, displayPlayerName(link.playerName))}
                />
              ))}
            </CardGrid>
          </DashboardSection>

          <DashboardSection
            kind="favoriteServers"
            count={lists.favoriteServers.length}
            signedIn={signedIn}
            onAdd={openAdd('favoriteServers')}
          >
            <CardGrid label={LIST_TEXTS.favoriteServers.section}>
              {lists.favoriteServers.map((server) => (
                <FavoriteServerCard
                  key={server.id}
                  server={server}
                  onRemove={askRemoval('favoriteServers', server.id, server.serverName)}
                />
              ))}
            </CardGrid>
          </DashboardSection>

          <DashboardSection kind="buddies" count={lists.buddies.length} signedIn={signedIn} onAdd={openAdd('buddies')}>
            <CardGrid label={LIST_TEXTS.buddies.section}>
              {sortBuddies(lists.buddies).map((buddy) => (
                <LivePlayerCard
                  key={buddy.id}
                  testId="buddy-card"
                  name={buddy.buddyPlayerName}
                  player={buddy.player}
                  now={now}
                  onRemove={askRemoval('buddies', buddy.id, displayPlayerName(buddy.buddyPlayerName))}
                />
              ))}
            </CardGrid>
          </DashboardSection>
        </div>
      )}

      {signedIn && adding && (
        <AddItemModal
          key={adding}
          kind={adding}
          listedIds={new Set(lists[adding].map((item) => item.id))}
          onClose={() => setAdding(null)}
          onAdded={() => {
            // Spec §4: "Add: on success the modal closes and the dashboard reloads."
            setAdding(null);
            reload();
          }}
        />
      )}
      <ConfirmModal
        open={removal !== null}
        title={removal ? `Remove ${removal.name}` : ''}
        message={removal ? `Remove ${removal.name} from ${LIST_TEXTS[removal.kind].section}` : ''}
        busy={removing}
        onCancel={() => setRemoval(null)}
        onConfirm={() => void confirmRemoval()}
      />
    </div>
  );
}
