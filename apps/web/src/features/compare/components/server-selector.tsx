import type { ComparisonResponse } from '@frontline/contract';
import { CountryFlag } from '../../../components/country-flag.tsx';

/**
 * The server selector (spec: site-statistics §2 "server selector (only if common servers exist) with All Servers
 * button"; §4 "Choosing a server re-queries with serverGuid; All Servers re-queries without it").
 */
export function ServerSelector({
  servers,
  selected,
  onSelect,
  disabled,
}: {
  servers: ComparisonResponse['commonServers'];
  selected: string | undefined;
  onSelect: (serverGuid: string | undefined) => void;
  disabled: boolean;
}) {
  if (servers.length === 0) return null;
  return (
    <section
      aria-label="Server"
      className="flex flex-wrap items-center gap-2 rounded-md border border-line bg-surface px-3 py-2.5 shadow-sm shadow-black/5"
    >
      <span className="text-xs font-semibold tracking-wide text-muted uppercase">
        {servers.length === 1 ? 'Common server' : `${servers.length} common servers`}
      </span>
      <button
        type="button"
        aria-pressed={selected === undefined}
        disabled={disabled}
        onClick={() => onSelect(undefined)}
        className={`rounded-md px-2.5 py-1 text-xs font-semibold tracking-wide uppercase transition-colors disabled:cursor-not-allowed disabled:opacity-60 ${
          selected === undefined
            ? 'bg-accent text-accent-ink shadow-sm'
            : 'border border-line text-muted hover:text-ink'
        }`}
      >
        All Servers
      </button>
      <ul aria-label="Servers both played on" className="flex min-w-0 flex-wrap gap-1.5">
        {servers.map((server) => {
          const pressed = server.guid === selected;
          return (
            <li key={server.guid} className="min-w-0">
              <button
                type="button"
                aria-pressed={pressed}
                disabled={disabled}
                onClick={() => onSelect(server.guid)}
                className={`inline-flex max-w-full items-center gap-1.5 rounded-md border px-2.5 py-1 text-xs font-medium transition-colors disabled:cursor-not-allowed disabled:opacity-60 ${
                  pressed
                    ? 'border-accent bg-accent-soft text-ink'
                    : 'border-line text-muted hover:border-line-strong hover:text-ink'
                }`}
              >
                <CountryFlag code={server.country} />
                <span className="truncate">{server.name}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
