import type { LiveServer } from '@frontline/contract';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { DiscordIcon, ForumIcon } from '../../../components/small-icons.tsx';
import { MISSING_VALUE } from '../../../lib/format.ts';
import { OCCUPANCY_LABELS, occupancyColourClass, occupancyState } from '../../../lib/occupancy.ts';
import { botsSuffix } from '../../../lib/player-count.ts';
import { paths } from '../../../lib/paths.ts';
import { safeWebUrl } from '../../../lib/safe-url.ts';
import { FILL_LEVEL_STYLES, fillLevel, fillRatio } from '../lib/fill-ratio.ts';
import { serverClock } from '../../../lib/server-clock.ts';
import { CheckIcon, CopyIcon, LockIcon } from './server-icons.tsx';
import { countOf } from '../../../lib/plural.ts';

/** The small pieces a server row and a server card share, so both read the same. */

/** Name linking to the server page, with a lock when passworded and the community links when present. */
export function ServerNameLinks({ server, className = '' }: { server: LiveServer; className?: string }) {
  const discord = safeWebUrl(server.discordUrl);
  const forum = safeWebUrl(server.forumUrl);
  const iconLink =
    'inline-flex size-5 shrink-0 items-center justify-center rounded text-faint transition-colors hover:bg-raised hover:text-accent';
  return (
    <div className={`flex min-w-0 items-center gap-1 ${className}`}>
      <Link
        to={paths.server(server.name)}
        title={server.name}
        className="min-w-0 truncate font-semibold text-ink decoration-accent/60 underline-offset-2 hover:text-accent hover:underline"
      >
        {server.name || MISSING_VALUE}
      </Link>
      {server.hasPassword && (
        <span title="Password protected" className="inline-flex shrink-0 text-warn">
          <LockIcon width={13} height={13} />
          <span className="sr-only">Password protected</span>
        </span>
      )}
      {discord && (
        <a href={discord} target="_blank" rel="noopener noreferrer" title="Discord" className={iconLink}>
          <DiscordIcon />
          <span className="sr-only">Discord of {server.name}</span>
        </a>
      )}
      {forum && (
        <a href={forum} target="_blank" rel="noopener noreferrer" title="Forum" className={iconLink}>
          <ForumIcon />
          <span className="sr-only">Forum of {server.name}</span>
        </a>
      )}
    </div>
  );
}

/**
 * "28/32", or "16 + 16 bots/32", over a bar of the slots: people in their fill colour, bots in grey after them.
 * Everything that judges how full a server is counts people only (shared rule PLAYER COUNTS; spec §9 fill ratio
 * colours for the bar, occupancy colours and states for the count), so a server padded with bots is not FULL.
 */
export function PlayerFill({ server }: { server: LiveServer }) {
  const { numPlayers: people, botCount: bots, maxPlayers } = server;
  const level = fillLevel(people, maxPlayers);
  const style = FILL_LEVEL_STYLES[level];
  const percent = level === 'empty' ? 0 : Math.max(4, Math.min(100, Math.round(fillRatio(people, maxPlayers) * 100)));
  const botPercent = Math.min(100 - percent, Math.round(fillRatio(bots, maxPlayers) * 100));
  const occupancy = occupancyState(people, maxPlayers);
  return (
    <div
      className="min-w-0"
      data-occupancy={occupancy}
      title={`${OCCUPANCY_LABELS[occupancy]} · ${style.label}: ${countOf(people, 'player')}${botsSuffix(bots)} of ${maxPlayers} slots`}
    >
      <p className="tabular truncate text-sm">
        <span className={`font-semibold ${occupancyColourClass(people, maxPlayers)}`}>{people}</span>
        {bots > 0 && <span className="text-xs text-muted">{botsSuffix(bots)}</span>}
        <span className="text-faint">/{maxPlayers}</span>
      </p>
      <span
        aria-hidden="true"
        className="mt-1 flex h-1.5 w-24 max-w-full overflow-hidden rounded-full bg-sunken ring-1 ring-line/60 ring-inset"
      >
        <span
          data-testid="fill-bar"
          data-fill={level}
          className={`h-full rounded-full ${style.bar}`}
          style={{ width: `${percent}%` }}
        />
        {botPercent > 0 && <span className="h-full bg-line-strong" style={{ width: `${botPercent}%` }} />}
      </span>
    </div>
  );
}

/** The server's local time and UTC offset, "21:04 (UTC+1)", or a dash without a time zone. */
export function ServerLocalTime({
  server,
  now,
  compact = false,
}: {
  server: LiveServer;
  now: Date;
  compact?: boolean;
}) {
  const clock = serverClock(server.timezone, now);
  if (!clock) return <span className="text-faint">{MISSING_VALUE}</span>;
  return (
    <span className="tabular whitespace-nowrap" title={server.timezone ?? undefined}>
      <span className="text-ink">{clock.time}</span>{' '}
      <span className={`text-muted ${compact ? '' : 'text-xs'}`}>({clock.offsetLabel})</span>
    </span>
  );
}

const COPIED_MS = 1500;

async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Denied or not a secure context: fall through to the selection-based copy.
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  try {
    // Deprecated but still the only copy that works on plain-http deployments.
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

/** ip:port in monospace; a click copies it (for joining from the game's own "connect" box). */
export function CopyAddress({ server }: { server: LiveServer }) {
  const address = `${server.ip}:${server.port}`;
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function handleClick() {
    const ok = await copyText(address);
    if (!ok) return;
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_MS);
  }

  return (
    <button
      type="button"
      onClick={() => void handleClick()}
      title="Copy address"
      className="group inline-flex max-w-full items-center gap-1.5 rounded px-1 py-0.5 font-mono text-xs text-muted transition-colors hover:bg-raised hover:text-ink"
    >
      <span className="truncate">{address}</span>
      <span className={copied ? 'text-good' : 'text-faint opacity-60 group-hover:opacity-100'}>
        {copied ? <CheckIcon width={12} height={12} /> : <CopyIcon width={12} height={12} />}
      </span>
      <span className="sr-only" aria-live="polite">
        {copied ? 'Copied' : ''}
      </span>
    </button>
  );
}
