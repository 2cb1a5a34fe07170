import type { LiveServer } from '@frontline/contract';
import { safeJoinUrl, safeWebUrl } from '../lib/safe-url.ts';

/**
 * Join a server (spec: site-statistics §2: the browser's "JOIN button disabled and reading FULL when
 * numPlayers is at least maxPlayers"; the profile's "Join Server opens the join link in a new window"). It
 * opens the server's join link: a joinme.click launcher page in a new window, or a game's own URL
 * (bf1942://ip:port, FH2's bf2://ip:port?mod=fh2) in place, since a new window would stay blank. Disabled
 * when the people on it (bots left out) fill its slots, and without a join link (none for password-protected
 * servers).
 */

/** What the button needs of a server; `numPlayers` counts people, not bots. */
type JoinableServer = Pick<LiveServer, 'name' | 'joinLink' | 'numPlayers' | 'maxPlayers' | 'hasPassword'>;

/**
 * The server list's compact JOIN by default; the profile's header passes a larger box and its own words
 * ("Join Server", "Full").
 */
export function JoinButton({
  server,
  className = 'h-7 min-w-16 px-3 text-xs',
  label = 'JOIN',
  fullLabel = 'FULL',
}: {
  server: JoinableServer;
  className?: string;
  label?: string;
  fullLabel?: string;
}) {
  const { name, joinLink, numPlayers, maxPlayers, hasPassword } = server;
  const base = `inline-flex items-center justify-center rounded-md font-bold tracking-wider uppercase transition ${className}`;
  const full = maxPlayers > 0 && numPlayers >= maxPlayers;
  const link = safeJoinUrl(joinLink);
  if (full || !link) {
    return (
      <button
        type="button"
        disabled
        title={
          full
            ? 'Server is full'
            : hasPassword
              ? 'Password protected: join from the game with its address'
              : 'No join link for this server: copy its address instead'
        }
        className={`${base} cursor-not-allowed border ${full ? 'border-danger/40 text-danger/80' : 'border-line text-faint'}`}
      >
        {full ? fullLabel : label}
      </button>
    );
  }
  const web = safeWebUrl(link) !== null;
  return (
    <a
      href={link}
      target={web ? '_blank' : undefined}
      rel={web ? 'noopener noreferrer' : undefined}
      title={`Join ${name}`}
      className={`${base} bg-accent text-accent-ink shadow-sm hover:brightness-110 active:translate-y-px`}
    >
      {label}
    </a>
  );
}
