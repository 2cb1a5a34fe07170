import type { ComparisonResponse } from '@frontline/contract';
import { Link } from 'react-router';
import { EmptyNote, SectionCard } from '../../../components/section-card.tsx';
import { formatDateTime } from '../../../lib/date-format.ts';
import { parseApiTimestamp } from '../../../lib/format.ts';
import { formatMapName } from '../../../lib/map-and-mode.ts';
import { paths } from '../../../lib/paths.ts';
import { SIDE_STYLES, SideName, type Side } from './compare-ui.tsx';
import { countOf } from '../../../lib/plural.ts';

/**
 * Head-to-Head Encounters (spec: site-statistics §2 "date/time linking to round report with both highlighted, map,
 * scores, kills, deaths, newest first"): the rounds both played, at most the answer's 50.
 */

type Encounter = ComparisonResponse['headToHead'][number];

const countFormat = new Intl.NumberFormat('en-US');

/** Newest first, as the answer sends them; sorted again so the order never depends on it. */
export function encountersNewestFirst(encounters: readonly Encounter[]): Encounter[] {
  return [...encounters].sort(
    (a, b) => parseApiTimestamp(b.timestamp).getTime() - parseApiTimestamp(a.timestamp).getTime(),
  );
}

export function HeadToHead({ result }: { result: ComparisonResponse }) {
  const encounters = encountersNewestFirst(result.headToHead);
  return (
    <SectionCard
      title="Head-to-Head Encounters"
      description={
        encounters.length > 0 ? `${countOf(encounters.length, 'round')} both played, newest first` : undefined
      }
      bodyClassName="px-0 py-0"
    >
      {encounters.length === 0 ? (
        <div className="p-4">
          <EmptyNote>No rounds played together yet.</EmptyNote>
        </div>
      ) : (
        <div className="max-h-[28rem] overflow-auto">
          <table data-testid="head-to-head" className="w-full min-w-max text-sm">
            <thead className="sticky top-0 z-10 bg-surface">
              <tr className="border-b border-line text-[11px] tracking-wider text-faint uppercase">
                <th scope="col" rowSpan={2} className="px-3 py-2 text-left align-bottom font-semibold">
                  Round
                </th>
                <th scope="col" rowSpan={2} className="px-3 py-2 text-left align-bottom font-semibold">
                  Map
                </th>
                {([1, 2] as const).map((side) => (
                  <th
                    key={side}
                    scope="colgroup"
                    colSpan={3}
                    className="border-l border-line px-3 pt-2 text-left font-normal normal-case"
                  >
                    <SideName side={side} name={side === 1 ? result.player1 : result.player2} max={18} />
                  </th>
                ))}
              </tr>
              <tr className="border-b border-line text-[11px] tracking-wider text-faint uppercase">
                {([1, 2] as const).flatMap((side) =>
                  ['Score', 'K', 'D'].map((label, index) => (
                    <th
                      key={`${side}:${label}`}
                      scope="col"
                      className={`px-2 py-1.5 text-right font-semibold ${index === 0 ? 'border-l border-line' : ''}`}
                    >
                      {label}
                    </th>
                  )),
                )}
              </tr>
            </thead>
            <tbody>
              {encounters.map((encounter) => (
                <tr
                  key={encounter.roundId}
                  data-testid="encounter"
                  className="border-b border-line last:border-b-0 hover:bg-sunken/50"
                >
                  <td className="px-3 py-2 whitespace-nowrap">
                    <Link
                      to={paths.roundReport(encounter.roundId, [result.player1, result.player2])}
                      className="tabular font-semibold text-accent hover:underline"
                    >
                      <time dateTime={encounter.timestamp}>{formatDateTime(encounter.timestamp)}</time>
                    </Link>
                    <span className="block max-w-56 truncate text-xs text-faint" title={encounter.serverName}>
                      {encounter.serverName}
                    </span>
                  </td>
                  <td className="px-3 py-2 text-ink capitalize">{formatMapName(encounter.mapName)}</td>
                  <SideCells
                    side={1}
                    score={encounter.player1Score}
                    kills={encounter.player1Kills}
                    deaths={encounter.player1Deaths}
                  />
                  <SideCells
                    side={2}
                    score={encounter.player2Score}
                    kills={encounter.player2Kills}
                    deaths={encounter.player2Deaths}
                  />
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </SectionCard>
  );
}

function SideCells({ side, score, kills, deaths }: { side: Side; score: number; kills: number; deaths: number }) {
  return (
    <>
      <td className={`tabular border-l border-line px-2 py-2 text-right font-semibold ${SIDE_STYLES[side].text}`}>
        {countFormat.format(score)}
      </td>
      <td className="tabular px-2 py-2 text-right text-ink">{countFormat.format(kills)}</td>
      <td className="tabular px-2 py-2 text-right text-ink">{countFormat.format(deaths)}</td>
    </>
  );
}
