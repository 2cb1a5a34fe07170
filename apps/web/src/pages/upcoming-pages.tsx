import type { ReactNode } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { BackButton } from '../components/back-button.tsx';
import { ComingSoon } from '../components/coming-soon.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { PlayerNamePossessive } from '../components/player-name-text.tsx';
import { paths } from '../lib/paths.ts';
import { displayPlayerName } from '../lib/player-name.ts';

/**
 * Routes whose screens later issues build. Each already answers at its real address, with its real title
 * and the name from its path, and says plainly what will appear; each is replaced by its feature's page.
 */

function UpcomingScreen(props: {
  eyebrow: string;
  title: ReactNode;
  fallback: string;
  what: string;
  children?: ReactNode;
}) {
  return (
    <>
      <PageHeader eyebrow={props.eyebrow} title={props.title} back={<BackButton fallback={props.fallback} />} />
      <ComingSoon title={`${props.eyebrow} is on its way`}>
        <p>{props.what}</p>
        {props.children}
      </ComingSoon>
    </>
  );
}

function useNameParam(name: 'serverName' | 'playerName' | 'roundId'): string {
  return useParams()[name] ?? '';
}

/** Player names in a heading: decoded, in their own letter case. */
function NamesTitle({ names }: { names: readonly string[] }) {
  return <span className="normal-case">{names.map(displayPlayerName).join(' vs ')}</span>;
}

export function ComparePage() {
  const [query] = useSearchParams();
  const names = [query.get('player1'), query.get('player2')].filter((name): name is string => Boolean(name));
  return (
    <UpcomingScreen
      eyebrow="Compare"
      title={names.length > 0 ? <NamesTitle names={names} /> : 'Compare players'}
      fallback={paths.players()}
      what="Two players side by side: K/D, kill rate, maps, online hours and head-to-head rounds."
    />
  );
}

export function PlayerAchievementsPage() {
  const playerName = useNameParam('playerName');
  return (
    <UpcomingScreen
      eyebrow="Hall of Fame"
      title={
        <>
          <PlayerNamePossessive name={playerName} /> achievements
        </>
      }
      fallback={paths.player(playerName)}
      what="Kill streaks, placements, team victories and milestones."
    />
  );
}
