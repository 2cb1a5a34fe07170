import type { ReactNode } from 'react';
import { SectionCard } from '../../../components/section-card.tsx';
import { ComingSoonTag } from './player-ui.tsx';

/**
 * The profile's sections whose features have not landed yet (spec: site-statistics §2 "Server Rankings,
 * Achievements & Streaks, collapsible Player Intelligence & Analysis, similar players"): each stands where it will
 * be, titled as it will be, and says it is coming and what it will show, instead of being silently absent.
 */
function ComingSoonSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <SectionCard title={title} actions={<ComingSoonTag />} className="border-dashed">
      <div data-testid="coming-soon-section" className="hatched rounded-md px-4 py-5 text-sm text-muted">
        {children}
      </div>
    </SectionCard>
  );
}

export function AchievementsComingSoon() {
  return (
    <ComingSoonSection title="Achievements & Streaks">
      Kill streaks, round placements, team victories, milestones and badges will appear here once Frontline awards them.
    </ComingSoonSection>
  );
}

export function PlayerIntelligenceComingSoon() {
  return (
    <ComingSoonSection title="Player Intelligence & Analysis">
      Players with a similar style, and names that may belong to the same person, found from when, where and how each
      one plays, will appear here.
    </ComingSoonSection>
  );
}
