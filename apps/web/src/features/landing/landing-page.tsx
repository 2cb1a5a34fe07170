import { GAMES } from '@frontline/contract';
import { Link } from 'react-router';
import { BrandMark } from '../../components/icons.tsx';
import { paths } from '../../lib/paths.ts';

const GAME_BLURBS: Record<string, string> = {
  bf1942: 'Wake Island, El Alamein, Stalingrad: the original combined-arms classic.',
  fh2: 'The Forgotten Hope 2 mod: authentic WWII equipment and large-scale battles.',
  bfvietnam: 'Hueys, rice paddies and Hue City: Battlefield Vietnam, still fought every night.',
};

const FEATURES = [
  { title: 'Live servers', text: 'Every server of the three games, who is on it, which map, how long is left.' },
  { title: 'Player records', text: 'K/D, play time, best rounds and favourite battlegrounds of every soldier.' },
  { title: 'Round reports', text: 'Final standings of each round and a replay of how the battle unfolded.' },
  { title: 'Your squad', text: 'Sign in to follow your profiles, favourite servers and friends, live.' },
];

/** /landing: what Frontline is, for a first-time visitor. */
export function LandingPage() {
  return (
    <div className="space-y-10">
      <section className="hatched relative overflow-hidden rounded-xl border border-line bg-surface px-6 py-10 md:px-12 md:py-16">
        <BrandMark width={56} height={56} className="mb-5" />
        <h1 className="heading-display max-w-3xl text-3xl leading-tight text-ink md:text-5xl">
          The live front of <span className="text-accent">classic Battlefield</span>
        </h1>
        <p className="mt-4 max-w-2xl text-base text-muted md:text-lg">
          Frontline follows every Battlefield 1942, Forgotten Hope 2 and Battlefield Vietnam server around the clock:
          see who is playing right now, find a good server, look up a player and relive a round.
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          <Link
            to={paths.serverBrowser('bf1942')}
            className="rounded-md bg-accent px-5 py-2.5 text-sm font-semibold tracking-wide text-accent-ink uppercase shadow-sm hover:opacity-90"
          >
            Browse servers
          </Link>
          <Link
            to={paths.players()}
            className="rounded-md border border-line-strong px-5 py-2.5 text-sm font-semibold tracking-wide text-ink uppercase hover:border-accent hover:text-accent"
          >
            Find a player
          </Link>
        </div>
      </section>

      <section aria-labelledby="games-heading">
        <h2 id="games-heading" className="heading-display mb-4 text-lg text-ink">
          Three games, one front
        </h2>
        <ul className="grid gap-4 md:grid-cols-3">
          {GAMES.map((game) => (
            <li key={game.id}>
              <Link
                to={paths.serverBrowser(game.routeSlug)}
                className="group block h-full rounded-lg border border-line bg-surface p-5 transition-colors hover:border-accent"
              >
                <span className="text-xs font-semibold tracking-[0.2em] text-accent uppercase">{game.shortName}</span>
                <span className="heading-display mt-1 block text-xl text-ink group-hover:text-accent">{game.name}</span>
                <span className="mt-2 block text-sm text-muted">{GAME_BLURBS[game.id]}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="features-heading">
        <h2 id="features-heading" className="heading-display mb-4 text-lg text-ink">
          What you get
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map((feature) => (
            <li key={feature.title} className="rounded-lg border border-line bg-surface p-5">
              <span className="block font-semibold text-ink">{feature.title}</span>
              <span className="mt-1 block text-sm text-muted">{feature.text}</span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
