import type { ReactNode } from 'react';
import { Modal } from '../../../components/modal.tsx';

/**
 * Short installation guides behind the 'Get Online' menu: install, patch to the version the servers run,
 * make the old game work on current Windows, join. Loaded as its own chunk when a guide is opened.
 */

export type GuideId = 'bf1942' | 'fh2' | 'bfvietnam';

interface Guide {
  intro: ReactNode;
  steps: readonly { title: string; body: ReactNode }[];
  tips: readonly ReactNode[];
}

function Code({ children }: { children: ReactNode }) {
  return (
    <code className="rounded border border-line bg-sunken px-1 py-px font-mono text-[12px] break-all text-ink">
      {children}
    </code>
  );
}

const LAUNCHER_STEP = (scheme: string) => (
  <>
    The JOIN button opens a <Code>{scheme}://ip:port</Code> link. The free joinme.click launcher (by the author of the
    BFList feed) handles those links: download it from joinme.click, run it once so it registers itself for the games it
    finds, and from then on JOIN starts the game and connects. Your browser may ask to confirm the first time.
  </>
);

const GUIDES: Record<GuideId, Guide> = {
  bf1942: {
    intro: (
      <>
        Servers run version <strong>1.61</strong>. A fully patched game plus a community patch is all you need; the
        expansions (The Road to Rome, Secret Weapons of WWII) only for servers that run them.
      </>
    ),
    steps: [
      {
        title: 'Install the game',
        body: 'Install Battlefield 1942 from your discs or a digital copy you own. Any edition works; the 1.61 update brings them all to the same version.',
      },
      {
        title: 'Update to 1.61',
        body: (
          <>
            Apply the official 1.6 patch, then the 1.61 update. The main menu should show <Code>v1.61</Code> at the
            bottom; an older client cannot join 1.61 servers.
          </>
        ),
      },
      {
        title: 'Add a community patch',
        body: 'The original disc check does not run on Windows 10 and 11, and GameSpy, which ran the in-game server list, closed in 2014. Community patches (Team SiMPLE’s, henk’s and others) replace the executable so the game starts without the disc, supports widescreen resolutions and lists servers from the community master server again.',
      },
      { title: 'Join a server', body: LAUNCHER_STEP('bf1942') },
    ],
    tips: [
      <>
        No launcher? Click a server’s address in the list to copy it, then start the game with{' '}
        <Code>BF1942.exe +restart 1 +joinServer &lt;ip&gt; +port &lt;port&gt;</Code>, or find the server by name in the
        in-game multiplayer list.
      </>,
      'Servers with a lock need a password: join them from the in-game list, which asks for it.',
    ],
  },
  fh2: {
    intro: (
      <>
        Forgotten Hope 2 is a free mod for <strong>Battlefield 2</strong>: you need Battlefield 2 updated to{' '}
        <strong>1.50</strong>, then the mod itself.
      </>
    ),
    steps: [
      {
        title: 'Install Battlefield 2',
        body: 'Install Battlefield 2 from your discs or a digital copy (the Complete Collection works too). The Special Forces expansion is not needed.',
      },
      {
        title: 'Update to 1.50',
        body: (
          <>
            Apply the official 1.5 patch (the final one; it also brings the Euro Force and Armored Fury booster packs).
            The menu shows <Code>1.50</Code>. FH2 does not run on older versions.
          </>
        ),
      },
      {
        title: 'Install Forgotten Hope 2',
        body: 'Download the latest full release from the FH2 team’s website or its ModDB page and install it into your Battlefield 2 folder (it goes to mods\\fh2), then any hotfix released after it. Start the game with the Forgotten Hope 2 shortcut the installer creates.',
      },
      {
        title: 'Create a profile and join',
        body: 'FH2 no longer depends on GameSpy: its current release uses the community’s own login and server-list services. Create an online profile when the game asks, open Multiplayer and pick a server, or search it by the name shown here.',
      },
    ],
    tips: [
      <>
        To connect straight to an address (click it in the list to copy), start Battlefield 2 with{' '}
        <Code>BF2.exe +modPath mods/fh2 +joinServer &lt;ip&gt; +port &lt;port&gt;</Code>.
      </>,
      'JOIN works only when the feed has a join link for the server; for FH2 it often has none, so use the in-game list.',
      'The first start after an update rebuilds shaders and takes a few minutes: let it finish.',
    ],
  },
  bfvietnam: {
    intro: (
      <>
        Servers run version <strong>1.21</strong>, the last official update. Patch to it before you try to join.
      </>
    ),
    steps: [
      {
        title: 'Install the game',
        body: 'Install Battlefield Vietnam from your discs or a digital copy you own. The disc check of the original release does not run on Windows 10 and 11; a digital copy or a community-patched executable avoids it.',
      },
      {
        title: 'Update to 1.21',
        body: (
          <>
            Apply the official 1.2 patch, then the 1.21 update. The menu shows <Code>v1.21</Code>; servers turn older
            clients away.
          </>
        ),
      },
      {
        title: 'Check the basics',
        body: 'Run the game once in single player to confirm it starts, set your resolution and a soldier name, and allow it through your firewall when Windows asks (servers are reached over UDP).',
      },
      { title: 'Join a server', body: LAUNCHER_STEP('bfvietnam') },
    ],
    tips: [
      <>
        No launcher? Copy the address (click it in the list) and start the game with{' '}
        <Code>BfVietnam.exe +restart 1 +joinServer &lt;ip&gt; +port &lt;port&gt;</Code>.
      </>,
      'Servers running a mod (Battlegroup 42 and others) need that mod installed first.',
    ],
  },
};

function GameGuide({ id }: { id: GuideId }) {
  const guide = GUIDES[id];
  return (
    <div className="space-y-4 leading-relaxed">
      <p className="text-muted">{guide.intro}</p>
      <ol className="space-y-3">
        {guide.steps.map((step, index) => (
          <li key={step.title} className="flex gap-3">
            <span
              aria-hidden="true"
              className="flex size-6 shrink-0 items-center justify-center rounded-full bg-accent text-xs font-bold text-accent-ink"
            >
              {index + 1}
            </span>
            <div className="min-w-0">
              <h3 className="font-semibold text-ink">{step.title}</h3>
              <p className="mt-0.5 text-muted">{step.body}</p>
            </div>
          </li>
        ))}
      </ol>
      <div className="rounded-md border border-line bg-sunken/50 px-3 py-2.5">
        <h3 className="mb-1 text-[11px] font-semibold tracking-[0.15em] text-faint uppercase">Good to know</h3>
        <ul className="list-disc space-y-1 pl-4 text-muted">
          {guide.tips.map((tip, index) => (
            <li key={index}>{tip}</li>
          ))}
        </ul>
      </div>
    </div>
  );
}

/** A guide in its dialog (the dialog code travels with the guides, off the page's first load). */
export function GuideDialog({ id, title, onClose }: { id: GuideId; title: string; onClose: () => void }) {
  return (
    <Modal open onClose={onClose} title={title} size="lg">
      <GameGuide id={id} />
    </Modal>
  );
}
