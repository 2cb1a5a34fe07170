import type { AccountExportResponse, AuthUser } from '@frontline/contract';
import { useRef, useState, type RefObject } from 'react';
import { authDelete, authGet } from '../../lib/auth/auth-api.ts';
import { logout } from '../../lib/auth/auth-session.ts';
import { useDismiss } from '../../lib/use-dismiss.ts';
import { ConfirmModal } from '../modal.tsx';

/** The file the export is saved as. */
export const EXPORT_FILE_NAME = 'frontline-account.json';
const EXPORT_FAILED = 'Failed to export your data. Please try again.';
const DELETE_FAILED = 'Failed to delete your account. Please try again.';

/** Offers the account's data (GET /stats/auth/export) as a JSON file download. */
async function downloadAccountExport(): Promise<void> {
  const data = await authGet<AccountExportResponse>('/auth/export');
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = EXPORT_FILE_NAME;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next turn: the download has started by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

const ITEM =
  'flex w-full items-center rounded px-3 py-2 text-left text-sm text-ink transition-colors hover:bg-sunken disabled:cursor-wait disabled:opacity-60';

/**
 * The signed-in user's dropdown (spec §1: "The dropdown shows the email, or 'Authenticated' if there is none, and
 * a 'Sign Out' action. Clicking outside closes the dropdown."), with the account's own actions: export its data
 * and delete it (after a confirmation; the user is then signed out).
 */
export function AccountMenu({
  user,
  triggerRef,
  onClose,
}: {
  user: AuthUser | null;
  triggerRef: RefObject<HTMLElement | null>;
  onClose: () => void;
}) {
  const panelRef = useRef<HTMLDivElement>(null);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [busy, setBusy] = useState<'export' | 'delete' | 'logout' | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The confirmation is a dialog outside the panel: pressing in it must not close the menu under it.
  useDismiss(panelRef, !confirmingDelete, onClose, triggerRef);

  async function run(action: 'export' | 'delete' | 'logout', work: () => Promise<void>, failure: string) {
    setBusy(action);
    setError(null);
    try {
      await work();
    } catch (cause) {
      console.error(failure, cause);
      setError(failure);
    } finally {
      setBusy(null);
    }
  }

  return (
    <div
      ref={panelRef}
      data-testid="account-menu"
      className="absolute top-full right-0 z-30 mt-2 w-64 rounded-md border border-line bg-raised p-1 shadow-lg shadow-black/25"
    >
      <div className="border-b border-line px-3 pt-2 pb-2.5">
        <p className="text-[10px] font-semibold tracking-wider text-faint uppercase">Signed in</p>
        <p data-testid="account-email" className="truncate text-sm font-semibold text-ink" title={user?.email}>
          {user?.email || 'Authenticated'}
        </p>
      </div>
      <div className="py-1">
        <button
          type="button"
          disabled={busy !== null}
          onClick={() => void run('export', downloadAccountExport, EXPORT_FAILED)}
          className={ITEM}
        >
          {busy === 'export' ? 'Preparing export...' : 'Export my data'}
        </button>
        <button
          type="button"
          disabled={busy !== null}
          onClick={() => setConfirmingDelete(true)}
          className={`${ITEM} text-danger`}
        >
          Delete my account
        </button>
      </div>
      <div className="border-t border-line pt-1">
        <button
          type="button"
          disabled={busy !== null}
          onClick={() => void run('logout', () => logout(), '')}
          className={ITEM}
        >
          Sign Out
        </button>
      </div>
      {error && (
        <p role="alert" className="px-3 py-2 text-xs font-semibold text-danger">
          {error}
        </p>
      )}
      <ConfirmModal
        open={confirmingDelete}
        title="Delete my account"
        message="Your player profiles, favourite servers and squad are deleted with it, and this cannot be undone. Delete your Frontline account"
        confirmLabel="Delete"
        busy={busy === 'delete'}
        onCancel={() => setConfirmingDelete(false)}
        onConfirm={() =>
          void run(
            'delete',
            async () => {
              try {
                await authDelete('/auth/account');
              } finally {
                setConfirmingDelete(false);
              }
              await logout();
            },
            DELETE_FAILED,
          )
        }
      />
    </div>
  );
}
